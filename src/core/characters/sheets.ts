import { RuleError } from '../errors';
import { COEAC_FAMILIES as COEAC_SPELL_FAMILIES } from '../magic/coeac/spells';
import { ARMOR as GM_ARMOR_CATALOG } from '../wealth/catalog/armor';
import {
  CAIRN_WEAPON_DICE,
  COEAC_DEFAULT_WEAPON_SKILL,
  GM_WEAPON_KINDS,
  MAX_SHEET_WEAPONS,
  MAX_WEAPON_TRAITS,
} from './sheet-weapons';

/*
 * Character and NPC sheets, one per game system (SPEC 6.1). A sheet is a JSON document in the game's
 * own words. Each system names three kinds of field:
 *
 * - base values (ratings, abilities, archetypes): the referee and the bound player set them;
 * - tracked values (HP, attributes, Block uses, fatigue, survival, …): whole numbers that change only
 *   through the condition ledger, named by a dotted path (`hp`, `str.current`, `armor.blockUses`,
 *   `classResources.Luck.current`);
 * - referee values (state, scars, statuses): only the referee sets them, outside the ledger;
 *
 * plus what the server derives (G&M reactions, Cairn Armor from what is worn, COEAC Block uses a day).
 * Other domains extend a system with `extendSystem` (new tracked paths or base fields) without
 * changing this file's callers.
 */

export const SHEET_SYSTEMS = ['coeac', 'cairn', 'archsoul', 'gm'] as const;
export type SheetSystem = (typeof SHEET_SYSTEMS)[number];

export type Sheet = Record<string, unknown>;

/** The largest value any tracked field may hold (keeps every sum exact and every pool in limits). */
export const MAX_TRACKED = 100_000;
/** The most experience a G&M sheet holds (level 447 or so: far past any table). */
export const MAX_GM_EXPERIENCE = 100_000_000;
/** The largest rating or score a sheet accepts. */
export const MAX_RATING = 100;
const MAX_NAMES = 64;
const MAX_NAME_LENGTH = 64;
const MAX_TEXT_ITEMS = 64;
const MAX_TEXT_LENGTH = 200;

/** Bounds of one tracked value: min and, when the sheet pairs it with a maximum, that maximum. */
export interface TrackedBounds {
  min: number;
  max: number;
}

/** One tracked path pattern: `*` stands for one free name (a class resource, a stat). */
export interface TrackedField {
  path: string;
  /** The path of the value that caps it (`maxHp` for `hp`), or none. */
  maxPath?: string;
  /** Its value when the sheet leaves it out (a number, or the value at another path). */
  initial: number | string;
  /** Its largest value when no maximum pairs with it (default MAX_TRACKED). */
  max?: number;
  /** Description for the docs and the reference answer. */
  description: string;
}

export interface SystemSpec {
  system: SheetSystem;
  /** Top-level fields a player bound to the character may set (base values). */
  baseFields: string[];
  /** Top-level fields only the referee sets, outside the ledger. */
  refereeFields: string[];
  tracked: TrackedField[];
  /** Checks and normalises a sheet (tracked values filled in), throwing RuleErrors naming `sheet.<field>`. */
  normalise: (sheet: Sheet) => Sheet;
}

// ---------------------------------------------------------------------------------------------
// Field guards

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, `sheet.${field}`);
}

function asRecord(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(field, `${field} is an object.`);
  return value as Record<string, unknown>;
}

function int(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(field, `${field} is a whole number from ${min} to ${max}.`);
  }
  return value;
}

function optInt(value: unknown, field: string, min: number, max: number, fallback?: number) {
  return value === undefined || value === null ? fallback : int(value, field, min, max);
}

function text(value: unknown, field: string, max = MAX_TEXT_LENGTH): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > max) {
    fail(field, `${field} is a text of 1 to ${max} characters.`);
  }
  return value;
}

function bool(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') fail(field, `${field} is true or false.`);
  return value;
}

function oneOf<T extends string>(value: unknown, field: string, values: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !values.includes(value as T)) {
    fail(field, `${field} is one of: ${values.join(', ')}.`);
  }
  return value as T;
}

function texts(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_TEXT_ITEMS)
    fail(field, `${field} is a list of at most ${MAX_TEXT_ITEMS} texts.`);
  return value.map((v, i) => text(v, `${field}[${i}]`));
}

/**
 * `{ "<name>": rating }` with free names. Names are matched case-insensitively, so two names that
 * differ only in case are refused.
 */
function ratings(value: unknown, field: string, max = MAX_RATING): Record<string, number> {
  if (value === undefined || value === null) return {};
  const map = asRecord(value, field);
  const entries = Object.entries(map);
  if (entries.length > MAX_NAMES) fail(field, `${field} holds at most ${MAX_NAMES} names.`);
  const seen = new Set<string>();
  const out: Record<string, number> = {};
  for (const [name, rating] of entries) {
    if (name.trim().length === 0 || name.length > MAX_NAME_LENGTH || name.includes('.')) {
      fail(`${field}`, `Each name in ${field} has 1 to ${MAX_NAME_LENGTH} characters and no dot.`);
    }
    const key = name.toLowerCase();
    if (seen.has(key)) fail(`${field}.${name}`, `${field} names "${name}" twice (names ignore case).`);
    seen.add(key);
    out[name] = int(rating, `${field}.${name}`, 0, max);
  }
  return out;
}

/** `{ current, max }`, current defaulting to max; current may not exceed max. */
function pool(value: unknown, field: string, fallbackMax?: number): { current: number; max: number } {
  const body = value === undefined || value === null ? {} : asRecord(value, field);
  const max = optInt(body.max, `${field}.max`, 0, MAX_TRACKED, fallbackMax);
  if (max === undefined) fail(`${field}.max`, `${field}.max is required.`);
  const current = optInt(body.current, `${field}.current`, 0, MAX_TRACKED, max)!;
  if (current > max) fail(`${field}.current`, `${field}.current may not exceed its max (${max}).`);
  return { current, max };
}

function capped(sheet: Sheet, path: string, maxPath: string): void {
  const value = readPath(sheet, path);
  const max = readPath(sheet, maxPath);
  if (typeof value === 'number' && typeof max === 'number' && value > max) {
    fail(path, `${path} may not exceed ${maxPath} (${max}).`);
  }
}

function refuseUnknown(body: Record<string, unknown>, known: string[], prefix = ''): void {
  for (const key of Object.keys(body)) {
    if (!known.includes(key)) {
      fail(`${prefix}${key}`, `${prefix}${key} is not a field of this sheet (fields: ${known.join(', ')}).`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What the referee keeps (issue 42): notes and a portrait, on every system's sheet

/** The longest `notes` a sheet holds. */
export const MAX_SHEET_NOTES = 4000;
/** The longest `portraitUrl` a sheet holds. */
export const MAX_PORTRAIT_URL = 2048;
/** Members every system's sheet has besides its own (base values: the bound player sets them too). */
export const KEPT_FIELDS = ['notes', 'portraitUrl'] as const;

/**
 * `notes` (free text of at most MAX_SHEET_NOTES characters) and `portraitUrl` (an absolute https URL
 * of at most MAX_PORTRAIT_URL characters), each left out of the sheet when absent, null or empty.
 */
function keptOf(input: Sheet): Sheet {
  const out: Sheet = {};
  if (input.notes !== undefined && input.notes !== null) {
    if (typeof input.notes !== 'string' || input.notes.length > MAX_SHEET_NOTES)
      fail('notes', `notes is a text of at most ${MAX_SHEET_NOTES} characters.`);
    if (input.notes.trim().length > 0) out.notes = input.notes;
  }
  if (input.portraitUrl !== undefined && input.portraitUrl !== null && input.portraitUrl !== '') {
    const raw = input.portraitUrl;
    let url: URL | null = null;
    if (typeof raw === 'string' && raw.length <= MAX_PORTRAIT_URL && raw.trim() === raw) {
      try {
        url = new URL(raw);
      } catch {
        url = null;
      }
    }
    if (!url || url.protocol !== 'https:' || url.hostname === '')
      fail('portraitUrl', `portraitUrl is an absolute https URL of at most ${MAX_PORTRAIT_URL} characters.`);
    out.portraitUrl = raw;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Paths

/** The value at a dotted path, or undefined. */
export function readPath(sheet: Sheet, path: string): unknown {
  let at: unknown = sheet;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A copy of `sheet` with `value` at `path` (objects on the way are copied, never shared). */
export function writePath(sheet: Sheet, path: string, value: number): Sheet {
  const parts = path.split('.');
  const root: Sheet = { ...sheet };
  let at: Record<string, unknown> = root;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    const copy = typeof next === 'object' && next !== null ? { ...(next as object) } : {};
    at[part] = copy;
    at = copy as Record<string, unknown>;
  }
  at[parts[parts.length - 1]] = value;
  return root;
}

function matches(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('.');
  const b = path.split('.');
  if (a.length !== b.length) return null;
  const bound: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '*') bound.name = b[i];
    else if (a[i] !== b[i]) return null;
  }
  return bound;
}

// ---------------------------------------------------------------------------------------------
// Weapons (issue 42): one list per system, each entry checked in the system's words

/**
 * `weapons`: a list of at most MAX_SHEET_WEAPONS entries, each an object of the `known` fields with
 * a `name` of 1 to 64 characters, unique on the sheet ignoring case (a stored attack names one by
 * it). `entry` reads the system's own fields. Left out of the sheet when it lists none.
 */
function weaponsOf(
  value: unknown,
  known: string[],
  entry: (body: Record<string, unknown>, at: string) => Record<string, unknown>,
): Array<Record<string, unknown>> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_SHEET_WEAPONS)
    fail('weapons', `weapons is a list of at most ${MAX_SHEET_WEAPONS} weapons.`);
  const seen = new Set<string>();
  return value.map((raw, i) => {
    const at = `weapons[${i}]`;
    const body = asRecord(raw, at);
    refuseUnknown(body, ['name', ...known], `${at}.`);
    const name = text(body.name, `${at}.name`, MAX_NAME_LENGTH).trim();
    if (seen.has(name.toLowerCase()))
      fail(`${at}.name`, `weapons names "${name}" twice (an attack names a weapon by it, ignoring case).`);
    seen.add(name.toLowerCase());
    return { name, ...entry(body, at) };
  });
}

/** Only the flags that are set (a weapon without a property leaves it out). */
function flags(body: Record<string, unknown>, at: string, names: string[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const name of names) if (bool(body[name], `${at}.${name}`, false)) out[name] = true;
  return out;
}

/**
 * `itemId`: the inventory item a weapon, armour or shield is (issue 42), kept only when sent. The
 * PUT checks it against the character's inventory (src/characters/inventory-derivation.ts).
 */
function itemIdOf(body: Record<string, unknown>, at: string): { itemId?: string } {
  return body.itemId !== undefined && body.itemId !== null
    ? { itemId: text(body.itemId, `${at}.itemId`, 64) }
    : {};
}

/** Cairn: `{ name, die, bulky?, blast?, itemId? }` (004, "Attacking & Damage"). */
function cairnWeapons(value: unknown): Array<Record<string, unknown>> {
  return weaponsOf(value, ['die', 'bulky', 'blast', 'itemId'], (body, at) => {
    if (body.die === undefined || body.die === null) fail(`${at}.die`, `${at}.die is required.`);
    return {
      die: oneOf(body.die, `${at}.die`, CAIRN_WEAPON_DICE, 'd6'),
      ...flags(body, at, ['bulky', 'blast']),
      ...itemIdOf(body, at),
    };
  });
}

/**
 * COEAC: `{ name, skill?, ranged?, traits?, ammunition?, itemId? }`. The skill its combat check tests defaults
 * to Fighting; the rule document lists no weapon traits, so traits are free names; `ammunition` is
 * the name of the inventory item a ranged weapon needs carried (003:807; docs/decisions.md).
 */
function coeacWeapons(value: unknown): Array<Record<string, unknown>> {
  return weaponsOf(value, ['skill', 'ranged', 'traits', 'ammunition', 'itemId'], (body, at) => {
    const traits = texts(body.traits, `${at}.traits`);
    if (traits.length > MAX_WEAPON_TRAITS)
      fail(`${at}.traits`, `${at}.traits holds at most ${MAX_WEAPON_TRAITS} traits.`);
    traits.forEach((t, j) => {
      if (t.length > MAX_NAME_LENGTH)
        fail(`${at}.traits[${j}]`, `Each trait has 1 to ${MAX_NAME_LENGTH} characters.`);
    });
    return {
      skill:
        body.skill === undefined || body.skill === null
          ? COEAC_DEFAULT_WEAPON_SKILL
          : text(body.skill, `${at}.skill`, MAX_NAME_LENGTH).trim(),
      ...flags(body, at, ['ranged']),
      ...(traits.length > 0 ? { traits } : {}),
      ...(body.ammunition !== undefined && body.ammunition !== null
        ? { ammunition: text(body.ammunition, `${at}.ammunition`, MAX_NAME_LENGTH).trim() }
        : {}),
      ...itemIdOf(body, at),
    };
  });
}

/** G&M weapon dice: "d8", "2d6", "d6+1" (1 to 20 dice of 2 to 100 sides, a bonus of at most ±100). */
const GM_WEAPON_DICE = /^(\d{0,2})d(\d{1,3})([+-]\d{1,3})?$/;

/** G&M: `{ name, dice, kind?, attackBonus?, itemId? }` (001, weapons; kind close unless thrown or propelled). */
function gmWeapons(value: unknown): Array<Record<string, unknown>> {
  return weaponsOf(value, ['dice', 'kind', 'attackBonus', 'itemId'], (body, at) => {
    const raw = typeof body.dice === 'string' ? body.dice.trim().toLowerCase().replace(/\s+/g, '') : '';
    const match = GM_WEAPON_DICE.exec(raw);
    const count = match ? (match[1] === '' ? 1 : Number(match[1])) : 0;
    const sides = match ? Number(match[2]) : 0;
    const bonus = match?.[3] ? Math.abs(Number(match[3])) : 0;
    if (!match || count < 1 || count > 20 || sides < 2 || sides > 100 || bonus > 100)
      fail(
        `${at}.dice`,
        `${at}.dice is damage dice such as "d8", "2d6" or "d6+1" (1 to 20 dice of 2 to 100 sides).`,
      );
    const attackBonus = optInt(body.attackBonus, `${at}.attackBonus`, -100, 100);
    return {
      dice: raw,
      kind: oneOf(body.kind, `${at}.kind`, GM_WEAPON_KINDS, 'close'),
      ...(attackBonus !== undefined && attackBonus !== 0 ? { attackBonus } : {}),
      ...itemIdOf(body, at),
    };
  });
}

/** The G&M armour list's shields (001, "Armor"); the other rows but the full helmet are armour. */
export const GM_SHIELD_KINDS = ['Shield', 'Large Shield', 'Small Shield'] as const;
export const GM_ARMOR_KINDS = GM_ARMOR_CATALOG.map((row) => row.name).filter(
  (name) => name !== 'Full Helmet' && !(GM_SHIELD_KINDS as readonly string[]).includes(name),
);
/** The most defence one piece may add (ceremonial plate's 9, and room for magic). */
export const MAX_GM_PROTECTION_DEFENSE = 20;

/**
 * G&M armour or shield (issue 42): `{ name?, kind?, defense?, itemId? }`. `kind` names a row of the armour
 * list (ignoring case, kept as the list spells it) and gives `defense` its default; `defense` sent
 * wins (magic armour). `name` defaults to the kind. Absent or null: none worn.
 */
function gmProtection(value: unknown, field: 'armor' | 'shield'): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  const body = asRecord(value, field);
  refuseUnknown(body, ['name', 'kind', 'defense', 'itemId'], `${field}.`);
  const kinds = field === 'armor' ? GM_ARMOR_KINDS : [...GM_SHIELD_KINDS];
  let kind: string | undefined;
  if (body.kind !== undefined && body.kind !== null) {
    const sent = text(body.kind, `${field}.kind`, MAX_NAME_LENGTH).trim().toLowerCase();
    kind = kinds.find((k) => k.toLowerCase() === sent);
    if (!kind) fail(`${field}.kind`, `${field}.kind is one of ${kinds.join(', ')} (or leave it out).`);
  }
  const listed = kind ? GM_ARMOR_CATALOG.find((row) => row.name === kind)!.defense : undefined;
  const defense = optInt(body.defense, `${field}.defense`, 0, MAX_GM_PROTECTION_DEFENSE, listed);
  if (defense === undefined)
    fail(
      `${field}.defense`,
      `${field}.defense is required when ${field}.kind names no row of the armour list.`,
    );
  const name =
    body.name === undefined || body.name === null
      ? kind
      : text(body.name, `${field}.name`, MAX_NAME_LENGTH).trim();
  if (!name) fail(`${field}.name`, `${field}.name is required when ${field}.kind is left out.`);
  return { name, ...(kind ? { kind } : {}), defense, ...itemIdOf(body, field) };
}

// ---------------------------------------------------------------------------------------------
// The four systems

export const COEAC_ARMOR_KINDS = ['none', 'light', 'heavy'] as const;
export type CoeacArmorKind = (typeof COEAC_ARMOR_KINDS)[number];
export const COEAC_STATES = ['up', 'down-and-out', 'dead'] as const;
export const CAIRN_STATES = ['up', 'out', 'dead'] as const;
export const CAIRN_MAX_ARMOR = 3;

/**
 * COEAC Block uses a day: light armour once, heavy armour twice, a shield once more (seed 003,
 * "Armor"). Our reading: a shield carried with armour adds its own use.
 */
export function coeacBlockUsesPerDay(kind: CoeacArmorKind, shield: boolean): number {
  return coeacArmorUsesPerDay(kind) + (shield ? 1 : 0);
}

/** The armour's own Block uses a day (003:183): light once, heavy twice. */
export function coeacArmorUsesPerDay(kind: CoeacArmorKind | string): number {
  return kind === 'light' ? 1 : kind === 'heavy' ? 2 : 0;
}

/**
 * The Block uses left today, by item (003:183: each set of armour and each shield is activated on
 * its own). `armor.blockUses` counts them all; `armor.shieldBlockUses` is the shield's part. A sheet
 * stored before the shield kept its own count is read as having spent the shield's use first.
 */
export function coeacBlockPools(armor: {
  kind?: string;
  shield?: boolean;
  blockUses?: number;
  shieldBlockUses?: number;
}): { armor: number; shield: number } {
  const total = typeof armor.blockUses === 'number' ? armor.blockUses : 0;
  const own = coeacArmorUsesPerDay(armor.kind ?? 'none');
  const shield = !armor.shield
    ? 0
    : typeof armor.shieldBlockUses === 'number'
      ? Math.min(armor.shieldBlockUses, total)
      : Math.min(1, Math.max(0, total - own));
  return { armor: Math.max(0, total - shield), shield };
}

/** The COEAC sheet's armour: the Block uses left today, the shield's own use part of them (M1). */
function coeacArmorOf(armorIn: Sheet, kind: CoeacArmorKind, shield: boolean, perDay: number): Sheet {
  const items = coeacArmorItems(armorIn, kind, shield);
  const armor = coeacArmorUses(armorIn, kind, shield, perDay);
  // Block a monster's hide added to the armour or the shield (003:502); kept only when any.
  const bonuses: Sheet = {};
  for (const [field, has] of [
    ['blockBonus', kind !== 'none'],
    ['shieldBlockBonus', shield],
  ] as const) {
    const value = optInt(armorIn[field], `armor.${field}`, 0, 10, 0)!;
    if (value > 0 && !has) fail(`armor.${field}`, 'No such piece is worn or carried to carry the bonus.');
    if (value > 0) bonuses[field] = value;
  }
  return { ...{}, ...armor, ...items, ...bonuses };
}

/**
 * The inventory items that are the worn armour and the shield (C5): they take their slots in the
 * inventory, and a Broken Gear lot that breaks one breaks its Block. Optional; only with the piece.
 */
function coeacArmorItems(armorIn: Sheet, kind: CoeacArmorKind, shield: boolean): Sheet {
  const out: Sheet = {};
  const has = (v: unknown) => v !== undefined && v !== null;
  if (has(armorIn.itemId)) {
    if (kind === 'none') fail('armor.itemId', 'No armour is worn (armor.kind is none): it names no item.');
    out.itemId = text(armorIn.itemId, 'armor.itemId', 64);
  }
  if (has(armorIn.shieldItemId)) {
    if (!shield)
      fail('armor.shieldItemId', 'No shield is carried (armor.shield is false): it names no item.');
    out.shieldItemId = text(armorIn.shieldItemId, 'armor.shieldItemId', 64);
  }
  return out;
}

function coeacArmorUses(armorIn: Sheet, kind: CoeacArmorKind, shield: boolean, perDay: number): Sheet {
  const blockUses = optInt(armorIn.blockUses, 'armor.blockUses', 0, MAX_TRACKED, perDay)!;
  const sent = armorIn.shieldBlockUses;
  if (!shield) {
    if (sent !== undefined && sent !== null && sent !== 0)
      fail('armor.shieldBlockUses', 'Only a shield has its own Block use (armor.shield is false).');
    return { kind, shield, blockUses };
  }
  const fallback = coeacBlockPools({ kind, shield, blockUses }).shield;
  const shieldBlockUses = optInt(sent, 'armor.shieldBlockUses', 0, 1, fallback)!;
  if (shieldBlockUses > blockUses)
    fail('armor.shieldBlockUses', 'The shield’s use is one of the Block uses left: at most armor.blockUses.');
  return { kind, shield, blockUses, shieldBlockUses };
}

/**
 * Our suggested COEAC Skill and Save names (the seed's lists are missing: any name is valid, these
 * are Arbiter's own suggestions, several of them named in the seed's text).
 */
export const SUGGESTED_COEAC_SKILLS = [
  'Athletics',
  'Diplomacy',
  'Streetwise',
  'Medicine',
  'Survival',
  'Stealth',
  'Lore',
  'Crafting',
  'Perception',
  'Riding',
] as const;
export const SUGGESTED_COEAC_SAVES = ['Vigor', 'Reflex', 'Resolve'] as const;

/** Archsoul's named stats (seed 002); any other name is valid too. */
export const ARCHSOUL_STATS = [
  'Endurance',
  'Intellect',
  'Conditioning',
  'Resolve',
  'Athletics',
  'Awareness',
] as const;

export const GM_ABILITY_NAMES = [
  'strength',
  'agility',
  'endurance',
  'intelligence',
  'wisdom',
  'charisma',
] as const;
export const GM_REACTION_NAMES = [
  'health',
  'fortitude',
  'willpower',
  'evasion',
  'reason',
  'perception',
] as const;

/** Most enchanted garments grant Empower 1; rare relics more (seed 003, "Vestments"). */
export const COEAC_VESTMENT_MAX_EMPOWER = 5;
export const COEAC_MAX_VESTMENTS = 10;

/**
 * Arcane vestments worn (003:448): each is a carried inventory item (it takes its slot there) that
 * grants Empower (1 unless the referee says more). A caster in vestments cannot also benefit from
 * worn armour, so the sheet refuses both (a shield is carried, not worn: it stays allowed). Their
 * Empower joins the day's Empower pool, the `Empower` class resource: created at their total when
 * the sheet has none, refused when its maximum is below their total.
 */
function coeacVestments(
  input: Sheet,
  armorKind: CoeacArmorKind,
  classResources: Record<string, { current: number; max: number }>,
): Array<{ itemId: string; empower: number }> {
  const listIn = input.vestments === undefined || input.vestments === null ? [] : input.vestments;
  if (!Array.isArray(listIn) || listIn.length > COEAC_MAX_VESTMENTS)
    fail('vestments', `vestments is a list of at most ${COEAC_MAX_VESTMENTS} worn garments.`);
  const seen = new Set<string>();
  const vestments = listIn.map((entry, i) => {
    const body = asRecord(entry, `vestments[${i}]`);
    refuseUnknown(body, ['itemId', 'empower'], `vestments[${i}].`);
    const itemId = text(body.itemId, `vestments[${i}].itemId`, 64);
    if (seen.has(itemId)) fail(`vestments[${i}].itemId`, `vestments names item ${itemId} twice.`);
    seen.add(itemId);
    const empower = optInt(body.empower, `vestments[${i}].empower`, 0, COEAC_VESTMENT_MAX_EMPOWER, 1)!;
    return { itemId, empower };
  });
  if (vestments.length === 0) return vestments;
  if (armorKind !== 'none') {
    fail(
      'vestments',
      `A caster in arcane vestments gains nothing from worn armour: set armor.kind to none (it is ${armorKind}) or take the vestments off.`,
    );
  }
  const total = vestments.reduce((sum, v) => sum + v.empower, 0);
  const key = Object.keys(classResources).find((k) => k.toLowerCase() === 'empower');
  if (!key) {
    if (total > 0) classResources.Empower = { current: total, max: total };
  } else if (classResources[key].max < total) {
    fail(
      `classResources.${key}.max`,
      `The vestments grant Empower ${total}: the day's Empower pool (classResources.${key}.max ${classResources[key].max}) must hold at least that.`,
    );
  }
  return vestments;
}

/** At most this many sorcerous implements (relics, orbs) on one sheet. */
export const COEAC_MAX_IMPLEMENTS = 10;
/** The Empower of a common orb (003:452). */
export const COEAC_ORB_EMPOWER = 2;

/** The class resource that counts an implement's one activation a day. */
export function implementResourceName(itemId: string): string {
  return `implement:${itemId}`;
}

/**
 * Sorcerous implements held (F13, F16; 003:442–456): each an inventory item that, attuned, may be
 * activated once a day to Empower one sorcery test. An orb names the two spell families it serves
 * (the seed's orb list is missing: the referee names them) and grants Empower 2 unless told. Each
 * gets its daily use as a class resource (`implement:<itemId>`, 1 a day) that the long rest refills.
 */
function coeacImplements(
  input: Sheet,
  classResources: Record<string, { current: number; max: number }>,
  families: readonly string[],
): Array<{ itemId: string; empower: number; families: string[] | null }> {
  const listIn = input.implements === undefined || input.implements === null ? [] : input.implements;
  if (!Array.isArray(listIn) || listIn.length > COEAC_MAX_IMPLEMENTS)
    fail('implements', `implements is a list of at most ${COEAC_MAX_IMPLEMENTS} sorcerous implements.`);
  const seen = new Set<string>();
  return listIn.map((entry, i) => {
    const body = asRecord(entry, `implements[${i}]`);
    refuseUnknown(body, ['itemId', 'empower', 'families'], `implements[${i}].`);
    const itemId = text(body.itemId, `implements[${i}].itemId`, 64);
    if (seen.has(itemId)) fail(`implements[${i}].itemId`, `implements names item ${itemId} twice.`);
    seen.add(itemId);
    let orbFamilies: string[] | null = null;
    if (body.families !== undefined && body.families !== null) {
      orbFamilies = texts(body.families, `implements[${i}].families`);
      if (orbFamilies.length !== 2 || orbFamilies[0] === orbFamilies[1])
        fail(`implements[${i}].families`, 'An orb serves two different spell families.');
      for (const family of orbFamilies)
        if (!families.includes(family))
          fail(`implements[${i}].families`, `families are among: ${families.join(', ')}.`);
    }
    const fallback = orbFamilies ? COEAC_ORB_EMPOWER : 1;
    const empower = optInt(
      body.empower,
      `implements[${i}].empower`,
      1,
      COEAC_VESTMENT_MAX_EMPOWER,
      fallback,
    )!;
    const name = implementResourceName(itemId);
    if (!classResources[name]) classResources[name] = { current: 1, max: 1 };
    return { itemId, empower, families: orbFamilies };
  });
}

/** At most this many spells barred by failed Spell Mastery on one sheet. */
export const COEAC_MAX_BARRED_SPELLS = 100;

function coeacBarredSpells(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > COEAC_MAX_BARRED_SPELLS)
    fail('barredSpells', `barredSpells is a list of at most ${COEAC_MAX_BARRED_SPELLS} spell ids.`);
  const out: string[] = [];
  value.forEach((id, i) => {
    const name = text(id, `barredSpells[${i}]`, 60);
    if (!out.includes(name)) out.push(name);
  });
  return out;
}

function normaliseCoeac(input: Sheet): Sheet {
  refuseUnknown(input, [
    'skills',
    'vestments',
    'saves',
    'hp',
    'maxHp',
    'bonusHp',
    'armor',
    'class',
    'classResources',
    'boons',
    'state',
    'pool',
    'saveObjective',
    'barredSpells',
    'role',
    'carrierSlots',
    'organs',
    'implements',
    'weapons',
    ...KEPT_FIELDS,
  ]);
  const maxHp = optInt(input.maxHp, 'maxHp', 0, MAX_TRACKED, 0)!;
  const armorIn = input.armor === undefined || input.armor === null ? {} : asRecord(input.armor, 'armor');
  refuseUnknown(
    armorIn,
    [
      'kind',
      'shield',
      'blockUses',
      'shieldBlockUses',
      'itemId',
      'shieldItemId',
      'blockBonus',
      'shieldBlockBonus',
    ],
    'armor.',
  );
  const kind = oneOf(armorIn.kind, 'armor.kind', COEAC_ARMOR_KINDS, 'none');
  const shield = bool(armorIn.shield, 'armor.shield', false);
  const perDay = coeacBlockUsesPerDay(kind, shield);
  const resourcesIn =
    input.classResources === undefined || input.classResources === null
      ? {}
      : asRecord(input.classResources, 'classResources');
  if (Object.keys(resourcesIn).length > MAX_NAMES)
    fail('classResources', `At most ${MAX_NAMES} class resources.`);
  const classResources: Record<string, { current: number; max: number }> = {};
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(resourcesIn)) {
    if (name.trim().length === 0 || name.length > MAX_NAME_LENGTH || name.includes('.')) {
      fail('classResources', `Class resource names have 1 to ${MAX_NAME_LENGTH} characters and no dot.`);
    }
    if (seen.has(name.toLowerCase())) fail(`classResources.${name}`, `classResources names "${name}" twice.`);
    seen.add(name.toLowerCase());
    classResources[name] = pool(value, `classResources.${name}`);
  }
  const vestments = coeacVestments(input, kind, classResources);
  const implementsHeld = coeacImplements(input, classResources, COEAC_SPELL_FAMILIES);
  const sheet: Sheet = {
    skills: ratings(input.skills, 'skills'),
    saves: ratings(input.saves, 'saves'),
    hp: optInt(input.hp, 'hp', 0, MAX_TRACKED, maxHp),
    maxHp,
    bonusHp: optInt(input.bonusHp, 'bonusHp', 0, MAX_TRACKED, 0),
    armor: coeacArmorOf(armorIn, kind, shield, perDay),
    class: input.class === undefined || input.class === null ? null : text(input.class, 'class', 100),
    classResources,
    boons: optInt(input.boons, 'boons', 0, MAX_TRACKED, 0),
    state: oneOf(input.state, 'state', COEAC_STATES, 'up'),
  };
  if (vestments.length > 0) sheet.vestments = vestments;
  if (implementsHeld.length > 0) sheet.implements = implementsHeld;
  const weapons = coeacWeapons(input.weapons);
  if (weapons.length > 0) sheet.weapons = weapons;
  // Spells a failed Spell Mastery barred for ever (003:438), by catalogue id; kept only when any.
  const barred = coeacBarredSpells(input.barredSpells);
  if (barred.length > 0) sheet.barredSpells = barred;
  // An NPC's Pool (COEAC adversaries and hirelings roll it as it is, without the +2).
  if (input.pool !== undefined && input.pool !== null) sheet.pool = int(input.pool, 'pool', 0, MAX_RATING);
  // An adversary's save Objective: what a character's save against it must reach (SPEC 5.4).
  if (input.saveObjective !== undefined && input.saveObjective !== null) {
    sheet.saveObjective = int(input.saveObjective, 'saveObjective', 0, MAX_RATING);
  }
  // An NPC's Role (003:912–918): a short tag the referee reads to grant a bonus or penalty die.
  if (input.role !== undefined && input.role !== null) sheet.role = text(input.role, 'role', 100);
  // Gear slots a hireling or animal carries for its employer (003:811–813), as the NPC maker answers.
  // Rare organs eaten or worked into gear (003:496–502), by id, oldest first.
  if (input.organs !== undefined && input.organs !== null) {
    const organs = texts(input.organs, 'organs');
    if (organs.length > 0) sheet.organs = organs;
  }
  if (input.carrierSlots !== undefined && input.carrierSlots !== null) {
    sheet.carrierSlots = int(input.carrierSlots, 'carrierSlots', 0, MAX_RATING);
  }
  capped(sheet, 'hp', 'maxHp');
  return { ...{}, ...sheet, ...keptOf(input) };
}

function normaliseCairn(input: Sheet): Sheet {
  refuseUnknown(input, [
    'str',
    'dex',
    'wil',
    'hp',
    'maxHp',
    'armor',
    'worn',
    'deprived',
    'scars',
    'state',
    'weapons',
    ...KEPT_FIELDS,
  ]);
  const maxHp = optInt(input.maxHp, 'maxHp', 0, MAX_TRACKED, 0)!;
  const wornIn = input.worn === undefined || input.worn === null ? [] : input.worn;
  if (!Array.isArray(wornIn) || wornIn.length > MAX_TEXT_ITEMS) fail('worn', 'worn is a list of worn items.');
  const worn = wornIn.map((item, i) => {
    const body = asRecord(item, `worn[${i}]`);
    refuseUnknown(body, ['itemId', 'armor'], `worn[${i}].`);
    return {
      itemId: text(body.itemId, `worn[${i}].itemId`, 64),
      armor: int(body.armor, `worn[${i}].armor`, 0, CAIRN_MAX_ARMOR),
    };
  });
  const sheet: Sheet = {
    str: pool(input.str, 'str'),
    dex: pool(input.dex, 'dex'),
    wil: pool(input.wil, 'wil'),
    hp: optInt(input.hp, 'hp', 0, MAX_TRACKED, maxHp),
    maxHp,
    armor: optInt(input.armor, 'armor', 0, CAIRN_MAX_ARMOR, 0),
    worn,
    deprived: bool(input.deprived, 'deprived', false),
    scars: texts(input.scars, 'scars'),
    state: oneOf(input.state, 'state', CAIRN_STATES, 'up'),
  };
  const weapons = cairnWeapons(input.weapons);
  if (weapons.length > 0) sheet.weapons = weapons;
  capped(sheet, 'hp', 'maxHp');
  return { ...{}, ...sheet, ...keptOf(input) };
}

function normaliseArchsoul(input: Sheet): Sheet {
  refuseUnknown(input, ['stats', 'move', 'hp', 'maxHp', 'fatigue', 'statuses', ...KEPT_FIELDS]);
  const maxHp = optInt(input.maxHp, 'maxHp', 0, MAX_TRACKED, 0)!;
  const sheet: Sheet = {
    stats: ratings(input.stats, 'stats'),
    // The base move (speed), kept only when given: exhaustion takes 1 from it (002:28, `moveNow`).
    ...(input.move !== undefined && input.move !== null
      ? { move: optInt(input.move, 'move', 0, 1000, 0) }
      : {}),
    hp: optInt(input.hp, 'hp', 0, MAX_TRACKED, maxHp),
    maxHp,
    fatigue: optInt(input.fatigue, 'fatigue', 0, MAX_TRACKED, 0),
    statuses: texts(input.statuses, 'statuses'),
  };
  capped(sheet, 'hp', 'maxHp');
  return { ...{}, ...sheet, ...keptOf(input) };
}

function normaliseGm(input: Sheet): Sheet {
  refuseUnknown(input, [
    'abilities',
    'archetypes',
    'species',
    'reactions',
    'survival',
    'verve',
    'injuries',
    'mojo',
    'experience',
    'movement',
    'weapons',
    'armor',
    'shield',
    ...KEPT_FIELDS,
  ]);
  const abilitiesIn = input.abilities === undefined ? {} : asRecord(input.abilities, 'abilities');
  refuseUnknown(abilitiesIn, [...GM_ABILITY_NAMES], 'abilities.');
  const abilities: Record<string, number> = {};
  for (const name of GM_ABILITY_NAMES) {
    abilities[name] = optInt(abilitiesIn[name], `abilities.${name}`, 1, MAX_RATING, 10)!;
  }
  const archetypesIn = input.archetypes === undefined || input.archetypes === null ? [] : input.archetypes;
  if (!Array.isArray(archetypesIn) || archetypesIn.length > 8) {
    fail('archetypes', 'archetypes is a list of at most 8 { archetype, level }.');
  }
  const archetypes = archetypesIn.map((a, i) => {
    const body = asRecord(a, `archetypes[${i}]`);
    refuseUnknown(body, ['archetype', 'level'], `archetypes[${i}].`);
    return {
      archetype: text(body.archetype, `archetypes[${i}].archetype`, 64),
      level: int(body.level, `archetypes[${i}].level`, 1, 100),
    };
  });
  const reactionsIn =
    input.reactions === undefined || input.reactions === null ? null : asRecord(input.reactions, 'reactions');
  if (reactionsIn) refuseUnknown(reactionsIn, [...GM_REACTION_NAMES], 'reactions.');
  const sheet: Sheet = {
    abilities,
    archetypes,
    species:
      input.species === undefined || input.species === null ? null : text(input.species, 'species', 64),
    survival: pool(input.survival, 'survival', 0),
    verve: pool(input.verve, 'verve', 0),
    injuries: pool(input.injuries, 'injuries', 0),
    mojo: pool(input.mojo, 'mojo', 0),
    experience: optInt(input.experience, 'experience', 0, MAX_GM_EXPERIENCE, 0),
    movement: optInt(input.movement, 'movement', 0, 1000, 0),
  };
  // Referee overrides of a derived reaction (species and specials are referee data).
  if (reactionsIn) {
    const overrides: Record<string, number> = {};
    for (const [name, value] of Object.entries(reactionsIn)) {
      overrides[name] = int(value, `reactions.${name}`, 0, MAX_RATING);
    }
    sheet.reactions = overrides;
  }
  const weapons = gmWeapons(input.weapons);
  if (weapons.length > 0) sheet.weapons = weapons;
  // Armour and shield worn (issue 42): a stored attack adds their defence to the target's.
  const armor = gmProtection(input.armor, 'armor');
  if (armor) sheet.armor = armor;
  const shield = gmProtection(input.shield, 'shield');
  if (shield) sheet.shield = shield;
  return { ...{}, ...sheet, ...keptOf(input) };
}

const SPECS: Record<SheetSystem, SystemSpec> = {
  coeac: {
    system: 'coeac',
    baseFields: ['skills', 'saves', 'class', 'weapons', ...KEPT_FIELDS],
    refereeFields: [
      'armor',
      'state',
      'pool',
      'saveObjective',
      'classResources',
      'vestments',
      'barredSpells',
      'role',
      'carrierSlots',
      'implements',
      'organs',
    ],
    tracked: [
      { path: 'hp', maxPath: 'maxHp', initial: 'maxHp', description: 'Hit points' },
      { path: 'maxHp', initial: 0, description: 'Maximum hit points' },
      { path: 'bonusHp', initial: 0, description: 'Bonus hit points, spent first' },
      { path: 'armor.blockUses', initial: 0, description: 'Block uses left today (armour and shield)' },
      {
        path: 'armor.shieldBlockUses',
        initial: 0,
        max: 1,
        description: 'The shield’s own Block use left today (one of armor.blockUses)',
      },
      {
        path: 'classResources.*.current',
        maxPath: 'classResources.*.max',
        initial: 'classResources.*.max',
        description: 'A class resource (Luck, Steel, Control, …)',
      },
      { path: 'boons', initial: 0, description: 'Boons earned' },
    ],
    normalise: normaliseCoeac,
  },
  cairn: {
    system: 'cairn',
    baseFields: ['weapons', ...KEPT_FIELDS],
    refereeFields: ['armor', 'worn', 'deprived', 'scars', 'state'],
    tracked: [
      ...(['str', 'dex', 'wil'] as const).flatMap((a) => [
        {
          path: `${a}.current`,
          maxPath: `${a}.max`,
          initial: `${a}.max`,
          description: `${a.toUpperCase()}, current`,
        },
        { path: `${a}.max`, initial: 0, description: `${a.toUpperCase()}, maximum` },
      ]),
      { path: 'hp', maxPath: 'maxHp', initial: 'maxHp', description: 'Hit protection' },
      { path: 'maxHp', initial: 0, description: 'Maximum hit protection' },
    ],
    normalise: normaliseCairn,
  },
  archsoul: {
    system: 'archsoul',
    baseFields: ['stats', 'move', ...KEPT_FIELDS],
    refereeFields: ['statuses'],
    tracked: [
      { path: 'hp', maxPath: 'maxHp', initial: 'maxHp', description: 'Hit points' },
      { path: 'maxHp', initial: 0, description: 'Maximum hit points' },
      { path: 'fatigue', initial: 0, description: 'Fatigue level' },
    ],
    normalise: normaliseArchsoul,
  },
  gm: {
    system: 'gm',
    baseFields: [
      'abilities',
      'archetypes',
      'species',
      'movement',
      'weapons',
      'armor',
      'shield',
      ...KEPT_FIELDS,
    ],
    refereeFields: ['reactions'],
    tracked: (['survival', 'verve', 'injuries', 'mojo'] as const)
      .flatMap((name) => [
        {
          path: `${name}.current`,
          maxPath: `${name}.max`,
          initial: `${name}.max`,
          description: `${name}, current`,
        },
        { path: `${name}.max`, initial: 0, description: `${name}, maximum` },
      ])
      // Experience passes 100,000 at level 15 (500 × L × (L − 1)): it keeps the sheet's own bound.
      .concat([
        { path: 'experience', initial: 0, max: MAX_GM_EXPERIENCE, description: 'Experience points' } as never,
      ]),
    normalise: normaliseGm,
  },
};

export function systemSpec(system: SheetSystem): SystemSpec {
  return SPECS[system];
}

export function isSheetSystem(value: unknown): value is SheetSystem {
  return typeof value === 'string' && (SHEET_SYSTEMS as readonly string[]).includes(value);
}

/**
 * Lets a later domain add tracked values or base fields to a system (harm: wounds; magic: spell
 * slots). Its tracked paths then go through the ledger like the others; `normalise` runs after the
 * system's own and may add the extension's fields (it receives the input and the normalised sheet).
 */
export function extendSystem(
  system: SheetSystem,
  extension: {
    tracked?: TrackedField[];
    baseFields?: string[];
    refereeFields?: string[];
    normalise?: (input: Sheet, sheet: Sheet) => Sheet;
  },
): void {
  const spec = SPECS[system];
  const previous = spec.normalise;
  const fields = [...(extension.baseFields ?? []), ...(extension.refereeFields ?? [])];
  spec.tracked.push(...(extension.tracked ?? []));
  trackedFieldCache.clear();
  capsTrackedCache.clear();
  spec.baseFields.push(...(extension.baseFields ?? []));
  spec.refereeFields.push(...(extension.refereeFields ?? []));
  spec.normalise = (input) => {
    const own: Sheet = {};
    const rest: Sheet = {};
    for (const [k, v] of Object.entries(input)) (fields.includes(k) ? own : rest)[k] = v;
    const sheet = previous(rest);
    return extension.normalise ? extension.normalise(input, sheet) : { ...{}, ...sheet, ...own };
  };
}

/**
 * What `trackedField` and `capsTracked` answered, by system and path: the ledger asks about every
 * path of a sheet on each change (bounds, capped followers), and matching each pattern splits
 * strings. Forgotten when a system is extended; bounded, since class-resource names are free.
 */
const trackedFieldCache = new Map<string, Readonly<TrackedField & { name?: string }> | null>();
const capsTrackedCache = new Map<string, boolean>();
const TRACKED_FIELD_CACHE_SIZE = 10_000;

/** `compute()` for (system, path), remembered in `cache` (emptied when it is full). */
function rememberedByPath<T>(cache: Map<string, T>, system: SheetSystem, path: string, compute: () => T): T {
  const key = `${system}\u0000${path}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const answer = compute();
  if (cache.size >= TRACKED_FIELD_CACHE_SIZE) cache.clear();
  cache.set(key, answer);
  return answer;
}

/** The tracked-field pattern a concrete path belongs to, with its bound name, or null (shared: do not change it). */
export function trackedField(
  system: SheetSystem,
  path: string,
): Readonly<TrackedField & { name?: string }> | null {
  return rememberedByPath(trackedFieldCache, system, path, () => {
    for (const field of SPECS[system].tracked) {
      const bound = matches(field.path, path);
      if (bound) return Object.freeze({ ...{}, ...field, ...bound });
    }
    return null;
  });
}

/** Whether `path` is the maximum that caps another tracked value (`maxHp` caps `hp`). */
export function capsTracked(system: SheetSystem, path: string): boolean {
  return rememberedByPath(capsTrackedCache, system, path, () =>
    SPECS[system].tracked.some((f) => f.maxPath !== undefined && matches(f.maxPath, path) !== null),
  );
}

/** Every tracked path a sheet holds, concrete (`classResources.Luck.current`), in a stable order. */
export function trackedPaths(system: SheetSystem, sheet: Sheet): string[] {
  const paths: string[] = [];
  for (const field of SPECS[system].tracked) {
    const star = field.path.indexOf('*');
    if (star < 0) {
      if (typeof readPath(sheet, field.path) === 'number') paths.push(field.path);
      continue;
    }
    const parent = field.path.slice(0, star - 1);
    const children = readPath(sheet, parent);
    if (typeof children !== 'object' || children === null) continue;
    for (const name of Object.keys(children).sort()) {
      const path = field.path.replace('*', name);
      if (typeof readPath(sheet, path) === 'number') paths.push(path);
    }
  }
  return paths;
}

/** The bounds of a tracked value on this sheet: 0 up to its paired maximum, or MAX_TRACKED. */
export function trackedBounds(system: SheetSystem, sheet: Sheet, path: string): TrackedBounds {
  const field = trackedField(system, path);
  if (!field)
    throw new RuleError('VALIDATION_FAILED', `${path} is not a tracked value of a ${system} sheet.`, 'field');
  if (!field.maxPath) return { min: 0, max: field.max ?? MAX_TRACKED };
  const maxPath = field.name ? field.maxPath.replace('*', field.name) : field.maxPath;
  const max = readPath(sheet, maxPath);
  return { min: 0, max: typeof max === 'number' ? max : MAX_TRACKED };
}

/** Validates and normalises a sheet sent for `system`; tracked values left out take their initial value. */
export function normaliseSheet(system: SheetSystem, input: unknown): Sheet {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new RuleError('VALIDATION_FAILED', 'sheet is an object.', 'sheet');
  }
  return SPECS[system].normalise(input as Sheet);
}

/** Deep equality of two JSON values, ignoring the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The sheet a player bound to the character writes: the base values it sends over the current
 * sheet (or a new one). Tracked and referee values may be sent only unchanged (a read, edit, write
 * of the whole sheet); a change to one is refused with FORBIDDEN naming it. Fields left out keep
 * their current value.
 */
export function playerSheet(system: SheetSystem, current: Sheet | null, input: unknown): Sheet {
  const raw = normaliseSheet(system, { ...{}, ...(current ?? {}), ...(asRecord(input, 'sheet') as Sheet) });
  const spec = SPECS[system];
  const base: Sheet = { ...(current ?? {}) };
  for (const key of spec.baseFields) if (key in (input as Sheet)) base[key] = (input as Sheet)[key];
  const allowed = normaliseSheet(system, base);
  const paths = [...new Set([...trackedPaths(system, raw), ...trackedPaths(system, allowed)])];
  for (const path of paths) {
    if (readPath(raw, path) !== readPath(allowed, path)) {
      throw new RuleError(
        'FORBIDDEN',
        `${path} is a tracked value: only the referee changes it (through the condition ledger).`,
        `sheet.${path}`,
      );
    }
  }
  for (const key of Object.keys(raw)) {
    if (!sameJson(raw[key], allowed[key])) {
      throw new RuleError('FORBIDDEN', `${key} is set by the referee.`, `sheet.${key}`);
    }
  }
  return allowed;
}
