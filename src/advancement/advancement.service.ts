import { Injectable } from '@nestjs/common';
import { type ArbiterRequest, diceBudget } from '../common/request-context';
import { gmLevelStanding, gmLevelUp } from '../core/advancement/gm-level-up';
import { ReceiptKeys } from '../receipts/receipt-keys.service';
import { ProcedureRegistry, type Procedure } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { mojoBid, mojoCost, type MojoBidInput, type MojoCostInput } from '../core/advancement/gm-mojo';
import { gmStudy, type StudyInput } from '../core/advancement/gm-study';
import { withoutNulls } from '../wealth/reference/without-nulls';
import type {
  GmLevelStandingInput,
  GmLevelUpInput,
  GmMojoBidInput,
  GmMojoCostInput,
  GmStudyInput,
} from './advancement.inputs';

/**
 * Stateless advancement answers (docs/advancement.md): the same service behind the REST routes and
 * their GraphQL twins. Nothing is stored; the rules live in src/core/advancement.
 */
/** The advancement's random procedures. Names are part of the roll log: never rename. */
export const ADVANCEMENT_PROCEDURES = {
  gmLevelUp: { name: 'advancement.gm-level-up', run: gmLevelUp },
};

@Injectable()
export class AdvancementService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
    private readonly receipts: ReceiptKeys,
  ) {
    registry.register(...(Object.values(ADVANCEMENT_PROCEDURES) as never[]));
  }

  levelUp(input: GmLevelUpInput, req: ArbiterRequest) {
    const { seed, ...rest } = input;
    const procedure = ADVANCEMENT_PROCEDURES.gmLevelUp as unknown as Procedure<
      unknown,
      ReturnType<typeof gmLevelUp>
    >;
    const rolled = this.rolls.roll(procedure, withoutNulls(rest), seed ?? undefined, diceBudget(req));
    return this.receipts.withCheckReceipt(
      { ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null },
      rolled,
    );
  }

  levels(input: GmLevelStandingInput) {
    return gmLevelStanding(input.experience);
  }

  mojoCost(input: GmMojoCostInput) {
    return mojoCost(withoutNulls({ ...input }) as unknown as MojoCostInput);
  }

  mojoBid(input: GmMojoBidInput) {
    return mojoBid(withoutNulls({ ...input }) as unknown as MojoBidInput);
  }

  study(input: GmStudyInput) {
    const resources = input.resources?.map((r) => withoutNulls({ ...r }));
    return gmStudy(withoutNulls({ ...input, resources }) as unknown as StudyInput);
  }
}
