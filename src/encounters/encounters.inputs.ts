import { InputType, registerEnumType } from '@nestjs/graphql';
import { ScaleEnum } from '../campaign-state/campaign-state.inputs';
import { In } from '../common/schema';
import { ENCOUNTER_SCALES, GRADES, MORALE_DISPOSITIONS } from '../core/encounters';

export const REACTION_SYSTEMS = ['coeac', 'cairn'] as const;
export const ReactionSystemEnum = { coeac: 'coeac', cairn: 'cairn' } as const;
registerEnumType(ReactionSystemEnum, { name: 'ReactionSystem', description: 'COEAC d6 or Cairn 2d6.' });

export const MORALE_SYSTEMS = ['coeac', 'coeac-hirelings', 'cairn'] as const;
export const MoraleSystemEnum = {
  coeac: 'coeac',
  coeac_hirelings: 'coeac-hirelings',
  cairn: 'cairn',
} as const;
registerEnumType(MoraleSystemEnum, {
  name: 'MoraleSystem',
  description: 'coeac: d6 against a rating; coeac-hirelings: a versus test; cairn: a WIL save.',
});

export const GradeEnum = Object.fromEntries(GRADES.map((g) => [g, g])) as Record<string, string>;
registerEnumType(GradeEnum, { name: 'AdversaryGrade', description: 'COEAC adversary grades.' });
export const ADVERSARY_TAGS = ['elite', 'legendary'] as const;
export const AdversaryTagEnum = { elite: 'elite', legendary: 'legendary' } as const;
registerEnumType(AdversaryTagEnum, {
  name: 'AdversaryTag',
  description: 'Elite: +50 % HP; Legendary: +100 % HP and +1d.',
});

export const DISPOSITIONS = MORALE_DISPOSITIONS.map((d) => d.disposition);
export const DispositionEnum = Object.fromEntries(DISPOSITIONS.map((d) => [d, d])) as Record<string, string>;
registerEnumType(DispositionEnum, {
  name: 'MoraleDispositionName',
  description: 'Our default COEAC morale ratings.',
});

const players = (description: string) => In.int(description, { optional: true, min: 0, max: 100 });

@InputType({ description: 'An encounter check at a scale of play.' })
export class EncounterCheckInput {
  @In.oneOf('The scale of play.', ENCOUNTER_SCALES, ScaleEnum)
  scale: (typeof ENCOUNTER_SCALES)[number];

  @players('Players at the table, for number appearing (default 4).')
  players?: number;

  @In.int('Chance in 6 that an encounter is a recurring character or monster (default 2).', {
    optional: true,
    min: 0,
    max: 6,
  })
  recurringChance?: number;

  @In.string('Number appearing as an expression of players (default "players").', {
    optional: true,
    maxLength: 200,
  })
  numberAppearing?: string;

  @In.bool('The encounter is with people: roll a reaction.', { optional: true })
  people?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A reaction roll.' })
export class ReactionInput {
  @In.oneOf('coeac (d6) or cairn (2d6).', REACTION_SYSTEMS, ReactionSystemEnum)
  system: (typeof REACTION_SYSTEMS)[number];

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A roll that needs only a seed.' })
export class SeedOnlyInput {
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A morale check: fields by system (see the description of each).' })
export class MoraleCheckInput {
  @In.oneOf('Which rule.', MORALE_SYSTEMS, MoraleSystemEnum)
  system: (typeof MORALE_SYSTEMS)[number];

  @In.int('coeac: the group’s morale rating, 1–6 (or send disposition).', { optional: true, min: 1, max: 6 })
  rating?: number;

  @In.oneOf('coeac: a named default disposition instead of a rating.', DISPOSITIONS, DispositionEnum, {
    optional: true,
  })
  disposition?: string;

  @In.bool('coeac: the creatures believe death is upon them: morale fails without a roll.', {
    optional: true,
  })
  mortalDanger?: boolean;

  @In.int('coeac-hirelings: the controlling player’s Diplomacy or Streetwise pool.', {
    optional: true,
    min: 0,
    max: 1000,
  })
  controllerPool?: number;

  @In.int('coeac-hirelings: the hirelings’ pool.', { optional: true, min: 0, max: 1000 })
  hirelingPool?: number;

  @In.int('cairn: the WIL of the group (or its leader), 0–30.', { optional: true, min: 0, max: 30 })
  wil?: number;

  @In.string('cairn: what called for the check (first-casualty, half-strength, zero-hp …).', {
    optional: true,
    maxLength: 100,
  })
  trigger?: string;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'An adversary of a grade.' })
export class AdversaryInput {
  @In.oneOf('The grade.', GRADES, GradeEnum)
  grade: string;

  @In.oneOf('elite or legendary (they do not stack).', ADVERSARY_TAGS, AdversaryTagEnum, { optional: true })
  tag?: 'elite' | 'legendary';

  @In.int('How many (default 1): the answer repeats the stats with the total HP.', {
    optional: true,
    min: 1,
    max: 1000,
  })
  count?: number;
}

@InputType({ description: 'A G&M surprise roll (perception).' })
export class SurpriseInput {
  @In.int('The perception score.', { min: 0, max: 40 })
  perception: number;

  @In.bool('Aware of the attackers: +4.', { optional: true })
  aware?: boolean;

  @In.bool('Asleep: −6.', { optional: true })
  asleep?: boolean;

  @In.int('Any other modifier.', { optional: true, min: -40, max: 40 })
  modifier?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Number appearing from an expression of the number of players.' })
export class NumberAppearingInput {
  @In.string('Whole numbers, players, NdM, + - *, / (rounding up), parentheses.', {
    maxLength: 200,
    example: '1d4+players',
  })
  expression: string;

  @In.int('Players at the table.', { min: 0, max: 100 })
  players: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'An encounter check in a campaign (logged; secret by default).' })
export class CampaignEncounterCheckInput {
  @In.oneOf('The scale (default: the clock’s).', ENCOUNTER_SCALES, ScaleEnum, { optional: true })
  scale?: (typeof ENCOUNTER_SCALES)[number];

  @players('Players (default: the roster’s size, else the number of characters).')
  players?: number;

  @In.int('Chance in 6 of a recurring character or monster (default 2).', { optional: true, min: 0, max: 6 })
  recurringChance?: number;

  @In.string('Number appearing expression (default "players").', { optional: true, maxLength: 200 })
  numberAppearing?: string;

  @In.bool('The encounter is with people: roll a reaction.', { optional: true })
  people?: boolean;

  @In.bool('Seal the roll for non-referee keys (default true).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}
