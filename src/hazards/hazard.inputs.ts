import { InputType, registerEnumType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import { stringList } from '../crafting/crafting.inputs';

/*
 * One input class per stateless hazard: its GraphQL input, its OpenAPI body and its validation. The
 * core validates again and names the field of anything the shapes let through.
 */

export const ACTIVITIES = ['light', 'heavy'] as const;
export const ActivityEnum = { light: 'light', heavy: 'heavy' } as const;
registerEnumType(ActivityEnum, { name: 'HazardActivity', description: 'Archsoul activity level.' });

export const EXERTION_CONDITION_IDS = [
  'heat',
  'cold',
  'humidity',
  'heavy-load',
  'thirst',
  'half-water',
] as const;
export const ExertionConditionEnum = dashedEnumType(
  'ExertionCondition',
  EXERTION_CONDITION_IDS,
  'What makes Archsoul exhaustion rolls harder: each +1 difficulty, half-water +2 (instead of thirst).',
);

export const FALL_SIZES = ['small', 'medium', 'large'] as const;
export const FallSizeEnum = { small: 'small', medium: 'medium', large: 'large' } as const;
registerEnumType(FallSizeEnum, { name: 'FallTargetSize', description: 'Archsoul: the size of what falls.' });

export const JUMP_KINDS = ['up', 'across'] as const;
export const JumpKindEnum = { up: 'up', across: 'across' } as const;
registerEnumType(JumpKindEnum, {
  name: 'JumpKind',
  description: 'G&M: a jump up (feet) or a leap across (yards).',
});

export const JUMP_SIZES = [
  'fine',
  'tiny',
  'small',
  'medium',
  'large',
  'huge',
  'gigantic',
  'titanic',
] as const;
export const JumpSizeEnum = Object.fromEntries(JUMP_SIZES.map((id) => [id, id])) as Record<string, string>;
registerEnumType(JumpSizeEnum, {
  name: 'JumperSize',
  description: 'G&M creature size, scaling jump distance.',
});

@InputType({ description: 'A G&M fall.' })
export class GmFallInput {
  @In.int('Feet fallen.', { min: 1, max: 1_000_000, example: 45 })
  feet: number;

  @In.int('The faller’s evasion reaction score; leave out to make no evasion roll.', {
    optional: true,
    min: 0,
    max: 1_000_000,
    example: 12,
  })
  evasion?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M jump up or leap across.' })
export class GmJumpInput {
  @In.oneOf('"up" (feet, the default) or "across" (yards).', JUMP_KINDS, JumpKindEnum, { optional: true })
  kind?: 'up' | 'across';

  @In.int('Agility score.', { min: 0, max: 1000, example: 12 })
  agility: number;

  @In.int('Strength score (a major contributor).', { min: 0, max: 1000, example: 14 })
  strength: number;

  @In.int('Feet up, or yards across.', { min: 1, max: 1000, example: 3 })
  distance: number;

  @In.oneOf('Creature size (medium by default).', JUMP_SIZES, JumpSizeEnum, { optional: true })
  size?: string;

  @In.int('Leaps across only: the current running Movement, added to the target.', {
    optional: true,
    min: 0,
    max: 1000,
  })
  running?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M suffocation over a number of rounds without air.' })
export class GmSuffocationInput {
  @In.int('Rounds spent without air (ten seconds each).', { min: 0, max: 6000, example: 20 })
  rounds: number;

  @In.int('Endurance score.', { min: 0, max: 1000, example: 12 })
  endurance: number;

  @In.int('Health reaction score the rolls are made against.', { min: 0, max: 1000, example: 10 })
  health: number;

  @In.bool('Took a deep breath first: the buffer is endurance rounds.', { optional: true })
  prepared?: boolean;

  @In.bool('Completely still: the buffer and the minute between rolls double.', { optional: true })
  resting?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Archsoul activity and the exhaustion rolls it calls for.' })
export class ExertionInput {
  @In.int('Endurance (1–30; the table covers 1–9, its pattern carries on).', { min: 1, max: 30, example: 4 })
  endurance: number;

  @In.int('Resolve skill, added to the pool (0 by default).', { optional: true, min: 0, max: 30 })
  resolve?: number;

  @In.oneOf('Activity level.', ACTIVITIES, ActivityEnum)
  activity: 'light' | 'heavy';

  @In.int('Length in hours (or send minutes).', { optional: true, min: 0, max: 10_000 })
  hours?: number;

  @In.int('Length in minutes (or send hours).', { optional: true, min: 0, max: 600_000, example: 45 })
  minutes?: number;

  @stringList(
    'Conditions making the rolls harder.',
    { optional: true, maxItems: 6, maxLength: 20, values: EXERTION_CONDITION_IDS },
    ExertionConditionEnum,
  )
  conditions?: string[];

  @In.int('Fatigue level now: 0 fresh, 1 fatigued, 2 exhausted, 3 unconscious.', {
    optional: true,
    min: 0,
    max: 3,
  })
  fatigue?: number;

  @In.int('Exhaustion rolls already made since the last sleep (each raises the target by 1).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  rollsSinceSleep?: number;

  @In.int('Per-die difficulty before modifiers (4 by default: our reading).', {
    optional: true,
    min: 1,
    max: 10,
  })
  difficulty?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'An Archsoul fall (or a falling object striking something).' })
export class ArchsoulFallInput {
  @In.int('Whole metres fallen.', { min: 0, max: 1000, example: 7 })
  meters: number;

  @In.oneOf('Size of what falls (medium by default).', FALL_SIZES, FallSizeEnum, { optional: true })
  size?: 'small' | 'medium' | 'large';

  @In.int('Hardness of what falls or is struck, taken off the damage.', { optional: true, min: 0, max: 1000 })
  hardness?: number;

  @In.seed()
  seed?: string;
}
