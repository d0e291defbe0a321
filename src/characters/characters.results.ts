import { Field, ObjectType } from '@nestjs/graphql';
import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { PageOf } from '../common/pagination';
import { Out } from '../common/schema';
import { AbilityModifiers, StrongholdBonus } from '../checks/check.results';
import { NPC_KINDS, NPC_VISIBILITIES } from './characters.entities';
import { NpcKindEnum, NpcVisibilityEnum, SheetSystemEnum } from './characters.inputs';
import { SHEET_SYSTEMS } from '../core/characters/sheets';
import {
  ArchsoulSheet,
  CairnSheet,
  CoeacSheet,
  GmSheet,
  SHEET_SCHEMAS,
  SystemSheet,
  tagSheetSystem,
} from './sheet-schemas';

@ObjectType({
  description: 'A character’s or NPC’s sheets, one per system it has (with what the server derives).',
})
export class CharacterSheets {
  @Out.nested('The COEAC sheet.', () => CoeacSheet, { optional: true })
  coeac?: CoeacSheet;

  @Out.nested('The Cairn sheet.', () => CairnSheet, { optional: true })
  cairn?: CairnSheet;

  @Out.nested('The Archsoul sheet.', () => ArchsoulSheet, { optional: true })
  archsoul?: ArchsoulSheet;

  @Out.nested('The G&M sheet.', () => GmSheet, { optional: true })
  gm?: GmSheet;
}

@ObjectType({ description: 'One change of one tracked value on the condition ledger.' })
export class ConditionEntry {
  @Out.id('The entry id.')
  id: string;

  @Out.string('character or npc.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.oneOf('The sheet’s system.', SHEET_SYSTEMS, SheetSystemEnum)
  system: string;

  @Out.string('The tracked value’s path in the sheet (hp, str.current, classResources.Luck.current).')
  field: string;

  @Out.int('The change.')
  delta: number;

  @Out.int('The value after the change.')
  valueAfter: number;

  @Out.string('roll, procedure, adjustment (the referee’s) or sheet (the referee’s PUT of the sheet).')
  cause: string;

  @Out.string('The procedure that made the change, if any.', { nullable: true })
  procedure: string | null;

  @Out.id('The roll that caused it, if any.', { nullable: true })
  rollId: string | null;

  @Out.string('The referee’s reason, if given.', { nullable: true })
  reason: string | null;

  @Out.id('The session in progress then, if any.', { nullable: true })
  sessionId: string | null;

  @Out.id('The key that made the change.')
  keyId: string;

  @Out.string('When (ISO-8601, UTC).')
  createdAt: string;
}

export const ConditionEntryPage = PageOf(ConditionEntry, 'ConditionEntryPage');

@ObjectType({ description: 'One sheet of a character or NPC.' })
@ApiExtraModels(CoeacSheet, CairnSheet, ArchsoulSheet, GmSheet)
export class SheetAnswer {
  @Out.string('character or npc.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.oneOf('The system.', SHEET_SYSTEMS, SheetSystemEnum)
  system: string;

  @Field(() => SystemSheet, {
    description: 'The sheet in the game’s words, with what the server derives: the type of its `system`.',
    middleware: [tagSheetSystem],
  })
  @ApiProperty({
    description:
      'The sheet in the game’s words, with what the server derives: the schema of its `system` ' +
      '(the document answers SheetAnswer as a oneOf discriminated by `system`).',
    oneOf: SHEET_SYSTEMS.map((system) => ({ $ref: getSchemaPath(SHEET_SCHEMAS[system]) })),
  })
  sheet: object;

  @Out.string('When it last changed (ISO-8601, UTC).')
  updatedAt: string;

  @Out.nestedList(
    'Writes: the ledger entries the write made (one per tracked value changed).',
    () => ConditionEntry,
    {
      optional: true,
    },
  )
  conditions?: ConditionEntry[];
}

@ObjectType({ description: 'A referee’s adjustment: the sheet after it and its ledger entries.' })
export class ConditionAdjustmentResult {
  @Out.nested('The sheet after the change.', () => SheetAnswer)
  sheet: SheetAnswer;

  @Out.nestedList('Its ledger entries (a lowered maximum also lowers what it caps).', () => ConditionEntry)
  entries: ConditionEntry[];
}

@ObjectType({ description: 'A campaign NPC, as the asking key may see it.' })
export class Npc {
  @Out.id('The NPC id.')
  id: string;

  @Out.string('Its name.')
  name: string;

  @Out.oneOf('What it is.', NPC_KINDS, NpcKindEnum)
  kind: string;

  @Out.oneOf('Who sees it.', NPC_VISIBILITIES, NpcVisibilityEnum)
  visibility: string;

  @Out.bool('Whether other keys see its numbers.')
  showNumbers: boolean;

  @Out.string(
    'What other keys see of its state, in words: the referee’s own (`visibleState` on the NPC), or, ' +
      'when the referee set none, how hurt its sheet looks (unhurt, wounded, badly wounded, down, ' +
      'dead; null without a sheet). Never a number.',
    { nullable: true },
  )
  visibleState: string | null;

  @Out.id('The character it serves, if any.', { nullable: true })
  boundTo: string | null;

  @Out.string('COEAC adversary grade (null when hidden or none).', { nullable: true })
  grade: string | null;

  @Out.string('elite or legendary (null when hidden or none).', { nullable: true })
  tag: string | null;

  @Out.nested('Its sheets (null when its numbers are hidden from this key).', () => CharacterSheets, {
    nullable: true,
  })
  sheets: CharacterSheets | null;

  @Out.string('Referee notes (null for other keys).', { nullable: true })
  notes: string | null;

  @Out.string('Followers: feat or fiction (null when hidden or none).', { nullable: true })
  followerSource: string | null;

  @Out.string('Animals: untrained, trained, companion or familiar (null when hidden or none).', {
    nullable: true,
  })
  training: string | null;

  @Out.int('The session number in which it was lost (null while with its master, or hidden).', {
    nullable: true,
  })
  lostInSession: number | null;

  @Out.int('A Feat-granted follower lost: the session whose start brings it back (null otherwise).', {
    nullable: true,
  })
  returnsAtSession: number | null;

  @Out.string('When it was created (ISO-8601, UTC).')
  createdAt: string;

  @Out.string('When it last changed (ISO-8601, UTC).')
  updatedAt: string;
}

export const NpcPage = PageOf(Npc, 'NpcPage');

@ObjectType({ description: 'One thing the sheet or the campaign added to a check.' })
export class CheckModifier {
  @Out.string(
    'Where it comes from: "base", "skill:Streetwise", "pool", "strongholdBonus", "attunementPenaltyDice", …',
  )
  source: string;

  @Out.int('Dice it adds (negative removes), for pool checks.', { optional: true })
  dice?: number;

  @Out.int('What it adds to the target (negative lowers it), for roll-under checks.', { optional: true })
  amount?: number;

  @Out.int('Archsoul: what it adds to the per-die difficulty (kept within 2–6).', { optional: true })
  difficulty?: number;
}

@ObjectType({ description: 'Exact chance of passing, after every modifier.' })
export class SheetCheckOdds {
  @Out.number('Probability of passing, in [0, 1].')
  success: number;

  @Out.number('Archsoul: the chance one die succeeds.', { optional: true })
  perDie?: number;
}

@ObjectType({ description: 'The rating a sheet check read.' })
export class SheetRating {
  @Out.string('skill, save, pool, attribute, reaction, ability or stats.')
  kind: string;

  @Out.string('The name as the sheet writes it (stats: joined with "+").')
  name: string;

  @Out.int('Its value on the sheet (stats: the sum).')
  value: number;
}

@ObjectType({
  description:
    'A check read from the sheet: the core check’s answer (pool test, save, difficulty pool or ability roll) plus the ' +
    'rating read and every modifier added. Members of other checks are absent (null in GraphQL).',
})
export class SheetCheckResult {
  @Out.string('The system.')
  system: string;

  @Out.string('The core check: pool, save, difficulty-pool or ability.')
  check: string;

  @Out.id('The character, for a character’s check.', { optional: true })
  characterId?: string;

  @Out.id('The NPC, for an NPC’s check.', { optional: true })
  npcId?: string;

  @Out.nested('The rating read.', () => SheetRating)
  rating: SheetRating;

  @Out.nestedList('Everything the sheet and the campaign added.', () => CheckModifier)
  modifiers: CheckModifier[];

  @Out.int('Dice rolled (pool checks).', { optional: true })
  dice?: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Successes (pool checks).', { optional: true })
  successes?: number;

  @Out.int('Successes needed (pool checks).', { optional: true })
  objective?: number;

  @Out.bool('Whether it passed.')
  passed: boolean;

  @Out.int('COEAC: successes − Ob.', { optional: true })
  margin?: number;

  @Out.int('Archsoul: the difficulty asked for.', { optional: true })
  requestedDifficulty?: number;

  @Out.int('Archsoul: the difficulty used (2–6).', { optional: true })
  effectiveDifficulty?: number;

  @Out.bool('Archsoul: whether the difficulty was clamped.', { optional: true })
  clamped?: boolean;

  @Out.int('Cairn and G&M: the d20.', { optional: true })
  roll?: number;

  @Out.int('Cairn: the attribute saved against, after modifiers.', { optional: true })
  attribute?: number;

  @Out.string('Cairn: always-passes or always-fails when a 1 or 20 decided it, else null.', {
    optional: true,
    nullable: true,
  })
  automatic?: string | null;

  @Out.int('G&M: the number to roll at or under.', { optional: true })
  target?: number;

  @Out.nested(
    'G&M: the core’s target modifiers (bonus, penalty, obstacle, difficulty).',
    () => AbilityModifiers,
    {
      nullable: true,
    },
  )
  targetModifiers?: AbilityModifiers | null;

  @Out.int(
    'G&M characters: when the roll failed and is archetypal (the archetypal ability or reaction, or a specialty), ' +
      'the least mojo a bid on it needs to turn it (POST …/mojo-bids with this rollId, 001:976); null otherwise.',
    { optional: true, nullable: true },
  )
  mojoNeeded?: number | null;

  @Out.nested('Exact odds after every modifier (success; perDie for Archsoul).', () => SheetCheckOdds)
  odds: SheetCheckOdds;

  @Out.nested('COEAC characters: the stronghold tag dice already in `dice`.', () => StrongholdBonus, {
    nullable: true,
  })
  strongholdBonus?: StrongholdBonus | null;

  @Out.int('COEAC characters attuned to more than three artifacts: the penalty dice already in `dice`.', {
    optional: true,
  })
  attunementPenaltyDice?: number;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;

  @Out.id('The roll-log entry.')
  rollId: string;
}

@ObjectType({ description: 'A Cairn hireling rolled into the campaign: the NPC and its logged roll.' })
export class CairnHirelingNpcResult {
  @Out.nested('The NPC made, with its Cairn sheet.', () => Npc)
  npc: Npc;

  @Out.json('The dice of each roll: { str, dex, wil, hp }.')
  rolls: Record<string, number[]>;

  @Out.intList('Every face, in order: STR, DEX, WIL (3d6 each), HP (1d6).')
  faces: number[];

  @Out.json('Exact odds: each 3d6 attribute total and each HP.')
  odds: Record<string, unknown>;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;

  @Out.id('The roll-log entry (sealed for other keys unless the NPC is shown with its numbers).')
  rollId: string;
}

@ObjectType({ description: 'A follower lost: when it comes back, if it does (003:926–928).' })
export class FollowerLossRecord {
  @Out.nested('The NPC after the loss.', () => Npc)
  npc: Npc;

  @Out.string('died, departed or dismissed.')
  reason: string;

  @Out.bool('True for a Feat-granted follower: the position refills.')
  replaceable: boolean;

  @Out.int('Days to recruit the replacement.', { nullable: true })
  recruitDays: number | null;

  @Out.int('The session number in which it was lost.')
  lostInSession: number;

  @Out.int('The session whose start brings it back (null when lost for good).', { nullable: true })
  availableFromSession: number | null;

  @Out.id('The roll-log entry of the loss (its feed event).')
  rollId: string;
}

@ObjectType({ description: 'A stored NPC’s morale check (COEAC 003:924–942).' })
export class NpcMoraleRecord {
  @Out.id('The NPC.')
  npcId: string;

  @Out.string('The subject the rule reads: hireling, follower, companion-animal, … .')
  subject: string;

  @Out.string('versus (hirelings), rating (trained animals), none (exempt) or referee.')
  check: string;

  @Out.string('Why that rule applies.')
  reason: string;

  @Out.bool('False when no roll is made.')
  rolled: boolean;

  @Out.bool('True when it holds; null when the referee decides.', { nullable: true })
  passed: boolean | null;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('The rating rolled against, if any.', { nullable: true })
  target: number | null;

  @Out.number('Exact chance of holding; null when the referee decides.', { nullable: true })
  pass: number | null;

  @Out.int('Hirelings: the controlling pool used.', { nullable: true })
  controllerPool: number | null;

  @Out.int('Hirelings: the hirelings’ Pool (from its COEAC sheet).', { nullable: true })
  hirelingPool: number | null;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The RNG version.')
  rng: string;

  @Out.id('The roll-log entry.')
  rollId: string;
}
