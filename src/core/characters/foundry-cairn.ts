import { RuleError } from '../errors';

/*
 * Foundry VTT's Cairn actors (issue 40), as the Cairn system for Foundry keeps them (system 0.23,
 * Foundry VTT 12 and 13): Actor `system` data `hp {value, max}`, `abilities {STR, DEX, WIL}
 * {value, max}`, `deprived`, `gold` (characters), `armor` and `description` (NPCs), `biography`;
 * Items of type `weapon` (`damageFormula`, `criticalDamage`, `blast`), `armor` (`armor`), `item`
 * (`uses {value, max}`, or the system's older `numberOfUses`) and `spellbook`, each with
 * `description`, `bulky`, `weightless` and `equipped`. An actor is read into what Arbiter keeps (a
 * Cairn sheet, inventory items, notes) and what it does not is named; a stored one is written back.
 * The item data is kept whole beside the inventory item (`foundry`), so that what Arbiter does not
 * model (a weapon's damage, uses) comes back out as it went in.
 */

/** The versions our fixtures and export name (`_stats`): the Cairn system 0.23 on Foundry VTT 12. */
export const FOUNDRY_CAIRN_STATS = { coreVersion: '12.331', systemId: 'cairn', systemVersion: '0.23' };

export const FOUNDRY_CAIRN_ITEM_TYPES = ['weapon', 'armor', 'item', 'spellbook'] as const;
export type FoundryCairnItemType = (typeof FOUNDRY_CAIRN_ITEM_TYPES)[number];

export const MAX_FOUNDRY_ACTORS = 100;
const MAX_ITEMS = 100;
const MAX_NAME = 100;
const MAX_NOTES = 5000;
const MAX_ITEM_NOTES = 500;
const MAX_ABILITY = 20;
const MAX_HP = 1000;

export interface FoundryCairnItem {
  name: string;
  type: FoundryCairnItemType;
  /** Inventory slots: bulky 2, weightless 0, else 1. */
  slots: number;
  /** The description, as the item's notes (cut to 500 characters). */
  notes: string | null;
  /** Armor worn (an equipped armor item): its Armor value. */
  wornArmor: number | null;
  /** The item's `system` data as it came, kept for the export. */
  foundry: Record<string, unknown>;
  /**
   * A `weapon` item whose damage is one Cairn die: the sheet weapon it becomes (issue 42), its
   * `itemId` filled in once the item has an id. Null for other items and other damage formulas.
   */
  weapon: FoundryCairnWeapon | null;
}

/** A sheet weapon read from a Foundry weapon item (`weapons` of the Cairn sheet). */
export interface FoundryCairnWeapon {
  name: string;
  die: 'd4' | 'd6' | 'd8' | 'd10' | 'd12';
  bulky?: boolean;
  blast?: boolean;
}

/** Foundry's damage formula as one Cairn die: "d8", "1d8" (any case, spaces ignored); else null. */
export function cairnDieOf(formula: string): FoundryCairnWeapon['die'] | null {
  const m = /^1?d(4|6|8|10|12)$/.exec(formula.replace(/\s+/g, '').toLowerCase());
  return m ? (`d${m[1]}` as FoundryCairnWeapon['die']) : null;
}

/** At most this many weapons on a sheet (MAX_SHEET_WEAPONS of sheet-weapons.ts). */
const MAX_WEAPONS = 20;

export interface FoundryCairnActor {
  name: string;
  type: 'character' | 'npc';
  /** The Cairn sheet (as `PUT …/sheets/cairn` takes it, `worn` filled in once items have ids). */
  sheet: {
    str: { current: number; max: number };
    dex: { current: number; max: number };
    wil: { current: number; max: number };
    hp: number;
    maxHp: number;
    deprived: boolean;
    armor?: number;
    /** An NPC's weapons (a character's are filled in with their items' ids). */
    weapons?: Array<FoundryCairnWeapon & { itemId?: string }>;
  };
  /** The biography (characters) or description (NPCs), as notes. */
  notes: string | null;
  items: FoundryCairnItem[];
  /** What Arbiter does not keep, in words: `{ field, reason }`. */
  unmapped: Array<{ field: string; reason: string }>;
}

function bad(field: string, message: string): RuleError {
  return new RuleError('VALIDATION_FAILED', message, field);
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw bad(field, `${field} must be an object.`);
  }
  return value as Record<string, unknown>;
}

function whole(value: unknown, field: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  // Foundry keeps numbers typed in a sheet as numbers, but older exports hold numeric strings.
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw bad(field, `${field} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

function flag(value: unknown, field: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw bad(field, `${field} must be true or false.`);
  return value;
}

function textOf(value: unknown, field: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw bad(field, `${field} must be a string.`);
  return value;
}

/** Foundry keeps descriptions as HTML: the text without tags, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

function attribute(abilities: Record<string, unknown>, key: 'STR' | 'DEX' | 'WIL', at: string) {
  const value = record(abilities[key], `${at}.${key}`);
  const max = whole(value.max, `${at}.${key}.max`, 0, MAX_ABILITY);
  const current = whole(value.value, `${at}.${key}.value`, 0, MAX_ABILITY);
  if (current > max) throw bad(`${at}.${key}.value`, `${at}.${key}.value is above its max (${max}).`);
  return { current, max };
}

function readItem(raw: unknown, at: string): FoundryCairnItem {
  const item = record(raw, at);
  const name = textOf(item.name, `${at}.name`).trim();
  if (name.length === 0 || name.length > MAX_NAME)
    throw bad(`${at}.name`, `${at}.name is 1 to 100 characters.`);
  if (!FOUNDRY_CAIRN_ITEM_TYPES.includes(item.type as FoundryCairnItemType)) {
    throw bad(`${at}.type`, `${at}.type must be one of ${FOUNDRY_CAIRN_ITEM_TYPES.join(', ')}.`);
  }
  const type = item.type as FoundryCairnItemType;
  const system = item.system === undefined ? {} : record(item.system, `${at}.system`);
  const bulky = flag(system.bulky, `${at}.system.bulky`);
  const weightless = flag(system.weightless, `${at}.system.weightless`);
  const equipped = flag(system.equipped, `${at}.system.equipped`);
  let formula = '';
  let blast = false;
  if (type === 'weapon' || type === 'item') {
    formula = textOf(system.damageFormula, `${at}.system.damageFormula`);
    blast = flag(system.blast, `${at}.system.blast`);
  }
  const die = type === 'weapon' ? cairnDieOf(formula) : null;
  if (type === 'item' && system.uses !== undefined && system.uses !== null) {
    const uses = record(system.uses, `${at}.system.uses`);
    const max = whole(uses.max, `${at}.system.uses.max`, 0, 1000);
    whole(uses.value, `${at}.system.uses.value`, 0, max);
  }
  if (type === 'item' && system.numberOfUses !== undefined && system.numberOfUses !== null) {
    whole(system.numberOfUses, `${at}.system.numberOfUses`, 0, 1000);
  }
  const armor = type === 'armor' ? whole(system.armor, `${at}.system.armor`, 0, 3, 0) : 0;
  const description = plainText(textOf(system.description, `${at}.system.description`));
  return {
    name,
    type,
    slots: weightless ? 0 : bulky ? 2 : 1,
    notes: description ? description.slice(0, MAX_ITEM_NOTES) : null,
    wornArmor: type === 'armor' && equipped ? armor : null,
    foundry: { ...{}, ...system, type },
    weapon: die ? { name, die, ...(bulky ? { bulky: true } : {}), ...(blast ? { blast: true } : {}) } : null,
  };
}

/**
 * The sheet's `weapons` from the weapon items (issue 42): each whose damage is one Cairn die, in
 * the file's order; a weapon whose damage is another formula, a second weapon of the same name
 * (ignoring case) or one past the sheet's 20 is named in `unmapped` and stays an item only.
 */
function weaponsOf(items: FoundryCairnItem[], at: string, unmapped: FoundryCairnActor['unmapped']) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (item.type !== 'weapon') return;
    const field = `${at}.items[${i}]`;
    const why = !item.weapon
      ? `its damage (${String(item.foundry.damageFormula ?? '') || 'none'}) is not one Cairn die (d4 to d12): not on the sheet's weapons`
      : seen.has(item.name.toLowerCase())
        ? 'a second weapon of this name: the sheet names each weapon once; not on its weapons'
        : seen.size >= MAX_WEAPONS
          ? `the sheet holds at most ${MAX_WEAPONS} weapons; not on its weapons`
          : null;
    if (why) {
      unmapped.push({ field: `${field}.system.damageFormula`, reason: why });
      if (item.weapon) item.weapon = null;
      return;
    }
    seen.add(item.name.toLowerCase());
  });
}

function readActor(raw: unknown, at: string): FoundryCairnActor {
  const actor = record(raw, at);
  const name = textOf(actor.name, `${at}.name`).trim();
  if (name.length === 0 || name.length > 200) throw bad(`${at}.name`, `${at}.name is 1 to 200 characters.`);
  if (actor.type !== 'character' && actor.type !== 'npc') {
    throw bad(`${at}.type`, `${at}.type must be character or npc (a Cairn container actor is not imported).`);
  }
  const type = actor.type;
  const system = record(actor.system, `${at}.system`);
  const hp = record(system.hp, `${at}.system.hp`);
  const maxHp = whole(hp.max, `${at}.system.hp.max`, 0, MAX_HP);
  const hpNow = whole(hp.value, `${at}.system.hp.value`, 0, MAX_HP);
  if (hpNow > maxHp) throw bad(`${at}.system.hp.value`, `${at}.system.hp.value is above its max (${maxHp}).`);
  const abilities = record(system.abilities, `${at}.system.abilities`);
  const unmapped: FoundryCairnActor['unmapped'] = [];
  const sheet: FoundryCairnActor['sheet'] = {
    str: attribute(abilities, 'STR', `${at}.system.abilities`),
    dex: attribute(abilities, 'DEX', `${at}.system.abilities`),
    wil: attribute(abilities, 'WIL', `${at}.system.abilities`),
    hp: hpNow,
    maxHp,
    deprived: flag(system.deprived, `${at}.system.deprived`),
  };
  if (type === 'npc') sheet.armor = whole(system.armor, `${at}.system.armor`, 0, 3, 0);
  const gold = whole(system.gold, `${at}.system.gold`, 0, Number.MAX_SAFE_INTEGER, 0);
  if (gold > 0) {
    unmapped.push({
      field: `${at}.system.gold`,
      reason: 'Arbiter keeps no Cairn coins (COEAC Cash is another currency); the gold is not stored.',
    });
  }
  const prose = type === 'character' ? system.biography : system.description;
  const proseField = type === 'character' ? 'biography' : 'description';
  const notes = plainText(textOf(prose, `${at}.system.${proseField}`));
  if (notes.length > MAX_NOTES) {
    unmapped.push({ field: `${at}.system.${proseField}`, reason: 'cut to the 5,000 characters notes hold' });
  }
  const background = plainText(textOf(system.background, `${at}.system.background`));
  if (background) {
    unmapped.push({
      field: `${at}.system.background`,
      reason: 'Arbiter keeps no background; it is not stored.',
    });
  }
  const itemsIn = actor.items === undefined || actor.items === null ? [] : actor.items;
  if (!Array.isArray(itemsIn) || itemsIn.length > MAX_ITEMS) {
    throw bad(`${at}.items`, `${at}.items must be a list of at most ${MAX_ITEMS} items.`);
  }
  const items = itemsIn.map((item, i) => readItem(item, `${at}.items[${i}]`));
  weaponsOf(items, at, unmapped);
  // An NPC's weapons go on its sheet (without an item: NPCs carry no inventory).
  const npcWeapons = type === 'npc' ? items.flatMap((item) => (item.weapon ? [item.weapon] : [])) : [];
  if (npcWeapons.length > 0) sheet.weapons = npcWeapons;
  if (type === 'npc' && items.length > 0) {
    unmapped.push({
      field: `${at}.items`,
      reason:
        'NPCs carry no inventory in Arbiter; the items are not stored (the sheet keeps Armor and the weapons).',
    });
  }
  if (
    items.some((item, i) =>
      ['img', 'effects', 'flags'].some((k) => !isEmpty((itemsIn[i] as Record<string, unknown>)[k] ?? '')),
    )
  ) {
    unmapped.push({
      field: `${at}.items`,
      reason: 'Foundry’s own data of items (img, effects, flags): not stored.',
    });
  }
  for (const key of ['img', 'prototypeToken', 'effects', 'flags', 'folder', 'ownership'] as const) {
    if (actor[key] !== undefined && actor[key] !== null && !isEmpty(actor[key])) {
      unmapped.push({
        field: `${at}.${key}`,
        reason: 'Foundry’s own data: not stored; the export leaves it out.',
      });
    }
  }
  return {
    name,
    type,
    sheet,
    notes: notes ? notes.slice(0, MAX_NOTES) : null,
    items: type === 'npc' ? [] : items,
    unmapped,
  };
}

function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0;
  return value === '';
}

/**
 * Reads an exported actor file's text: one actor (`Export Data` on an actor) or a list of them (a
 * folder's actors, or a JSON array of exports). Every refusal names its place in the file
 * (`content[1].system.hp.value`).
 */
export function readFoundryCairnActors(content: string): FoundryCairnActor[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw bad('content', 'content is not JSON: send the text of a Foundry actor export.');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) throw bad('content', 'content holds no actor.');
  if (list.length > MAX_FOUNDRY_ACTORS) {
    throw bad('content', `content holds more than ${MAX_FOUNDRY_ACTORS} actors; import them in parts.`);
  }
  return list.map((actor, i) => readActor(actor, Array.isArray(parsed) ? `content[${i}]` : 'content'));
}

export interface StoredCairnOwner {
  name: string;
  type: 'character' | 'npc';
  notes: string | null;
  sheet: Record<string, unknown>;
  items: Array<{
    name: string;
    slots: number;
    notes: string | null;
    worn: number | null;
    foundry: Record<string, unknown> | null;
  }>;
}

function pair(value: unknown): { value: number; max: number } {
  const v = (value ?? {}) as { current?: number; max?: number };
  return { value: v.current ?? 0, max: v.max ?? 0 };
}

/** A stored character or NPC as a Foundry Cairn actor export (what `Import Data` takes back). */
export function writeFoundryCairnActor(owner: StoredCairnOwner): Record<string, unknown> {
  const s = owner.sheet;
  const system: Record<string, unknown> = {
    hp: { value: (s.hp as number) ?? 0, max: (s.maxHp as number) ?? 0 },
    abilities: { STR: pair(s.str), DEX: pair(s.dex), WIL: pair(s.wil) },
  };
  if (owner.type === 'character') {
    system.biography = owner.notes ?? '';
    system.deprived = s.deprived === true;
    system.gold = 0;
  } else {
    system.description = owner.notes ?? '';
    system.armor = (s.armor as number) ?? 0;
    system.deprived = s.deprived === true;
  }
  const items = owner.items.map((item) => {
    const kept = item.foundry ?? {};
    const type = FOUNDRY_CAIRN_ITEM_TYPES.includes(kept.type as FoundryCairnItemType)
      ? (kept.type as FoundryCairnItemType)
      : item.worn !== null
        ? 'armor'
        : 'item';
    const { type: _type, ...data } = kept;
    const itemSystem: Record<string, unknown> = {
      ...{},
      ...data,
      description: typeof data.description === 'string' ? data.description : (item.notes ?? ''),
      bulky: item.slots >= 2,
      weightless: item.slots === 0,
      equipped: item.worn !== null ? true : data.equipped === true,
    };
    if (type === 'armor') itemSystem.armor = item.worn ?? (typeof data.armor === 'number' ? data.armor : 0);
    return { name: item.name, type, system: itemSystem };
  });
  return {
    name: owner.name,
    type: owner.type,
    system,
    items,
    _stats: { ...FOUNDRY_CAIRN_STATS },
  };
}
