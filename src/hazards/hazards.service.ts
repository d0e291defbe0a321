import { Injectable } from '@nestjs/common';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { archsoulFall, exertion, gmFall, gmJump, gmSuffocation } from '../core/hazards';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';

/** The hazards as named, replayable procedures. The names are stored in the roll log: never rename. */
export const HAZARD_PROCEDURES = {
  gmFall: { name: 'hazard.gm.fall', run: gmFall },
  gmJump: { name: 'hazard.gm.jump', run: gmJump },
  gmSuffocation: { name: 'hazard.gm.suffocation', run: gmSuffocation },
  archsoulExertion: { name: 'hazard.archsoul.exertion', run: exertion },
  archsoulFall: { name: 'hazard.archsoul.fall', run: archsoulFall },
};

export type HazardKind = keyof typeof HAZARD_PROCEDURES;
type OutcomeOf<K extends HazardKind> = ReturnType<(typeof HAZARD_PROCEDURES)[K]['run']>;

/** What the hazard controller and resolver both call: the only place hazards are rolled. */
@Injectable()
export class HazardsService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
  ) {
    registry.register(...(Object.values(HAZARD_PROCEDURES) as never[]));
  }

  /** Rolls a stateless hazard: nothing is stored, the answer carries its seed and generator. */
  resolve<K extends HazardKind>(
    kind: K,
    input: { seed?: string | null },
    req: ArbiterRequest,
  ): OutcomeOf<K> & { seed: string; rng: string; rollId: null } {
    const { seed, ...rest } = withoutNulls(input) as { seed?: string };
    const procedure = HAZARD_PROCEDURES[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    const rolled = this.rolls.roll(procedure, rest, seed, diceBudget(req));
    return { ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null };
  }
}
