import { NEXT_CURSOR } from '../common/pagination';
import { ObjectType } from '@nestjs/graphql';
import { TreasuryLedgerEntry } from '../campaign-state/campaign-state.results';
import { PageOf } from '../common/pagination';
import { Out } from '../common/schema';
import {
  CACHE_DIFFICULTIES,
  DIVISION_MODES,
  HARVEST_GRADES,
  LOOT_RULES,
  SPELL_CARRIERS,
  type CacheDifficulty,
  type DivisionMode,
  type HarvestGrade,
  type LootRule,
  type SpellCarrier,
} from '../core/treasure';
import { InventoryItem } from '../inventory/inventory.results';
import { CharacterMoney, LedgerEntry } from '../wealth/wealth.results';
import {
  CacheDifficultyEnum,
  DivisionModeEnum,
  HarvestGradeEnum,
  HORDE_ITEM_KINDS,
  HordeItemKindEnum,
  LootRuleEnum,
  SpellCarrierEnum,
  type HordeItemKind,
} from './treasure.inputs';

/* ---------------------------------------------------------------- reference */

@ObjectType({ description: 'One row of the COEAC caches table.' })
export class CacheRow {
  @Out.oneOf('The difficulty.', CACHE_DIFFICULTIES, CacheDifficultyEnum)
  difficulty: CacheDifficulty;

  @Out.int('The headline value in Cash.')
  nominal: number;

  @Out.int('Smallest Cash of the range.')
  min: number;

  @Out.int('Largest Cash of the range.')
  max: number;

  @Out.stringList('Who might guard such a cache.')
  exampleDangers: string[];
}

@ObjectType({ description: 'The COEAC caches table.' })
export class CacheList {
  @Out.nestedList('One row per difficulty, smallest first.', () => CacheRow)
  items: CacheRow[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'One entry of the random artifact subtable.' })
export class ArtifactTypeRow {
  @Out.int('Lowest d10 face.')
  min: number;

  @Out.int('Highest d10 face.')
  max: number;

  @Out.string('The subtable (its contents are the referee’s).')
  type: string;

  @Out.number('Chance of this entry.')
  probability: number;
}

@ObjectType({ description: 'The random artifact subtable.' })
export class ArtifactTypeList {
  @Out.string('The die rolled.')
  die: string;

  @Out.nestedList('The entries.', () => ArtifactTypeRow)
  items: ArtifactTypeRow[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'One cut of the Monster Menu.' })
export class MonsterCutRow {
  @Out.int('Lowest roll.')
  min: number;

  @Out.int('Highest roll.')
  max: number;

  @Out.string('The cut.')
  cut: string;

  @Out.string('What eating it does.')
  effect: string;

  @Out.int('Bonus dice for one Sorcery Skill test when spent instead.')
  empowerDice: number;
}

@ObjectType({ description: 'One entry of the Rare Organ subtable (d6).' })
export class RareOrgan {
  @Out.int('The d6 face.')
  roll: number;

  @Out.string('The organ.')
  organ: string;

  @Out.string('What it grants.')
  effect: string;
}

@ObjectType({ description: 'The offset a grade adds to the menu’s d6.' })
export class GradeOffset {
  @Out.oneOf('The grade.', HARVEST_GRADES, HarvestGradeEnum)
  grade: HarvestGrade;

  @Out.int('Added to the d6.')
  offset: number;
}

@ObjectType({ description: 'The Monster Menu, its Rare Organ subtable and our grade offsets.' })
export class MonsterMenu {
  @Out.string('How a cut is rolled.')
  roll: string;

  @Out.nestedList('The cuts, rolls 1–15.', () => MonsterCutRow)
  cuts: MonsterCutRow[];

  @Out.nestedList('The Rare Organ subtable.', () => RareOrgan)
  rareOrgans: RareOrgan[];

  @Out.nestedList('Offsets by grade (a request may override them).', () => GradeOffset)
  gradeOffsets: GradeOffset[];
}

@ObjectType({ description: 'A spell of Cairn’s d100 table.' })
export class CairnSpell {
  @Out.int('Its d100 face.')
  roll: number;

  @Out.string('Its name.')
  name: string;
}

@ObjectType({ description: 'Cairn’s spells.' })
export class CairnSpellList {
  @Out.nestedList('Matching spells in d100 order.', () => CairnSpell)
  items: CairnSpell[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'A G&M level.' })
export class GmLevel {
  @Out.int('The level.')
  level: number;

  @Out.int('Total experience to reach it: 500 × L × (L − 1).')
  experience: number;

  @Out.int('Mojo gained on reaching it (10 + level; 12 or more at level 1).')
  mojoGained: number;

  @Out.bool('False past level 10, where the seed’s table ends and only the formula continues.')
  inSeedTable: boolean;
}

@ObjectType({ description: 'G&M levels 1 to 20.' })
export class GmLevelList {
  @Out.nestedList('Levels in order.', () => GmLevel)
  items: GmLevel[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

/* ---------------------------------------------------------------- stateless rolls */

@ObjectType({ description: 'The chance of the outcome shown.' })
export class ValueOdds {
  @Out.number('Probability of this very outcome, in [0, 1].')
  value: number;
}

@ObjectType({ description: 'A cache’s Cash.' })
export class CacheRollResult {
  @Out.oneOf('The difficulty.', CACHE_DIFFICULTIES, CacheDifficultyEnum)
  difficulty: CacheDifficulty;

  @Out.int('Cash in the cache.')
  cash: number;

  @Out.int('Smallest possible.')
  min: number;

  @Out.int('Largest possible.')
  max: number;

  @Out.bool('True when the nominal value was taken without a roll.')
  nominal: boolean;

  @Out.int('The die (max − min + 1 sides); null for the nominal value.', { nullable: true })
  die: number | null;

  @Out.nested('Odds of this cash.', () => ValueOdds)
  odds: ValueOdds;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;
}

@ObjectType({ description: 'One horde’s Cash.' })
export class HordeCash {
  @Out.int('Cash.')
  cash: number;
}

@ObjectType({ description: 'Odds of the number of hordes.' })
export class HordeCountOdds {
  @Out.json('Probability of each horde count, keyed by the count ("2": 0.5, "3": 0.5).')
  hordeCount: Record<string, number>;
}

@ObjectType({ description: 'A site’s hordes.' })
export class SiteHordesResult {
  @Out.oneOf('The difficulty.', CACHE_DIFFICULTIES, CacheDifficultyEnum)
  difficulty: CacheDifficulty;

  @Out.number('Average players, as sent.')
  averagePlayers: number;

  @Out.number('Half the average players, before rounding.')
  expectedHordes: number;

  @Out.int('Hordes placed.')
  hordeCount: number;

  @Out.nestedList('Each horde’s Cash.', () => HordeCash)
  hordes: HordeCash[];

  @Out.int('Cash in all.')
  totalCash: number;

  @Out.number('The expected total (expected hordes × the mean cache).')
  expectedCash: number;

  @Out.nested('Exact odds of the horde count.', () => HordeCountOdds)
  odds: HordeCountOdds;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;
}

@ObjectType({ description: 'A random artifact subtable.' })
export class ArtifactRollResult {
  @Out.int('The d10.')
  roll: number;

  @Out.string('The subtable.')
  type: string;

  @Out.nested('Odds of this subtable.', () => ValueOdds)
  odds: ValueOdds;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;
}

@ObjectType({ description: 'One harvested cut.' })
export class HarvestedCut {
  @Out.int('The d6 plus the offset.')
  roll: number;

  @Out.int('The d6.')
  die: number;

  @Out.string('The cut.')
  cut: string;

  @Out.string('What eating it does.')
  effect: string;

  @Out.int('Bonus dice when spent on a Sorcery Skill test instead.')
  empowerDice: number;

  @Out.nested('A Rare Organ’s own d6; null for other cuts.', () => RareOrgan, { nullable: true })
  rareOrgan: RareOrgan | null;
}

@ObjectType({ description: 'The chance of one cut.' })
export class CutOdds {
  @Out.string('The cut.')
  cut: string;

  @Out.number('Its chance on one roll at this offset.')
  probability: number;
}

@ObjectType({ description: 'Odds of each cut.' })
export class HarvestOdds {
  @Out.nestedList('Every cut that can come up, with its chance.', () => CutOdds)
  cuts: CutOdds[];
}

@ObjectType({ description: 'A monster harvest: three cuts.' })
export class HarvestResult {
  @Out.oneOf('The grade.', HARVEST_GRADES, HarvestGradeEnum)
  grade: HarvestGrade;

  @Out.int('The offset added to each d6.')
  offset: number;

  @Out.nestedList('The three cuts.', () => HarvestedCut)
  cuts: HarvestedCut[];

  @Out.nested('Odds of each cut on one roll.', () => HarvestOdds)
  odds: HarvestOdds;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;
}

@ObjectType({ description: 'A found spellbook or scroll.' })
export class SpellbookResult {
  @Out.oneOf('Spellbook or scroll.', SPELL_CARRIERS, SpellCarrierEnum)
  kind: SpellCarrier;

  @Out.int('The d100.')
  roll: number;

  @Out.string('The spell.')
  spell: string;

  @Out.int('Fatigue a casting costs.')
  fatigue: number;

  @Out.bool('Gone after one use (a scroll).')
  singleUse: boolean;

  @Out.int('Inventory slots.')
  slots: number;

  @Out.nested('Odds of this spell.', () => ValueOdds)
  odds: ValueOdds;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;
}

@ObjectType({ description: 'One member’s award.' })
export class LootExperienceMember {
  @Out.int('Member number, from 1.')
  member: number;

  @Out.int('Experience before.')
  before: number;

  @Out.int('Experience gained.')
  gained: number;

  @Out.int('Experience after.')
  after: number;

  @Out.int('Level before.')
  levelBefore: number;

  @Out.int('Level after.')
  levelAfter: number;

  @Out.int('Levels gained.')
  levelsGained: number;
}

@ObjectType({ description: 'G&M loot experience.' })
export class LootExperienceResult {
  @Out.int('Loot in centisilver, as sent.')
  silver: number;

  @Out.int('Members.')
  members: number;

  @Out.oneOf('How it is shared.', LOOT_RULES, LootRuleEnum)
  rule: LootRule;

  @Out.int('2 per silver, in whole points.')
  totalExperience: number;

  @Out.int('Points each member gets.')
  each: number;

  @Out.int('Points left over by an even split (0 under each).')
  remainder: number;

  @Out.nestedList('Each member’s levels, when current experience was sent.', () => LootExperienceMember, {
    nullable: true,
  })
  perMember: LootExperienceMember[] | null;
}

/* ---------------------------------------------------------------- hordes */

@ObjectType({ description: 'An item of a horde.' })
export class HordeItem {
  @Out.id('The item id (for the division).')
  id: string;

  @Out.string('What it is.')
  name: string;

  @Out.oneOf('treasure, commodity or artifact.', HORDE_ITEM_KINDS, HordeItemKindEnum)
  kind: HordeItemKind;

  @Out.int('Value in Cash; null for an artifact (priceless).', { nullable: true })
  cash: number | null;

  @Out.int('Inventory slots it takes.')
  slots: number;
}

@ObjectType({ description: 'A horde: secret to every key but the referee’s until discovered.' })
export class Horde {
  @Out.id('The horde id.')
  id: string;

  @Out.string('Where it lies.')
  site: string;

  @Out.oneOf('Its difficulty, when given.', CACHE_DIFFICULTIES, CacheDifficultyEnum, { nullable: true })
  difficulty: CacheDifficulty | null;

  @Out.int('Its Cash.')
  cash: number;

  @Out.nestedList('Items and commodities.', () => HordeItem)
  items: HordeItem[];

  @Out.bool('Discovered by the characters.')
  discovered: boolean;

  @Out.string('When it was discovered.', { nullable: true })
  discoveredAt: string | null;

  @Out.bool('Already divided.')
  divided: boolean;

  @Out.string('When it was divided.', { nullable: true })
  dividedAt: string | null;

  @Out.stringList('Its rolls in the roll log (sealed until discovery).')
  rollIds: string[];

  @Out.string('When it was placed.')
  createdAt: string;
}

export const HordePage = PageOf(Horde, 'HordePage');

@ObjectType({ description: 'A site’s hordes, placed.' })
export class PlacedSiteHordes {
  @Out.string('The site.')
  site: string;

  @Out.oneOf('The difficulty.', CACHE_DIFFICULTIES, CacheDifficultyEnum)
  difficulty: CacheDifficulty;

  @Out.number('Average players used.')
  averagePlayers: number;

  @Out.int('Hordes placed.')
  hordeCount: number;

  @Out.nestedList('The hordes (undiscovered).', () => Horde)
  hordes: Horde[];

  @Out.int('Cash in all.')
  totalCash: number;

  @Out.nested('Exact odds of the horde count.', () => HordeCountOdds)
  odds: HordeCountOdds;

  @Out.stringList('The secret rolls: the count, then one cache per horde.')
  rollIds: string[];
}

@ObjectType({ description: 'One share of a division.' })
export class DivisionShare {
  @Out.id('The character.')
  characterId: string;

  @Out.number('Its weight.')
  weight: number;

  @Out.number('Its exact fair value in Cash.')
  fair: number;

  @Out.int('Cash it received.')
  cash: number;

  @Out.bool('The lot gave it one of the dice left over.')
  wonLot: boolean;

  @Out.bool('Set aside for an absent regular: paid into the company treasury.')
  setAside: boolean;
}

@ObjectType({ description: 'A divided horde.' })
export class DivisionResult {
  @Out.nested('The horde, now divided.', () => Horde)
  horde: Horde;

  @Out.oneOf('The mode.', DIVISION_MODES, DivisionModeEnum)
  mode: DivisionMode;

  @Out.int('Cash divided.')
  cash: number;

  @Out.nestedList('The shares.', () => DivisionShare)
  shares: DivisionShare[];

  @Out.int('Dice left after the whole-dice split, given out by lot.')
  leftover: number;

  @Out.stringList('Characters the lot drew, in order.')
  lotWinners: string[];

  @Out.nestedList('Entries on the characters’ ledgers.', () => LedgerEntry)
  ledgerEntries: LedgerEntry[];

  @Out.nestedList('Entries on the treasury’s ledger (set-aside shares).', () => TreasuryLedgerEntry)
  treasuryEntries: TreasuryLedgerEntry[];

  @Out.nestedList('Items now in inventories.', () => InventoryItem)
  items: InventoryItem[];

  @Out.id('The lot’s roll (replayable); null for an explicit split.', { nullable: true })
  rollId: string | null;

  @Out.string('The lot’s seed; null for an explicit split.', { nullable: true })
  seed: string | null;

  @Out.string('The generator; null for an explicit split.', { nullable: true })
  rng: string | null;
}

@ObjectType({ description: 'Treasure and commodities turned into Cash at face value.' })
export class TreasureConversionResult {
  @Out.nestedList('The items converted (now gone).', () => InventoryItem)
  converted: InventoryItem[];

  @Out.int('Cash gained.')
  cashGained: number;

  @Out.nested('The character’s money after.', () => CharacterMoney)
  character: CharacterMoney;

  @Out.nested('The ledger entry; null when nothing was converted.', () => LedgerEntry, { nullable: true })
  ledgerEntry: LedgerEntry | null;
}

@ObjectType({ description: 'Treasure settings of the campaign.' })
export class TreasureSettings {
  @Out.oneOf('How the group shares loot experience.', LOOT_RULES, LootRuleEnum)
  lootExperienceRule: LootRule;
}
