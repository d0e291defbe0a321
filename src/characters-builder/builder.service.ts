import { Injectable } from '@nestjs/common';
import { withCoreNames } from '../common/renamed-fields';
import { type ArbiterRequest, diceBudget } from '../common/request-context';
import { rollGmAbilities } from '../core/characters/gm-abilities';
import { buildGm, type GmBuildInput } from '../core/characters/gm-builder';
import { GM_SPECIES, GM_SPECIES_IDS } from '../core/characters/gm-species';
import { rollGmBody } from '../core/characters/gm-body';
import {
  cairnHireling,
  coeacFollower,
  coeacHireling,
  followerLoss,
  npcMorale,
} from '../core/characters/hirelings';
import {
  criticalPoolTest,
  extendedTest,
  halveDamage,
  objectiveFromFactors,
} from '../core/checks/coeac-helpers';
import { gmTask, multiContest } from '../core/checks/gm-helpers';
import { ReceiptKeys } from '../receipts/receipt-keys.service';
import { ProcedureRegistry, type Procedure } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import type {
  CoeacFollowerInput,
  CoeacHirelingInput,
  DamageHalvingInput,
  FollowerLossInput,
  GmDerivationInput,
  ObjectiveFromFactorsInput,
} from './builder.inputs';

/** The builder's and helpers' random procedures. Names are part of the roll log: never rename. */
export const BUILDER_PROCEDURES = {
  gmAbilityRolls: { name: 'characters.gm-ability-rolls', run: rollGmAbilities },
  gmBody: { name: 'characters.gm-body', run: rollGmBody },
  cairnHireling: { name: 'characters.cairn-hireling', run: cairnHireling },
  npcMorale: { name: 'characters.npc-morale', run: npcMorale },
  criticalPool: { name: 'check.pool-critical', run: criticalPoolTest },
  extended: { name: 'check.extended', run: extendedTest },
  gmTask: { name: 'check.gm-task', run: gmTask },
  multiContest: { name: 'check.gm-multi-contest', run: multiContest },
};

export type BuilderKind = keyof typeof BUILDER_PROCEDURES;
type OutcomeOf<K extends BuilderKind> = ReturnType<(typeof BUILDER_PROCEDURES)[K]['run']>;

/**
 * The G&M character builder, the COEAC and Cairn NPC makers and the check helpers: stateless (no
 * key, nothing stored). Random answers carry seed, rng and a signed receipt like the checks.
 */
@Injectable()
export class CharactersBuilderService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
    private readonly receipts: ReceiptKeys,
  ) {
    registry.register(...(Object.values(BUILDER_PROCEDURES) as never[]));
  }

  roll<K extends BuilderKind>(kind: K, input: { seed?: string | null }, req: ArbiterRequest) {
    const { seed, ...rest } = input;
    const procedure = BUILDER_PROCEDURES[kind] as unknown as Procedure<unknown, OutcomeOf<K>>;
    // The core reads a G&M body roll's scores as `abilities` (its words; see renamed-fields.ts).
    const core = withoutNulls(withCoreNames(rest));
    const rolled = this.rolls.roll(procedure, core, seed ?? undefined, diceBudget(req));
    return this.receipts.withCheckReceipt(
      { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null },
      rolled,
    );
  }

  derive(input: GmDerivationInput) {
    return gmDerivationView(buildGm(withoutNulls(withCoreNames(input)) as unknown as GmBuildInput));
  }

  species() {
    return {
      items: GM_SPECIES_IDS.map((id) => {
        const row = GM_SPECIES[id];
        return {
          ...{},
          ...row,
          attributeAdjustments: { ...row.abilityAdjustments },
          abilityAdjustments: { ...row.abilityAdjustments },
          reactions: { ...row.reactions },
          body: { ...row.body },
          notes: [...row.notes],
        };
      }),
    };
  }

  coeacHireling(input: CoeacHirelingInput) {
    return coeacHireling(withoutNulls({ ...input }) as CoeacHirelingInput);
  }

  coeacFollower(input: CoeacFollowerInput) {
    return coeacFollower(withoutNulls({ ...input }) as CoeacFollowerInput);
  }

  followerLoss(input: FollowerLossInput) {
    return followerLoss({ ...input });
  }

  objective(input: ObjectiveFromFactorsInput) {
    return objectiveFromFactors({
      factors: input.factors.map((f) => withoutNulls({ ...f }) as { name: string }),
    });
  }

  halveDamage(input: DamageHalvingInput) {
    return halveDamage(withoutNulls({ ...input }) as DamageHalvingInput);
  }
}

/**
 * A derivation as answered: the core's `abilities` as `attributes` (docs/api-style.md), the old
 * names kept beside the new ones (deprecated) until /v2.
 */
export function gmDerivationView<T extends { abilities: unknown; archetype: { archetypalAbility: string } }>(
  out: T,
) {
  return {
    ...{},
    ...out,
    attributes: out.abilities,
    archetype: { ...{}, ...out.archetype, archetypalAttribute: out.archetype.archetypalAbility },
  };
}
