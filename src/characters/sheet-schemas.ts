import { createUnionType, FieldMiddleware, ObjectType } from '@nestjs/graphql';
import { dashedEnumType, Out } from '../common/schema';
import { CLOCK_WATCHES } from '../core/clock';
import {
  CAIRN_STATES,
  COEAC_ARMOR_KINDS,
  COEAC_STATES,
  GM_ABILITY_NAMES,
  GM_REACTION_NAMES,
  SHEET_SYSTEMS,
  type SheetSystem,
} from '../core/characters/sheets';
import { GM_HELMET_KINDS } from '../core/characters/gm-gear';
import { CAIRN_DAMAGE_DICE } from '../core/harm/cairn-damage';
import { DEFERRED_TIMINGS, HARM_STATES } from '../core/harm/campaign';
import { HARM_TIMER_KINDS } from '../core/harm/timers';
import { AILMENT_EFFECTS } from '../core/hazards/gm-ailments';
import { GM_STATUSES } from '../core/hazards/gm-statuses';
import { WatchEnum } from '../campaign-state/campaign-state.inputs';
import { GmAttackKindEnum } from '../combat/combat-actions.gm.inputs';
import { CairnDamageDieEnum } from '../harm/harm.inputs';
import { AilmentEffectEnum } from '../hazards/hazard-more.inputs';

/*
 * The sheet of each system as a typed schema (issue 42): what src/core/characters/sheets.ts's
 * normaliser of that system accepts and fills in, what the other domains add with `extendSystem`
 * (harm, hazards, gear), and what the server derives when it answers (sheets-derived.ts). Each class
 * is one GraphQL object type and one OpenAPI component; REST answers a single sheet as a `oneOf` with
 * a discriminator on `system` (src/characters/sheet-openapi.ts), GraphQL as the `SystemSheet` union.
 *
 * Maps of free names (COEAC skills, saves and class resources; Archsoul stats) stay objects in
 * OpenAPI (typed `additionalProperties`); GraphQL, which has no maps, answers them as lists of
 * `{ name, … }` entries (`Out.map`, docs/api-style.md). Fixed names (G&M abilities and reactions) are
 * plain typed objects in both.
 */

const STATE_DESCRIPTION = 'up, down-and-out or dead (the referee’s).';

export const CoeacSheetArmorKindEnum = dashedEnumType(
  'CoeacSheetArmorKind',
  COEAC_ARMOR_KINDS,
  'The armour a COEAC sheet wears.',
);
export const CoeacSheetStateEnum = dashedEnumType('CoeacSheetState', COEAC_STATES, 'A COEAC sheet’s state.');
export const CairnSheetStateEnum = dashedEnumType('CairnSheetState', CAIRN_STATES, 'A Cairn sheet’s state.');
export const HarmStateEnum = dashedEnumType('HarmState', HARM_STATES, 'A harm state kept on a sheet.');
export const HarmTimerKindEnum = dashedEnumType('HarmTimerKind', HARM_TIMER_KINDS, 'A harm timer.');
export const TIMER_EFFECTS = ['death', 'wakes', 'lapses', 'responds'] as const;
export const HarmTimerEffectEnum = dashedEnumType(
  'HarmTimerEffect',
  TIMER_EFFECTS,
  'What a harm timer does when it runs out.',
);
export const DeferredTimingEnum = dashedEnumType(
  'DeferredScarTiming',
  DEFERRED_TIMINGS,
  'When a deferred Cairn scar roll applies.',
);
export const CAIRN_ARMOR_SOURCES = ['sheet', 'worn'] as const;
export const CairnArmorSourceEnum = dashedEnumType(
  'CairnArmorSource',
  CAIRN_ARMOR_SOURCES,
  'Where a Cairn sheet’s Armor comes from.',
);
export const STORED_AILMENT_KINDS = ['chronic', 'chronic-inescapable'] as const;
export const StoredAilmentKindEnum = dashedEnumType(
  'GmStoredAilmentKind',
  STORED_AILMENT_KINDS,
  'How an ailment kept on a G&M sheet runs.',
);
export const ACTION_TIME_UNITS = ['round', 'minute', 'hour', 'day'] as const;
export const ActionTimeUnitEnum = dashedEnumType(
  'GmActionTimeUnit',
  ACTION_TIME_UNITS,
  'An action-time unit.',
);
export const GmSheetStatusEnum = dashedEnumType('GmSheetStatus', GM_STATUSES, 'A status on a G&M sheet.');
export const GM_WEAPON_KINDS = ['close', 'thrown', 'propelled'] as const;
export const GmHelmetKindEnum = dashedEnumType(
  'GmHelmetKind',
  GM_HELMET_KINDS,
  'The helmet a G&M sheet wears.',
);

// ---------------------------------------------------------------------------------------------
// Shared pieces

@ObjectType({ description: 'A free-named whole number of a sheet (GraphQL’s entry of a name → value map).' })
export class SheetNamedInt {
  @Out.string('The name (a skill, a save, a stat).')
  name: string;

  @Out.int('Its value.')
  value: number;
}

@ObjectType({ description: 'A tracked pool: its current value and its maximum.' })
export class SheetPool {
  @Out.int('The current value (tracked, through the condition ledger).')
  current: number;

  @Out.int('The maximum.')
  max: number;
}

@ObjectType({ description: 'A free-named pool of a sheet (GraphQL’s entry of a name → pool map).' })
export class SheetNamedPool {
  @Out.string('The name (a class resource: Luck, Steel, Empower, `implement:<itemId>`).')
  name: string;

  @Out.int('The current value (tracked).')
  current: number;

  @Out.int('The maximum.')
  max: number;
}

const INT_MAP = { type: 'integer' };
const POOL_MAP = {
  type: 'object',
  required: ['current', 'max'],
  properties: {
    current: { type: 'integer', description: 'The current value (tracked).' },
    max: { type: 'integer', description: 'The maximum.' },
  },
};

@ObjectType({ description: 'A position of the campaign clock.' })
export class SheetClockPosition {
  @Out.int('The day.')
  day: number;

  @Out.oneOf('The watch.', CLOCK_WATCHES, WatchEnum)
  watch: string;

  @Out.int('The turn within the watch.')
  turn: number;
}

@ObjectType({ description: 'A timer of the harm the clock counts down.' })
export class SheetHarmTimer {
  @Out.oneOf('What the timer counts.', HARM_TIMER_KINDS, HarmTimerKindEnum)
  kind: string;

  @Out.nested('Where the clock stood when it started.', () => SheetClockPosition, { nullable: true })
  startedAt: SheetClockPosition | null;

  @Out.nested('When it runs out; null when the clock does not count it.', () => SheetClockPosition, {
    nullable: true,
  })
  endsAt: SheetClockPosition | null;

  @Out.int('Rounds, where the rule counts rounds, else null.', { nullable: true })
  rounds: number | null;

  @Out.oneOf('What happens when it runs out.', TIMER_EFFECTS, HarmTimerEffectEnum)
  effect: string;
}

@ObjectType({ description: 'A Cairn scar roll made at the blow and applied later.' })
export class SheetDeferredScarRoll {
  @Out.string('The scar.')
  scar: string;

  @Out.oneOf('When it applies.', DEFERRED_TIMINGS, DeferredTimingEnum)
  timing: string;

  @Out.string('What was rolled, in words.')
  result: string;

  @Out.string('The tracked path it changes.')
  path: string;

  @Out.int('The change it makes then.')
  delta: number;
}

@ObjectType({
  description: 'The harm a sheet keeps (docs/harm.md); left out of a sheet that never took harm.',
})
export class SheetHarm {
  @Out.oneOf('The harm state.', HARM_STATES, HarmStateEnum)
  state: string;

  @Out.stringList('Lasting conditions (doomed, awaiting-aid, death-roll-due, …).')
  conditions: string[];

  @Out.stringList('Rolls and effects due later, in words.')
  pending: string[];

  @Out.nestedList('Timers the clock counts down; absent when none runs.', () => SheetHarmTimer, {
    optional: true,
  })
  timers?: SheetHarmTimer[];

  @Out.nestedList(
    'Cairn scar rolls waiting for their moment; absent when none waits.',
    () => SheetDeferredScarRoll,
    {
      optional: true,
    },
  )
  deferred?: SheetDeferredScarRoll[];
}

// ---------------------------------------------------------------------------------------------
// COEAC

@ObjectType({ description: 'A COEAC weapon on the sheet.' })
export class CoeacWeapon {
  @Out.string('Its name.')
  name: string;

  @Out.string('The skill its attacks use.', { optional: true })
  skill?: string;

  @Out.bool('Whether it is a ranged weapon.', { optional: true })
  ranged?: boolean;

  @Out.stringList(
    'Free-named notes: the COEAC document (003) gives weapons no traits with rules, so none is applied.',
    { optional: true },
  )
  traits?: string[];

  @Out.string(
    'A ranged weapon: the name of the inventory item that is its ammunition (matched ignoring case). A stored exchange with it needs such an item carried (003:807), else 422 naming coeac.weapon.',
    { optional: true },
  )
  ammunition?: string;

  @Out.id(
    'The inventory item it is: a PUT that sets or changes it needs the character to carry that item (409 naming it; an NPC names none: 422).',
    { optional: true },
  )
  itemId?: string;
}

@ObjectType({ description: 'COEAC armour and shield, with the Block uses left today.' })
export class CoeacSheetArmor {
  @Out.oneOf('none, light or heavy.', COEAC_ARMOR_KINDS, CoeacSheetArmorKindEnum)
  kind: string;

  @Out.bool('Whether a shield is carried.')
  shield: boolean;

  @Out.int('Block uses left today, armour and shield together (tracked).')
  blockUses: number;

  @Out.int('The shield’s own Block use left today, one of blockUses (with a shield).', { optional: true })
  shieldBlockUses?: number;

  @Out.id(
    'The inventory item that is the worn armour: a PUT that sets or changes it needs the character to carry that item (409 naming it; an NPC names none: 422).',
    { optional: true },
  )
  itemId?: string;

  @Out.id(
    'The inventory item that is the shield: a PUT that sets or changes it needs the character to carry that item (409 naming it; an NPC names none: 422).',
    { optional: true },
  )
  shieldItemId?: string;

  @Out.int('Block a monster’s hide added to the armour (when any).', { optional: true })
  blockBonus?: number;

  @Out.int('Block a monster’s hide added to the shield (when any).', { optional: true })
  shieldBlockBonus?: number;

  @Out.int('Derived: Block uses a day from the armour kind and the shield.')
  blockUsesPerDay: number;
}

@ObjectType({ description: 'Arcane vestments worn (COEAC).' })
export class CoeacVestment {
  @Out.id('The inventory item.')
  itemId: string;

  @Out.int('The Empower it grants.')
  empower: number;
}

@ObjectType({ description: 'A sorcerous implement held (COEAC).' })
export class CoeacImplement {
  @Out.id('The inventory item.')
  itemId: string;

  @Out.int('The Empower it grants once a day.')
  empower: number;

  @Out.stringList('An orb: the two spell families it serves; null for a relic.', { nullable: true })
  families: string[] | null;
}

/** Every system's sheet keeps free notes and a portrait, described once (issue 42). */
const sheetNotes = () =>
  Out.string(
    'Free notes the referee keeps (at most 4000 characters; the bound player may set them too). Seen by whoever may see the sheet; absent when none.',
    { optional: true },
  );
const sheetPortrait = () =>
  Out.string(
    'A portrait: an absolute https URL (at most 2048 characters; anything else is refused, naming sheet.portraitUrl). The bound player may set it; seen by whoever may see the sheet; absent when none.',
    { optional: true },
  );

@ObjectType({ description: 'A COEAC sheet, as answered (docs/characters.md).' })
export class CoeacSheet {
  @Out.map('Skill ratings by name.', INT_MAP, () => SheetNamedInt)
  skills: Record<string, number>;

  @Out.map('Save ratings by name.', INT_MAP, () => SheetNamedInt)
  saves: Record<string, number>;

  @Out.int('Hit points (tracked).')
  hp: number;

  @Out.int('Maximum hit points (tracked).')
  maxHp: number;

  @Out.int('Bonus hit points, spent first (tracked).')
  bonusHp: number;

  @Out.nested('Armour and shield.', () => CoeacSheetArmor)
  armor: CoeacSheetArmor;

  @Out.string('The class.', { nullable: true })
  class: string | null;

  @Out.map('Class resources by name (Luck, Steel, Empower, …), each tracked.', POOL_MAP, () => SheetNamedPool)
  classResources: Record<string, { current: number; max: number }>;

  @Out.int('Boons earned (tracked).')
  boons: number;

  @Out.oneOf(STATE_DESCRIPTION, COEAC_STATES, CoeacSheetStateEnum)
  state: string;

  @Out.nestedList('Arcane vestments worn; absent when none.', () => CoeacVestment, { optional: true })
  vestments?: CoeacVestment[];

  @Out.nestedList('Sorcerous implements held; absent when none.', () => CoeacImplement, { optional: true })
  implements?: CoeacImplement[];

  @Out.stringList('Spells a failed Spell Mastery barred, by catalogue id; absent when none.', {
    optional: true,
  })
  barredSpells?: string[];

  @Out.int('An NPC’s Pool (rolled without the +2).', { optional: true })
  pool?: number;

  @Out.int('An adversary’s save Objective.', { optional: true })
  saveObjective?: number;

  @Out.string('An NPC’s Role.', { optional: true })
  role?: string;

  @Out.stringList('Rare organs eaten or worked into gear, by id; absent when none.', { optional: true })
  organs?: string[];

  @Out.int('Gear slots a hireling or animal carries for its employer.', { optional: true })
  carrierSlots?: number;

  @Out.stringList('Class resources that are per-day powers (a long rest refills them).', { optional: true })
  perDay?: string[];

  @Out.nested('The harm it keeps (absent when it never took harm).', () => SheetHarm, { optional: true })
  harm?: SheetHarm;

  @Out.nestedList('Weapons on the sheet.', () => CoeacWeapon, { optional: true })
  weapons?: CoeacWeapon[];

  @sheetNotes()
  notes?: string;

  @sheetPortrait()
  portraitUrl?: string;

  @Out.int('Derived: the Empower of the vestments still carried (with vestments).', { optional: true })
  vestmentEmpower?: number;
}

// ---------------------------------------------------------------------------------------------
// Cairn

@ObjectType({ description: 'A Cairn weapon on the sheet.' })
export class CairnWeapon {
  @Out.string('Its name.')
  name: string;

  @Out.oneOf('Its damage die.', CAIRN_DAMAGE_DICE, CairnDamageDieEnum)
  die: string;

  @Out.bool('Bulky (two hands, two slots).', { optional: true })
  bulky?: boolean;

  @Out.bool('Blast (hits every target in the area).', { optional: true })
  blast?: boolean;

  @Out.id('The inventory item it is.', { optional: true })
  itemId?: string;
}

@ObjectType({ description: 'An inventory item worn for its Armor (Cairn).' })
export class CairnWornItem {
  @Out.id('The inventory item.')
  itemId: string;

  @Out.int('The Armor it gives.')
  armor: number;
}

@ObjectType({ description: 'A Cairn sheet, as answered (docs/characters.md).' })
export class CairnSheet {
  @Out.nested('STR (current tracked).', () => SheetPool)
  str: SheetPool;

  @Out.nested('DEX (current tracked).', () => SheetPool)
  dex: SheetPool;

  @Out.nested('WIL (current tracked).', () => SheetPool)
  wil: SheetPool;

  @Out.int('Hit protection (tracked).')
  hp: number;

  @Out.int('Maximum hit protection (tracked).')
  maxHp: number;

  @Out.int('Armor (0–3): derived from the worn items still carried when any are listed.')
  armor: number;

  @Out.nestedList('Items worn for their Armor.', () => CairnWornItem)
  worn: CairnWornItem[];

  @Out.bool('Deprived (no recovery from rest).')
  deprived: boolean;

  @Out.stringList('Scars, in words.')
  scars: string[];

  @Out.oneOf('up, out or dead (the referee’s).', CAIRN_STATES, CairnSheetStateEnum)
  state: string;

  @Out.nested('The harm it keeps (absent when it never took harm).', () => SheetHarm, { optional: true })
  harm?: SheetHarm;

  @Out.nestedList('Weapons on the sheet.', () => CairnWeapon, { optional: true })
  weapons?: CairnWeapon[];

  @sheetNotes()
  notes?: string;

  @sheetPortrait()
  portraitUrl?: string;

  @Out.oneOf(
    'Derived: where armor comes from (worn items, or the sheet).',
    CAIRN_ARMOR_SOURCES,
    CairnArmorSourceEnum,
  )
  armorSource: string;
}

// ---------------------------------------------------------------------------------------------
// Archsoul

@ObjectType({ description: 'An Archsoul sheet, as answered (docs/characters.md).' })
export class ArchsoulSheet {
  @Out.map('Stat and skill values by name.', INT_MAP, () => SheetNamedInt)
  stats: Record<string, number>;

  @Out.int('The base move (speed), when given.', { optional: true })
  move?: number;

  @Out.int('Hit points (tracked).')
  hp: number;

  @Out.int('Maximum hit points (tracked).')
  maxHp: number;

  @Out.int('Fatigue level (tracked).')
  fatigue: number;

  @Out.stringList('Statuses, in words (the referee’s).')
  statuses: string[];

  @Out.nested('The harm it keeps (absent when it never took harm).', () => SheetHarm, { optional: true })
  harm?: SheetHarm;

  @Out.int('HP below 0, as a positive number (tracked; harm).', { optional: true })
  belowZero?: number;

  @Out.int('Endurance lost to drowning (tracked; hazards).', { optional: true })
  enduranceLoss?: number;

  @Out.map('Points other attributes lost, by name (tracked; hazards).', INT_MAP, () => SheetNamedInt, {
    optional: true,
  })
  attributeLoss?: Record<string, number>;

  @Out.int('Exhaustion’s −1 to every attribute, kept after the fatigue clears (tracked).', {
    optional: true,
  })
  exhaustionLoss?: number;

  @Out.map('Derived: each stat less what was lost (when anything was).', INT_MAP, () => SheetNamedInt, {
    optional: true,
  })
  statsNow?: Record<string, number>;

  @Out.int('Derived: the move now (Knocked Down, exhausted), when it differs.', { optional: true })
  moveNow?: number;

  @sheetNotes()
  notes?: string;

  @sheetPortrait()
  portraitUrl?: string;
}

// ---------------------------------------------------------------------------------------------
// G&M

@ObjectType({ description: 'A G&M weapon on the sheet.' })
export class GmWeapon {
  @Out.string('Its name.')
  name: string;

  @Out.string('Its damage dice (d6, 2d4, …).')
  dice: string;

  @Out.oneOf('close, thrown or propelled.', GM_WEAPON_KINDS, GmAttackKindEnum, { optional: true })
  kind?: string;

  @Out.int('Its attack bonus.', { optional: true })
  attackBonus?: number;

  @Out.id(
    'The inventory item it is: a PUT that sets or changes it needs the character to carry that item (409 naming it; an NPC names none: 422).',
    { optional: true },
  )
  itemId?: string;
}

@ObjectType({
  description: 'G&M armour or a shield worn (a row of the armour list, or named with its own defence).',
})
export class GmProtection {
  @Out.string('Its name (the kind’s when none was given).')
  name: string;

  @Out.string('The row of the armour list it is (Leather, Chain Mail, Shield, …), when given.', {
    optional: true,
  })
  kind?: string;

  @Out.int('The defence it adds (the kind’s unless the sheet gives its own).')
  defense: number;

  @Out.id(
    'The inventory item it is: a PUT that sets or changes it needs the character to carry that item (409 naming it; an NPC names none: 422).',
    { optional: true },
  )
  itemId?: string;
}

function abilityFields(target: { prototype: object }, description: string, optional: boolean): void {
  for (const name of GM_ABILITY_NAMES) {
    Out.int(`${name[0].toUpperCase()}${name.slice(1)}${description}`, { optional })(target.prototype, name);
  }
}

@ObjectType({ description: 'The six G&M attribute scores.' })
export class GmSheetAbilities {
  strength: number;
  agility: number;
  endurance: number;
  intelligence: number;
  wisdom: number;
  charisma: number;
}
abilityFields(GmSheetAbilities, '.', false);

@ObjectType({ description: 'The six G&M reactions (derived; the referee’s overrides win).' })
export class GmSheetReactions {
  health?: number;
  fortitude?: number;
  willpower?: number;
  evasion?: number;
  reason?: number;
  perception?: number;
}
for (const name of GM_REACTION_NAMES)
  Out.int(`${name[0].toUpperCase()}${name.slice(1)} (absent without an archetype nor an override).`, {
    optional: true,
  })(GmSheetReactions.prototype, name);

@ObjectType({ description: 'One archetype of a G&M character and its level.' })
export class GmSheetArchetype {
  @Out.string('The archetype.')
  archetype: string;

  @Out.int('Its level.')
  level: number;
}

@ObjectType({ description: 'An ability’s major and minor contributors.' })
export class GmContributorPairAnswer {
  @Out.int('The major contributor.')
  major: number;

  @Out.int('The minor contributor.')
  minor: number;
}

@ObjectType({ description: 'The contributors of the six abilities.' })
export class GmSheetContributors {
  strength: GmContributorPairAnswer;
  agility: GmContributorPairAnswer;
  endurance: GmContributorPairAnswer;
  intelligence: GmContributorPairAnswer;
  wisdom: GmContributorPairAnswer;
  charisma: GmContributorPairAnswer;
}
for (const name of GM_ABILITY_NAMES)
  Out.nested(`${name}’s contributors.`, () => GmContributorPairAnswer)(GmSheetContributors.prototype, name);

@ObjectType({ description: 'An archetype with its level and the Fighting Art it gives.' })
export class GmSheetArchetypeShare {
  @Out.string('The archetype.')
  archetype: string;

  @Out.int('Its level.')
  level: number;

  @Out.int('The Fighting Art bonus it gives.')
  fightingArt: number;
}

@ObjectType({ description: 'Attack bonuses by attack kind.' })
export class GmSheetAttack {
  @Out.int('Close.')
  close: number;

  @Out.int('Thrown.')
  thrown: number;

  @Out.int('Propelled.')
  propelled: number;
}

@ObjectType({ description: 'Damage bonuses by attack kind.' })
export class GmSheetDamage {
  @Out.int('Close.')
  close: number;

  @Out.int('Thrown.')
  thrown: number;
}

@ObjectType({ description: 'What the server derives of a G&M sheet with an archetype.' })
export class GmSheetDerived {
  @Out.nested('The contributors of each ability.', () => GmSheetContributors)
  contributors: GmSheetContributors;

  @Out.int('The overall level.')
  level: number;

  @Out.nestedList('Each archetype with its level and Fighting Art.', () => GmSheetArchetypeShare)
  archetypes: GmSheetArchetypeShare[];

  @Out.string('The archetype that gives the verve modifier.')
  verveArchetype: string;

  @Out.int('The Fighting Art bonus.')
  fightingArt: number;

  @Out.string('The species found in the species tables, or null.', { nullable: true })
  species: string | null;

  @Out.int('Species base Movement + strength (minor); null without a species.', { nullable: true })
  movement: number | null;

  @Out.int('First-level survival.')
  survival: number;

  @Out.int('First-level verve.')
  verve: number;

  @Out.int('First-level mojo.')
  mojo: number;

  @Out.int('Defense.')
  defense: number;

  @Out.nested('Attack bonuses.', () => GmSheetAttack)
  attack: GmSheetAttack;

  @Out.nested('Damage bonuses.', () => GmSheetDamage)
  damage: GmSheetDamage;
}

@ObjectType({ description: 'A G&M helmet worn: full (−1 to perception and attack rolls) or open.' })
export class GmHelmet {
  @Out.string('Its name (Full Helmet or Open Helmet when none was given).')
  name: string;

  @Out.oneOf('full or open.', GM_HELMET_KINDS, GmHelmetKindEnum)
  kind: string;
}

@ObjectType({ description: 'A G&M field of knowledge: its bonus and the skills learnt in it.' })
export class GmSheetField {
  @Out.string('The field (History, War Craft, …).')
  name: string;

  @Out.int('The field bonus a roll its skills apply to gains (a new field is at +1).')
  bonus: number;

  @Out.stringList('The skills learnt in it (unique across the sheet).')
  skills: string[];
}

@ObjectType({ description: 'A G&M specialty: a roll involving it is archetypal and gains its bonus.' })
export class GmSheetSpecialty {
  @Out.string('The specialty.')
  name: string;

  @Out.int('The bonus the referee gives the rolls it is involved in (0 when none).')
  bonus: number;
}

@ObjectType({ description: 'A spell inscribed in a G&M sorceror’s spell book.' })
export class GmBookSpell {
  @Out.string('The spell.')
  name: string;

  @Out.int('Its level.')
  level: number;
}

@ObjectType({ description: 'A spell in a G&M sorceror’s memorisation slots.' })
export class GmMemorizedSpell {
  @Out.string('The spell (one of the spell book’s).')
  name: string;

  @Out.int('Its level (the spell book’s).')
  level: number;

  @Out.bool('Whether it has been cast since it was memorised (a cast spell is spent).')
  cast: boolean;
}

@ObjectType({ description: 'An action time.' })
export class GmActionTime {
  @Out.int('How many units.')
  amount: number;

  @Out.oneOf('The unit.', ACTION_TIME_UNITS, ActionTimeUnitEnum)
  unit: string;
}

@ObjectType({ description: 'A chronic ailment kept on a G&M sheet (docs/hazards.md).' })
export class GmStoredAilment {
  @Out.id('Its id on the sheet.')
  id: string;

  @Out.string('The example ailment it is, or null.', { nullable: true })
  ailment: string | null;

  @Out.string('Its name.')
  name: string;

  @Out.oneOf('chronic or chronic-inescapable.', STORED_AILMENT_KINDS, StoredAilmentKindEnum)
  kind: string;

  @Out.int('Its strength.')
  strength: number;

  @Out.int('The health score the throw-off rolls are made against.')
  health: number;

  @Out.oneOf('What it does.', AILMENT_EFFECTS, AilmentEffectEnum)
  effect: string;

  @Out.int('Dice of the effect.')
  effectDice: number;

  @Out.int('Sides of those dice.')
  effectSides: number;

  @Out.stringList('The scores a penalty lowers.')
  scores: string[];

  @Out.nested('The action time of its course.', () => GmActionTime)
  actionTime: GmActionTime;

  @Out.int('Action times of the course already rolled.')
  courseTimes: number;

  @Out.int('Seconds carried toward the next action time.')
  carriedSeconds: number;

  @Out.int('The effect’s total so far.')
  total: number;
}

@ObjectType({ description: 'A status a hazard left on a G&M sheet (docs/hazards.md).' })
export class GmStoredStatus {
  @Out.id('Its id on the sheet.')
  id: string;

  @Out.oneOf('asleep, paralysed, shock or ailing.', GM_STATUSES, GmSheetStatusEnum)
  status: string;

  @Out.string('What caused it.')
  source: string;

  @Out.int('Seconds left; null when only the referee ends it.', { nullable: true })
  secondsLeft: number | null;

  @Out.int('ailing: the penalty on each score named.', { optional: true })
  penalty?: number;

  @Out.stringList('ailing: the scores it lowers.', { optional: true })
  scores?: string[];
}

@ObjectType({ description: 'The encounters that restored verve in an adventure.' })
export class GmVerveEncounters {
  @Out.string('The adventure (session) id, or null.', { nullable: true })
  adventure: string | null;

  @Out.stringList('The encounters.')
  encounters: string[];
}

@ObjectType({ description: 'A G&M sheet, as answered (docs/characters.md).' })
export class GmSheet {
  @Out.nested(
    'The six attribute scores (stored as `abilities` before /v1 spoke `attributes`).',
    () => GmSheetAbilities,
  )
  attributes: GmSheetAbilities;

  @Out.nested('Deprecated: the old name of `attributes`, the same scores.', () => GmSheetAbilities, {
    deprecated: 'Renamed `attributes` (docs/api-style.md); accepted and answered until /v2.',
  })
  abilities: GmSheetAbilities;

  @Out.nestedList('Archetypes and levels.', () => GmSheetArchetype)
  archetypes: GmSheetArchetype[];

  @Out.string('The species, or null.', { nullable: true })
  species: string | null;

  @Out.nested('Survival (tracked).', () => SheetPool)
  survival: SheetPool;

  @Out.nested('Verve (tracked).', () => SheetPool)
  verve: SheetPool;

  @Out.nested('Injuries (tracked).', () => SheetPool)
  injuries: SheetPool;

  @Out.nested('Mojo (tracked).', () => SheetPool)
  mojo: SheetPool;

  @Out.int('Experience points (tracked).')
  experience: number;

  @Out.int('Movement.')
  movement: number;

  @Out.nested(
    'The reactions: derived from the attributes and archetypes; the referee’s overrides win.',
    () => GmSheetReactions,
  )
  reactions: GmSheetReactions;

  @Out.bool('Wears a full helmet (−1 to perception and attacks); absent when not.', {
    optional: true,
    deprecated: 'Read `helmet` (kind full); accepted and answered until /v2.',
  })
  fullHelmet?: boolean;

  @Out.nested('The helmet worn, beside the armour and shield; absent when none.', () => GmHelmet, {
    optional: true,
  })
  helmet?: GmHelmet;

  @Out.nestedList('Fields of knowledge with their bonus and skills; absent when none.', () => GmSheetField, {
    optional: true,
  })
  fields?: GmSheetField[];

  @Out.nestedList('Specialties; absent when none.', () => GmSheetSpecialty, { optional: true })
  specialties?: GmSheetSpecialty[];

  @Out.nestedList('The spells of a sorceror’s spell book; absent when none.', () => GmBookSpell, {
    optional: true,
  })
  spellBook?: GmBookSpell[];

  @Out.nestedList(
    'The spells memorised (referee’s; a cast marks one spent); absent when none.',
    () => GmMemorizedSpell,
    { optional: true },
  )
  memorizedSpells?: GmMemorizedSpell[];

  @Out.int('Injury points nothing heals (tracked).', { optional: true })
  unhealableInjuries?: number;

  @Out.nestedList('Chronic ailments running; absent when none.', () => GmStoredAilment, { optional: true })
  ailments?: GmStoredAilment[];

  @Out.nestedList('Statuses a hazard left; absent when none.', () => GmStoredStatus, { optional: true })
  statuses?: GmStoredStatus[];

  @Out.nested('The harm it keeps (absent when it never took harm).', () => SheetHarm, { optional: true })
  harm?: SheetHarm;

  @Out.nested('The encounters that restored verve this adventure.', () => GmVerveEncounters, {
    optional: true,
  })
  verveEncounters?: GmVerveEncounters;

  @Out.int('A temporary survival pool damage takes first (tracked).', { optional: true })
  temporarySurvival?: number;

  @Out.string('What granted the temporary survival pool.', { optional: true })
  temporarySurvivalSource?: string;

  @Out.nestedList('Weapons on the sheet.', () => GmWeapon, { optional: true })
  weapons?: GmWeapon[];

  @sheetNotes()
  notes?: string;

  @sheetPortrait()
  portraitUrl?: string;

  @Out.nested('The armour worn: a stored attack adds its defence to this target’s.', () => GmProtection, {
    optional: true,
  })
  armor?: GmProtection;

  @Out.nested('The shield carried: a stored attack adds its defence too.', () => GmProtection, {
    optional: true,
  })
  shield?: GmProtection;

  @Out.nested(
    'Derived: level, contributors, first-level pools, defense, attack, damage; null without an archetype.',
    () => GmSheetDerived,
    { nullable: true },
  )
  derived: GmSheetDerived | null;
}

// ---------------------------------------------------------------------------------------------
// One sheet of any system

/** The schema class of each system's sheet. */
export const SHEET_SCHEMAS: Record<SheetSystem, new () => object> = {
  coeac: CoeacSheet,
  cairn: CairnSheet,
  archsoul: ArchsoulSheet,
  gm: GmSheet,
};

const SYSTEM = Symbol('sheet system');

/** GraphQL: tags a sheet answered beside its `system` so that the `SystemSheet` union can tell its type. */
export const tagSheetSystem: FieldMiddleware = async (ctx, next) => {
  const value: unknown = await next();
  const system = (ctx.source as { system?: unknown }).system;
  if (typeof value !== 'object' || value === null || typeof system !== 'string') return value;
  return { ...{}, ...(value as object), [SYSTEM]: system };
};

export const SystemSheet = createUnionType({
  name: 'SystemSheet',
  description:
    'A sheet of one system: CoeacSheet, CairnSheet, ArchsoulSheet or GmSheet (by the answer’s `system`).',
  types: () => [CoeacSheet, CairnSheet, ArchsoulSheet, GmSheet] as const,
  resolveType: (value: Record<symbol, unknown>) => {
    const system = value[SYSTEM];
    return (SHEET_SYSTEMS as readonly unknown[]).includes(system)
      ? SHEET_SCHEMAS[system as SheetSystem]
      : null;
  },
});
