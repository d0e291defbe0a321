import { Injectable } from '@nestjs/common';
import { withCoreNames } from '../common/renamed-fields';
import { type ArbiterRequest, diceBudget } from '../common/request-context';
import { coeacCircles } from '../core/advancement/coeac-circles';
import { coeacRecognition } from '../core/advancement/coeac-reputation';
import { gmLevelStanding, gmLevelUp } from '../core/advancement/gm-level-up';
import { mojoBid, mojoCost, type MojoBidInput, type MojoCostInput } from '../core/advancement/gm-mojo';
import { gmStudy, type StudyInput } from '../core/advancement/gm-study';
import {
  beforeRollBonus,
  inventedManifestationLevel,
  pooledProject,
  practicalMojoAllowed,
  type PracticalUse,
  spellCompatibility,
  spellPrice,
} from '../core/advancement/gm-extras';
import { ReceiptKeys } from '../receipts/receipt-keys.service';
import { ProcedureRegistry, type Procedure } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import type {
  CoeacCirclesInput,
  CoeacRecognitionInput,
  GmLevelStandingInput,
  GmLevelUpInput,
  GmMojoBidInput,
  GmMojoCostInput,
  GmManifestationInput,
  GmPooledProjectInput,
  GmPracticalMojoInput,
  GmSpellCompatibilityInput,
  GmSpellPriceInput,
  GmStudyInput,
} from './advancement.inputs';

/** The advancement's random procedures. Names are part of the roll log: never rename. */
export const ADVANCEMENT_PROCEDURES = {
  gmLevelUp: { name: 'advancement.gm-level-up', run: gmLevelUp },
  coeacCircles: { name: 'advancement.coeac-circles', run: coeacCircles },
  coeacRecognition: { name: 'advancement.coeac-recognition', run: coeacRecognition },
  gmSpellCompatibility: { name: 'advancement.gm-spell-compatibility', run: spellCompatibility },
};

/**
 * Stateless advancement answers (docs/advancement.md): the same service behind the REST routes and
 * their GraphQL twins. Nothing is stored; the rules live in src/core/advancement. Random answers
 * carry seed, rng and a receipt on request, like the checks.
 */
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
    // The core reads the scores as `abilities` (its words; see renamed-fields.ts).
    return this.roll('gmLevelUp', withCoreNames(input), req);
  }

  circles(input: CoeacCirclesInput, req: ArbiterRequest) {
    const factors = input.factors.map((f) => withoutNulls({ ...f }));
    const body = { ...{}, ...input, factors };
    return this.roll('coeacCircles', body, req);
  }

  recognition(input: CoeacRecognitionInput, req: ArbiterRequest) {
    return this.roll('coeacRecognition', input, req);
  }

  levels(input: GmLevelStandingInput) {
    return gmLevelStanding(input.experience);
  }

  mojoCost(input: GmMojoCostInput) {
    const price = mojoCost(withoutNulls({ ...input }) as unknown as MojoCostInput);
    return { ...{}, ...price, beforeRollBonus: beforeRollBonus(price.kind, price.cost) };
  }

  spellPrice(input: GmSpellPriceInput) {
    return spellPrice(withoutNulls({ ...input }) as never);
  }

  spellCompatibility(input: GmSpellCompatibilityInput, req: ArbiterRequest) {
    return this.roll('gmSpellCompatibility', input, req);
  }

  manifestation(input: GmManifestationInput) {
    return inventedManifestationLevel(input.guessedLevel);
  }

  pooledProject(input: GmPooledProjectInput) {
    return pooledProject(input.shares.map((s) => ({ ...s })));
  }

  practicalMojo(input: GmPracticalMojoInput) {
    return practicalMojoAllowed(input.use as PracticalUse);
  }

  mojoBid(input: GmMojoBidInput) {
    return mojoBid(withoutNulls({ ...input }) as unknown as MojoBidInput);
  }

  study(input: GmStudyInput) {
    const resources = input.resources?.map((r) => withoutNulls({ ...r }));
    return gmStudy(withoutNulls({ ...{}, ...input, resources }) as unknown as StudyInput);
  }

  private roll(
    kind: keyof typeof ADVANCEMENT_PROCEDURES,
    input: object & { seed?: string | null },
    req: ArbiterRequest,
  ) {
    const { seed, ...rest } = input;
    const procedure = ADVANCEMENT_PROCEDURES[kind] as unknown as Procedure<unknown, object>;
    const rolled = this.rolls.roll(procedure, withoutNulls(rest), seed ?? undefined, diceBudget(req));
    return this.receipts.withCheckReceipt(
      { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null },
      rolled,
    );
  }
}
