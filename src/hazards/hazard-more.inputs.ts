import { InputType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import {
  AILMENT_CONTACTS,
  AILMENT_EFFECTS,
  AILMENT_IDS,
  AILMENT_KINDS,
  DARKNESS,
  GM_SPEEDS,
  GM_TERRAINS,
  ITEM_ATTACKS,
  ITEM_MATERIALS,
} from '../core/hazards';

export const AilmentIdEnum = dashedEnumType('GmAilmentId', AILMENT_IDS, 'A G&M example ailment.');
export const AilmentKindEnum = dashedEnumType('GmAilmentKind', AILMENT_KINDS, 'How a G&M ailment runs.');
export const AilmentContactEnum = dashedEnumType(
  'GmAilmentContact',
  AILMENT_CONTACTS,
  'willing: health at −4; avoidable: perception; forced: evasion.',
);
export const AilmentEffectEnum = dashedEnumType(
  'GmAilmentEffect',
  AILMENT_EFFECTS,
  'What a G&M ailment does.',
);
export const DisbeliefEnum = dashedEnumType(
  'GmDisbelief',
  ['perception', 'willpower'],
  'How an illusion is disbelieved.',
);
export const ItemMaterialEnum = dashedEnumType('GmItemMaterial', ITEM_MATERIALS, 'G&M item material.');
export const ItemAttackEnum = dashedEnumType(
  'GmItemAttack',
  ITEM_ATTACKS,
  'G&M attack form against an item.',
);
export const GmSpeedEnum = dashedEnumType('GmSpeed', GM_SPEEDS, 'A G&M speed.');
export const DarknessEnum = dashedEnumType('GmDarkness', DARKNESS, 'How dark it is.');
export const GmTerrainEnum = dashedEnumType(
  'GmTerrain',
  GM_TERRAINS,
  'easy; rough (forest, hills); difficult (bog, undergrowth).',
);
export const RIDINGS = ['none', 'saddle', 'blanket', 'bareback'] as const;
export const RidingEnum = dashedEnumType('GmRiding', RIDINGS, 'How a mount is ridden.');
export const OBJECT_MATERIALS = ['glass', 'rope', 'wood', 'steel', 'stone'] as const;
export const ObjectMaterialEnum = dashedEnumType(
  'ArchsoulMaterial',
  OBJECT_MATERIALS,
  'Archsoul object material.',
);
export const OBJECT_KINDS = ['object', 'tool', 'weapon', 'shield', 'armor'] as const;
export const ObjectKindEnum = dashedEnumType('ArchsoulObjectKind', OBJECT_KINDS, 'Archsoul object kind.');
export const WATER_KINDS = ['calm', 'river', 'storm', 'rapids'] as const;
export const WaterKindEnum = dashedEnumType('ArchsoulWater', WATER_KINDS, 'Archsoul water.');
export const SWIM_ARMORS = ['none', 'noisy', 'heavy'] as const;
export const SwimArmorEnum = dashedEnumType('ArchsoulSwimArmor', SWIM_ARMORS, 'Armour worn while swimming.');
export const TRAVEL_MODES = ['land', 'water'] as const;
export const TravelModeEnum = dashedEnumType('CoeacTravelMode', TRAVEL_MODES, 'COEAC travel mode.');

@InputType({ description: 'A G&M ailment: contracting roll, onset and course.' })
export class GmAilmentInput {
  @In.oneOf('An example ailment (or send kind, strength and effect).', AILMENT_IDS, AilmentIdEnum, {
    optional: true,
  })
  ailment?: string;

  @In.oneOf('How it runs (overrides the example).', AILMENT_KINDS, AilmentKindEnum, { optional: true })
  kind?: string;

  @In.int('Strength, −20 to 20 (overrides the example; 0 by default).', { optional: true, min: -20, max: 20 })
  strength?: number;

  @In.oneOf('What it does each time it lands.', AILMENT_EFFECTS, AilmentEffectEnum, { optional: true })
  effect?: string;

  @In.int('Dice of the effect (1 by default).', { optional: true, min: 0, max: 100 })
  effectDice?: number;

  @In.int('Sides of those dice (1: a fixed amount).', { optional: true, min: 1, max: 100 })
  effectSides?: number;

  @In.oneOf('How it reaches the victim.', AILMENT_CONTACTS, AilmentContactEnum)
  contact: string;

  @In.int('Score of the reaction the contact calls for.', { min: 0, max: 1000, example: 11 })
  reaction: number;

  @In.int('Health score for the chronic throw-off rolls (the reaction score by default).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  health?: number;

  @In.int('Inescapable kinds: action times spent in it (1 by default).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  actionTimesExposed?: number;

  @In.int('Chronic kinds: action times followed after onset or after leaving it.', {
    optional: true,
    min: 0,
    max: 1000,
  })
  actionTimesAfter?: number;

  @In.bool('An illusory ("invisible") effect.', { optional: true })
  illusory?: boolean;

  @In.bool('The victim could know the illusory effect is possible (+10); otherwise it does nothing.', {
    optional: true,
  })
  knowable?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M aging over a span of years.' })
export class GmAgingInput {
  @In.int('Age at the start.', { min: 0, max: 100_000, example: 40 })
  from: number;

  @In.int('Age at the end.', { min: 0, max: 100_000, example: 45 })
  to: number;

  @In.int('Endurance score.', { min: 0, max: 1000, example: 12 })
  endurance: number;

  @In.int(
    'The referee’s special contributor for endurance on the threshold (default: its major contributor).',
    { optional: true, min: -40, max: 40 },
  )
  enduranceContribution?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Disbelieving a G&M illusion, and the phantasmal damage that comes back.' })
export class GmIllusionInput {
  @In.oneOf('perception or willpower.', ['perception', 'willpower'], DisbeliefEnum)
  method: string;

  @In.int('Score of that reaction.', { min: 0, max: 1000, example: 12 })
  score: number;

  @In.int('The illusion’s penalty (halved toward zero for willpower).', { optional: true, min: 0, max: 1000 })
  penalty?: number;

  @In.int('A bonus (an obvious illusion, +2 per ally who disbelieved by willpower).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  bonus?: number;

  @In.bool('Whether it is an illusion at all (true by default).', { optional: true })
  illusory?: boolean;

  @In.int('Phantasmal survival points lost.', { optional: true, min: 0, max: 100_000 })
  phantasmalSurvival?: number;

  @In.int('Phantasmal injury points taken.', { optional: true, min: 0, max: 100_000 })
  phantasmalInjuries?: number;

  @In.bool('The victim fell unconscious from it.', { optional: true })
  unconscious?: boolean;

  @In.bool('The victim failed a death roll from it (shock).', { optional: true })
  failedDeathRoll?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M item reaction.' })
export class GmItemReactionInput {
  @In.oneOf('Material.', ITEM_MATERIALS, ItemMaterialEnum)
  material: string;

  @In.oneOf('Attack form.', ITEM_ATTACKS, ItemAttackEnum)
  attack: string;

  @In.int('Thickness in sixteenths of an inch (the material’s base thickness by default).', {
    optional: true,
    min: 0,
    max: 1_000_000,
  })
  thicknessSixteenths?: number;

  @In.int('Weight in pounds: the item’s survival points.', { optional: true, min: 0, max: 1_000_000 })
  weight?: number;

  @In.bool('Carried by a conscious bearer who took no injuries: no roll.', { optional: true })
  protected?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M speed.' })
export class GmSpeedInput {
  @In.int('Movement.', { min: 0, max: 1000, example: 10 })
  movement: number;

  @In.oneOf('Speed.', GM_SPEEDS, GmSpeedEnum)
  speed: string;

  @In.int('Endurance score (the time base).', { min: 0, max: 1000, example: 12 })
  endurance: number;

  @In.bool('Outdoors away from danger: penalties one step lighter.', { optional: true })
  outdoors?: boolean;

  @In.oneOf('Darkness.', DARKNESS, DarknessEnum, { optional: true })
  darkness?: string;

  @In.bool('Can see in the dark.', { optional: true })
  canSee?: boolean;

  @In.bool('A horse, pony, mule or donkey (jog, run, sprint at double).', { optional: true })
  equine?: boolean;

  @In.int('An animal’s load as a percentage of its listed load.', { optional: true, min: 0, max: 10_000 })
  loadPercent?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M forced march: pushing on without rest.' })
export class GmForcedMarchInput {
  @In.int('Health score.', { min: 0, max: 1000, example: 11 })
  health: number;

  @In.int('Time bases pushed on (one health roll each).', { min: 0, max: 1000, example: 2 })
  periods: number;

  @In.int('Movement given up for the whole period (+2 each).', { optional: true, min: 0, max: 1000 })
  movementGivenUp?: number;

  @In.int('Too little water or salt (0–4 penalty).', { optional: true, min: 0, max: 4 })
  thirst?: number;

  @In.int('Movement health rolls since the last rest (−2 each).', { optional: true, min: 0, max: 1000 })
  previousRolls?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M daily movement.' })
export class GmDailyMovementInput {
  @In.int('Movement.', { min: 0, max: 1000, example: 8 })
  movement: number;

  @In.int('Endurance score (rest day after half endurance days).', { min: 0, max: 1000, example: 12 })
  endurance: number;

  @In.int('Health score (pushed days).', { min: 0, max: 1000, example: 11 })
  health: number;

  @In.int('Days of travel.', { min: 0, max: 1000, example: 3 })
  days: number;

  @In.oneOf('Terrain.', GM_TERRAINS, GmTerrainEnum, { optional: true })
  terrain?: string;

  @In.int('Days pushed 50 % further.', { optional: true, min: 0, max: 1000 })
  pushedDays?: number;

  @In.int('Days already walked since the last rest day.', { optional: true, min: 0, max: 1000 })
  daysSinceRest?: number;

  @In.bool('Flying: Movement miles an hour.', { optional: true })
  flying?: boolean;

  @In.int('Hours aloft a day (16 by default).', { optional: true, min: 1, max: 24 })
  flyingHours?: number;

  @In.oneOf('Darkness.', DARKNESS, DarknessEnum, { optional: true })
  darkness?: string;

  @In.bool('Can see in the dark.', { optional: true })
  canSee?: boolean;

  @In.oneOf('How the mount is ridden.', RIDINGS, RidingEnum, { optional: true })
  riding?: string;

  @In.int('An animal’s load as a percentage of its listed load.', { optional: true, min: 0, max: 10_000 })
  loadPercent?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M search.' })
export class GmSearchInput {
  @In.int('Perception score.', { min: 0, max: 1000, example: 12 })
  perception: number;

  @In.int('Width in feet.', { min: 1, max: 1_000_000, example: 20 })
  widthFeet: number;

  @In.int('Length in feet.', { min: 1, max: 1_000_000, example: 20 })
  lengthFeet: number;

  @In.int('How well it is hidden (a penalty).', { optional: true, min: 0, max: 1000 })
  penalty?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M tracking.' })
export class GmTrackingInput {
  @In.int('Perception score.', { min: 0, max: 1000, example: 12 })
  perception: number;

  @In.int('Days since the quarry passed.', { min: 0, max: 10_000, example: 2 })
  days: number;

  @In.int('How many passed (group bonus).', { optional: true, min: 1, max: 1_000_000 })
  quarry?: number;

  @In.int('The margin of the quarry’s covering roll.', { optional: true, min: 0, max: 1000 })
  covered?: number;

  @In.bool('In town (obstacle 100 yards rather than a quarter mile).', { optional: true })
  urban?: boolean;

  @In.int('Yards followed (one obstacle by default).', { optional: true, min: 1, max: 100_000_000 })
  yards?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Covering one’s tracks (G&M).' })
export class GmCoverTracksInput {
  @In.int('Perception score.', { min: 0, max: 1000, example: 12 })
  perception: number;

  @In.int('A penalty.', { optional: true, min: 0, max: 1000 })
  penalty?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M time units added up.' })
export class GmTimeInput {
  @In.int('Rounds (10 s).', { optional: true, min: 0, max: 100_000_000 })
  rounds?: number;

  @In.int('Minutes.', { optional: true, min: 0, max: 10_000_000 })
  minutes?: number;

  @In.int('Hours.', { optional: true, min: 0, max: 1_000_000 })
  hours?: number;

  @In.int('Days.', { optional: true, min: 0, max: 100_000 })
  days?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'An Archsoul object: hardness, hit points and a blow.' })
export class ArchsoulObjectInput {
  @In.oneOf('Material.', OBJECT_MATERIALS, ObjectMaterialEnum)
  material: string;

  @In.int('Thickness in whole centimetres.', { min: 0, max: 1_000_000, example: 5 })
  thickness: number;

  @In.oneOf(
    'Kind (object by default; tools, weapons, shields, armour have set HP).',
    OBJECT_KINDS,
    ObjectKindEnum,
    {
      optional: true,
    },
  )
  kind?: string;

  @In.bool('Very thick or reinforced: HP doubled.', { optional: true })
  reinforced?: boolean;

  @In.int('A blow’s rolled damage.', { optional: true, min: 0, max: 1_000_000 })
  damage?: number;

  @In.bool('The blow is blunt.', { optional: true })
  blunt?: boolean;

  @In.int('The striking weapon’s hardness.', { optional: true, min: 0, max: 1000 })
  weaponHardness?: number;

  @In.bool('A bare-handed blow.', { optional: true })
  unarmed?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'An Archsoul damage roll against an object (tool bonus, underwater).' })
export class ArchsoulBlowInput {
  @In.int('Damage pool.', { min: 0, max: 100, example: 5 })
  pool: number;

  @In.int('Per-die difficulty (4 by default).', { optional: true, min: 2, max: 6 })
  difficulty?: number;

  @In.bool('A tool made to break this material (−1 difficulty).', { optional: true })
  tool?: boolean;

  @In.bool('Underwater (pool halved, +1 difficulty unless thrusting).', { optional: true })
  underwater?: boolean;

  @In.bool('A knife, stiletto, shortspear, spear or pike.', { optional: true })
  thrusting?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Archsoul breath and drowning.' })
export class ArchsoulBreathInput {
  @In.int('Endurance.', { min: 0, max: 30, example: 4 })
  endurance: number;

  @In.int('Conditioning.', { optional: true, min: 0, max: 30 })
  conditioning?: number;

  @In.bool('A minute of deep breaths first.', { optional: true })
  prepared?: boolean;

  @In.int('Strenuous rounds underwater (30 s of air each).', { optional: true, min: 0, max: 100_000 })
  strenuousRounds?: number;

  @In.int('Calm seconds underwater.', { optional: true, min: 0, max: 10_000_000 })
  calmSeconds?: number;

  @In.int('Turns after the air ran out (one drowning roll each).', { optional: true, min: 0, max: 1000 })
  turnsWithoutAir?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Archsoul swimming, turbulent water and armour.' })
export class ArchsoulSwimInput {
  @In.int('Endurance.', { min: 0, max: 30, example: 4 })
  endurance: number;

  @In.int('Conditioning.', { optional: true, min: 0, max: 30 })
  conditioning?: number;

  @In.int('Base move speed in spaces.', { min: 1, max: 100, example: 5 })
  baseSpeed: number;

  @In.oneOf('Water.', WATER_KINDS, WaterKindEnum, { optional: true })
  water?: string;

  @In.oneOf('Armour.', SWIM_ARMORS, SwimArmorEnum, { optional: true })
  armor?: string;

  @In.int('Per-die difficulty (4 by default).', { optional: true, min: 1, max: 10 })
  difficulty?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Archsoul food, water, sleep and rest.' })
export class ArchsoulRestInput {
  @In.int('Fatigue level now (0–3).', { optional: true, min: 0, max: 3 })
  fatigue?: number;

  @In.int('Hours without water.', { optional: true, min: 0, max: 100_000 })
  hoursWithoutWater?: number;

  @In.int('Hours without food.', { optional: true, min: 0, max: 100_000 })
  hoursWithoutFood?: number;

  @In.int('Millilitres drunk over the last day (4000 by default).', { optional: true, min: 0, max: 100_000 })
  waterMillilitres?: number;

  @In.int('Hours of sleep.', { optional: true, min: 0, max: 24 })
  sleepHours?: number;

  @In.int('Minutes of them on watch.', { optional: true, min: 0, max: 1440 })
  watchMinutes?: number;

  @In.int('Hours of other rest.', { optional: true, min: 0, max: 1000 })
  restHours?: number;

  @In.int('Hit points now.', { optional: true, min: -1000, max: 1000 })
  hitPoints?: number;

  @In.int('Maximum hit points.', { optional: true, min: 0, max: 1000 })
  maxHitPoints?: number;

  @In.int('Drain.', { optional: true, min: 0, max: 100_000 })
  drain?: number;

  @In.object('Reduction points by attribute name ({ "Strength": 2 }).', { optional: true })
  attributeReductions?: Record<string, number>;

  @In.bool('Disabled now.', { optional: true })
  disabled?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Dodging an Archsoul trap or falling object.' })
export class ArchsoulTrapInput {
  @In.int('Athletics.', { min: 0, max: 30, example: 2 })
  athletics: number;

  @In.int('Awareness (unknown hazard).', { optional: true, min: 0, max: 30 })
  awareness?: number;

  @In.int('Conditioning (known hazard).', { optional: true, min: 0, max: 30 })
  conditioning?: number;

  @In.bool('Known beforehand (Conditioning, −1 difficulty).', { optional: true })
  known?: boolean;

  @In.int('Per-die difficulty for an unknown hazard (4 by default).', { optional: true, min: 2, max: 6 })
  difficulty?: number;

  @In.int('Successes needed (1 by default).', { optional: true, min: 0, max: 100 })
  successes?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Archsoul movement over difficult terrain.' })
export class ArchsoulTerrainInput {
  @In.int('Base move speed in spaces.', { min: 0, max: 100, example: 5 })
  speed: number;

  @In.bool('Difficult terrain.')
  difficult: boolean;

  @In.int('Move actions.', { optional: true, min: 0, max: 1000 })
  actions?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'An Archsoul attack underwater.' })
export class ArchsoulUnderwaterAttackInput {
  @In.string('Weapon name (knife, spear, whip, shield, …).', { maxLength: 40, example: 'spear' })
  weapon: string;

  @In.int('Damage pool on land.', { min: 0, max: 100, example: 5 })
  damagePool: number;

  @In.int('Range (ranged weapons).', { optional: true, min: 0, max: 10_000 })
  range?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Archsoul: hurt underwater.' })
export class ArchsoulUnderwaterHurtInput {
  @In.int('Endurance.', { min: 0, max: 30, example: 4 })
  endurance: number;

  @In.int('Conditioning or Resolve.', { optional: true, min: 0, max: 30 })
  skill?: number;

  @In.int('Damage taken.', { min: 0, max: 10_000, example: 2 })
  damage: number;

  @In.bool('Head above water (difficulty 2).', { optional: true })
  headAboveWater?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'COEAC travel.' })
export class CoeacTravelInput {
  @In.oneOf('land (one hex a watch) or water (hexes a day).', TRAVEL_MODES, TravelModeEnum, {
    optional: true,
  })
  mode?: string;

  @In.int('Hexes (send hexes or days).', { optional: true, min: 0, max: 1000, example: 3 })
  hexes?: number;

  @In.int('Days (send hexes or days).', { optional: true, min: 0, max: 1000 })
  days?: number;

  @In.int('Water: hexes a day (4 by default).', { optional: true, min: 1, max: 100 })
  hexesPerDay?: number;

  @In.seed()
  seed?: string;
}

export const CAMPAIGN_HAZARD_SYSTEMS = ['gm', 'archsoul'] as const;
export const CampaignHazardSystemEnum = dashedEnumType(
  'HazardSystem',
  CAMPAIGN_HAZARD_SYSTEMS,
  'A system with campaign hazards.',
);
export const CAMPAIGN_HAZARD_IDS = [
  'fall',
  'suffocation',
  'ailment',
  'aging',
  'forced-march',
  'daily-movement',
  'concentration',
  'illusion',
  'exertion',
  'drowning',
  'rest',
  'underwater-hurt',
] as const;
export const CampaignHazardEnum = dashedEnumType(
  'CampaignHazard',
  CAMPAIGN_HAZARD_IDS,
  'G&M: fall, suffocation, ailment, aging, forced-march, daily-movement, concentration, illusion; Archsoul: fall, exertion, drowning, rest, underwater-hurt.',
);

@InputType({ description: 'A hazard applied to a character’s stored sheet.' })
export class CampaignHazardInput {
  @In.oneOf('The sheet’s system.', CAMPAIGN_HAZARD_SYSTEMS, CampaignHazardSystemEnum)
  system: 'gm' | 'archsoul';

  @In.oneOf('The hazard.', CAMPAIGN_HAZARD_IDS, CampaignHazardEnum)
  hazard: string;

  @In.object(
    'The procedure’s inputs, as its stateless route takes them (no seed); what is left out is read from the sheet where it can be (endurance, resolve, conditioning, movement, fatigue, hit points).',
    { optional: true },
  )
  input?: Record<string, unknown>;

  @In.bool('Log the roll as secret (only the referee sees it until revealed).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}
