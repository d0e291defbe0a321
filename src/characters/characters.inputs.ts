import { ArgsType, Field, InputType, registerEnumType } from '@nestjs/graphql';
import { Allow, IsObject, IsOptional } from 'class-validator';
import { GraphQLJSON } from 'graphql-scalars';
import { CampaignPageArgs } from '../campaigns/campaign.dto';
import { dashedEnumType, In } from '../common/schema';
import { SHEET_SYSTEMS } from '../core/characters/sheets';
import { anySheetInputSchema, sheetInputSchema } from './sheet-openapi';
import { SystemSheetInput, SystemSheetsInput } from './sheet-inputs';
import { GRADES } from '../core/encounters/encounter-tables';
import { ARCHSOUL_CHECK_ACTIONS } from '../core/harm/archsoul-condition';
import { AdversaryTagEnum, GradeEnum } from '../encounters/encounters.inputs';
import {
  ANIMAL_TRAININGS,
  AnimalTrainingEnum,
  CoeacFollowerInput,
  CoeacHirelingInput,
  FollowerSourceEnum,
} from '../characters-builder/builder.inputs';
import { NPC_KINDS, NPC_VISIBILITIES } from './characters.entities';

export const SheetSystemEnum = { coeac: 'coeac', cairn: 'cairn', archsoul: 'archsoul', gm: 'gm' } as const;
registerEnumType(SheetSystemEnum, { name: 'SheetSystem', description: 'A game system’s sheet.' });
export const ArchsoulCheckActionEnum = dashedEnumType(
  'ArchsoulCheckAction',
  ARCHSOUL_CHECK_ACTIONS,
  'What an Archsoul check does, for the statuses that act on it.',
);
export const NpcKindEnum = Object.fromEntries(NPC_KINDS.map((k) => [k, k])) as Record<string, string>;
registerEnumType(NpcKindEnum, { name: 'NpcKind', description: 'What an NPC is.' });
export const NpcVisibilityEnum = { referee: 'referee', players: 'players' } as const;
registerEnumType(NpcVisibilityEnum, { name: 'NpcVisibility', description: 'Who sees an NPC.' });
export const ADVERSARY_TAGS = ['elite', 'legendary'] as const;
export const FollowerLossReasonEnum = { died: 'died', departed: 'departed', dismissed: 'dismissed' } as const;
registerEnumType(FollowerLossReasonEnum, {
  name: 'FollowerLossReason',
  description: 'How a follower was lost.',
});

const NAME = { maxLength: 200 };

/** REST's body of a sheet PUT; GraphQL takes `PutSheetGraphqlInput` (its typed twin) under the same name. */
export class PutSheetInput {
  @In.object(
    'The sheet. COEAC: skills, saves, hp, maxHp, bonusHp, armor { kind, shield, blockUses, shieldBlockUses, itemId, shieldItemId }, class, classResources, ' +
      'boons, state, vestments [{ itemId, empower }], implements, barredSpells, weapons [{ name, skill, ranged, traits, ammunition, itemId }]. Cairn: str, dex, wil { current, max }, hp, maxHp, armor, worn, deprived, scars, state, ' +
      'weapons [{ name, die, bulky, blast, itemId }]. Archsoul: stats, hp, maxHp, fatigue, statuses. G&M: attributes (the deprecated `abilities` still accepted), archetypes, species, reactions, survival, ' +
      'verve, injuries, mojo { current, max }, experience, movement, helmet, armor, shield { name, kind, defense, itemId }, fields, specialties, spellBook, memorizedSpells, weapons [{ name, dice, kind, attackBonus, itemId }]. Its schema is the input twin of the ' +
      'system’s sheet (CoeacSheetInput, CairnSheetInput, ArchsoulSheetInput, GmSheetInput). Every system: notes (text, at most 4000) and portraitUrl (an absolute https URL, at most 2048), which the bound player may set too.',
    { schema: anySheetInputSchema() },
  )
  sheet: Record<string, unknown>;
}

const JSON_SHEET_DEPRECATION =
  'Typed sheets replace the JSON form (docs/api-style.md, "Sheets as inputs"); accepted until /v2.';

/**
 * GraphQL's sheet PUT (docs/api-style.md): the sheet typed in `systemSheet`, in the member of the
 * `system` argument. The JSON `sheet` taken before stays accepted, deprecated, until /v2.
 */
@InputType('PutSheetInput', {
  description: 'A sheet in its system’s words (docs/characters.md lists every field): `systemSheet`, typed.',
})
export class PutSheetGraphqlInput {
  @Field(() => SystemSheetInput, {
    nullable: true,
    description:
      'The sheet, in the member of the `system` argument (`{ coeac: { hp: 6, skills: [{ name: "Stealth", value: 2 }] } }`). Required unless the deprecated `sheet` is sent.',
  })
  @Allow()
  systemSheet?: SystemSheetInput;

  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'Deprecated: the sheet as a JSON object in the REST body’s shape. Use `systemSheet`.',
    deprecationReason: JSON_SHEET_DEPRECATION,
  })
  @IsOptional()
  @IsObject()
  sheet?: Record<string, unknown>;
}

@InputType({ description: 'The referee’s direct change of one tracked value.' })
export class ConditionAdjustmentInput {
  @In.oneOf('The sheet’s system.', SHEET_SYSTEMS, SheetSystemEnum)
  system: string;

  @In.string(
    'The tracked value’s path: hp, maxHp, str.current, armor.blockUses, classResources.Luck.current, …',
    {
      maxLength: 200,
    },
  )
  field: string;

  @In.int('The change: positive raises, negative lowers; not zero.', { min: -100_000, max: 100_000 })
  delta: number;

  @In.string('Why (kept on the ledger).', { maxLength: 200 })
  reason: string;
}

@InputType({ description: 'The sheets an NPC starts with, by system.' })
export class NpcSheetsInput {
  @In.object('A COEAC sheet (NPCs may carry `pool`, rolled without the +2).', {
    optional: true,
    schema: sheetInputSchema('coeac'),
  })
  coeac?: Record<string, unknown>;

  @In.object('A Cairn sheet.', { optional: true, schema: sheetInputSchema('cairn') })
  cairn?: Record<string, unknown>;

  @In.object('An Archsoul sheet.', { optional: true, schema: sheetInputSchema('archsoul') })
  archsoul?: Record<string, unknown>;

  @In.object('A G&M sheet.', { optional: true, schema: sheetInputSchema('gm') })
  gm?: Record<string, unknown>;
}

/** REST's body of a new NPC; GraphQL takes `CreateNpcGraphqlInput` (its sheets typed) under the same name. */
@InputType({ isAbstract: true })
export class CreateNpcInput {
  @In.string('Its name.', NAME)
  name: string;

  @In.oneOf('What it is.', NPC_KINDS, NpcKindEnum)
  kind: string;

  @In.nested('Its sheets by system.', () => NpcSheetsInput, { optional: true })
  sheets?: NpcSheetsInput;

  @In.oneOf(
    'COEAC adversary grade: makes its COEAC sheet (Pool, HP, save Ob) unless one is sent.',
    GRADES,
    GradeEnum,
    {
      optional: true,
    },
  )
  grade?: string;

  @In.oneOf('Elite or legendary (with a grade).', ADVERSARY_TAGS, AdversaryTagEnum, { optional: true })
  tag?: string;

  @In.id('The character it serves (hirelings, followers, animals).', { optional: true, names: 'character' })
  boundTo?: string;

  @In.oneOf(
    'referee (default): only the referee knows it; players: every key sees it.',
    NPC_VISIBILITIES,
    NpcVisibilityEnum,
    {
      optional: true,
    },
  )
  visibility?: string;

  @In.bool('For a shown NPC: whether other keys see its numbers (sheets, grade) too. Default false.', {
    optional: true,
  })
  showNumbers?: boolean;

  @In.string('What other keys see of its state ("wounded", "fleeing").', { optional: true, maxLength: 200 })
  visibleState?: string;

  @In.string('Referee notes (never shown to other keys).', { optional: true, maxLength: 4000 })
  notes?: string;

  @In.oneOf(
    'Followers and companion or familiar animals: feat (a Feat grants it: it comes back) or fiction (lost for good).',
    ['feat', 'fiction'],
    FollowerSourceEnum,
    { optional: true },
  )
  followerSource?: string;

  @In.oneOf(
    'Animals: untrained, trained, companion or familiar (its morale rule).',
    ANIMAL_TRAININGS,
    AnimalTrainingEnum,
    {
      optional: true,
    },
  )
  training?: string;
}

/** GraphQL's new NPC (docs/api-style.md): its sheets typed in `systemSheets`; the JSON `sheets`, deprecated. */
@InputType('CreateNpcInput', { description: 'A new NPC (referee).' })
export class CreateNpcGraphqlInput extends CreateNpcInput {
  @Field(() => SystemSheetsInput, {
    nullable: true,
    description: 'Its sheets by system, typed (`{ cairn: { hp: 4, str: { current: 10, max: 10 } } }`).',
  })
  @Allow()
  systemSheets?: SystemSheetsInput;
}
// Its `sheets` (JSON members) stays in GraphQL, deprecated.
Field(() => NpcSheetsInput, {
  nullable: true,
  description:
    'Deprecated: its sheets by system as JSON objects in the REST body’s shape. Use `systemSheets`.',
  deprecationReason: JSON_SHEET_DEPRECATION,
})(CreateNpcGraphqlInput.prototype, 'sheets');

@InputType({ description: 'Changes to an NPC (referee); its sheets change through their own routes.' })
export class UpdateNpcInput {
  @In.string('Its name.', { ...{}, ...NAME, optional: true })
  name?: string;

  @In.oneOf('What it is.', NPC_KINDS, NpcKindEnum, { optional: true })
  kind?: string;

  @In.id('The character it serves; "" unbinds it.', { optional: true, allowEmpty: true, names: 'character' })
  boundTo?: string;

  @In.oneOf('Who sees it.', NPC_VISIBILITIES, NpcVisibilityEnum, { optional: true })
  visibility?: string;

  @In.bool('Whether other keys see its numbers.', { optional: true })
  showNumbers?: boolean;

  @In.string('What other keys see of its state.', { optional: true, maxLength: 200 })
  visibleState?: string;

  @In.string('Referee notes.', { optional: true, maxLength: 4000 })
  notes?: string;

  @In.oneOf(
    'Followers and companion or familiar animals: feat (a Feat grants it: it comes back) or fiction (lost for good).',
    ['feat', 'fiction'],
    FollowerSourceEnum,
    { optional: true },
  )
  followerSource?: string;

  @In.oneOf(
    'Animals: untrained, trained, companion or familiar (its morale rule).',
    ANIMAL_TRAININGS,
    AnimalTrainingEnum,
    {
      optional: true,
    },
  )
  training?: string;
}

@InputType({ description: 'A follower (or companion animal) lost: died, departed or dismissed (referee).' })
export class NpcLossInput {
  @In.oneOf('How it was lost.', ['died', 'departed', 'dismissed'], FollowerLossReasonEnum, { optional: true })
  reason?: string;

  @In.bool('Referee: seal the log entry (by default sealed unless the NPC’s numbers are shown).', {
    optional: true,
  })
  secret?: boolean;
}

@InputType({ description: 'A morale check of a stored hireling, follower or animal (referee).' })
export class NpcMoraleInput {
  @In.int(
    'Hirelings: the controlling player’s pool; by default 2 + the higher of the bound character’s Diplomacy and Streetwise.',
    { optional: true, min: 0, max: 1000 },
  )
  controllerPool?: number;

  @In.int('Trained animals: the d6 morale rating (1–6).', { optional: true, min: 1, max: 6 })
  rating?: number;

  @In.string('Trained animals: a disposition of the encounters table, instead of a rating.', {
    optional: true,
    maxLength: 64,
  })
  disposition?: string;

  @In.bool('Trained animals: in mortal danger (a harder check).', { optional: true })
  mortalDanger?: boolean;

  @In.bool('Referee: seal the roll (by default sealed unless the NPC’s numbers are shown).', {
    optional: true,
  })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A check that reads the rating from the sheet.' })
export class SheetCheckInput {
  @In.oneOf('The sheet to read.', SHEET_SYSTEMS, SheetSystemEnum)
  system: string;

  @In.string(
    'COEAC: the Skill to test (case-insensitive). G&M: a skill of the sheet’s fields that applies to the roll (its field’s bonus is added).',
    { optional: true, maxLength: 64 },
  )
  skill?: string;

  @In.string(
    'G&M: a specialty of the sheet the roll involves (case-insensitive): the bonus the sheet gives it is added, named in `modifiers`.',
    { optional: true, maxLength: 64 },
  )
  specialty?: string;

  @In.string('COEAC: the Save to test (case-insensitive).', { optional: true, maxLength: 64 })
  save?: string;

  @In.string('Cairn: STR, DEX or WIL (saved against its current value). G&M: an ability.', {
    optional: true,
    maxLength: 64,
  })
  attribute?: string;

  @In.string('G&M: the reaction rolled (health, fortitude, willpower, evasion, reason, perception).', {
    optional: true,
    maxLength: 64,
  })
  reaction?: string;

  @In.idList('Archsoul: the stats whose values make the pool (usually an attribute and a skill).', {
    optional: true,
    maxItems: 6,
  })
  stats?: string[];

  @In.oneOf(
    'Archsoul: what the check does, for the statuses that act on it (Restrained and Grappled refuse some actions, Knocked Down makes a melee attack harder). Absent: a skill check.',
    ARCHSOUL_CHECK_ACTIONS,
    ArchsoulCheckActionEnum,
    { optional: true },
  )
  action?: string;

  @In.int('COEAC: the Objective (Ob); Archsoul: successes needed (1 by default).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  objective?: number;

  @In.int('Archsoul: the difficulty rating (clamped to 2–6).', { optional: true, min: -1000, max: 1000 })
  difficulty?: number;

  @In.int('G&M: added to the target (negative is a penalty).', { optional: true, min: -1000, max: 1000 })
  modifier?: number;

  @In.int('COEAC: bonus dice; Archsoul: extra dice.', { optional: true, min: 0, max: 1000 })
  bonusDice?: number;

  @In.int('COEAC: penalty dice.', { optional: true, min: 0, max: 1000 })
  penaltyDice?: number;

  @In.int('COEAC: helpers, each handing over one die.', { optional: true, min: 0, max: 100 })
  helpers?: number;

  @In.idList('COEAC: the task’s tags (stronghold tags that match add a die).', {
    optional: true,
    maxItems: 20,
  })
  taskTags?: string[];

  @In.string(
    'The task this check attempts (G&M 001:675; any system). After a failure the same task is refused (409 naming task) until it is reframed or a new session starts.',
    { optional: true, maxLength: 200 },
  )
  task?: string;

  @In.bool('The task is reframed as a different one (needs a new `framing`).', { optional: true })
  reframed?: boolean;

  @In.string('How the task is framed (required with reframed; kept with the attempt).', {
    optional: true,
    maxLength: 500,
  })
  framing?: string;

  @In.bool('Referee: seal the roll for every other key until revealed.', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@ArgsType()
export class NpcPageArgs extends CampaignPageArgs {
  @In.id('The NPC id.', { names: 'npc' })
  npcId: string;
}

@InputType({
  description: 'A Cairn hireling rolled into a campaign NPC: 3d6 STR, DEX, WIL and 1d6 HP, logged.',
})
export class CairnHirelingNpcInput {
  @In.string('Its name (default "Cairn hireling").', { optional: true, maxLength: 200 })
  name?: string;

  @In.string('Its role (the seed names role tables it does not print; the referee gives it).', {
    optional: true,
    maxLength: 100,
  })
  role?: string;

  @In.int('The Armor of what it wears (0 by default).', { optional: true, min: 0, max: 3 })
  armor?: number;

  @In.id('The character who hires it.', { optional: true, names: 'character' })
  boundTo?: string;

  @In.oneOf('Who sees it (default referee).', NPC_VISIBILITIES, NpcVisibilityEnum, { optional: true })
  visibility?: string;

  @In.bool('Whether other keys see its numbers (default false).', { optional: true })
  showNumbers?: boolean;

  @In.bool('Seal the roll (default: sealed unless the NPC is shown with its numbers).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({
  description:
    'A COEAC NPC made by the NPC maker (a Cost-table hireling, or a follower or animal from the referee’s numbers) and stored: Pool, Role and HP on its sheet.',
})
export class CoeacNpcMakeInput {
  @In.nested(
    'A hireling from its Cost-table line (as POST /v1/characters/coeac/hirelings).',
    () => CoeacHirelingInput,
    {
      optional: true,
    },
  )
  hireling?: CoeacHirelingInput;

  @In.nested('A follower or animal (as POST /v1/characters/coeac/followers).', () => CoeacFollowerInput, {
    optional: true,
  })
  follower?: CoeacFollowerInput;

  @In.id('The character it serves.', { optional: true })
  boundTo?: string;

  @In.oneOf('Who sees it (default referee).', NPC_VISIBILITIES, NpcVisibilityEnum, { optional: true })
  visibility?: string;

  @In.bool('Whether other keys see its numbers (default false).', { optional: true })
  showNumbers?: boolean;

  @In.oneOf(
    'Followers and companion or familiar animals: feat (comes back) or fiction (lost for good).',
    ['feat', 'fiction'],
    FollowerSourceEnum,
    { optional: true },
  )
  followerSource?: string;
}
