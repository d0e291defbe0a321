import { ObjectType, registerEnumType } from '@nestjs/graphql';
import { dashedEnumType, Out } from '../common/schema';

/*
 * Every hazard answer carries the dice rolled, the modifiers applied (each named), exact odds, the
 * changes a campaign could apply to a sheet, and the seed and generator that reproduce it.
 */

@ObjectType({ isAbstract: true })
export abstract class HazardProvenance {
  @Out.string('The seed: send it again with the same inputs to get the same dice.')
  seed: string;

  @Out.string('The generator and its version ("<algorithm>@<version>").')
  rng: string;

  @Out.id('Always null for a stateless hazard (nothing is logged).', { nullable: true })
  rollId: string | null;
}

@ObjectType({ description: 'A modifier a hazard applied, by name.' })
export class HazardModifier {
  @Out.string('What it is.')
  name: string;

  @Out.int('Its signed value.')
  value: number;
}

export const EFFECT_TRACKS = [
  'survival',
  'injuries',
  'hit-points',
  'endurance',
  'fatigue',
  'status',
] as const;
export const EffectTrackEnum = dashedEnumType(
  'EffectTrack',
  EFFECT_TRACKS,
  'A sheet value a hazard can change.',
);

@ObjectType({ description: 'A change a campaign could apply to a sheet (nothing is applied here).' })
export class SheetEffect {
  @Out.oneOf('The value changed.', EFFECT_TRACKS, EffectTrackEnum)
  track: string;

  @Out.int(
    'Signed change: survival and hit points lost are negative; injuries, fatigue and statuses gained positive.',
  )
  change: number;

  @Out.string('The status, for the status track; null otherwise.', { nullable: true })
  status: string | null;
}

@ObjectType({ description: 'One value and its exact chance.' })
export class HazardChance {
  @Out.number('The value.')
  value: number;

  @Out.number('Its probability, in [0, 1]; a distribution’s probabilities sum to 1.')
  probability: number;
}

@ObjectType({ description: 'The exact chance that one roll passes.' })
export class HazardSuccessOdds {
  @Out.number('Probability of passing, in [0, 1].')
  success: number;
}

// G&M falls

export const FALL_EVASION_EFFECTS = ['negates', 'halves', 'none'] as const;
export const FallEvasionEffectEnum = { negates: 'negates', halves: 'halves', none: 'none' } as const;
registerEnumType(FallEvasionEffectEnum, { name: 'FallEvasionEffect' });

@ObjectType({ description: 'What evasion did for a G&M fall.' })
export class GmFallEvasion {
  @Out.oneOf('What a passed roll does at this height.', FALL_EVASION_EFFECTS, FallEvasionEffectEnum)
  effect: string;

  @Out.bool('Whether a roll was made (a score was sent and the height lets evasion help).')
  rolled: boolean;

  @Out.int('The evasion score rolled against.', { nullable: true })
  target: number | null;

  @Out.int('The d20.', { nullable: true })
  roll: number | null;

  @Out.bool('Whether it passed.', { nullable: true })
  passed: boolean | null;
}

@ObjectType({ description: 'Exact odds of a G&M fall.' })
export class GmFallOdds {
  @Out.number('Chance the evasion roll passes; null when none is made.', { nullable: true })
  evasion: number | null;

  @Out.nestedList('Distribution of the d6 total before evasion.', () => HazardChance)
  rolled: HazardChance[];

  @Out.nestedList('Distribution of the damage taken, evasion included.', () => HazardChance)
  damage: HazardChance[];
}

@ObjectType({ description: 'A G&M fall by the falling table.' })
export class GmFallResult extends HazardProvenance {
  @Out.int('Feet fallen.')
  feet: number;

  @Out.int('d6 rolled for damage.')
  dice: number;

  @Out.intList('Every face in the order rolled (the evasion d20 first, when rolled).')
  faces: number[];

  @Out.intList('The damage d6.')
  damageFaces: number[];

  @Out.int('The d6 total before evasion.')
  rolled: number;

  @Out.int('Damage taken: survival lost plus injuries.')
  damage: number;

  @Out.int('Survival lost.')
  survival: number;

  @Out.int('Injury points taken (one per die unless a fall under 20 feet was evaded).')
  injuries: number;

  @Out.int('Seconds aloft.')
  seconds: number;

  @Out.nested('The evasion roll.', () => GmFallEvasion)
  evasion: GmFallEvasion;

  @Out.nestedList('Modifiers applied (none for the falling table).', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => GmFallOdds)
  odds: GmFallOdds;
}

// G&M jumps

@ObjectType({ description: 'Exact odds of a G&M jump.' })
export class GmJumpOdds {
  @Out.number('Chance of reaching the distance asked.')
  success: number;

  @Out.nestedList('Distribution of the distance reached.', () => HazardChance)
  reached: HazardChance[];
}

@ObjectType({ description: 'A G&M jump up or leap across.' })
export class GmJumpResult extends HazardProvenance {
  @Out.string('"up" or "across".')
  kind: string;

  @Out.string('"feet" (up) or "yards" (across).')
  unit: string;

  @Out.int('The distance asked.')
  distance: number;

  @Out.int('The penalty-table row used, in the jumper’s own scale.')
  row: number;

  @Out.int('The d20.')
  roll: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('The number the d20 must not exceed.')
  target: number;

  @Out.bool('Whether the distance was reached.')
  passed: boolean;

  @Out.number('The distance reached (the farthest the roll allows on a failure).')
  reached: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => GmJumpOdds)
  odds: GmJumpOdds;
}

// G&M suffocation

@ObjectType({ description: 'One health roll against suffocation.' })
export class SuffocationRoll {
  @Out.int('The round without air at whose end it is made.')
  round: number;

  @Out.int('The cumulative penalty.')
  penalty: number;

  @Out.int('Health less the penalty.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed: no injury.')
  passed: boolean;

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'Exact odds of G&M suffocation.' })
export class GmSuffocationOdds {
  @Out.nestedList('Distribution of the buffer in rounds.', () => HazardChance)
  buffer: HazardChance[];

  @Out.nestedList('Distribution of the injuries taken.', () => HazardChance)
  injuries: HazardChance[];
}

@ObjectType({ description: 'G&M suffocation.' })
export class GmSuffocationResult extends HazardProvenance {
  @Out.int('Rounds without air.')
  rounds: number;

  @Out.int('Rounds of air before the rolls start.')
  buffer: number;

  @Out.int('The d4 of an unprepared buffer.', { nullable: true })
  bufferRoll: number | null;

  @Out.int('Rounds between rolls (a minute, two at rest).')
  interval: number;

  @Out.intList('Every face in the order rolled.')
  faces: number[];

  @Out.nestedList('The health rolls.', () => SuffocationRoll)
  rolls: SuffocationRoll[];

  @Out.int('Injury points taken.')
  injuries: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => GmSuffocationOdds)
  odds: GmSuffocationOdds;
}

// Archsoul exertion

@ObjectType({ description: 'One Archsoul exhaustion roll.' })
export class ExhaustionRoll {
  @Out.int('1 for the activity’s first roll.')
  index: number;

  @Out.int('Successes needed: 3, plus 1 per exhaustion roll since the last sleep.')
  target: number;

  @Out.int('Per-die difficulty (2–6).')
  difficulty: number;

  @Out.int('Dice rolled (Endurance + Resolve).')
  dice: number;

  @Out.intList('The faces.')
  faces: number[];

  @Out.int('Faces at or above the difficulty.')
  successes: number;

  @Out.bool('Passed: no fatigue.')
  passed: boolean;

  @Out.int('Fatigue level before the roll.')
  fatigueBefore: number;

  @Out.int('Fatigue level after the roll.')
  fatigueAfter: number;

  @Out.nestedList('Modifiers applied to this roll.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'Exact odds of an Archsoul exertion.' })
export class ExertionOdds {
  @Out.nestedList('Distribution of the fatigue level after the activity.', () => HazardChance)
  fatigueAfter: HazardChance[];
}

export const FATIGUE_LEVEL_IDS = ['fresh', 'fatigued', 'exhausted', 'unconscious'] as const;
export const FatigueLevelEnum = Object.fromEntries(FATIGUE_LEVEL_IDS.map((id) => [id, id])) as Record<
  string,
  string
>;
registerEnumType(FatigueLevelEnum, { name: 'FatigueLevel', description: 'The Archsoul fatigue ladder.' });

@ObjectType({ description: 'Archsoul activity and its exhaustion rolls.' })
export class ExertionResult extends HazardProvenance {
  @Out.string('"light" or "heavy".')
  activity: string;

  @Out.int('Minutes of activity.')
  minutes: number;

  @Out.int('Minutes between exhaustion rolls (the tolerance table).')
  toleranceMinutes: number;

  @Out.int('Rolls the activity calls for.')
  rollsDue: number;

  @Out.nestedList('Rolls made (fewer than due once unconscious).', () => ExhaustionRoll)
  rolls: ExhaustionRoll[];

  @Out.intList('Every face in the order rolled.')
  faces: number[];

  @Out.int('Fatigue level before.')
  fatigueBefore: number;

  @Out.int('Fatigue level after.')
  fatigueAfter: number;

  @Out.oneOf('The level after, by name.', FATIGUE_LEVEL_IDS, FatigueLevelEnum)
  fatigueLevel: string;

  @Out.int('Exhaustion rolls since the last sleep, after this activity.')
  rollsSinceSleepAfter: number;

  @Out.nestedList('Conditions and referee difficulty applied to every roll.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => ExertionOdds)
  odds: ExertionOdds;
}

// Archsoul falls

@ObjectType({ description: 'Exact odds of an Archsoul fall.' })
export class ArchsoulFallOdds {
  @Out.nestedList('Distribution of the damage.', () => HazardChance)
  damage: HazardChance[];
}

@ObjectType({ description: 'An Archsoul fall: one die per metre past the first.' })
export class ArchsoulFallResult extends HazardProvenance {
  @Out.int('Metres fallen.')
  meters: number;

  @Out.int('Dice rolled.')
  dice: number;

  @Out.int('Per-die difficulty.')
  difficulty: number;

  @Out.intList('The faces.')
  faces: number[];

  @Out.int('Successes: damage before hardness.')
  successes: number;

  @Out.int('Hardness taken off.')
  hardness: number;

  @Out.int('Damage dealt.')
  damage: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => ArchsoulFallOdds)
  odds: ArchsoulFallOdds;
}
