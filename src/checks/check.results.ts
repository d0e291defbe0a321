import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { Out } from '../common/schema';
import { Receipt } from '../receipts/receipt.model';

/*
 * Every check result carries the faces rolled, exact odds computed before rolling, the seed and
 * generator that reproduce it, and (for a check made in a campaign) the id of its roll-log entry.
 */

@ObjectType({ isAbstract: true })
export abstract class Provenance {
  @Out.string('The seed: send it again with the same inputs to get the same dice.')
  seed: string;

  @Out.string('The generator and its version ("<algorithm>@<version>").')
  rng: string;

  @Out.id('The roll-log entry, for a check made in a campaign; null otherwise.', { nullable: true })
  rollId: string | null;

  @Field(() => Receipt, {
    nullable: true,
    description:
      'The server’s Ed25519 signature, with the signed object in `document`. Stateless checks: over ' +
      '{ procedure, inputs, seed, rng, faces, outcome }, only when asked for (REST ?receipt=true; GraphQL ' +
      'signs when this field is selected). Campaign checks: always, the logged roll’s receipt over ' +
      '{ campaignId, rollId, procedure, inputs, seed, rng, faces, outcome, createdAt } (docs/feed.md).',
  })
  @ApiProperty({
    type: () => Receipt,
    required: false,
    description:
      'The signed receipt with the signed object in `document`: on a campaign check always, on a stateless ' +
      'check only with ?receipt=true (see docs/feed.md).',
  })
  receipt?: Receipt | null;
}

@ObjectType({ description: 'Exact chance that the check passes, before the dice are rolled.' })
export class SuccessOdds {
  @Out.number('Probability of passing, in [0, 1].')
  success: number;
}

@ObjectType({ description: 'A stronghold tag that gave a bonus die.' })
export class AppliedStrongholdTag {
  @Out.id('The stronghold.')
  strongholdId: string;

  @Out.string('The tag, as the stronghold writes it.')
  tag: string;
}

@ObjectType({ description: 'Bonus dice from the acting character’s and the company’s strongholds.' })
export class StrongholdBonus {
  @Out.int('One die per stronghold tag matching the task’s tags.')
  bonusDice: number;

  @Out.nestedList('The tags that matched.', () => AppliedStrongholdTag)
  applied: AppliedStrongholdTag[];
}

@ObjectType({ description: 'The outcome of a COEAC pool test.' })
export class PoolCheckResult extends Provenance {
  @Out.int('Dice rolled: pool + bonus dice + helpers − penalty dice, never below 0.')
  dice: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6.')
  successes: number;

  @Out.int('The Objective (Ob).')
  objective: number;

  @Out.bool('True when successes ≥ Ob.')
  passed: boolean;

  @Out.int('successes − Ob, plus free successes when the test passed.')
  margin: number;

  @Out.nested('Exact odds.', () => SuccessOdds)
  odds: SuccessOdds;

  @Field(() => StrongholdBonus, {
    nullable: true,
    description: 'Campaign checks made for a character: the stronghold tag dice already in `dice`.',
  })
  @ApiProperty({
    type: () => StrongholdBonus,
    required: false,
    description: 'Only when `characterId` was sent: the stronghold tag dice already in `dice`.',
  })
  strongholdBonus?: StrongholdBonus | null;

  @Out.int(
    'Campaign checks for a character attuned to more than three artifacts: penalty dice already in `dice`.',
    {
      optional: true,
    },
  )
  attunementPenaltyDice?: number | null;
}

@ObjectType({ description: 'One side of a versus test.' })
export class VersusSide {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6.')
  successes: number;
}

@ObjectType({ description: 'Exact chances of each result of a versus test.' })
export class VersusOdds {
  @Out.number('Probability that the first side wins.')
  first: number;

  @Out.number('Probability that the second side wins.')
  second: number;

  @Out.number('Probability of a tie.')
  tie: number;
}

export const VERSUS_WINNERS = ['first', 'second', 'tie'] as const;
export const VersusWinnerEnum = { first: 'first', second: 'second', tie: 'tie' } as const;
registerEnumType(VersusWinnerEnum, { name: 'VersusWinner' });

@ObjectType({ description: 'The outcome of a COEAC versus test.' })
export class VersusCheckResult extends Provenance {
  @Out.nested('The first side.', () => VersusSide)
  first: VersusSide;

  @Out.nested('The second side.', () => VersusSide)
  second: VersusSide;

  @Out.intList('All faces, the first side’s then the second’s.')
  faces: number[];

  @Out.oneOf('Who won.', VERSUS_WINNERS, VersusWinnerEnum)
  winner: string;

  @Out.int('The winner’s successes minus the loser’s (0 on a tie).')
  margin: number;

  @Out.int('Damage each side takes on a tie in combat (1), else 0.')
  tieDamage: number;

  @Out.nested('Exact odds.', () => VersusOdds)
  odds: VersusOdds;
}

@ObjectType({ description: 'Exact damage odds.' })
export class DamageOdds {
  @Out.number('Expected damage.')
  expected: number;

  @Out.numberList('P(damage = i) for i = 0 … dice.')
  distribution: number[];
}

@ObjectType({ description: 'The outcome of a COEAC variable-damage roll.' })
export class DamageRollResult extends Provenance {
  @Out.int('Dice rolled (halved, rounding up, after a successful save).')
  dice: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Damage dealt: faces of 4–6.')
  damage: number;

  @Out.nested('Exact odds.', () => DamageOdds)
  odds: DamageOdds;
}

@ObjectType({ description: 'Exact odds of an Archsoul pool.' })
export class DifficultyPoolOdds {
  @Out.number('Probability of at least the objective’s successes.')
  success: number;

  @Out.number('Chance that one die succeeds.')
  perDie: number;
}

@ObjectType({ description: 'The outcome of an Archsoul difficulty pool.' })
export class DifficultyPoolCheckResult extends Provenance {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('The difficulty asked for.')
  requestedDifficulty: number;

  @Out.int('The difficulty used, clamped to 2–6.')
  effectiveDifficulty: number;

  @Out.bool('True when the requested difficulty was outside 2–6.')
  clamped: boolean;

  @Out.int('Faces at or above the effective difficulty.')
  successes: number;

  @Out.int('Successes needed.')
  objective: number;

  @Out.bool('True when successes ≥ objective.')
  passed: boolean;

  @Out.nested('Exact odds.', () => DifficultyPoolOdds)
  odds: DifficultyPoolOdds;
}

export const SAVE_AUTOMATICS = ['always-passes', 'always-fails'] as const;
export const SaveAutomaticEnum = { always_passes: 'always-passes', always_fails: 'always-fails' } as const;
registerEnumType(SaveAutomaticEnum, { name: 'SaveAutomatic' });

@ObjectType({ description: 'The outcome of a Cairn save.' })
export class SaveCheckResult extends Provenance {
  @Out.int('The d20.')
  roll: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('The attribute saved against.')
  attribute: number;

  @Out.bool('True when the save passed.')
  passed: boolean;

  @Out.oneOf(
    'Set when a 1 (always passes) or a 20 (always fails) decided it.',
    SAVE_AUTOMATICS,
    SaveAutomaticEnum,
    {
      nullable: true,
    },
  )
  automatic: string | null;

  @Out.nested('Exact odds.', () => SuccessOdds)
  odds: SuccessOdds;
}

@ObjectType({ description: 'What changed the target number.' })
export class AbilityModifiers {
  @Out.int('Bonuses added.')
  bonus: number;

  @Out.int('Penalties subtracted.')
  penalty: number;

  @Out.int('The obstacle-size penalty subtracted.')
  obstacle: number;

  @Out.int('The difficulty level’s modifier (positive eases, negative hardens).')
  difficulty: number;
}

@ObjectType({ description: 'The outcome of a G&M ability or reaction roll.' })
export class AbilityCheckResult extends Provenance {
  @Out.int('The d20.')
  roll: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('The number to roll at or under.')
  target: number;

  @Out.nested('The modifiers applied.', () => AbilityModifiers)
  modifiers: AbilityModifiers;

  @Out.bool('True when roll ≤ target.')
  passed: boolean;

  @Out.nested('Exact odds.', () => SuccessOdds)
  odds: SuccessOdds;
}

@ObjectType({
  description:
    'A number a procedure took from the sheet or the request (issue 42): a sent number overrides the sheet’s, which is kept marked overridden.',
})
export class SheetReading {
  @Out.string(
    'The input it fills: intellect, skill, fatigue (crafting); score, bonus, penalty (G&M contest).',
  )
  field: string;

  @Out.string(
    'Where it comes from: the sheet’s entry ("stats.Intellect", "abilities.strength", "reactions.evasion", "injuries", "ailment:…", "fatigue") or "request" for a number sent.',
  )
  source: string;

  @Out.int('The number (fatigue: 0 none, 1 fatigued, 2 exhausted; a penalty is negative).')
  amount: number;

  @Out.bool('True for a sheet’s reading that a sent number replaced.')
  overridden: boolean;
}

@ObjectType({ description: 'One side’s roll in a contest round.' })
export class ContestSideRoll {
  @Out.int('The d20 (doubled when the round was doubled).')
  roll: number;

  @Out.int('The target number.')
  target: number;

  @Out.bool('True when the roll succeeded.')
  passed: boolean;
}

@ObjectType({ description: 'One round of a contest.' })
export class ContestRound {
  @Out.nested('The acting side.', () => ContestSideRoll)
  acting: ContestSideRoll;

  @Out.nested('The resisting side.', () => ContestSideRoll)
  resisting: ContestSideRoll;

  @Out.bool('True when rolls were doubled because neither side could fail.')
  doubled: boolean;
}

@ObjectType({ description: 'Exact chances of each end of a contest.' })
export class ContestOdds {
  @Out.number('Probability that the acting side wins.')
  acting: number;

  @Out.number('Probability that the resisting side wins.')
  resisting: number;

  @Out.number('Probability of a draw.')
  draw: number;
}

export const CONTEST_WINNERS = ['acting', 'resisting', 'draw'] as const;
export const ContestWinnerEnum = { acting: 'acting', resisting: 'resisting', draw: 'draw' } as const;
registerEnumType(ContestWinnerEnum, { name: 'ContestWinner' });

@ObjectType({
  description: 'What each side of a contest read from a G&M sheet, and the numbers sent over it.',
})
export class ContestReadings {
  @Out.nestedList(
    'The acting side’s readings (empty when it sent its numbers without a sheet).',
    () => SheetReading,
  )
  acting: SheetReading[];

  @Out.nestedList(
    'The resisting side’s readings (empty when it sent its numbers without a sheet).',
    () => SheetReading,
  )
  resisting: SheetReading[];
}

@ObjectType({ description: 'The outcome of a G&M contested action.' })
export class ContestCheckResult extends Provenance {
  @Out.oneOf('Who won.', CONTEST_WINNERS, ContestWinnerEnum)
  winner: string;

  @Out.nestedList('Every round rolled.', () => ContestRound)
  rounds: ContestRound[];

  @Out.intList('All faces, in order.')
  faces: number[];

  @Out.int(
    'How many steps the time scale moved (immediately, a round, a minute, ten minutes, an hour, a day …).',
  )
  timeSteps: number;

  @Out.nested('Exact odds.', () => ContestOdds)
  odds: ContestOdds;

  @Out.nested(
    'Campaign contests whose side named a character or NPC: where each side’s score, bonus and penalty came from (the sheet, or a number sent that overrides it). Absent otherwise.',
    () => ContestReadings,
    { optional: true },
  )
  modifiers?: ContestReadings;
}

@ObjectType({ description: 'A table line.' })
export class TableEntry {
  @Out.int('Lowest total.')
  min: number;

  @Out.int('Highest total.')
  max: number;

  @Out.string('What the line says.')
  result: string;
}

@ObjectType({ description: 'Exact odds of a table roll.' })
export class TableOdds {
  @Out.number('Probability of exactly this total.')
  outcome: number;

  @Out.number('For X-in-N: probability of success.', { nullable: true })
  success: number | null;

  @Out.number('Probability of landing on the matched line.', { nullable: true })
  entry: number | null;
}

@ObjectType({ description: 'The outcome of a table roll.' })
export class TableRollResult extends Provenance {
  @Out.string('The dice, normalised.')
  dice: string;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('The total (d66: tens and units; X-in-N: the die).')
  total: number;

  @Out.bool('For X-in-N: whether it came up; null otherwise.', { nullable: true })
  success: boolean | null;

  @Out.nested('The matched line, or null.', () => TableEntry, { nullable: true })
  entry: TableEntry | null;

  @Out.nested('Exact odds.', () => TableOdds)
  odds: TableOdds;
}

@ObjectType({ description: 'Exact chance of at least `objective` successes on `dice` COEAC dice.' })
export class PoolOdds {
  @Out.int('Dice in the pool.')
  dice: number;

  @Out.int('Successes needed.')
  objective: number;

  @Out.number('Exact probability, in [0, 1].')
  probability: number;
}

@ObjectType({ description: 'The smallest wager that reaches the chance asked for.' })
export class WagerOdds {
  @Out.int('Cash dice to wager.')
  wager: number;

  @Out.number('The exact chance with that wager (≥ the chance asked for).')
  probability: number;
}
