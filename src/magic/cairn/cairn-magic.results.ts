import { NEXT_CURSOR } from '../../common/pagination';
import { ObjectType } from '@nestjs/graphql';
import { Out } from '../../common/schema';
import { CAIRN_CAST_SOURCES } from '../../core/magic/cairn';
import { CairnCriticalSave, CairnScar, FieldChange, HarmStep } from '../../harm/harm.results';
import { InventoryItem } from '../../inventory/inventory.results';
import { EngineEventResult } from '../../harm/engine-events.results';
import { CairnCastSourceEnum } from './cairn-magic.inputs';

@ObjectType({ description: 'One of Cairn’s 100 spells, with what it does in our words.' })
export class CairnSpellEntry {
  @Out.int('The d100 face, 1 to 100.')
  number: number;

  @Out.string('A stable id: the name in kebab case.')
  id: string;

  @Out.string('The spell’s name.')
  name: string;

  @Out.string('What it does (Arbiter’s words; the numbers are the seed’s).')
  effect: string;

  @Out.string('The dice it names (only Cure Wounds: 1d4).', { nullable: true })
  dice: string | null;
}

@ObjectType({ description: 'Cairn spells in d100 order.' })
export class CairnSpellCatalogue {
  @Out.int('How many matched.')
  count: number;

  @Out.nestedList('The spells.', () => CairnSpellEntry)
  items: CairnSpellEntry[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'The risky-casting WIL save.' })
export class CairnRiskySave {
  @Out.string('Why it was called: deprived, danger or referee.')
  reason: string;

  @Out.int('The WIL saved against.')
  wil: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed: no ill effect.')
  passed: boolean;

  @Out.string('always-passes (a 1) or always-fails (a 20), else null.', { nullable: true })
  automatic: string | null;

  @Out.json('Exact odds: { pass, fail }.')
  odds: { pass: number; fail: number };
}

@ObjectType({ description: 'What the failed save did.' })
export class CairnCastFailure {
  @Out.int('Extra Fatigue.')
  fatigue: number;

  @Out.string('The damage die named (null: none).', { nullable: true })
  damageDie: string | null;

  @Out.int('The damage rolled (null: none).', { nullable: true })
  damage: number | null;

  @Out.bool('The spellbook or relic was destroyed.')
  destroyed: boolean;
}

@ObjectType({ description: 'The Fatigue a cast adds, and the slots it needs.' })
export class CairnCastFatigue {
  @Out.int('From reading a spellbook: 1; scroll and relic 0.')
  fromCasting: number;

  @Out.int('From a failed save.')
  fromFailure: number;

  @Out.int('Fatigue added in all.')
  total: number;

  @Out.int('Free slots for it (after a used-up scroll or a destroyed book), null when not known.', {
    nullable: true,
  })
  freeSlots: number | null;

  @Out.int('Items the caster must drop for Fatigue with no free slot (null when not known).', {
    nullable: true,
  })
  drops: number | null;

  @Out.int('Free slots after.', { nullable: true })
  freeSlotsAfter: number | null;
}

@ObjectType({ description: 'A relic’s charges.' })
export class CairnRelicCharges {
  @Out.int('Before the use (null: not counted).', { nullable: true })
  before: number | null;

  @Out.int('After the use (null: not counted).', { nullable: true })
  after: number | null;

  @Out.int('Full charges (null: not known).', { nullable: true })
  max: number | null;

  @Out.bool('No charge left: it waits for its recharge condition.')
  exhausted: boolean;
}

@ObjectType({
  description: 'Failure damage applied to the caster: HP, then STR and the critical-damage save.',
})
export class CairnCastHarm {
  @Out.int('Damage rolled.')
  damage: number;

  @Out.int('HP after.')
  hp: number;

  @Out.int('STR after.')
  str: number;

  @Out.int('Damage past 0 HP, to STR.')
  overflow: number;

  @Out.int('STR lost.')
  strLost: number;

  @Out.nested('The scar, when HP ended at exactly 0.', () => CairnScar, { nullable: true })
  scar: CairnScar | null;

  @Out.nested('The critical-damage save, when damage reached STR.', () => CairnCriticalSave, {
    nullable: true,
  })
  criticalSave: CairnCriticalSave | null;

  @Out.string('up, out, critical, dead, paralysed or delirious.')
  state: string;

  @Out.stringList('Conditions set.')
  conditions: string[];

  @Out.json('Exact odds of the damage once the save failed: damage, scar, strDamage, critical, dead.')
  odds: Record<string, unknown>;
}

@ObjectType({
  description:
    'What the harm transition made of a failed cast’s damage, inside the cast’s roll (magic.cairn-cast.v2): that roll and the state it left.',
})
export class CairnCastHarmRoll {
  @Out.id('The roll-log entry that took the harm: the cast’s own (its ledger entries name it).')
  rollId: string;

  @Out.string('The harm state before.')
  stateBefore: string;

  @Out.string('The harm state after (out, critical, dead …: decided by the transition).')
  state: string;

  @Out.stringList('What is due later, in words (a scar’s deferred roll …).')
  pending: string[];
}

@ObjectType({ description: 'Exact odds of a cast, before the dice.' })
export class CairnCastOdds {
  @Out.number('Chance the risky save passes (null: none called).', { nullable: true })
  savePasses: number | null;

  @Out.number('Chance the failure’s consequences happen.')
  failure: number;

  @Out.number('Chance at least one item must be dropped (null: free slots not known).', { nullable: true })
  drop: number | null;

  @Out.number('Expected Fatigue added.')
  expectedFatigue: number;
}

@ObjectType({ description: 'A Cairn cast.' })
export class CairnCastResult {
  @Out.oneOf('Cast from.', CAIRN_CAST_SOURCES, CairnCastSourceEnum)
  from: string;

  @Out.nested('The spell (null when none was named).', () => CairnSpellEntry, { nullable: true })
  spell: CairnSpellEntry | null;

  @Out.nested('The risky-casting WIL save (null when none was called).', () => CairnRiskySave, {
    nullable: true,
  })
  riskySave: CairnRiskySave | null;

  @Out.nested('What the failed save did (null: passed or not called).', () => CairnCastFailure, {
    nullable: true,
  })
  failure: CairnCastFailure | null;

  @Out.nested('Fatigue and slots.', () => CairnCastFatigue)
  fatigue: CairnCastFatigue;

  @Out.bool('A scroll is used up.')
  consumed: boolean;

  @Out.bool('Destroyed by a failed save.')
  destroyed: boolean;

  @Out.nested('A relic’s charges (null for a spellbook or scroll).', () => CairnRelicCharges, {
    nullable: true,
  })
  relic: CairnRelicCharges | null;

  @Out.nested('Failure damage applied to the caster (null otherwise).', () => CairnCastHarm, {
    nullable: true,
  })
  harm: CairnCastHarm | null;

  @Out.intList('Every face rolled, in order.')
  faces: number[];

  @Out.nestedList('The steps, in order.', () => HarmStep)
  steps: HarmStep[];

  @Out.nestedList(
    'Changes: fatigue (items to add), charges, and hp/str/maxHp… from failure damage.',
    () => FieldChange,
  )
  changes: FieldChange[];

  @Out.nested('Exact odds.', () => CairnCastOdds)
  odds: CairnCastOdds;

  @Out.string('The seed: the same inputs with it give the same dice.')
  seed: string;

  @Out.string('The generator and its version.')
  rng: string;
}

// Campaign

@ObjectType({ description: 'A spellbook, scroll or relic a character carries.' })
export class CairnMagicItem {
  @Out.id('The inventory item’s id.')
  itemId: string;

  @Out.string('Its name in the inventory.')
  name: string;

  @Out.oneOf('spellbook, scroll or relic.', CAIRN_CAST_SOURCES, CairnCastSourceEnum)
  kind: string;

  @Out.nested('Its spell (null for a relic with a power of its own).', () => CairnSpellEntry, {
    nullable: true,
  })
  spell: CairnSpellEntry | null;

  @Out.string('A relic’s power in words.', { nullable: true })
  power: string | null;

  @Out.int('Slots it takes.')
  slots: number;

  @Out.int('A relic’s charges left (null: not counted).', { nullable: true })
  charges: number | null;

  @Out.int('A relic’s full charges (null: not counted).', { nullable: true })
  maxCharges: number | null;

  @Out.string('A relic’s recharge condition.', { nullable: true })
  recharge: string | null;
}

@ObjectType({ description: 'A character’s Cairn magic: what it carries, its Fatigue and free slots.' })
export class CairnMagicState {
  @Out.id('The character.')
  characterId: string;

  @Out.nestedList('Spellbooks, scrolls and relics.', () => CairnMagicItem)
  items: CairnMagicItem[];

  @Out.int('Fatigue items in the inventory.')
  fatigue: number;

  @Out.int('Free inventory slots.')
  freeSlots: number;
}

@ObjectType({ description: 'A stored character’s cast: the roll and what changed.' })
export class CairnCampaignCastResult extends CairnCastResult {
  @Out.id('The roll-log entry.')
  rollId: string;

  @Out.id('The caster.')
  characterId: string;

  @Out.id('The spellbook, scroll or relic.')
  itemId: string;

  @Out.nestedList('Fatigue items placed.', () => InventoryItem)
  fatigueItems: InventoryItem[];

  @Out.stringList('Ids of the items dropped for room.')
  dropped: string[];

  @Out.nestedList(
    'What the cast did to the caster, in order, each with a sentence to post: the Fatigue it added, then what a failure’s damage did (HP, STR, a scar, the state; the harm transition’s events). The Fatigue is on the cast’s roll (effects.events), the harm on the harm roll’s; both reach the live feed.',
    () => EngineEventResult,
  )
  events: EngineEventResult[];

  @Out.stringList('Ids of the items gone: the used-up scroll, a destroyed book.')
  removed: string[];

  @Out.nested('The spellbook or relic after (null when it is gone).', () => CairnMagicItem, {
    nullable: true,
  })
  item: CairnMagicItem | null;

  @Out.nested(
    'What the harm transition did with a failure’s damage, inside the cast’s roll (magic.cairn-cast.v2); null when the cast did no damage.',
    () => CairnCastHarmRoll,
    { nullable: true },
  )
  harmRoll: CairnCastHarmRoll | null;
}
