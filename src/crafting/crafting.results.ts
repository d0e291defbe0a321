import { SheetReading } from '../checks/check.results';
import { CoeacBacklash, CoeacMutationSave, CoeacSheetChange } from '../magic/magic.results';
import { EngineEventResult } from '../harm/engine-events.results';
import { InventoryItem } from '../inventory/inventory.results';
import { ObjectType } from '@nestjs/graphql';
import { DowntimeAction } from '../campaign-state/campaign-state.results';
import { Provenance, SuccessOdds } from '../checks/check.results';
import { PageOf } from '../common/pagination';
import { Out } from '../common/schema';
import { PROJECT_STATUSES, type ProjectStatus } from '../core/crafting';
import { CharacterMoney, LedgerEntry } from '../wealth/wealth.results';
import {
  ATTUNEMENT_METHODS,
  AttunementMethodEnum,
  CLOCK_VISIBILITIES,
  ClockVisibilityEnum,
  CraftingProjectStatusEnum,
  type AttunementMethod,
  type ClockVisibility,
} from './crafting.inputs';

/* Archsoul amounts are copper numbers that are multiples of 0.125 (stored as eighths). */

@ObjectType({ description: 'What an Archsoul item takes to craft (copper amounts are multiples of 0.125).' })
export class CraftingRequirements {
  @Out.int('The price as given, in copper.')
  price: number;

  @Out.int('The price after pre-built parts and scavenged items, in copper.')
  effectivePrice: number;

  @Out.number('Raw materials for one copy: 25 % of the effective price, in copper.')
  materialCost: number;

  @Out.int('Successes one copy needs: 0.05 per copper of the effective price, rounded up (at least 1).')
  successesNeeded: number;

  @Out.int('The complexity rating.')
  complexity: number;
}

@ObjectType({ description: 'The difficulty of a crafting roll.' })
export class CraftingDifficulty {
  @Out.int('Complexity + circumstances + fatigue, as computed.')
  requested: number;

  @Out.int('The rating rolled against: the requested one clamped to 2–6.')
  effective: number;

  @Out.bool('True when the requested rating lay outside 2–6.')
  clamped: boolean;
}

@ObjectType({ description: 'Exact odds of a crafting roll, before the dice are rolled.' })
export class CraftingOdds {
  @Out.number('Chance of at least one success (progress made, no materials ruined).')
  atLeastOne: number;

  @Out.number('Expected successes.')
  expectedSuccesses: number;

  @Out.number('Chance of a critical failure (every die a 1).')
  criticalFailure: number;
}

@ObjectType({ description: 'The outcome of an Archsoul crafting roll.' })
export class CraftingRollResult extends Provenance {
  @Out.int('Dice rolled: Intellect (−1 when exhausted) + skill + bonus dice, never below 0.')
  pool: number;

  @Out.nested('The difficulty.', () => CraftingDifficulty)
  difficulty: CraftingDifficulty;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Dice at or above the effective difficulty: the day’s progress.')
  successes: number;

  @Out.bool('Zero successes with every die a 1: the whole material cost is ruined.')
  criticalFailure: boolean;

  @Out.nested('Exact odds.', () => CraftingOdds)
  odds: CraftingOdds;
}

@ObjectType({ description: 'Successes gathered with one skill.' })
export class SkillProgress {
  @Out.string('The skill.')
  skill: string;

  @Out.int('Successes toward the copy in progress (surplus included).')
  successes: number;
}

@ObjectType({ description: 'Successes gathered toward the copy in progress.' })
export class CraftingProgress {
  @Out.int('Every skill together.')
  total: number;

  @Out.nestedList('By skill, in the project’s order.', () => SkillProgress)
  bySkill: SkillProgress[];
}

@ObjectType({ description: 'An Archsoul crafting project of a campaign.' })
export class CraftingProject {
  @Out.id('The project id.')
  id: string;

  @Out.string('What is being made.')
  item: string;

  @Out.int('The item’s price in copper.')
  price: number;

  @Out.int('Value of pre-built parts, in copper.')
  prebuiltValue: number;

  @Out.int('Value of scavenged items, in copper.')
  scavengedValue: number;

  @Out.int('The price after parts, in copper.')
  effectivePrice: number;

  @Out.int('The complexity rating.')
  complexity: number;

  @Out.stringList('One skill, or two for an interdisciplinary project.')
  skills: string[];

  @Out.int('Successes one copy needs.')
  successesNeeded: number;

  @Out.int('Interdisciplinary projects: the least each skill supplies per copy (half, rounded down); else 0.')
  successesPerSkill: number;

  @Out.number('Raw materials for one copy, in copper.')
  materialCost: number;

  @Out.number('Ruined materials to replace before the next roll, in copper.')
  materialsOwed: number;

  @Out.number('Materials paid for so far (copies and replacements), in copper.')
  materialsSpent: number;

  @Out.int('Copies whose materials are on hand (made ones included).')
  copies: number;

  @Out.int('Copies made.')
  copiesMade: number;

  @Out.nested('Successes toward the copy in progress.', () => CraftingProgress)
  progress: CraftingProgress;

  @Out.oneOf('Where the project stands.', PROJECT_STATUSES, CraftingProjectStatusEnum)
  status: ProjectStatus;

  @Out.string('When the referee abandoned it (ISO-8601, UTC); null while active.', { nullable: true })
  abandonedAt: string | null;

  @Out.string('When it was created (ISO-8601, UTC).')
  createdAt: string;

  @Out.string('When it last changed (ISO-8601, UTC).')
  updatedAt: string;
}

export const CraftingProjectPage = PageOf(CraftingProject, 'CraftingProjectPage');

@ObjectType({ description: 'A character’s crafting roll toward a project, and the project after it.' })
export class CraftingProjectRollResult extends CraftingRollResult {
  @Out.id('The character who rolled.')
  characterId: string;

  @Out.string('The skill the roll counted for.')
  skillName: string;

  @Out.int('The in-game day of the roll (one roll per character per project per day).')
  day: number;

  @Out.nestedList(
    'Where the crafter’s Intellect, skill and fatigue came from: its Archsoul sheet, or the request (a sent number overrides the sheet’s, kept marked overridden).',
    () => SheetReading,
  )
  modifiers: SheetReading[];

  @Out.int('Copies this roll finished.')
  copiesCompleted: number;

  @Out.number(
    'Materials this roll ruined, in copper (half the material cost, or all of it on a critical failure).',
  )
  materialsRuined: number;

  @Out.nested('The project after the roll.', () => CraftingProject)
  project: CraftingProject;

  @Out.nestedList(
    'The copies this roll finished, as put into the crafter’s inventory (one item of 1 slot each).',
    () => InventoryItem,
  )
  inventoryItems: InventoryItem[];
}

/* ---------------------------------------------------------------- COEAC downtime */

@ObjectType({ description: 'A COEAC project clock.' })
export class ProjectClock {
  @Out.id('The clock id.')
  id: string;

  @Out.string('The project.')
  name: string;

  @Out.int('Ticks to fill (2–8).')
  ticks: number;

  @Out.int('Ticks filled.')
  filled: number;

  @Out.bool('True once every tick is filled.')
  complete: boolean;

  @Out.stringList('Characters working on it.')
  characterIds: string[];

  @Out.oneOf('Who sees it.', CLOCK_VISIBILITIES, ClockVisibilityEnum)
  visibility: ClockVisibility;

  @Out.string('When it was created (ISO-8601, UTC).')
  createdAt: string;

  @Out.string('When it last changed (ISO-8601, UTC).')
  updatedAt: string;
}

export const ProjectClockPage = PageOf(ProjectClock, 'ProjectClockPage');

@ObjectType({ description: 'A tick filled with a downtime action.' })
export class ProjectClockTickResult {
  @Out.nested('The clock after the tick.', () => ProjectClock)
  clock: ProjectClock;

  @Out.nested('The downtime action spent.', () => DowntimeAction)
  downtime: DowntimeAction;
}

@ObjectType({ description: 'A COEAC pool test (2 + rating dice, 4–6 succeed) made by a downtime procedure.' })
export class CraftingPoolTest {
  @Out.int('Dice rolled, after penalty dice.')
  dice: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6.')
  successes: number;

  @Out.int('The Ob.')
  objective: number;

  @Out.bool('True when successes ≥ Ob.')
  passed: boolean;

  @Out.int('Successes − Ob.')
  margin: number;

  @Out.nested('Exact odds.', () => SuccessOdds)
  odds: SuccessOdds;
}

@ObjectType({ description: 'A character attuned to an artifact.' })
export class Attunement {
  @Out.id('The attunement id.')
  id: string;

  @Out.id('The character.')
  characterId: string;

  @Out.id('The artifact (inventory item).')
  itemId: string;

  @Out.oneOf('How it was made.', ATTUNEMENT_METHODS, AttunementMethodEnum)
  method: AttunementMethod;

  @Out.int('The in-game day it was made.')
  day: number;

  @Out.id('The ritual’s roll, if any.', { nullable: true })
  rollId: string | null;

  @Out.string('When (ISO-8601, UTC).')
  createdAt: string;
}

@ObjectType({ description: 'A character’s attunements and what they cost.' })
export class CharacterAttunements {
  @Out.nestedList('Attuned artifacts, oldest first.', () => Attunement)
  items: Attunement[];

  @Out.int('−1d on every test for each attuned artifact beyond three.')
  attunementPenaltyDice: number;
}

@ObjectType({ description: 'An attempt to attune to an artifact.' })
export class AttunementResult {
  @Out.bool('True when the character is now attuned.')
  attuned: boolean;

  @Out.nested('The attunement made; null after a failed ritual.', () => Attunement, { nullable: true })
  attunement: Attunement | null;

  @Out.nested('The ritual’s Discipline test; null for a downtime attunement.', () => CraftingPoolTest, {
    nullable: true,
  })
  test: CraftingPoolTest | null;

  @Out.string('The ritual’s seed; null for a downtime attunement.', { nullable: true })
  seed: string | null;

  @Out.string('The ritual’s generator; null for a downtime attunement.', { nullable: true })
  rng: string | null;

  @Out.id('The ritual’s roll-log entry; null for a downtime attunement.', { nullable: true })
  rollId: string | null;

  @Out.nested('The downtime action spent; null for a ritual.', () => DowntimeAction, { nullable: true })
  downtime: DowntimeAction | null;

  @Out.int('The character’s attunement penalty dice after this (before it, for the ritual’s own test).')
  attunementPenaltyDice: number;
}

export const RITUAL_STATUSES = ['channeling', 'complete'] as const;
export type RitualStatus = (typeof RITUAL_STATUSES)[number];

@ObjectType({ description: 'An Affix Spell ritual: an anchor conditioned over three consecutive days.' })
export class ArtifactRitual {
  @Out.id('The ritual id.')
  id: string;

  @Out.id('The sorcerer.')
  characterId: string;

  @Out.string('The spell made permanent.')
  spell: string;

  @Out.int('The channeling Ob.')
  channelingObjective: number;

  @Out.id('The anchor item, if one was named.', { nullable: true })
  anchorItemId: string | null;

  @Out.int('Passing channelings on consecutive days so far.')
  streak: number;

  @Out.int('Passing days in a row that complete it (3).')
  daysNeeded: number;

  @Out.int('The in-game day of the last channeling; null before the first.', { nullable: true })
  lastDay: number | null;

  @Out.string('channeling or complete.')
  status: RitualStatus;

  @Out.id('The artifact put in the inventory once complete.', { nullable: true })
  artifactItemId: string | null;

  @Out.string('When it began (ISO-8601, UTC).')
  createdAt: string;

  @Out.string('When it last changed (ISO-8601, UTC).')
  updatedAt: string;
}

export const ArtifactRitualPage = PageOf(ArtifactRitual, 'ArtifactRitualPage');

@ObjectType({ description: 'An Affix Spell ritual begun: the downtime action and the costs paid.' })
export class ArtifactRitualResult {
  @Out.nested('The ritual.', () => ArtifactRitual)
  ritual: ArtifactRitual;

  @Out.nested('The downtime action spent.', () => DowntimeAction)
  downtime: DowntimeAction;

  @Out.int('Cash paid (5 per point of Ob).')
  cashPaid: number;

  @Out.int('Cybalt paid (5 per point of Ob).')
  cybaltPaid: number;

  @Out.nested('The sorcerer’s Cash after paying.', () => CharacterMoney)
  character: CharacterMoney;

  @Out.nested('The Cash ledger entry.', () => LedgerEntry)
  ledgerEntry: LedgerEntry;
}

@ObjectType({ description: 'One day’s channeling onto an anchor.' })
export class ChannelingResult extends Provenance {
  @Out.nested('The Sorcery Skill test against the channeling Ob.', () => CraftingPoolTest)
  test: CraftingPoolTest;

  @Out.int('The in-game day.')
  day: number;

  @Out.bool('True when this day’s channeling passed.')
  passed: boolean;

  @Out.bool('True when a failed or skipped day restarted the count.')
  restarted: boolean;

  @Out.nested('The ritual after it.', () => ArtifactRitual)
  ritual: ArtifactRitual;

  @Out.nested(
    'Backlash: Potency under the Ob (the day fails; damage = margin of failure).',
    () => CoeacBacklash,
  )
  backlash: CoeacBacklash;

  @Out.nested('The Ob 5 Vigor save zero successes call for.', () => CoeacMutationSave, { nullable: true })
  mutationSave: CoeacMutationSave | null;

  @Out.nestedList(
    'Tracked values the day changed on the COEAC sheet (Control, HP, the spell lost).',
    () => CoeacSheetChange,
  )
  sheetChanges: CoeacSheetChange[];

  @Out.nestedList(
    'What the engine did to the channeler, in order, each with a sentence to post (HP lost to backlash, Down and Out …); empty when the day harmed no one. The day’s roll carries them too (effects.events).',
    () => EngineEventResult,
  )
  events: EngineEventResult[];
}

@ObjectType({ description: 'An orb integration attempt.' })
export class OrbIntegrationResult extends Provenance {
  @Out.nested('The Ob 5 Arcane Lore test.', () => CraftingPoolTest)
  test: CraftingPoolTest;

  @Out.bool('True when the orb is merged into the item.')
  integrated: boolean;

  @Out.nested('The downtime action spent.', () => DowntimeAction)
  downtime: DowntimeAction;

  @Out.int('Cash paid: 10 on a pass, 0 on a failure.')
  cashPaid: number;

  @Out.int('Cybalt paid: 10 on a pass, 0 on a failure.')
  cybaltPaid: number;

  @Out.nested('The character’s Cash after paying; null on a failure.', () => CharacterMoney, {
    nullable: true,
  })
  character: CharacterMoney | null;

  @Out.nested('The Cash ledger entry; null on a failure.', () => LedgerEntry, { nullable: true })
  ledgerEntry: LedgerEntry | null;
}
