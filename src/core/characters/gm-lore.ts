import { RuleError } from '../errors';
import { extendSystem, type Sheet } from './sheets';

/*
 * What a G&M character knows (issue 42), kept on its sheet because rules read it:
 *
 * - `fields`: each field of knowledge with its bonus and the skills learnt in it (001, "Fields and
 *   skills", "Skills"). A roll a skill of a field applies to gains that field's bonus; only one field
 *   bonus helps a roll. A new field comes at +1 with one skill.
 * - `specialties`: the specialties chosen (one at 3rd level and each odd level after). A roll that
 *   involves a specialty is archetypal (001:978); what a specialty adds beyond that is its own text,
 *   so the sheet holds the bonus the referee gives its rolls (0 when none).
 * - `spellBook`: the spells inscribed in a sorceror's book, each with its level; `memorizedSpells`:
 *   the spells in its memorisation slots, each one of the book's, and whether it has been cast since
 *   it was memorised (a cast spell is gone from memory until memorised again). Only the referee
 *   sets it; `POST …/gm-casts` marks a spell cast.
 *
 * Each is left out of a sheet that has none.
 */

export const GM_FIELDS = 'fields';
export const GM_SPECIALTIES = 'specialties';
export const GM_SPELL_BOOK = 'spellBook';
export const GM_MEMORIZED_SPELLS = 'memorizedSpells';

export const MAX_GM_FIELDS = 64;
export const MAX_GM_SKILLS_PER_FIELD = 32;
export const MAX_GM_SPECIALTIES = 32;
export const MAX_GM_BOOK_SPELLS = 200;
export const MAX_GM_MEMORIZED_SPELLS = 100;
/** The largest field or specialty bonus a sheet accepts. */
export const MAX_GM_LORE_BONUS = 20;
/** The highest spell level a sheet accepts. */
export const MAX_GM_SPELL_LEVEL = 20;
const MAX_NAME = 64;

export interface GmField {
  name: string;
  bonus: number;
  skills: string[];
}
export interface GmSpecialty {
  name: string;
  bonus: number;
}
export interface GmBookSpell {
  name: string;
  level: number;
}
export interface GmMemorizedSpell {
  name: string;
  level: number;
  cast: boolean;
}

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, `sheet.${field}`);
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(field, `${field} is an object.`);
  return value as Record<string, unknown>;
}

function only(body: Record<string, unknown>, known: string[], at: string): void {
  for (const key of Object.keys(body))
    if (!known.includes(key))
      fail(`${at}.${key}`, `${at}.${key} is not a member (it takes ${known.join(', ')}).`);
}

function name(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > MAX_NAME)
    fail(field, `${field} is a name of 1 to ${MAX_NAME} characters.`);
  return value.trim();
}

function whole(value: unknown, field: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    fail(field, `${field} is a whole number from ${min} to ${max}.`);
  return value;
}

function list(value: unknown, field: string, max: number, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > max)
    fail(field, `${field} is a list of at most ${max} ${what}.`);
  return value;
}

/** Refuses a name used twice in one list (rules name entries by it, ignoring case). */
function unique(seen: Set<string>, value: string, field: string, listName: string): void {
  const key = value.toLowerCase();
  if (seen.has(key)) fail(field, `${listName} names "${value}" twice (names are compared ignoring case).`);
  seen.add(key);
}

/** `fields`: `[{ name, bonus?, skills? }]`; bonus 0 to 20 (default 1, a new field's), skills unique in the sheet. */
export function gmFieldsOf(value: unknown): GmField[] {
  const fields = new Set<string>();
  const skills = new Set<string>();
  return list(value, GM_FIELDS, MAX_GM_FIELDS, 'fields').map((raw, i) => {
    const at = `${GM_FIELDS}[${i}]`;
    const body = record(raw, at);
    only(body, ['name', 'bonus', 'skills'], at);
    const field = name(body.name, `${at}.name`);
    unique(fields, field, `${at}.name`, GM_FIELDS);
    const learnt = list(body.skills, `${at}.skills`, MAX_GM_SKILLS_PER_FIELD, 'skills').map((s, j) => {
      const skill = name(s, `${at}.skills[${j}]`);
      // A check names the skill alone: one skill, one field.
      unique(skills, skill, `${at}.skills[${j}]`, 'the skills of fields');
      return skill;
    });
    return { name: field, bonus: whole(body.bonus, `${at}.bonus`, 0, MAX_GM_LORE_BONUS, 1), skills: learnt };
  });
}

/** `specialties`: `[{ name, bonus? }]`; bonus 0 to 20, default 0. */
export function gmSpecialtiesOf(value: unknown): GmSpecialty[] {
  const seen = new Set<string>();
  return list(value, GM_SPECIALTIES, MAX_GM_SPECIALTIES, 'specialties').map((raw, i) => {
    const at = `${GM_SPECIALTIES}[${i}]`;
    const body = record(raw, at);
    only(body, ['name', 'bonus'], at);
    const specialty = name(body.name, `${at}.name`);
    unique(seen, specialty, `${at}.name`, GM_SPECIALTIES);
    return { name: specialty, bonus: whole(body.bonus, `${at}.bonus`, 0, MAX_GM_LORE_BONUS, 0) };
  });
}

/** `spellBook`: `[{ name, level }]`, each spell once. */
export function gmSpellBookOf(value: unknown): GmBookSpell[] {
  const seen = new Set<string>();
  return list(value, GM_SPELL_BOOK, MAX_GM_BOOK_SPELLS, 'spells').map((raw, i) => {
    const at = `${GM_SPELL_BOOK}[${i}]`;
    const body = record(raw, at);
    only(body, ['name', 'level'], at);
    const spell = name(body.name, `${at}.name`);
    unique(seen, spell, `${at}.name`, GM_SPELL_BOOK);
    if (body.level === undefined || body.level === null) fail(`${at}.level`, `${at}.level is required.`);
    return { name: spell, level: whole(body.level, `${at}.level`, 1, MAX_GM_SPELL_LEVEL) };
  });
}

/**
 * `memorizedSpells`: `[{ name, level?, cast? }]`, each a spell of the book (the same spell may fill
 * several slots); `level` is the book's (sent, it must agree); `cast` defaults to false.
 */
export function gmMemorizedOf(value: unknown, book: GmBookSpell[]): GmMemorizedSpell[] {
  return list(value, GM_MEMORIZED_SPELLS, MAX_GM_MEMORIZED_SPELLS, 'spells').map((raw, i) => {
    const at = `${GM_MEMORIZED_SPELLS}[${i}]`;
    const body = record(raw, at);
    only(body, ['name', 'level', 'cast'], at);
    const spell = name(body.name, `${at}.name`);
    const inBook = book.find((b) => b.name.toLowerCase() === spell.toLowerCase());
    if (!inBook)
      fail(
        `${at}.name`,
        `${spell} is not in the spell book (a sorceror memorises only spells inscribed in it; spellBook lists ${
          book.length === 0 ? 'none' : book.map((b) => b.name).join(', ')
        }).`,
      );
    if (body.level !== undefined && body.level !== null) {
      const level = whole(body.level, `${at}.level`, 1, MAX_GM_SPELL_LEVEL);
      if (level !== inBook.level)
        fail(
          `${at}.level`,
          `${inBook.name} is a level ${inBook.level} spell in the spell book, not ${level}.`,
        );
    }
    if (body.cast !== undefined && body.cast !== null && typeof body.cast !== 'boolean')
      fail(`${at}.cast`, `${at}.cast is true or false.`);
    return { name: inBook.name, level: inBook.level, cast: body.cast === true };
  });
}

/** The sheet's fields, skills and spells (empty lists when it keeps none). */
export function gmLoreOf(sheet: Sheet): {
  fields: GmField[];
  specialties: GmSpecialty[];
  spellBook: GmBookSpell[];
  memorizedSpells: GmMemorizedSpell[];
} {
  const arr = <T>(v: unknown) => (Array.isArray(v) ? (v as T[]) : []);
  return {
    fields: arr<GmField>(sheet[GM_FIELDS]),
    specialties: arr<GmSpecialty>(sheet[GM_SPECIALTIES]),
    spellBook: arr<GmBookSpell>(sheet[GM_SPELL_BOOK]),
    memorizedSpells: arr<GmMemorizedSpell>(sheet[GM_MEMORIZED_SPELLS]),
  };
}

/** The field a skill is learnt in, ignoring case, or null. */
export function findGmSkill(sheet: Sheet, skill: string): { skill: string; field: GmField } | null {
  const wanted = skill.trim().toLowerCase();
  for (const field of gmLoreOf(sheet).fields) {
    const found = field.skills.find((s) => s.toLowerCase() === wanted);
    if (found) return { skill: found, field };
  }
  return null;
}

/** The specialty of that name, ignoring case, or null. */
export function findGmSpecialty(sheet: Sheet, specialty: string): GmSpecialty | null {
  const wanted = specialty.trim().toLowerCase();
  return gmLoreOf(sheet).specialties.find((s) => s.name.toLowerCase() === wanted) ?? null;
}

let registered = false;

/** Adds the fields, specialties, spell book and memorised spells to G&M sheets; idempotent. */
export function registerGmLore(): void {
  if (registered) return;
  registered = true;
  extendSystem('gm', {
    baseFields: [GM_FIELDS, GM_SPECIALTIES, GM_SPELL_BOOK],
    // Memorising is the referee's to rule (slots, injuries); a cast marks a spell through the cast route.
    refereeFields: [GM_MEMORIZED_SPELLS],
    normalise: (input, sheet) => {
      const out: Sheet = { ...sheet };
      const fields = gmFieldsOf(input[GM_FIELDS]);
      const specialties = gmSpecialtiesOf(input[GM_SPECIALTIES]);
      const book = gmSpellBookOf(input[GM_SPELL_BOOK]);
      const memorized = gmMemorizedOf(input[GM_MEMORIZED_SPELLS], book);
      const put = (key: string, value: unknown[]) => {
        if (value.length > 0) out[key] = value;
        else delete out[key];
      };
      put(GM_FIELDS, fields);
      put(GM_SPECIALTIES, specialties);
      put(GM_SPELL_BOOK, book);
      put(GM_MEMORIZED_SPELLS, memorized);
      return out;
    },
  });
}

registerGmLore();
