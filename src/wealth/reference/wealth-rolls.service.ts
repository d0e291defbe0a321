import { Injectable } from '@nestjs/common';
import { Problem } from '../../common/problem';
import { RandomService } from '../../common/random.service';
import { type ArbiterRequest, diceBudget } from '../../common/request-context';
import { smallestWagerFor, wagerOdds, wagerProbability, type WagerProcedureInput } from '../../core/wealth';
import { ProcedureRegistry, type Procedure } from '../../rolls/procedures';
import { RollsService } from '../../rolls/rolls.service';
import { WEALTH_PROCEDURES, type WealthRollKind } from './wealth-procedures';
import {
  ImprovementWagerQuery,
  PurchaseWagerQuery,
  StrongholdWagerQuery,
  WagerQuestion,
} from './wealth.inputs';
import { ProcedureWagerOdds, WagerChance } from './wealth.results';
import { withoutNulls } from './without-nulls';

type OutcomeOf<K extends WealthRollKind> = ReturnType<(typeof WEALTH_PROCEDURES)[K]['run']>;

/** A stateless Cash roll as answered: the core outcome and what reproduces it; never logged. */
export type WealthRollResult<K extends WealthRollKind> = OutcomeOf<K> & {
  seed: string;
  rng: string;
  rollId: null;
};

/**
 * The COEAC Cash rolls and their wager odds, without a campaign: what REST controllers and GraphQL
 * resolvers call. Registers the wealth procedures so that logged rolls can be replayed.
 */
@Injectable()
export class WealthRollsService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
    private readonly random: RandomService,
  ) {
    registry.register(...(Object.values(WEALTH_PROCEDURES) as never[]));
  }

  /** Rolls one of the wealth procedures; the request's dice budget is shared by all its rolls. */
  roll<K extends WealthRollKind>(
    kind: K,
    input: { seed?: string | null },
    request: ArbiterRequest,
  ): WealthRollResult<K> {
    const { seed, ...rest } = input;
    const procedure = WEALTH_PROCEDURES[kind] as unknown as Procedure<unknown, OutcomeOf<K>>;
    const rolled = this.rolls.roll(procedure, withoutNulls(rest), seed ?? undefined, diceBudget(request));
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null };
  }

  purchaseWagerOdds(query: PurchaseWagerQuery): ProcedureWagerOdds {
    const { probability, wager, ...terms } = query;
    return this.wagerOdds({ procedure: 'purchase', ...withoutNulls(terms) } as WagerProcedureInput, {
      probability,
      wager,
    });
  }

  improvementWagerOdds(query: ImprovementWagerQuery): ProcedureWagerOdds {
    const { probability, wager, targetRank } = query;
    return this.wagerOdds({ procedure: 'improvement', targetRank }, { probability, wager });
  }

  strongholdWagerOdds(query: StrongholdWagerQuery): ProcedureWagerOdds {
    const { probability, wager, targetRank, wealth } = query;
    return this.wagerOdds({ procedure: 'stronghold', targetRank, wealth }, { probability, wager });
  }

  /**
   * Answers "how few Cash dice reach `probability`" and/or "what does `wager` give", bounded by the
   * dice one roll may use (the whole pool, base dice included), exactly as the roll would be.
   */
  private wagerOdds(input: WagerProcedureInput, question: WagerQuestion): ProcedureWagerOdds {
    const { probability, wager } = withoutNulls(question);
    if (probability === undefined && wager === undefined) {
      throw Problem.field('VALIDATION_FAILED', 'probability', 'Send probability, wager or both.');
    }
    const terms = wagerOdds(input);
    const maxDice = this.random.limits.maxDicePerRoll;

    let smallest: WagerChance | null = null;
    if (probability !== undefined) {
      smallest = smallestWagerFor(input, probability, maxDice);
      if (!smallest) {
        throw Problem.field(
          'UNREACHABLE_PROBABILITY',
          'probability',
          `No wager reaches that chance within the limit of ${maxDice} dice in one roll.`,
        );
      }
    }

    let forWager: WagerChance | null = null;
    if (wager !== undefined) {
      // A flat-cost purchase ignores the wager, as the roll does; anything else would be refused when
      // rolled, so its odds are refused the same way.
      if (terms.objective !== null && terms.baseDice + wager > maxDice) {
        throw Problem.field(
          'DICE_LIMIT_EXCEEDED',
          'wager',
          `One roll may use at most ${maxDice} dice; this one needs ${terms.baseDice + wager}.`,
        );
      }
      forWager = { wager, probability: wagerProbability(input, wager) };
    }
    return { ...{}, ...terms, smallest, forWager };
  }
}
