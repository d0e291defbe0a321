import { Injectable } from '@nestjs/common';
import { type ArbiterRequest, diceBudget } from '../common/request-context';
import {
  ARTIFACT_DIE,
  ARTIFACT_TYPES,
  CACHES,
  GRADE_OFFSETS,
  HARVEST_GRADES,
  MONSTER_MENU,
  RARE_ORGANS,
  cairnSpells,
  levelTable,
  lootExperience,
} from '../core/treasure';
import { ProcedureRegistry, type Procedure } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { TREASURE_PROCEDURES } from './treasure-procedures';
import { LootExperienceInput, SpellSearchQuery } from './treasure.inputs';
import {
  ArtifactTypeList,
  CacheList,
  CairnSpellList,
  GmLevelList,
  LootExperienceResult,
  MonsterMenu,
} from './treasure.results';

type Kind = 'cache' | 'siteHordes' | 'artifact' | 'harvest' | 'spellbook';
type OutcomeOf<K extends Kind> = ReturnType<(typeof TREASURE_PROCEDURES)[K]['run']>;

/**
 * Treasure reference tables and the stateless treasure rolls (no key, nothing stored). Registers the
 * treasure procedures so that the roll log can replay the campaign's treasure rolls.
 */
@Injectable()
export class TreasureReferenceService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
  ) {
    registry.register(...(Object.values(TREASURE_PROCEDURES) as never[]));
  }

  roll<K extends Kind>(
    kind: K,
    input: { seed?: string | null },
    req: ArbiterRequest,
  ): OutcomeOf<K> & { seed: string; rng: string } {
    const { seed, ...rest } = input;
    const procedure = TREASURE_PROCEDURES[kind] as unknown as Procedure<unknown, OutcomeOf<K>>;
    const rolled = this.rolls.roll(procedure, withoutNulls(rest), seed ?? undefined, diceBudget(req));
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng };
  }

  caches(): Omit<CacheList, 'next'> {
    return { items: CACHES.map((row) => ({ ...{}, ...row, exampleDangers: [...row.exampleDangers] })) };
  }

  artifactTypes(): Omit<ArtifactTypeList, 'next'> {
    return {
      die: `d${ARTIFACT_DIE}`,
      items: ARTIFACT_TYPES.map((row) => ({
        ...{},
        ...row,
        probability: (row.max - row.min + 1) / ARTIFACT_DIE,
      })),
    };
  }

  monsterMenu(): MonsterMenu {
    return {
      roll: 'd6 + the grade’s offset, three times per harvest; a Rare Organ rolls a d6 on its subtable',
      cuts: MONSTER_MENU.map((cut) => ({ ...cut })),
      rareOrgans: RARE_ORGANS.map((organ) => ({ ...organ })),
      gradeOffsets: HARVEST_GRADES.map((grade) => ({ grade, offset: GRADE_OFFSETS[grade] })),
    };
  }

  spells(query: SpellSearchQuery): Omit<CairnSpellList, 'next'> {
    return { items: cairnSpells(query.search ?? undefined) };
  }

  levels(): Omit<GmLevelList, 'next'> {
    return { items: levelTable() };
  }

  lootExperience(input: LootExperienceInput): LootExperienceResult {
    return lootExperience(withoutNulls(input) as LootExperienceInput);
  }
}
