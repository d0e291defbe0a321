import { ObjectType } from '@nestjs/graphql';
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
} from './encounters.inputs';

const provenance = {
  seed: () => Out.string('The seed that reproduces the roll.'),
  rng: () => Out.string('The generator and its version.'),
};

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
}

@ObjectType({ description: 'An encounter check and, on an encounter, what it is.' })
export class EncounterCheckResult {
  @Out.oneOf('The scale of play.', ENCOUNTER_SCALES, ScaleEnum)
  scale: string;

  @Out.bool('False in a haven or in combat: no check is made.')
  checked: boolean;

  @Out.int('The check die, or null.', { nullable: true })
  roll: number | null;

  @Out.string('none, encounter or omen.')
  result: string;

  @Out.nested('How many appear (encounters only).', () => NumberAppearingView, { nullable: true })
  numberAppearing: NumberAppearingView | null;

  @Out.bool('Tied to a nearby site (encounters only).', { nullable: true })
  siteTied: boolean | null;

  @Out.bool('A recurring character or monster (encounters only).', { nullable: true })
  recurring: boolean | null;

  @Out.nested('How far away (encounters only).', () => DistanceView, { nullable: true })
  distance: DistanceView | null;

  @Out.nested('The reaction, for people.', () => ReactionView, { nullable: true })
  reaction: ReactionView | null;

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
}
