import { Injectable } from '@nestjs/common';
import { asBadRequest } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { COMBAT_PROCEDURES, CombatProcedureKind } from './combat-procedures';

type OutcomeOf<K extends CombatProcedureKind> = ReturnType<(typeof COMBAT_PROCEDURES)[K]['run']>;

/** Drops nulls (deeply) so that the core reads a missing field as missing. */
function withoutNulls<T>(input: T): T {
  if (Array.isArray(input)) return input.map((v) => withoutNulls(v) as unknown) as T;
  if (input === null || typeof input !== 'object') return input;
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  ) as T;
}

/**
 * Combat without stored state (SPEC 6.3, stateless half): every number in the request, the dice
 * seeded, each resolution a named procedure the campaign half logs as it is.
 */
@Injectable()
export class CombatService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
  ) {
    registry.register(...(Object.values(COMBAT_PROCEDURES) as never[]));
  }

  /** Rolls a combat procedure: the core outcome plus the seed and generator that reproduce it. */
  roll<K extends CombatProcedureKind>(
    kind: K,
    input: { seed?: string | null },
    req: ArbiterRequest,
  ): OutcomeOf<K> & { seed: string; rng: string } {
    const { seed, ...rest } = withoutNulls({ ...input });
    const procedure = COMBAT_PROCEDURES[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    const rolled = asBadRequest(() => this.rolls.roll(procedure, rest, seed ?? undefined, diceBudget(req)));
    const outcome = rolled.outcome as OutcomeOf<K> & { targets?: { harm: object }[] };
    // A Cairn attack's harm is the harm route's answer, provenance included.
    const targets = outcome.targets?.map((t) => ({
      ...{},
      ...t,
      harm: { ...{}, ...t.harm, seed: rolled.seed, rng: rolled.rng },
    }));
    return { ...{}, ...outcome, ...(targets ? { targets } : {}), seed: rolled.seed, rng: rolled.rng };
  }
}
