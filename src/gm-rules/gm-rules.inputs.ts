import { InputType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import { GM_ARCHETYPE_IDS, GM_ABILITIES, GM_REACTIONS } from '../core/characters/gm-derivation';
import {
  CARVING_MATERIAL_IDS,
  GM_ITEM_TASKS,
  GM_LIGHT_SOURCES,
  GM_RIDING_TACK,
  type CarvingMaterial,
  type GmItemTask,
  type GmLightSource,
  type GmRidingTack,
} from '../core/wealth/gm-equipment-rules';

/* The inputs of G&M's last stateless rules (issue 43): the equipment side rules and the verve tests. */

const BIG = 100_000_000;

export const CarvingMaterialEnum = dashedEnumType(
  'GmCarvingMaterial',
  CARVING_MATERIAL_IDS,
  'wood, bone, metal or stone.',
);
export const GmLightSourceEnum = dashedEnumType(
  'GmLightSource',
  GM_LIGHT_SOURCES,
  'candle, torch or lantern.',
);
export const GmItemTaskEnum = dashedEnumType(
  'GmItemTask',
  GM_ITEM_TASKS,
  'strike-fire, light-torch, light-lantern or reach-into-backpack.',
);
export const GmRidingTackEnum = dashedEnumType(
  'GmRidingTack',
  GM_RIDING_TACK,
  'saddle, blanket or bareback.',
);
export const GmArchetypeIdEnum = dashedEnumType('GmArchetypeId', GM_ARCHETYPE_IDS, 'A G&M archetype.');
export const GmAbilityIdEnum = dashedEnumType('GmAbilityId', GM_ABILITIES, 'A G&M ability.');
export const GmReactionIdEnum = dashedEnumType('GmReactionId', GM_REACTIONS, 'A G&M reaction.');

@InputType({ description: 'G&M: a carving in another material than wood.' })
export class GmCarvingInput {
  @In.int('The wood carving’s cost in centisilver (simple 50, complex 200).', {
    min: 0,
    max: BIG,
    example: 200,
  })
  woodCost: number;

  @In.int('The wood carving’s bulk in hundredths (simple 10, complex 50).', { min: 0, max: BIG, example: 50 })
  woodBulkHundredths: number;

  @In.oneOf('The material.', CARVING_MATERIAL_IDS, CarvingMaterialEnum)
  material: CarvingMaterial;
}

@InputType({ description: 'G&M: a lock and what it costs.' })
export class GmLockInput {
  @In.int('What the lock cost in centisilver (at least the basic 800).', {
    min: 800,
    max: BIG,
    example: 3200,
  })
  cost: number;
}

@InputType({ description: 'G&M: a candle, torch or lantern.' })
export class GmLightInput {
  @In.oneOf('The light.', GM_LIGHT_SOURCES, GmLightSourceEnum)
  source: GmLightSource;

  @In.int('Minutes it has burnt already (a lantern: on this flask).', { optional: true, min: 0, max: BIG })
  burntMinutes?: number;

  @In.int('How far the action is from the light, in yards.', { optional: true, min: 0, max: BIG })
  distanceYards?: number;

  @In.bool('Lit in combat (an evasion roll to manage it).', { optional: true })
  inCombat?: boolean;
}

@InputType({ description: 'G&M: a task an item takes time for.' })
export class GmItemTaskInput {
  @In.oneOf('The task.', GM_ITEM_TASKS, GmItemTaskEnum)
  task: GmItemTask;

  @In.bool('In combat (activating an item needs an evasion roll).', { optional: true })
  inCombat?: boolean;
}

@InputType({ description: 'G&M: a full helmet worn with other armor.' })
export class GmFullHelmetInput {
  @In.int('The cost of the other armor worn, in centisilver (0 for none).', {
    min: 0,
    max: BIG,
    example: 30000,
  })
  otherArmorCost: number;
}

@InputType({ description: 'G&M: a bow (or other propelled weapon) built for strength.' })
export class GmStrengthBowPriceInput {
  @In.int('The plain weapon’s list price in centisilver (a bow: 2500).', { min: 0, max: BIG, example: 2500 })
  baseCost: number;

  @In.int('The strength built into the weapon.', { min: 1, max: 1000, example: 16 })
  builtStrength: number;

  @In.int('The wielder’s strength.', { optional: true, min: 1, max: 1000 })
  wielderStrength?: number;
}

@InputType({ description: 'G&M: an item inside a container.' })
export class GmContainedItemInput {
  @In.string('The item.', { maxLength: 100, example: 'Rope' })
  name: string;

  @In.int('Bulk in hundredths, as listed.', { min: 0, max: BIG, example: 300 })
  bulkHundredths: number;
}

@InputType({ description: 'G&M: one item carried.' })
export class GmCarriedItemInput {
  @In.string('The item.', { maxLength: 100, example: 'Staff' })
  name: string;

  @In.int('Bulk in hundredths, as listed.', { min: 0, max: BIG, example: 1200 })
  bulkHundredths: number;

  @In.bool('A weapon (its bulk decides the hands it takes).', { optional: true })
  weapon?: boolean;

  @In.int('Hands the weapon needs mechanically (the list’s Hands column).', {
    optional: true,
    min: 1,
    max: 2,
  })
  hands?: number;

  @In.bool('A weapon the character will never fight with: half its bulk.', { optional: true })
  neverUsedAsWeapon?: boolean;

  @In.nestedList(
    'What the item holds, when it is a container: one item with it.',
    () => GmContainedItemInput,
    {
      optional: true,
      maxItems: 100,
    },
  )
  contents?: GmContainedItemInput[];
}

@InputType({ description: 'G&M: what a character carries.' })
export class GmLoadInput {
  @In.int('Strength.', { min: 1, max: 1000, example: 18 })
  strength: number;

  @In.nestedList('The items carried.', () => GmCarriedItemInput, { maxItems: 100 })
  items: GmCarriedItemInput[];
}

@InputType({ description: 'G&M: riding with or without a saddle.' })
export class GmRidingInput {
  @In.oneOf('saddle, blanket or bareback.', GM_RIDING_TACK, GmRidingTackEnum)
  tack: GmRidingTack;

  @In.int('The rider’s score for a riding roll.', { optional: true, min: 0, max: 1000 })
  score?: number;
}

@InputType({ description: 'G&M: what caused a loss of survival, for the four verve tests.' })
export class GmLossSourceInput {
  @In.oneOf('The reaction the roll behind the loss was made against.', GM_REACTIONS, GmReactionIdEnum, {
    optional: true,
  })
  reaction?: string;

  @In.oneOf('The ability score the roll behind the loss was made against.', GM_ABILITIES, GmAbilityIdEnum, {
    optional: true,
  })
  attribute?: string;

  @In.oneOf(
    'The archetype whose action (or specialty) the loss follows from directly.',
    GM_ARCHETYPE_IDS,
    GmArchetypeIdEnum,
    { optional: true },
  )
  action?: string;

  @In.bool('Taken in combat.', { optional: true })
  combat?: boolean;
}

@InputType({ description: 'G&M: may verve take this loss? The four tests.' })
export class GmVerveTestInput extends GmLossSourceInput {
  @In.oneOfList('The character’s archetypes.', GM_ARCHETYPE_IDS, GmArchetypeIdEnum, { maxItems: 5 })
  archetypes: string[];

  @In.bool('A non-player character (no verve).', { optional: true })
  npc?: boolean;
}
