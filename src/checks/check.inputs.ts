import { ArgsType, InputType, registerEnumType } from '@nestjs/graphql';
import { ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { dashedEnumType, In } from '../common/schema';

/** Upper bound on any count in a check; the configured dice limits are enforced when rolling. */
const BIG = 1_000_000;

/** A task's tags: up to 20 strings of 1 to 100 characters, validated on the fast path too. */
function taskTagList(description: string): PropertyDecorator {
  return In.stringList(description, { optional: true, maxItems: 20, maxLength: 100 });
}

export const OBSTACLE_SCALINGS = ['doubling', 'linear'] as const;
export const ObstacleScalingEnum = { doubling: 'doubling', linear: 'linear' } as const;
registerEnumType(ObstacleScalingEnum, {
  name: 'ObstacleScaling',
  description: 'doubling: the penalty grows by 1 each time the obstacle doubles; linear: penalty = size.',
});

export const DIFFICULTY_LEVEL_IDS = [
  'incredibly-easy',
  'a-snap',
  'very-easy',
  'easy',
  'normal',
  'difficult',
  'very-difficult',
  'extremely-difficult',
  'nearly-impossible',
  'practically-impossible',
] as const;
export const DifficultyLevelEnum = dashedEnumType(
  'DifficultyLevel',
  DIFFICULTY_LEVEL_IDS,
  'G&M named difficulty levels.',
);

export const CONTEST_SIDES = ['acting', 'resisting'] as const;
export const ContestSideEnum = { acting: 'acting', resisting: 'resisting' } as const;
registerEnumType(ContestSideEnum, { name: 'ContestSide', description: 'A side of a two-sided contest.' });
export const CONTEST_MODES = ['opposed', 'same-goal'] as const;
export const ContestModeEnum = { opposed: 'opposed', same_goal: 'same-goal' } as const;
registerEnumType(ContestModeEnum, {
  name: 'ContestMode',
  description: 'opposed: one side acts, the other resists; same-goal: both race for the same thing.',
});

@InputType({ description: 'A COEAC dice pool.' })
export class PoolSideInput {
  @In.int('Base pool: 2 + the skill or save rating.', { min: 0, max: BIG, example: 6 })
  pool: number;

  @In.int('Bonus dice added to the pool.', { optional: true, min: 0, max: BIG })
  bonusDice?: number;

  @In.int('Penalty dice taken from the pool (never below zero dice).', { optional: true, min: 0, max: BIG })
  penaltyDice?: number;

  @In.int('Helping dice: one per helper.', { optional: true, min: 0, max: BIG })
  helpers?: number;
}

/** PoolCheckInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `PoolCheckInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'PoolCheckInput',
  description: 'COEAC pool test: d6s, 4–6 is a success, pass on successes ≥ Ob.',
})
export class StatelessPoolCheckInput extends PoolSideInput {
  @In.int('The Objective (Ob): successes needed.', { min: 0, max: BIG, example: 3 })
  objective: number;

  @In.int('Free successes (+Ns): added to the margin of a test that passed.', {
    optional: true,
    min: 0,
    max: BIG,
  })
  freeSuccesses?: number;

  @In.seed()
  seed?: string;
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignPoolCheckInput`). */
@InputType({ description: 'COEAC pool test: d6s, 4–6 is a success, pass on successes ≥ Ob.' })
@ApiSchema({
  name: 'CampaignPoolCheckInput',
  description: 'COEAC pool test: d6s, 4–6 is a success, pass on successes ≥ Ob. Logged in a campaign.',
})
export class PoolCheckInput extends StatelessPoolCheckInput {
  @In.bool('Campaign checks only, referee only: log the roll sealed until the referee reveals it.', {
    optional: true,
  })
  secret?: boolean;

  @In.id('Campaign checks only: the acting character (its strongholds’ tags can add dice).', {
    optional: true,
    names: 'character',
  })
  characterId?: string;

  @taskTagList('Campaign checks only, with characterId: the task’s tags, matched against stronghold tags.')
  taskTags?: string[];
}

/** VersusCheckInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `VersusCheckInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'VersusCheckInput',
  description: 'COEAC versus test: both sides roll; more successes wins.',
})
export class StatelessVersusCheckInput {
  @In.nested('The first side (usually the one acting).', () => PoolSideInput)
  first: PoolSideInput;

  @In.nested('The second side.', () => PoolSideInput)
  second: PoolSideInput;

  @In.bool('In combat a tie costs each side 1 point of damage.', { optional: true })
  combat?: boolean;

  @In.seed()
  seed?: string;
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignVersusCheckInput`). */
@InputType({ description: 'COEAC versus test: both sides roll; more successes wins.' })
@ApiSchema({
  name: 'CampaignVersusCheckInput',
  description: 'COEAC versus test: both sides roll; more successes wins. Logged in a campaign.',
})
export class VersusCheckInput extends StatelessVersusCheckInput {
  @In.bool('Campaign checks only, referee only: log the roll sealed until the referee reveals it.', {
    optional: true,
  })
  secret?: boolean;
}

/** DamageRollInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `DamageRollInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'DamageRollInput',
  description: 'COEAC variable damage ("Nd"): each success is 1 damage.',
})
export class StatelessDamageRollInput {
  @In.int('N, the damage dice.', { min: 0, max: BIG, example: 4 })
  dice: number;

  @In.bool('A successful save halves the dice before rolling (rounding up).', { optional: true })
  saved?: boolean;

  @In.seed()
  seed?: string;
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignDamageRollInput`). */
@InputType({ description: 'COEAC variable damage ("Nd"): each success is 1 damage.' })
@ApiSchema({
  name: 'CampaignDamageRollInput',
  description: 'COEAC variable damage ("Nd"): each success is 1 damage. Logged in a campaign.',
})
export class DamageRollInput extends StatelessDamageRollInput {
  @In.bool('Campaign checks only, referee only: log the roll sealed until the referee reveals it.', {
    optional: true,
  })
  secret?: boolean;
}

/** DifficultyPoolCheckInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `DifficultyPoolCheckInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'DifficultyPoolCheckInput',
  description: 'Archsoul pool: every d6 at or above the difficulty is a success.',
})
export class StatelessDifficultyPoolCheckInput {
  @In.intList('The stats summed into the pool (usually two).', { min: 0, max: BIG, minItems: 1, maxItems: 6 })
  stats: number[];

  @In.int('Flat extra dice (may be negative).', { optional: true, min: -BIG, max: BIG })
  bonus?: number;

  @In.int('Difficulty rating; outside 2–6 it is clamped and the answer says so.', {
    min: -BIG,
    max: BIG,
    example: 5,
  })
  difficulty: number;

  @In.int('Successes needed to pass (default 1).', { optional: true, min: 0, max: BIG })
  objective?: number;

  @In.seed()
  seed?: string;
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignDifficultyPoolCheckInput`). */
@InputType({ description: 'Archsoul pool: every d6 at or above the difficulty is a success.' })
@ApiSchema({
  name: 'CampaignDifficultyPoolCheckInput',
  description: 'Archsoul pool: every d6 at or above the difficulty is a success. Logged in a campaign.',
})
export class DifficultyPoolCheckInput extends StatelessDifficultyPoolCheckInput {
  @In.bool('Campaign checks only, referee only: log the roll sealed until the referee reveals it.', {
    optional: true,
  })
  secret?: boolean;
}

/** SaveCheckInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `SaveCheckInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'SaveCheckInput',
  description: 'Cairn save: d20 ≤ attribute; a 1 always passes, a 20 always fails.',
})
export class StatelessSaveCheckInput {
  @In.int('The attribute (STR, DEX or WIL).', { min: 0, max: 30, example: 12 })
  attribute: number;

  @In.seed()
  seed?: string;
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignSaveCheckInput`). */
@InputType({ description: 'Cairn save: d20 ≤ attribute; a 1 always passes, a 20 always fails.' })
@ApiSchema({
  name: 'CampaignSaveCheckInput',
  description: 'Cairn save: d20 ≤ attribute; a 1 always passes, a 20 always fails. Logged in a campaign.',
})
export class SaveCheckInput extends StatelessSaveCheckInput {
  @In.bool('Campaign checks only, referee only: log the roll sealed until the referee reveals it.', {
    optional: true,
  })
  secret?: boolean;
}

/**
 * The stateless contest's sides (OpenAPI `AbilitySpecInput`) and the base of the G&M rolls that take
 * a score. Abstract in GraphQL: there `AbilitySpecInput` is `ContestSideInput` (the same members, the
 * score optional beside a sheet), so clients naming that type keep working.
 */
@InputType({ isAbstract: true })
@ApiSchema({ name: 'AbilitySpecInput', description: 'A G&M ability or reaction and its modifiers.' })
export class AbilitySpecInput {
  @In.int('The ability or reaction score.', { min: 0, max: BIG, example: 12 })
  score: number;

  @In.int('Bonuses (skills, field bonus, careful attempt …).', { optional: true, min: 0, max: BIG })
  bonus?: number;

  @In.int('Penalties (injuries, ailment strength …).', { optional: true, min: 0, max: BIG })
  penalty?: number;

  @In.number('Obstacle size, in multiples of the no-penalty size (default 1).', {
    optional: true,
    min: 1,
    max: 2 ** 40,
  })
  obstacleSize?: number;

  @In.oneOf('How the obstacle penalty grows.', OBSTACLE_SCALINGS, ObstacleScalingEnum, { optional: true })
  obstacleScaling?: 'doubling' | 'linear';

  @In.oneOf('A named difficulty level.', DIFFICULTY_LEVEL_IDS, DifficultyLevelEnum, { optional: true })
  difficulty?: (typeof DIFFICULTY_LEVEL_IDS)[number];
}

/** AbilityCheckInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `AbilityCheckInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'AbilityCheckInput',
  description: 'G&M ability or reaction roll: d20 ≤ the modified score.',
})
export class StatelessAbilityCheckInput extends AbilitySpecInput {
  @In.seed()
  seed?: string;
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignAbilityCheckInput`). */
@InputType({ description: 'G&M ability or reaction roll: d20 ≤ the modified score.' })
@ApiSchema({
  name: 'CampaignAbilityCheckInput',
  description: 'G&M ability or reaction roll: d20 ≤ the modified score. Logged in a campaign.',
})
export class AbilityCheckInput extends StatelessAbilityCheckInput {
  @In.bool('Campaign checks only, referee only: log the roll sealed until the referee reveals it.', {
    optional: true,
  })
  secret?: boolean;
}

/** ContestCheckInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `ContestCheckInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'ContestCheckInput',
  description: 'G&M contested action between an acting and a resisting side.',
})
export class StatelessContestCheckInput {
  @In.nested('The side trying to do something.', () => AbilitySpecInput)
  acting: AbilitySpecInput;

  @In.nested('The side resisting (or, in same-goal mode, racing).', () => AbilitySpecInput)
  resisting: AbilitySpecInput;

  @In.oneOf('opposed (default) or same-goal.', CONTEST_MODES, ContestModeEnum, { optional: true })
  mode?: 'opposed' | 'same-goal';

  @In.int('Rounds of both sides succeeding before the contest is called a draw (default 50).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  maxRounds?: number;

  @In.oneOf(
    'The side whose player asks for doubling because only its opponent cannot fail (each doubling is one more time step).',
    CONTEST_SIDES,
    ContestSideEnum,
    { optional: true },
  )
  requestDoubling?: 'acting' | 'resisting';

  @In.seed()
  seed?: string;
}

/** What a contest side reads from a G&M sheet when it names a character or NPC (issue 42). */
export const CONTEST_SHEET_FIELDS = ['characterId', 'npcId', 'attribute', 'reaction'] as const;

/** A contest side of the campaign route (OpenAPI `ContestSideInput`) and of GraphQL (`AbilitySpecInput`, its old name). */
@InputType('AbilitySpecInput', {
  description:
    'A G&M ability or reaction and its modifiers: the numbers, or (campaign checks) a character or NPC whose G&M sheet gives them.',
})
@ApiSchema({
  name: 'ContestSideInput',
  description:
    'A side of a campaign G&M contest: its numbers, or a character or NPC whose G&M sheet gives them.',
})
export class ContestSideInput {
  @In.id(
    'Campaign checks only: the character whose G&M sheet this side reads (the attribute or reaction, its level bonuses, the injury penalty and the sheet’s other penalties). A player’s key names its own characters.',
    { optional: true, names: 'character' },
  )
  characterId?: string;

  @In.id('Campaign checks only, referee only: the NPC whose G&M sheet this side reads.', {
    optional: true,
    names: 'npc',
  })
  npcId?: string;

  @In.string(
    'With characterId or npcId: the attribute rolled (strength, agility, endurance, intelligence, wisdom, charisma).',
    {
      optional: true,
      maxLength: 64,
    },
  )
  attribute?: string;

  @In.string(
    'With characterId or npcId: the reaction rolled (health, fortitude, willpower, evasion, reason, perception).',
    {
      optional: true,
      maxLength: 64,
    },
  )
  reaction?: string;

  @In.int(
    'The attribute or reaction score. Required unless characterId or npcId is sent; sent with one, it overrides the sheet’s and is named in the answer’s modifiers.',
    { optional: true, min: 0, max: BIG, example: 12 },
  )
  score?: number;

  @In.int(
    'Bonuses (skills, field bonus, careful attempt …). With a sheet, it replaces the sheet’s bonuses (named in modifiers).',
    { optional: true, min: 0, max: BIG },
  )
  bonus?: number;

  @In.int(
    'Penalties (injuries, ailment strength …). With a sheet, it replaces the sheet’s penalties (the injury penalty among them; named in modifiers).',
    { optional: true, min: 0, max: BIG },
  )
  penalty?: number;

  @In.number('Obstacle size, in multiples of the no-penalty size (default 1).', {
    optional: true,
    min: 1,
    max: 2 ** 40,
  })
  obstacleSize?: number;

  @In.oneOf('How the obstacle penalty grows.', OBSTACLE_SCALINGS, ObstacleScalingEnum, { optional: true })
  obstacleScaling?: 'doubling' | 'linear';

  @In.oneOf('A named difficulty level.', DIFFICULTY_LEVEL_IDS, DifficultyLevelEnum, { optional: true })
  difficulty?: (typeof DIFFICULTY_LEVEL_IDS)[number];
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignContestCheckInput`). */
@InputType({ description: 'G&M contested action between an acting and a resisting side.' })
@ApiSchema({
  name: 'CampaignContestCheckInput',
  description: 'G&M contested action between an acting and a resisting side. Logged in a campaign.',
})
export class ContestCheckInput {
  @In.nested(
    'The side trying to do something: its numbers, or a character or NPC to read them from.',
    () => ContestSideInput,
  )
  acting: ContestSideInput;

  @In.nested(
    'The side resisting (or, in same-goal mode, racing): its numbers, or a character or NPC.',
    () => ContestSideInput,
  )
  resisting: ContestSideInput;

  @In.oneOf('opposed (default) or same-goal.', CONTEST_MODES, ContestModeEnum, { optional: true })
  mode?: 'opposed' | 'same-goal';

  @In.int('Rounds of both sides succeeding before the contest is called a draw (default 50).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  maxRounds?: number;

  @In.oneOf(
    'The side whose player asks for doubling because only its opponent cannot fail (each doubling is one more time step).',
    CONTEST_SIDES,
    ContestSideEnum,
    { optional: true },
  )
  requestDoubling?: 'acting' | 'resisting';

  @In.seed()
  seed?: string;

  @In.bool(
    'Campaign checks only, referee only: log the roll sealed until the referee reveals it. A side reading an NPC whose numbers are hidden seals it unless false is sent.',
    { optional: true },
  )
  secret?: boolean;
}

@InputType({ description: 'One line of a table: totals min..max give result.' })
export class TableEntryInput {
  @In.int('Lowest total of the line.', { min: -BIG, max: BIG })
  min: number;

  @In.int('Highest total of the line.', { min: -BIG, max: BIG })
  max: number;

  @In.string('What the line says.', { maxLength: 500 })
  result: string;
}

/** TableRollInput as REST's stateless route takes it: without the campaign-only fields (OpenAPI `TableRollInput`). */
@InputType({ isAbstract: true })
@ApiSchema({
  name: 'TableRollInput',
  description: 'Roll a table’s dice and, when lines are given, look the result up.',
})
export class StatelessTableRollInput {
  @In.string('Dice: dN, MdN, d66, d100 or X-in-N (e.g. "2d6", "2-in-6").', {
    maxLength: 20,
    pattern: /^(\d{0,3}d\d{1,4}|\d{1,4}-in-\d{1,4})$/,
    example: '2d6',
  })
  dice: string;

  @In.nestedList('The table’s lines (no overlaps).', () => TableEntryInput, { optional: true, maxItems: 200 })
  entries?: TableEntryInput[];

  @In.seed()
  seed?: string;
}

/** The GraphQL input (stateless without `campaignId`) and the campaign route's body (OpenAPI `CampaignTableRollInput`). */
@InputType({ description: 'Roll a table’s dice and, when lines are given, look the result up.' })
@ApiSchema({
  name: 'CampaignTableRollInput',
  description: 'Roll a table’s dice and, when lines are given, look the result up. Logged in a campaign.',
})
export class TableRollInput extends StatelessTableRollInput {
  @In.bool('Campaign checks only, referee only: log the roll sealed until the referee reveals it.', {
    optional: true,
  })
  secret?: boolean;
}

/** GET /v1/odds/pool and the `poolOdds` query. */
@ArgsType()
export class PoolOddsQuery {
  @In.int('Dice in the pool (up to 10,000).', { min: 0, max: 10000, example: 12 })
  @Type(() => Number)
  dice: number;

  @In.int('Successes needed (Ob).', { min: 0, max: 10000, example: 6 })
  @Type(() => Number)
  objective: number;
}

/** GET /v1/odds/wager and the `wagerOdds` query. */
@ArgsType()
export class WagerOddsQuery {
  @In.int('Dice the roller has before wagering (0 when only the wager rolls).', {
    min: 0,
    max: 10000,
    example: 0,
  })
  @Type(() => Number)
  baseDice: number;

  @In.int('Successes needed (Ob).', { min: 0, max: 10000, example: 12 })
  @Type(() => Number)
  objective: number;

  @In.number('The chance wanted, above 0 and at most 1.', { min: 0.000001, max: 1 })
  @Type(() => Number)
  probability: number;
}
