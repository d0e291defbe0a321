import { Injectable } from '@nestjs/common';
import { asBadRequest } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import {
  ARCHSOUL_STATUS_TABLE,
  CAIRN_SCARS,
  cairnDeprivation,
  cairnRest,
  COEAC_ARMOR,
  coeacDamage,
  coeacRest,
  DOWN_AND_OUT_TABLE,
  downAndOutOdds,
} from '../core/harm';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { HARM_PROCEDURES, HarmProcedureKind } from './harm-procedures';
import type { CairnDeprivationInput, CairnRestInput, CoeacDamageInput, CoeacRestInput } from './harm.inputs';

type OutcomeOf<K extends HarmProcedureKind> = ReturnType<(typeof HARM_PROCEDURES)[K]['run']>;

/** Drops nulls so that the core reads a missing field as missing. */
function withoutNulls<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as T;
}

/**
 * Harm and recovery without stored state (SPEC 6.2, stateless half): the sheet's numbers come in the
 * request, the answer says what changes. Dice are seeded and every procedure that rolls is a named,
 * replayable procedure, ready for the campaign half to log.
 */
@Injectable()
export class HarmService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
  ) {
    registry.register(...(Object.values(HARM_PROCEDURES) as never[]));
  }

  /** Rolls a harm procedure: the core outcome plus the seed and generator that reproduce it. */
  roll<K extends HarmProcedureKind>(
    kind: K,
    input: { seed?: string | null },
    req: ArbiterRequest,
  ): OutcomeOf<K> & { seed: string; rng: string } {
    const { seed, ...rest } = withoutNulls(input);
    const procedure = HARM_PROCEDURES[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    const rolled = asBadRequest(() => this.rolls.roll(procedure, rest, seed ?? undefined, diceBudget(req)));
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng };
  }

  coeacDamage(input: CoeacDamageInput) {
    return asBadRequest(() => coeacDamage(withoutNulls(input)));
  }

  coeacRest(input: CoeacRestInput) {
    return asBadRequest(() => coeacRest(withoutNulls(input)));
  }

  cairnRest(input: CairnRestInput) {
    return asBadRequest(() => cairnRest(withoutNulls(input)));
  }

  cairnDeprivation(input: CairnDeprivationInput) {
    return asBadRequest(() => cairnDeprivation(withoutNulls(input)));
  }

  coeacArmor() {
    return { items: COEAC_ARMOR.map((row) => ({ ...row })) };
  }

  downAndOutTable() {
    return { items: DOWN_AND_OUT_TABLE.map((row) => ({ ...row })), odds: downAndOutOdds() };
  }

  cairnScars() {
    return { items: CAIRN_SCARS.map((row) => ({ ...{}, ...row, conditions: [...row.conditions] })) };
  }

  archsoulStatuses() {
    return { items: ARCHSOUL_STATUS_TABLE.map((row) => ({ ...row })) };
  }
}
