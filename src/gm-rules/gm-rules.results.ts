import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';

@ObjectType({ description: 'A named modifier.' })
export class GmEquipmentModifier {
  @Out.string('What it is.')
  name: string;

  @Out.int('Its value.')
  value: number;
}

@ObjectType({ description: 'G&M: a carving’s cost and bulk in its material.' })
export class GmCarvingResult {
  @Out.string('The material.')
  material: string;

  @Out.int('Times the wood carving’s cost.')
  costMultiplier: number;

  @Out.int('Times the wood carving’s bulk.')
  bulkMultiplier: number;

  @Out.int('Cost in centisilver.')
  cost: number;

  @Out.int('Bulk in hundredths.')
  bulkHundredths: number;
}

@ObjectType({ description: 'G&M: a lock’s quality.' })
export class GmLockResult {
  @Out.int('Cost in centisilver.')
  cost: number;

  @Out.int('Whole doublings of the basic lock’s 8 silver.')
  doublings: number;

  @Out.int('Penalty on attempts to pick it (1 a doubling).')
  pickPenalty: number;
}

@ObjectType({ description: 'G&M: a light source.' })
export class GmLightResult {
  @Out.string('The light.')
  source: string;

  @Out.int('Radius lit, in yards.')
  radiusYards: number;

  @Out.int('How long it burns, in minutes (a lantern: a flask).')
  burnMinutes: number;

  @Out.int('Minutes left.')
  minutesLeft: number;

  @Out.int('Rounds to light it.')
  activationRounds: number;

  @Out.bool('Lit in combat: an evasion roll is needed.')
  evasionRollToActivate: boolean;

  @Out.bool('Whether the point at the distance sent is lit (null without a distance).', { nullable: true })
  lit: boolean | null;

  @Out.int('Penalty to actions at that distance.')
  actionPenalty: number;
}

@ObjectType({ description: 'G&M: the time a task with an item takes.' })
export class GmItemTaskResult {
  @Out.string('The task.')
  task: string;

  @Out.int('Rounds it takes.')
  rounds: number;

  @Out.bool('An evasion roll is needed (an item activated in combat).')
  evasionRoll: boolean;
}

@ObjectType({ description: 'G&M: a full helmet.' })
export class GmFullHelmetResult {
  @Out.int('Cost in centisilver: at least 10 silver or a tenth of the other armor.')
  cost: number;

  @Out.int('Defence it adds.')
  defense: number;

  @Out.int('Bulk in hundredths.')
  bulkHundredths: number;

  @Out.int('Penalty on perception rolls while worn.')
  perceptionPenalty: number;

  @Out.int('Penalty on attack rolls while worn.')
  attackPenalty: number;

  @Out.nestedList('The modifiers it imposes.', () => GmEquipmentModifier)
  modifiers: GmEquipmentModifier[];
}

@ObjectType({ description: 'G&M: a weapon built for strength.' })
export class GmStrengthBowPriceResult {
  @Out.int('The built strength’s major contributor.')
  builtMajor: number;

  @Out.int('Times the list price.')
  priceMultiple: number;

  @Out.int('Cost in centisilver.')
  cost: number;

  @Out.int('Range bonus, in percent.')
  rangePercent: number;

  @Out.bool('The wielder is weaker than the weapon (null without a wielder).', { nullable: true })
  wielderTooWeak: boolean | null;
}

@ObjectType({ description: 'G&M: an item inside a container.' })
export class GmContainedItemResult {
  @Out.string('The item.')
  name: string;

  @Out.int('Bulk as it counts, in hundredths.')
  bulkHundredths: number;

  @Out.int('Entries on the carry list (1).')
  items: number;

  @Out.bool('Within the one-item limit (bulk at most strength).')
  withinLimit: boolean;

  @Out.int('Hands to wield it (weapons; null otherwise).', { nullable: true })
  handsToWield: number | null;
}

@ObjectType({ description: 'G&M: one item carried.' })
export class GmCarriedItemResult extends GmContainedItemResult {
  @Out.nestedList('What it holds.', () => GmContainedItemResult)
  contents: GmContainedItemResult[];
}

@ObjectType({ description: 'G&M: what a character carries.' })
export class GmLoadResult {
  @Out.int('Strength.')
  strength: number;

  @Out.int('The heaviest single item allowed, in hundredths (the strength score).')
  maxItemBulkHundredths: number;

  @Out.int('Entries on the carry list (a container and its contents are one).')
  itemCount: number;

  @Out.int('Bulk of everything carried, in hundredths.')
  totalBulkHundredths: number;

  @Out.nestedList('Each item.', () => GmCarriedItemResult)
  items: GmCarriedItemResult[];

  @Out.int('The Carry score: always null, the documents never print its table (referee data).', {
    nullable: true,
  })
  carryScore: null;
}

@ObjectType({ description: 'G&M: riding penalties.' })
export class GmRidingResult {
  @Out.string('The tack.')
  tack: string;

  @Out.int('Penalty to rolls made while riding.')
  ridingRollPenalty: number;

  @Out.int('Cut to the mount’s daily Movement.')
  dailyMovementPenalty: number;

  @Out.int('The riding roll’s target (null without a score).', { nullable: true })
  target: number | null;
}

@ObjectType({ description: 'G&M: whether verve may take a loss.' })
export class GmVerveTestResult {
  @Out.bool('Verve takes the loss before survival.')
  archetypal: boolean;

  @Out.int('The first of the four tests that holds (1–4), or null.', { nullable: true })
  test: number | null;

  @Out.string('The archetype that makes it archetypal, or null.', { nullable: true })
  archetype: string | null;

  @Out.string('Why, in words.')
  reason: string;
}
