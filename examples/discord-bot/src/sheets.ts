import type { components } from '@arbiter/client';
import { BotRefusal, type Embed } from './common';

export const SYSTEMS = ['cairn', 'coeac', 'gm', 'archsoul'] as const;
export type System = (typeof SYSTEMS)[number];

export const SYSTEM_NAMES: Record<System, string> = {
  cairn: 'Cairn',
  coeac: 'COEAC',
  gm: 'Gods & Monsters',
  archsoul: 'Archsoul',
};

const COLOURS: Record<System, number> = {
  cairn: 0x6b8e23,
  coeac: 0x8b0000,
  gm: 0x1e90ff,
  archsoul: 0x9932cc,
};

type Sheets = components['schemas']['CharacterSheets'];
type Sheet = Record<string, unknown>;

/** The systems a character (or NPC) has a sheet in, in a fixed order. */
export function systemsOf(sheets: Sheets | null | undefined): System[] {
  return SYSTEMS.filter((s) => sheets?.[s] !== undefined && sheets?.[s] !== null);
}

/**
 * The one system a command acts in: the one asked for (the character must have it), else the
 * character's only one. A command never reads another system's numbers.
 */
export function systemFor(name: string, sheets: Sheets | null | undefined, asked?: string | null): System {
  const has = systemsOf(sheets);
  if (asked) {
    const wanted = asked.toLowerCase() as System;
    if (!SYSTEMS.includes(wanted)) throw new BotRefusal(`There is no game called “${asked}”.`);
    if (!has.includes(wanted))
      throw new BotRefusal(`${name} has no ${SYSTEM_NAMES[wanted]} sheet${listHas(has)}.`);
    return wanted;
  }
  if (has.length === 1) return has[0];
  if (has.length === 0)
    throw new BotRefusal(`${name} has no sheet yet: the referee writes one (\`/character set\`).`);
  throw new BotRefusal(
    `${name} has sheets in ${has.map((s) => SYSTEM_NAMES[s]).join(' and ')}: add \`system:\`.`,
  );
}

const listHas = (has: System[]) =>
  has.length ? ` (only ${has.map((s) => SYSTEM_NAMES[s]).join(', ')})` : ' (no sheet at all)';

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const obj = (v: unknown): Sheet => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Sheet) : {});
const pair = (v: unknown) => {
  const o = obj(v);
  return num(o.current) === null ? '—' : `${o.current}/${o.max}`;
};
const ratings = (v: unknown) =>
  Object.entries(obj(v))
    .map(([k, x]) => `${k} ${x}`)
    .join(', ') || '—';

/** The harm state a sheet is in, read once: `harm.state` (it knows "critical"), else `state`. */
export function stateOf(sheet: Sheet): string {
  const harm = obj(sheet.harm);
  return typeof harm.state === 'string' ? harm.state : typeof sheet.state === 'string' ? sheet.state : 'up';
}

/** A harm state in the bot's own words. */
export function stateWords(state: string): string {
  switch (state) {
    case 'up':
      return 'on their feet';
    case 'out':
      return 'out of the fight';
    case 'critical':
      return 'critically hurt: dying unless someone tends them';
    case 'down-and-out':
      return 'Down and Out';
    case 'dead':
      return 'dead';
    default:
      return state.replace(/-/g, ' ');
  }
}

/** What each harm timer means, in the bot's words (docs/harm.md lists the kinds). */
const TIMER_WORDS: Record<string, string> = {
  'coeac-aid': 'dies without aid before the turn ends',
  'cairn-critical': 'dies unless tended within the hour',
  'cairn-mortal-wound': 'dies unless healed within the hour',
  'gm-death': 'is dying',
  'gm-unconscious': 'is unconscious',
  'archsoul-unconscious': 'is unconscious',
  'gm-temporary-pool': 'keeps a temporary pool',
  'coeac-bonus-hp': 'keeps bonus HP',
  'gm-response-delay': 'cannot respond yet',
};

/**
 * The running harm timers on a sheet (`harm.timers`: `{ kind, endsAt: { day, watch, turn } | null,
 * rounds }`), in words: "dies unless tended within the hour (by day 1, watch 2, turn 6)".
 */
export function timerWords(sheet: Sheet): string[] {
  const timers = obj(sheet.harm).timers;
  if (!Array.isArray(timers)) return [];
  return timers.map((t) => {
    const timer = obj(t);
    const kind = String(timer.kind ?? 'timer');
    const what = TIMER_WORDS[kind] ?? kind.replace(/-/g, ' ');
    const ends = obj(timer.endsAt);
    const when =
      num(ends.day) !== null
        ? ` (by day ${ends.day}, watch ${ends.watch}, turn ${ends.turn})`
        : num(timer.rounds) !== null
          ? ` (${timer.rounds} rounds)`
          : '';
    return `${what}${when}`;
  });
}

/** The numbers of one sheet, as embed fields. */
export function sheetFields(system: System, sheet: Sheet): Embed['fields'] {
  const state = stateOf(sheet);
  const fields: NonNullable<Embed['fields']> = [];
  const add = (name: string, value: unknown, inline = true) =>
    fields.push({ name, value: String(value ?? '—'), inline });
  switch (system) {
    case 'cairn':
      add('HP', `${sheet.hp ?? '—'}/${sheet.maxHp ?? '—'}`);
      add('STR', pair(sheet.str));
      add('DEX', pair(sheet.dex));
      add('WIL', pair(sheet.wil));
      add('Armor', sheet.armor ?? 0);
      if (Array.isArray(sheet.scars) && sheet.scars.length) add('Scars', sheet.scars.join(', '), false);
      break;
    case 'coeac':
      if (sheet.class) add('Class', sheet.class);
      if (num(sheet.pool) !== null) add('Pool', sheet.pool);
      add('HP', `${sheet.hp ?? '—'}/${sheet.maxHp ?? '—'}`);
      add('Skills', ratings(sheet.skills), false);
      add('Saves', ratings(sheet.saves), false);
      if (Object.keys(obj(sheet.classResources)).length)
        add(
          'Resources',
          Object.entries(obj(sheet.classResources))
            .map(([k, v]) => `${k} ${pair(v)}`)
            .join(', '),
          false,
        );
      break;
    case 'gm': {
      const derived = obj(sheet.derived);
      if (num(derived.level) !== null) add('Level', derived.level);
      add('Survival', pair(sheet.survival));
      add('Verve', pair(sheet.verve));
      add('Mojo', pair(sheet.mojo));
      // `attributes` since issue 42; an older server answers only `abilities`.
      add('Attributes', ratings(sheet.attributes ?? sheet.abilities), false);
      add('Reactions', ratings(sheet.reactions), false);
      break;
    }
    case 'archsoul':
      add('HP', `${sheet.hp ?? '—'}/${sheet.maxHp ?? '—'}`);
      add('Fatigue', sheet.fatigue ?? 0);
      add('Stats', ratings(sheet.stats), false);
      if (Array.isArray(sheet.statuses) && sheet.statuses.length)
        add('Statuses', sheet.statuses.join(', '), false);
      break;
  }
  add('State', stateWords(state), false);
  const timers = timerWords(sheet);
  if (timers.length) add('Timers', timers.join('; '), false);
  return fields;
}

/** A character's (or a readable NPC's) sheet in one system, as an embed. */
export function sheetEmbed(
  name: string,
  system: System,
  sheet: Sheet,
  money?: { cash: number; wealth: number; lifestyle: string },
): Embed {
  const fields = sheetFields(system, sheet) ?? [];
  // Cash and Wealth are COEAC's economy: only a COEAC sheet shows them.
  if (system === 'coeac' && money)
    fields.push({
      name: 'Cash',
      value: `${money.cash} (Wealth ${money.wealth}, ${money.lifestyle})`,
      inline: false,
    });
  return { title: `${name} — ${SYSTEM_NAMES[system]}`, color: COLOURS[system], fields };
}

/**
 * Sets one dotted path of a sheet ("skills.Stealth", "attributes.strength", "class") to a value
 * typed by the user: a whole number when it reads as one, else the text.
 */
export function setPath(sheet: Sheet, path: string, typed: string): Sheet {
  const parts = path.split('.').filter(Boolean);
  if (parts.length === 0 || parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype'))
    throw new BotRefusal(`“${path}” is not a field of the sheet.`);
  const value: unknown = /^-?\d+$/.test(typed.trim()) ? Number(typed.trim()) : typed;
  const copy = structuredClone(sheet);
  let at: Sheet = copy;
  for (const part of parts.slice(0, -1)) {
    if (!at[part] || typeof at[part] !== 'object') at[part] = {};
    at = at[part] as Sheet;
  }
  at[parts[parts.length - 1]] = value;
  return copy;
}

/** A weapon on a sheet (issue 42 adds `weapons`): its name, and its dice or skill when the sheet says. */
export interface SheetWeapon {
  name: string;
  /** Its damage dice ("d8", "2d6+1"), read from whichever field holds them. */
  dice?: string;
  /** COEAC: the skill it uses. */
  skill?: string;
}

const DICE_IN = /\d*d\d+(?:[+-]\d+)?/i;

/** The weapons a sheet lists (none on a sheet without `weapons`), in the sheet's order. */
export function weaponsOf(sheet: Sheet | null | undefined): SheetWeapon[] {
  const list = Array.isArray(sheet?.weapons) ? (sheet.weapons as unknown[]) : [];
  return list.flatMap((w) => {
    const o = obj(w);
    if (typeof o.name !== 'string' || !o.name.trim()) return [];
    const dice = ['damage', 'die', 'dice', 'damageDice']
      .map((k) => (typeof o[k] === 'string' ? DICE_IN.exec(o[k])?.[0] : undefined))
      .find(Boolean);
    return [
      {
        name: o.name,
        ...(dice ? { dice: dice.toLowerCase() } : {}),
        ...(typeof o.skill === 'string' ? { skill: o.skill } : {}),
      },
    ];
  });
}
