import { NEXT_CURSOR } from '../common/pagination';
import { ObjectType, registerEnumType } from '@nestjs/graphql';
import { PageOf } from '../common/pagination';
import { ScaleEnum } from '../campaign-state/campaign-state.inputs';
import { Out } from '../common/schema';
import { ENCOUNTER_SCALES, GRADES } from '../core/encounters';
import {
  ADVERSARY_TAGS,
  AdversaryTagEnum,
  GradeEnum,
  MORALE_SYSTEMS,
  MoraleSystemEnum,
  REACTION_SYSTEMS,
  ReactionSystemEnum,
  RECURRING_KINDS,
  RecurringKindEnum,
  TABLE_VISIBILITIES,
  TableVisibilityEnum,
} from './encounters.inputs';

const provenance = {
  seed: () => Out.string('The seed that reproduces the roll.'),
  rng: () => Out.string('The generator and its version.'),
};

export const ENCOUNTER_RESULTS = ['none', 'encounter', 'omen'] as const;
export const EncounterResultEnum = { none: 'none', encounter: 'encounter', omen: 'omen' } as const;
registerEnumType(EncounterResultEnum, {
  name: 'EncounterResult',
  description: 'What an encounter check found: nothing, an encounter or an omen.',
});

@ObjectType({ description: 'How many appear.' })
export class NumberAppearingView {
  @Out.string('The expression.')
  expression: string;

  @Out.int('How many appear.')
  count: number;

  @Out.int('The fewest the expression can give.')
  min: number;

  @Out.int('The most the expression can give.')
  max: number;
}

@ObjectType({ description: 'How far away the encounter starts.' })
export class DistanceView {
  @Out.int('The d6.')
  roll: number;

  @Out.string('extremely-close … very-far.')
  distance: string;

  @Out.string('What it means at the table.')
  label: string;
}

@ObjectType({ description: 'A reaction roll inside an encounter.' })
export class ReactionView {
  @Out.int('The d6.')
  roll: number;

  @Out.string('The starting attitude.')
  reaction: string;
}

@ObjectType({ description: 'The chances of each step of an encounter check.' })
export class EncounterCheckOdds {
  @Out.number('Chance the check gives an encounter.')
  encounter: number;

  @Out.number('Chance the check gives an omen.')
  omen: number;

  @Out.number('Chance an encounter is tied to a nearby site (null when no check is made).', {
    nullable: true,
  })
  siteTied: number | null;

  @Out.number('Chance an encounter is a recurring character or monster (null when no check is made).', {
    nullable: true,
  })
  recurring: number | null;

  @Out.number('Chance of the entry drawn, along its subtables (null without a table or a draw).', {
    nullable: true,
  })
  entry: number | null;

  @Out.number('Chance of the recurring cast member drawn by lot (null when none was drawn).', {
    nullable: true,
  })
  recurringMember: number | null;

  @Out.number('Chance of the distance rolled (null when none was rolled).', { nullable: true })
  distance: number | null;

  @Out.number('Chance of the reaction rolled (null when none was rolled).', { nullable: true })
  reaction: number | null;
}

@ObjectType({ description: 'A table entry with its exact probability.' })
export class TableEntryView {
  @Out.intList('[lowest, highest] total.')
  range: number[];

  @Out.int('Its weight, when the table was given by weights.', { nullable: true })
  weight: number | null;

  @Out.string('What the entry says.')
  text: string;

  @Out.string('hazard, people, beasts, site, omen, weather …', { nullable: true })
  kind: string | null;

  @Out.string('Number appearing expression.', { nullable: true })
  numberAppearing: string | null;

  @Out.string('Adversary grade.', { nullable: true })
  grade: string | null;

  @Out.string('elite or legendary.', { nullable: true })
  tag: string | null;

  @Out.id('The nested subtable.', { nullable: true })
  subtableId: string | null;

  @Out.bool('Whether a reaction is rolled (null: when the kind is people).', { nullable: true })
  reaction: boolean | null;

  @Out.number('Exact chance of landing on it.', { optional: true })
  probability?: number;
}

@ObjectType({ description: 'The chance of one draw.' })
export class DrawStepOdds {
  @Out.number('Chance of this entry on its table.')
  entry: number;
}

@ObjectType({ description: 'A draw on a nested subtable.' })
export class DrawStepView {
  @Out.id('The subtable.', { nullable: true })
  tableId: string | null;

  @Out.string('Its name.')
  tableName: string;

  @Out.int('2 for the first subtable, up to 5.')
  depth: number;

  @Out.int('The total rolled.')
  roll: number;

  @Out.intList('The faces.')
  faces: number[];

  @Out.int('The entry’s position (0-based; null when the roll landed in a gap: nothing happens).', {
    nullable: true,
  })
  entryIndex: number | null;

  @Out.nested('The entry (for a gap: the gap’s range and "Nothing happens.").', () => TableEntryView)
  entry: TableEntryView;

  @Out.bool('true when the roll landed on a total no entry covers (left out otherwise).', { optional: true })
  nothingHappens?: boolean;

  @Out.nested('Its chance.', () => DrawStepOdds)
  odds: DrawStepOdds;
}

@ObjectType({ description: 'The table entry an encounter check drew (fields read through its subtables).' })
export class EncounterEntryView {
  @Out.id('The table.', { nullable: true })
  tableId: string | null;

  @Out.int('The total rolled on the table.')
  roll: number;

  @Out.int('The entry’s position (0-based; null when the roll landed in a gap: nothing happens).', {
    nullable: true,
  })
  entryIndex: number | null;

  @Out.string('Its text (with the subtables’ entries after arrows).')
  text: string;

  @Out.string('Its kind.', { nullable: true })
  kind: string | null;

  @Out.string('Number appearing expression.', { nullable: true })
  numberAppearing: string | null;

  @Out.string('Adversary grade.', { nullable: true })
  grade: string | null;

  @Out.string('elite or legendary.', { nullable: true })
  tag: string | null;

  @Out.bool('Reaction flag.', { nullable: true })
  reaction: boolean | null;

  @Out.nestedList('Draws on nested subtables, in order.', () => DrawStepView)
  subdraws: DrawStepView[];
}

@ObjectType({ description: 'A recurring character or monster.' })
export class RecurringMemberView {
  @Out.id('Its id.')
  id: string;

  @Out.string('Its name.')
  name: string;
}

@ObjectType({ description: 'The numbers of the adversaries met.' })
export class EncounterAdversaryView {
  @Out.string('The grade.')
  grade: string;

  @Out.string('elite, legendary or null.', { nullable: true })
  tag: string | null;

  @Out.int('Dice in its pool.')
  pool: number;

  @Out.int('Hit points of one.')
  hp: number;

  @Out.int('The Objective of saves against it.')
  saveObjective: number;

  @Out.int('How many (the number appearing).')
  count: number;

  @Out.int('Hit points of them all.')
  totalHp: number;
}

@ObjectType({ description: 'An encounter check and, on an encounter, what it is.' })
export class EncounterCheckResult {
  @Out.oneOf('The scale of play.', ENCOUNTER_SCALES, ScaleEnum)
  scale: string;

  @Out.bool('False in a haven or in combat: no check is made.')
  checked: boolean;

  @Out.int('The check die, or null.', { nullable: true })
  roll: number | null;

  @Out.oneOf('none, encounter or omen.', ENCOUNTER_RESULTS, EncounterResultEnum)
  result: (typeof ENCOUNTER_RESULTS)[number];

  @Out.nested('The table entry drawn (with a table).', () => EncounterEntryView, { nullable: true })
  entry: EncounterEntryView | null;

  @Out.nested('How many appear (encounters only).', () => NumberAppearingView, { nullable: true })
  numberAppearing: NumberAppearingView | null;

  @Out.bool('Tied to a nearby site (encounters only).', { nullable: true })
  siteTied: boolean | null;

  @Out.bool('A recurring character or monster (encounters only).', { nullable: true })
  recurring: boolean | null;

  @Out.nested(
    'The recurring cast member, drawn by lot when the encounter is recurring.',
    () => RecurringMemberView,
    {
      nullable: true,
    },
  )
  recurringMember: RecurringMemberView | null;

  @Out.nested('How far away (encounters only).', () => DistanceView, { nullable: true })
  distance: DistanceView | null;

  @Out.nested('The reaction, for people.', () => ReactionView, { nullable: true })
  reaction: ReactionView | null;

  @Out.nested('The adversaries’ numbers, when the entry has a grade.', () => EncounterAdversaryView, {
    nullable: true,
  })
  adversary: EncounterAdversaryView | null;

  @Out.nested('The exact chances of each step.', () => EncounterCheckOdds)
  odds: EncounterCheckOdds;

  @Out.intList('Every face rolled, in order.')
  faces: number[];

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;

  @Out.id('The roll-log entry (campaign checks), else null.', { nullable: true })
  rollId: string | null;
}

@ObjectType({ description: 'A reaction roll with the chance of every reaction.' })
export class ReactionResult {
  @Out.oneOf('The system.', REACTION_SYSTEMS, ReactionSystemEnum)
  system: string;

  @Out.int('The total rolled.')
  roll: number;

  @Out.intList('The faces.')
  faces: number[];

  @Out.string('The reaction.')
  reaction: string;

  @Out.json('The chance of every reaction, by name.')
  odds: Record<string, number>;

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}

@ObjectType({ description: 'The chance of one reading of a d6.' })
export class DistanceOdds {
  @Out.number('The chance of this distance.')
  distance: number;
}

@ObjectType({ description: 'An encounter distance.' })
export class DistanceResult extends DistanceView {
  @Out.nested('Its chance.', () => DistanceOdds)
  odds: DistanceOdds;

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}

@ObjectType({ description: 'The chance the die of fate favours the characters.' })
export class FateOdds {
  @Out.number('Chance of 4 or more.')
  favourable: number;
}

@ObjectType({ description: 'Cairn’s die of fate.' })
export class DieOfFateResult {
  @Out.int('The d6.')
  roll: number;

  @Out.bool('4 or more: luck is with the characters.')
  favourable: boolean;

  @Out.nested('Its chance.', () => FateOdds)
  odds: FateOdds;

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}

@ObjectType({ description: 'The chance to hold.' })
export class PassOdds {
  @Out.number('Chance the check passes.')
  pass: number;
}

@ObjectType({ description: 'A morale check.' })
export class MoraleResult {
  @Out.oneOf('The rule used.', MORALE_SYSTEMS, MoraleSystemEnum)
  system: string;

  @Out.bool('True: they hold (or the hirelings keep order).')
  passed: boolean;

  @Out.intList('Every face rolled (none in mortal danger).')
  faces: number[];

  @Out.int('The number to roll under or at (rating or WIL); null for the versus test.', { nullable: true })
  target: number | null;

  @Out.bool('True when the result needed no roll (mortal danger).')
  automatic: boolean;

  @Out.nested('The exact chance to hold.', () => PassOdds)
  odds: PassOdds;

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}

@ObjectType({ description: 'An adversary’s numbers.' })
export class AdversaryResult {
  @Out.oneOf('The grade.', GRADES, GradeEnum)
  grade: string;

  @Out.oneOf('elite, legendary or null.', ADVERSARY_TAGS, AdversaryTagEnum, { nullable: true })
  tag: string | null;

  @Out.int('Dice in its pool.')
  pool: number;

  @Out.int('Hit points of one.')
  hp: number;

  @Out.int('The Objective of saves against it.')
  saveObjective: number;

  @Out.int('How many.')
  count: number;

  @Out.int('Hit points of them all.')
  totalHp: number;
}

@ObjectType({ description: 'The chance of being surprised.' })
export class SurpriseOdds {
  @Out.number('Chance of being surprised.')
  surprised: number;
}

@ObjectType({ description: 'A G&M surprise roll.' })
export class SurpriseResult {
  @Out.int('The d20.')
  roll: number;

  @Out.int('The perception target after modifiers.')
  target: number;

  @Out.bool(
    'Surprised: no action in the first round, then −2 defense and −3 to success rolls until shaken off.',
  )
  surprised: boolean;

  @Out.nested('The exact chance.', () => SurpriseOdds)
  odds: SurpriseOdds;

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}

@ObjectType({ description: 'Number appearing.' })
export class NumberAppearingResult extends NumberAppearingView {
  @Out.int('Players at the table.')
  players: number;

  @Out.intList('Every face rolled.')
  faces: number[];

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}

@ObjectType({ description: 'A default COEAC morale rating (ours: the seed’s table is missing).' })
export class MoraleDisposition {
  @Out.string('The name.')
  disposition: string;

  @Out.int('Holds on a d6 at or under this.')
  rating: number;

  @Out.string('Who fits it.')
  description: string;
}

@ObjectType({ description: 'Our default COEAC morale ratings.' })
export class MoraleDispositionList {
  @Out.nestedList('The dispositions, most skittish first.', () => MoraleDisposition)
  items: MoraleDisposition[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

// Referee tables

@ObjectType({ description: 'A referee table with the exact probability of each entry.' })
export class RefereeTable {
  @Out.id('Its id.')
  id: string;

  @Out.string('The name.')
  name: string;

  @Out.string('The dice formula.')
  formula: string;

  @Out.int('The lowest total the formula gives.')
  min: number;

  @Out.int('The highest total the formula gives.')
  max: number;

  @Out.nestedList('The entries, each with its probability.', () => TableEntryView)
  entries: TableEntryView[];

  @Out.string('The area.', { nullable: true })
  area: string | null;

  @Out.oneOf('The scale it is rolled at.', ENCOUNTER_SCALES, ScaleEnum, { nullable: true })
  scale: string | null;

  @Out.oneOf('referee or players.', TABLE_VISIBILITIES, TableVisibilityEnum)
  visibility: string;

  @Out.bool('Foundry’s draw-with-replacement flag (kept for the export).')
  replacement: boolean;

  @Out.bool('Totals no entry covers mean "nothing happens" (else every total must be covered).')
  allowGaps: boolean;

  @Out.number('The exact chance of a total no entry covers (0 unless allowGaps).')
  nothingHappens: number;

  @Out.string('Notes.', { nullable: true })
  description: string | null;

  @Out.string('When it was created.')
  createdAt: string;

  @Out.string('When it was last changed.')
  updatedAt: string;
}

export const RefereeTablePage = PageOf(RefereeTable, 'RefereeTablePage');

@ObjectType({
  description:
    'An imported table, with every table the import made (linked tables became subtables) and the links it could not keep.',
})
export class RefereeTableImport extends RefereeTable {
  @Out.stringList('Links to documents that are not tables of this import, kept as text (one line each).')
  warnings: string[];

  @Out.nestedList('Every table the import made, this one first.', () => RefereeTable)
  tables: RefereeTable[];
}

@ObjectType({ description: 'The chances of a draw.' })
export class TableDrawOdds {
  @Out.number('Chance of the entry on the table drawn.')
  entry: number;

  @Out.number('Chance of the whole path through nested subtables.')
  chain: number;
}

@ObjectType({ description: 'A draw on a referee table (logged; sealed on referee tables by default).' })
export class TableDrawResult {
  @Out.id('The table.')
  tableId: string;

  @Out.string('Its formula.')
  formula: string;

  @Out.int('The total rolled.')
  roll: number;

  @Out.intList('The faces of the table’s roll.')
  faces: number[];

  @Out.int('The entry’s position (0-based; null when the roll landed in a gap: nothing happens).', {
    nullable: true,
  })
  entryIndex: number | null;

  @Out.nested(
    'The entry (for a gap: the gap’s range, its chance and "Nothing happens.").',
    () => TableEntryView,
  )
  entry: TableEntryView;

  @Out.bool('The draw (or a subtable’s) landed on a total no entry covers, on a table that allows gaps.')
  nothingHappens: boolean;

  @Out.nestedList('Draws on nested subtables, in order.', () => DrawStepView)
  subdraws: DrawStepView[];

  @Out.nested('The exact chances.', () => TableDrawOdds)
  odds: TableDrawOdds;

  @Out.bool('Sealed for other keys until revealed.')
  secret: boolean;

  @Out.id('The roll-log entry.')
  rollId: string;

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}

@ObjectType({ description: 'A table exported for another tool.' })
export class TableExport {
  @Out.string('The format (foundry).')
  format: string;

  @Out.json('The document (REST answers it alone, ready to save as a file).')
  document: Record<string, unknown>;
}

@ObjectType({ description: 'A recurring character or monster of the referee’s cast.' })
export class RecurringCastMember {
  @Out.id('Its id.')
  id: string;

  @Out.string('The name.')
  name: string;

  @Out.oneOf('character or monster.', RECURRING_KINDS, RecurringKindEnum)
  kind: string;

  @Out.string('Notes.', { nullable: true })
  notes: string | null;

  @Out.id('The NPC that plays this member (characters domain), if any.', { nullable: true })
  npcId: string | null;

  @Out.string('When it joined the cast.')
  createdAt: string;
}

export const RecurringCastPage = PageOf(RecurringCastMember, 'RecurringCastPage');

@ObjectType({ description: 'The campaign’s encounter settings.' })
export class EncounterSettings {
  @Out.id('Default table for overland checks.', { nullable: true })
  overland: string | null;

  @Out.id('Default table for exploration checks.', { nullable: true })
  exploration: string | null;

  @Out.id('Default table for water checks.', { nullable: true })
  water: string | null;

  @Out.int('Chance in 6 that an encounter is recurring.')
  recurringChance: number;
}

// Chases

@ObjectType({ description: 'One side’s roll in a round.' })
export class ChaseSideRoll {
  @Out.int('The d20 (doubled when neither side could fail).')
  roll: number;

  @Out.int('The target.')
  target: number;

  @Out.bool('At or under the target.')
  passed: boolean;
}

@ObjectType({ description: 'A round of the chase.' })
export class ChaseRound {
  @Out.nested('The quarry’s roll.', () => ChaseSideRoll)
  quarry: ChaseSideRoll;

  @Out.nested('The chaser’s roll.', () => ChaseSideRoll)
  chaser: ChaseSideRoll;

  @Out.bool('Rolls counted double.')
  doubled: boolean;
}

@ObjectType({ description: 'The movement bonus.' })
export class ChaseMovementBonus {
  @Out.string('quarry, chaser or null.', { nullable: true })
  side: string | null;

  @Out.int('+1 per full 3 points of movement difference.')
  bonus: number;
}

@ObjectType({ description: 'The targets after modifiers.' })
export class ChaseTargets {
  @Out.int('The quarry’s.')
  quarry: number;

  @Out.int('The chaser’s.')
  chaser: number;
}

@ObjectType({ description: 'The exact chances of a chase.' })
export class ChaseOdds {
  @Out.number('The quarry gets away.')
  escaped: number;

  @Out.number('The quarry is caught.')
  caught: number;

  @Out.number('Neither (both failed, or the rounds ran out).')
  continues: number;
}

@ObjectType({ description: 'A G&M chase.' })
export class ChaseResult {
  @Out.string('escaped, caught or continues.')
  result: string;

  @Out.nested('The movement bonus.', () => ChaseMovementBonus)
  movementBonus: ChaseMovementBonus;

  @Out.nested('The targets.', () => ChaseTargets)
  targets: ChaseTargets;

  @Out.nestedList('The rounds.', () => ChaseRound)
  rounds: ChaseRound[];

  @Out.intList('Every face rolled.')
  faces: number[];

  @Out.nested('The exact chances.', () => ChaseOdds)
  odds: ChaseOdds;

  @provenance.seed()
  seed: string;

  @provenance.rng()
  rng: string;
}
