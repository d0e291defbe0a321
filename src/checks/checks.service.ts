import { Injectable } from '@nestjs/common';
import { Principal } from '../auth/principal';
import { Problem } from '../common/problem';
import { RandomService } from '../common/random.service';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import {
  abilityRoll,
  contest,
  difficultyPool,
  poolTest,
  rollUnderSave,
  tableRoll,
  variableDamage,
} from '../core/checks';
import { versusTest } from '../core/checks/versus-test';
import { poolSuccessProbability, smallestWager } from '../core/odds';
import { Database } from '../database/database.service';
import { ProcedureRegistry } from '../rolls/procedures';
import { Rolled, RollsService } from '../rolls/rolls.service';
import { PoolOddsQuery, WagerOddsQuery } from './check.inputs';
import { PoolOdds, WagerOdds } from './check.results';

/** The core checks as named, replayable procedures. Names are part of the roll log: never rename. */
export const CHECKS = {
  pool: { name: 'check.pool', run: poolTest },
  versus: { name: 'check.versus', run: versusTest },
  damage: { name: 'check.damage', run: variableDamage },
  difficultyPool: { name: 'check.difficulty-pool', run: difficultyPool },
  save: { name: 'check.save', run: rollUnderSave },
  ability: { name: 'check.ability', run: abilityRoll },
  contest: { name: 'check.contest', run: contest },
  table: { name: 'check.table', run: tableRoll },
};

export type CheckKind = keyof typeof CHECKS;
type OutcomeOf<K extends CheckKind> = ReturnType<(typeof CHECKS)[K]['run']>;
export type CheckResult<K extends CheckKind> = OutcomeOf<K> & {
  seed: string;
  rng: string;
  rollId: string | null;
};

/** What REST controllers and GraphQL resolvers call; the only place checks are rolled. */
@Injectable()
export class ChecksService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
    private readonly random: RandomService,
    private readonly db: Database,
  ) {
    registry.register(...(Object.values(CHECKS) as never[]));
  }

  /**
   * Rolls a check. With a principal, the roll is written to the campaign's log in the same
   * transaction that stores an idempotent answer, and the answer carries its `rollId`.
   */
  async resolve<K extends CheckKind>(
    kind: K,
    input: { seed?: string; secret?: boolean },
    request: ArbiterRequest,
    principal?: Principal,
  ): Promise<CheckResult<K>> {
    const { seed, secret, ...rest } = input;
    if (secret) {
      if (!principal) {
        throw Problem.field('VALIDATION_FAILED', 'secret', 'Only a roll logged in a campaign can be secret.');
      }
      if (principal.role !== 'referee')
        throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    }
    const procedure = CHECKS[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    const rolled: Rolled<OutcomeOf<K>> = this.rolls.roll(procedure, rest, seed, diceBudget(request));
    const answer = { ...rolled.outcome, seed: rolled.seed, rng: rolled.rng };
    if (!principal) return { ...answer, rollId: null };
    return this.db.mutation(request, async (m) => {
      const roll = await this.rolls.record(m, principal, rolled, { secret: secret ?? false });
      return { ...answer, rollId: roll.id };
    });
  }

  poolOdds(query: PoolOddsQuery): PoolOdds {
    return {
      dice: query.dice,
      objective: query.objective,
      probability: poolSuccessProbability(query.dice, query.objective),
    };
  }

  wagerOdds(query: WagerOddsQuery): WagerOdds {
    const maxDice = this.random.limits.maxDicePerRoll;
    const found = smallestWager({ ...query, maxDice });
    if (!found) {
      throw Problem.field(
        'UNREACHABLE_PROBABILITY',
        'probability',
        `No wager reaches that chance within the limit of ${maxDice} dice in one roll.`,
      );
    }
    return found;
  }
}
