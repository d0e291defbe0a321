import { InputType, registerEnumType } from '@nestjs/graphql';
import { ScaleEnum } from '../campaign-state/campaign-state.inputs';
import { In } from '../common/schema';
import {
  ENCOUNTER_SCALES,
  GRADES,
  MAX_ENTRY_TEXT,
  MAX_FORMULA_SIDES,
  MAX_TABLE_ENTRIES,
  MORALE_DISPOSITIONS,
} from '../core/encounters';

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

@InputType({
  description: 'One entry of a table: a range (or a weight), its text and what the procedures read.',
})
export class TableEntryInputDto {
  @In.intList('[lowest, highest] total (or [total]); leave out to use weight.', {
    optional: true,
    minItems: 1,
    maxItems: 2,
    min: -1_000_000,
    max: 1_000_000,
  })
  range?: number[];

  @In.int('Relative weight (every entry of a weighted table has one; the formula is then 1dW).', {
    optional: true,
    min: 1,
    max: MAX_FORMULA_SIDES,
  })
  weight?: number;

  @In.string('What the entry says.', { maxLength: MAX_ENTRY_TEXT })
  text: string;

  @In.string('hazard, people, beasts, site, omen, weather … (lowercase; omen makes a check an omen).', {
    optional: true,
    maxLength: 32,
  })
  kind?: string;

  @In.string('Number appearing expression (see number-appearing).', { optional: true, maxLength: 200 })
  numberAppearing?: string;

  @In.oneOf('Adversary grade.', GRADES, GradeEnum, { optional: true })
  grade?: string;

  @In.oneOf('elite or legendary.', ADVERSARY_TAGS, AdversaryTagEnum, { optional: true })
  tag?: 'elite' | 'legendary';

  @In.id('A table of the campaign to draw on next (depth ≤ 5).', { optional: true, names: 'table' })
  subtableId?: string;

  @In.bool('Roll a reaction (default: when the kind is people).', { optional: true })
  reaction?: boolean;
}

@InputType({ description: 'A table given inline (stateless checks).' })
export class TableInput {
  @In.string('Dice formula: 1d6, 2d6, 1d100, d66, 1d6+1d4 … (derived from weights when left out).', {
    optional: true,
    maxLength: 64,
  })
  formula?: string;

  @In.nestedList('The entries.', () => TableEntryInputDto, { minItems: 1, maxItems: MAX_TABLE_ENTRIES })
  entries: TableEntryInputDto[];
}

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

  @In.nested(
    'An area table to draw the encounter from (its entries’ kinds tell omens apart).',
    () => TableInput,
    {
      optional: true,
    },
  )
  table?: TableInput;

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

  @In.id('The area table to draw from (default: the campaign’s default table for the scale, if set).', {
    optional: true,
    names: 'table',
  })
  tableId?: string;

  @In.bool('Seal the roll for non-referee keys (default true).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

// Referee tables

export const TABLE_VISIBILITIES = ['referee', 'players'] as const;
export const TableVisibilityEnum = { referee: 'referee', players: 'players' } as const;
registerEnumType(TableVisibilityEnum, {
  name: 'TableVisibility',
  description:
    'referee: only the referee’s keys know the table exists; players: every key may read and draw.',
});

export const IMPORT_FORMAT_VALUES = ['foundry', 'json', 'yaml', 'csv'] as const;
export const ImportFormatEnum = { foundry: 'foundry', json: 'json', yaml: 'yaml', csv: 'csv' } as const;
registerEnumType(ImportFormatEnum, {
  name: 'TableImportFormat',
  description:
    'foundry: Foundry VTT RollTable documents (JSON or YAML); json: simple JSON; yaml: a YAML RollTable or simple table; csv: lines separated by |, commas or semicolons.',
});

/** The most characters an import's content may have; the body limit (IMPORT_MAX_BODY_BYTES) is the real bound. */
export const MAX_IMPORT_CONTENT = 16_777_216;

export const EXPORT_FORMAT_VALUES = ['foundry'] as const;
export const ExportFormatEnum = { foundry: 'foundry' } as const;
registerEnumType(ExportFormatEnum, {
  name: 'TableExportFormat',
  description: 'foundry: a Foundry VTT RollTable.',
});

export const TableScaleEnum = ScaleEnum;

@InputType({ description: 'A referee table (SPEC 5.4).' })
export class CreateTableInput extends TableInput {
  @In.string('The name.', { maxLength: 200 })
  name: string;

  @In.string('The area it belongs to.', { optional: true, maxLength: 200 })
  area?: string;

  @In.oneOf('The scale it is rolled at.', ENCOUNTER_SCALES, ScaleEnum, { optional: true })
  scale?: (typeof ENCOUNTER_SCALES)[number];

  @In.oneOf('referee (default) or players.', TABLE_VISIBILITIES, TableVisibilityEnum, { optional: true })
  visibility?: (typeof TABLE_VISIBILITIES)[number];

  @In.bool('Foundry’s draw-with-replacement flag, kept for the export (default true).', { optional: true })
  replacement?: boolean;

  @In.bool('Let totals no entry covers mean "nothing happens" (default false: every total is covered).', {
    optional: true,
  })
  allowGaps?: boolean;

  @In.string('Notes for the referee.', { optional: true, maxLength: 2000 })
  description?: string;
}

@InputType({ description: 'A table file to import.' })
export class ImportTableInput {
  @In.oneOf(
    'foundry, json, yaml or csv; left out, the shape is read from the content.',
    IMPORT_FORMAT_VALUES,
    ImportFormatEnum,
    {
      optional: true,
    },
  )
  format?: (typeof IMPORT_FORMAT_VALUES)[number];

  @In.string(
    'The file’s text: Foundry RollTable JSON or YAML (one or several tables), simple JSON or YAML, or CSV (|, comma or semicolon). The request may be as large as IMPORT_MAX_BODY_BYTES.',
    { maxLength: MAX_IMPORT_CONTENT },
  )
  content: string;

  @In.string('The name (default: the file’s, else "Imported table").', { optional: true, maxLength: 200 })
  name?: string;

  @In.string('The formula, overriding the file’s.', { optional: true, maxLength: 64 })
  formula?: string;

  @In.string('The area it belongs to.', { optional: true, maxLength: 200 })
  area?: string;

  @In.oneOf('The scale it is rolled at.', ENCOUNTER_SCALES, ScaleEnum, { optional: true })
  scale?: (typeof ENCOUNTER_SCALES)[number];

  @In.oneOf('referee (default) or players.', TABLE_VISIBILITIES, TableVisibilityEnum, { optional: true })
  visibility?: (typeof TABLE_VISIBILITIES)[number];

  @In.bool('Let totals no entry covers mean "nothing happens" (default: the file’s flag, else false).', {
    optional: true,
  })
  allowGaps?: boolean;
}

@InputType({ description: 'A draw on a table.' })
export class DrawTableInput {
  @In.bool('Seal the roll for other keys (referee only; default true on referee tables).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

export const RECURRING_KINDS = ['character', 'monster'] as const;
export const RecurringKindEnum = { character: 'character', monster: 'monster' } as const;
registerEnumType(RecurringKindEnum, {
  name: 'RecurringKind',
  description: 'A recurring character or monster.',
});

@InputType({ description: 'A recurring character or monster.' })
export class RecurringInput {
  @In.string('The name.', { maxLength: 200 })
  name: string;

  @In.oneOf('character or monster (default character).', RECURRING_KINDS, RecurringKindEnum, {
    optional: true,
  })
  kind?: 'character' | 'monster';

  @In.string('Notes for the referee.', { optional: true, maxLength: 1000 })
  notes?: string;

  @In.id('An NPC of the campaign that plays this member (its sheet and numbers live there).', {
    optional: true,
    names: 'npc',
  })
  npcId?: string;
}

@InputType({ description: 'The campaign’s default table per scale (null clears one) and recurring chance.' })
export class EncounterSettingsInput {
  @In.id('Default table for overland checks.', { optional: true, names: 'table' })
  overland?: string | null;

  @In.id('Default table for exploration checks.', { optional: true, names: 'table' })
  exploration?: string | null;

  @In.id('Default table for water checks.', { optional: true, names: 'table' })
  water?: string | null;

  @In.int('Chance in 6 that an encounter is recurring (default 2).', { optional: true, min: 0, max: 6 })
  recurringChance?: number;
}

// Chases (G&M)

@InputType({ description: 'One side of a chase.' })
export class ChaseSideInput {
  @In.int('Agility score.', { min: 0, max: 1000 })
  agility: number;

  @In.int('Movement rate.', { min: 0, max: 1000 })
  movement: number;

  @In.int('Bonus (relevant skills).', { optional: true, min: 0, max: 1000 })
  bonus?: number;

  @In.int('Penalty.', { optional: true, min: 0, max: 1000 })
  penalty?: number;
}

@InputType({ description: 'A G&M chase: an agility contest.' })
export class ChaseInput {
  @In.nested('The side running away.', () => ChaseSideInput)
  quarry: ChaseSideInput;

  @In.nested('The side giving chase.', () => ChaseSideInput)
  chaser: ChaseSideInput;

  @In.int('Rounds rolled before the chase is left going on (default 50).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  maxRounds?: number;

  @In.seed()
  seed?: string;
}
