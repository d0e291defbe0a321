import { RuleError } from '../errors';
import { MAX_SAVE_ATTRIBUTE } from '../checks/roll-under-save';
import { findGmSkill, findGmSpecialty } from './gm-lore';
import { GM_ABILITY_NAMES, GM_REACTION_NAMES, Sheet, SheetSystem } from './sheets';

/** What a check that reads the sheet asks for (SPEC 6.1). */
export interface SheetCheckRequest {
  skill?: string;
  save?: string;
  attribute?: string;
  reaction?: string;
  stats?: string[];
  objective?: number;
  difficulty?: number;
  modifier?: number;
  bonusDice?: number;
  penaltyDice?: number;
  helpers?: number;
  /** G&M: a specialty the roll involves (its bonus from the sheet). */
  specialty?: string;
}

/** One thing the sheet or the campaign adds: dice to a pool, or an amount to a roll-under target. */
export interface SheetModifier {
  source: string;
  dice?: number;
  amount?: number;
  /** Archsoul: added to the per-die difficulty (the result stays within 2–6). */
  difficulty?: number;
}

export type SheetCheckKind = 'pool' | 'save' | 'difficulty-pool' | 'ability';

export interface PlannedCheck {
  check: SheetCheckKind;
  /** The core check's input (pool-test, roll-under-save, difficulty-pool or ability-roll). */
  input: Record<string, unknown>;
  rating: { kind: string; name: string; value: number };
  /** Every modifier, the sheet's rating parts first, in the order they were added. */
  modifiers: SheetModifier[];
}

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, field);
}

function unexpected(request: SheetCheckRequest, allowed: (keyof SheetCheckRequest)[], system: SheetSystem) {
  for (const key of Object.keys(request) as (keyof SheetCheckRequest)[]) {
    if (request[key] !== undefined && request[key] !== null && !allowed.includes(key)) {
      fail(key, `${key} does not apply to a ${system} check (it takes ${allowed.join(', ')}).`);
    }
  }
}

/** The sheet's entry named `name`, ignoring case, or null. */
export function findRating(
  ratings: Record<string, number> | undefined,
  name: string,
): { name: string; value: number } | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(ratings ?? {})) {
    if (key.toLowerCase() === wanted) return { name: key, value };
  }
  return null;
}

function sumDice(modifiers: SheetModifier[], sign: 1 | -1): number {
  return modifiers.reduce(
    (sum, m) => sum + (m.dice !== undefined && Math.sign(m.dice) === sign ? Math.abs(m.dice) : 0),
    0,
  );
}

/**
 * Builds the core check a sheet check makes. COEAC: a pool of 2 + the Skill or Save rating (an NPC
 * rolls its rating or Pool as it is, with no +2) against Ob; Cairn: d20 under the attribute's current
 * value; Archsoul: the named stats' dice at a difficulty; G&M: d20 under the reaction or ability.
 * `extra` are the modifiers the state and the campaign add (dice for pools, amounts for targets).
 * `sheet` is the sheet as answered (G&M reactions derived).
 */
export function planSheetCheck(
  system: SheetSystem,
  sheet: Sheet,
  request: SheetCheckRequest,
  options: { npc: boolean },
  extra: SheetModifier[] = [],
): PlannedCheck {
  switch (system) {
    case 'coeac':
      return planCoeac(sheet, request, options.npc, extra);
    case 'cairn':
      return planCairn(sheet, request, extra);
    case 'archsoul':
      return planArchsoul(sheet, request, extra);
    case 'gm':
      return planGm(sheet, request, extra);
  }
}

function planCoeac(
  sheet: Sheet,
  request: SheetCheckRequest,
  npc: boolean,
  extra: SheetModifier[],
): PlannedCheck {
  unexpected(request, ['skill', 'save', 'objective', 'bonusDice', 'penaltyDice', 'helpers'], 'coeac');
  if (request.skill && request.save) fail('save', 'Send skill or save, not both.');
  if (request.objective === undefined || request.objective === null)
    fail('objective', 'objective (Ob) is required.');
  const kind = request.skill ? 'skill' : request.save ? 'save' : null;
  const modifiers: SheetModifier[] = [];
  let rating: PlannedCheck['rating'];
  if (kind) {
    const name = (request.skill ?? request.save)!;
    const found = findRating(sheet[kind === 'skill' ? 'skills' : 'saves'] as Record<string, number>, name);
    if (!found) {
      if (!npc || typeof sheet.pool !== 'number') fail(kind, `The sheet has no ${kind} named "${name}".`);
      rating = { kind: 'pool', name: 'Pool', value: sheet.pool as number };
      modifiers.push({ source: 'pool', dice: rating.value });
    } else {
      rating = { kind, name: found.name, value: found.value };
      if (!npc) modifiers.push({ source: 'base', dice: 2 });
      modifiers.push({ source: `${kind}:${found.name}`, dice: found.value });
    }
  } else {
    if (!npc || typeof sheet.pool !== 'number') fail('skill', 'Name the skill or save to test.');
    rating = { kind: 'pool', name: 'Pool', value: sheet.pool as number };
    modifiers.push({ source: 'pool', dice: rating.value });
  }
  const pool = modifiers.reduce((sum, m) => sum + (m.dice ?? 0), 0);
  if (request.bonusDice) modifiers.push({ source: 'bonusDice', dice: request.bonusDice });
  if (request.penaltyDice) modifiers.push({ source: 'penaltyDice', dice: -request.penaltyDice });
  if (request.helpers) modifiers.push({ source: 'helpers', dice: request.helpers });
  const added = [...extra.filter((m) => m.dice)];
  modifiers.push(...added);
  const bonus = (request.bonusDice ?? 0) + sumDice(added, 1);
  const penalty = (request.penaltyDice ?? 0) + sumDice(added, -1);
  return {
    check: 'pool',
    input: {
      pool,
      objective: request.objective,
      ...(bonus ? { bonusDice: bonus } : {}),
      ...(penalty ? { penaltyDice: penalty } : {}),
      ...(request.helpers ? { helpers: request.helpers } : {}),
    },
    rating,
    modifiers,
  };
}

const CAIRN_ATTRIBUTES = ['str', 'dex', 'wil'] as const;

function planCairn(sheet: Sheet, request: SheetCheckRequest, extra: SheetModifier[]): PlannedCheck {
  unexpected(request, ['attribute'], 'cairn');
  const name = (request.attribute ?? '').toLowerCase();
  if (!CAIRN_ATTRIBUTES.includes(name as never)) fail('attribute', 'attribute is STR, DEX or WIL.');
  const value = (sheet[name] as { current: number }).current;
  const added = extra.filter((m) => m.amount);
  const amount = added.reduce((sum, m) => sum + (m.amount ?? 0), 0);
  const attribute = Math.min(MAX_SAVE_ATTRIBUTE, Math.max(0, value + amount));
  return {
    check: 'save',
    input: { attribute },
    rating: { kind: 'attribute', name: name.toUpperCase(), value },
    modifiers: [{ source: `${name}.current`, amount: value }, ...added],
  };
}

function planArchsoul(sheet: Sheet, request: SheetCheckRequest, extra: SheetModifier[]): PlannedCheck {
  unexpected(request, ['stats', 'difficulty', 'objective', 'bonusDice', 'penaltyDice'], 'archsoul');
  const names = request.stats ?? [];
  if (names.length === 0) fail('stats', 'Name the stats whose values make the pool.');
  if (request.difficulty === undefined || request.difficulty === null)
    fail('difficulty', 'difficulty is required.');
  const found = names.map((name, i) => {
    const hit = findRating(sheet.stats as Record<string, number>, name);
    if (!hit) fail(`stats[${i}]`, `The sheet has no stat named "${name}".`);
    return hit;
  });
  const modifiers: SheetModifier[] = found.map((f) => ({ source: `stat:${f.name}`, dice: f.value }));
  if (request.bonusDice) modifiers.push({ source: 'bonusDice', dice: request.bonusDice });
  if (request.penaltyDice) modifiers.push({ source: 'penaltyDice', dice: -request.penaltyDice });
  const added = extra.filter((m) => m.dice || m.difficulty);
  modifiers.push(...added);
  const bonus =
    (request.bonusDice ?? 0) - (request.penaltyDice ?? 0) + added.reduce((sum, m) => sum + (m.dice ?? 0), 0);
  const harder = added.reduce((sum, m) => sum + (m.difficulty ?? 0), 0);
  const difficulty =
    harder === 0 ? request.difficulty : Math.min(6, Math.max(2, request.difficulty + harder));
  return {
    check: 'difficulty-pool',
    input: {
      stats: found.map((f) => f.value),
      difficulty,
      ...(bonus ? { bonus } : {}),
      ...(request.objective !== undefined && request.objective !== null
        ? { objective: request.objective }
        : {}),
    },
    rating: {
      kind: 'stats',
      name: found.map((f) => f.name).join('+'),
      value: found.reduce((sum, f) => sum + f.value, 0),
    },
    modifiers,
  };
}

function planGm(sheet: Sheet, request: SheetCheckRequest, extra: SheetModifier[]): PlannedCheck {
  unexpected(request, ['reaction', 'attribute', 'modifier', 'skill', 'specialty'], 'gm');
  if (request.reaction && request.attribute) fail('attribute', 'Send reaction or attribute, not both.');
  let rating: PlannedCheck['rating'];
  if (request.reaction) {
    const name = request.reaction.toLowerCase();
    const reactions = (sheet.reactions ?? {}) as Record<string, number>;
    if (!GM_REACTION_NAMES.includes(name as never))
      fail('reaction', `reaction is one of ${GM_REACTION_NAMES.join(', ')}.`);
    if (typeof reactions[name] !== 'number') {
      fail('reaction', `The sheet has no ${name} reaction (give it an archetype, or the referee sets it).`);
    }
    rating = { kind: 'reaction', name, value: reactions[name] };
  } else if (request.attribute) {
    const name = request.attribute.toLowerCase();
    if (!GM_ABILITY_NAMES.includes(name as never))
      fail('attribute', `attribute is one of ${GM_ABILITY_NAMES.join(', ')}.`);
    rating = { kind: 'ability', name, value: (sheet.abilities as Record<string, number>)[name] };
  } else {
    fail('reaction', 'Name the reaction or ability (attribute) to roll.');
  }
  const modifiers: SheetModifier[] = [{ source: `${rating.kind}:${rating.name}`, amount: rating.value }];
  // What the sheet knows (gm-lore.ts): a skill brings its field's bonus (one field bonus a roll,
  // 001:714, 742), a specialty the bonus the sheet gives it (a roll involving one is archetypal, 001:978).
  const lore: SheetModifier[] = [];
  if (request.skill) {
    const found = findGmSkill(sheet, request.skill);
    if (!found)
      fail(
        'skill',
        `The sheet has no skill "${request.skill}" in any of its fields (sheet.fields[].skills).`,
      );
    lore.push({ source: `skill:${found.skill} (field ${found.field.name})`, amount: found.field.bonus });
  }
  if (request.specialty) {
    const found = findGmSpecialty(sheet, request.specialty);
    if (!found) fail('specialty', `The sheet has no specialty "${request.specialty}" (sheet.specialties).`);
    lore.push({ source: `specialty:${found.name}`, amount: found.bonus });
  }
  modifiers.push(...lore);
  if (request.modifier) modifiers.push({ source: 'modifier', amount: request.modifier });
  const added = extra.filter((m) => m.amount);
  modifiers.push(...added);
  const total =
    (request.modifier ?? 0) +
    lore.reduce((sum, m) => sum + (m.amount ?? 0), 0) +
    added.reduce((sum, m) => sum + (m.amount ?? 0), 0);
  return {
    check: 'ability',
    input: {
      score: rating.value,
      ...(total > 0 ? { bonus: total } : {}),
      ...(total < 0 ? { penalty: -total } : {}),
    },
    rating,
    modifiers,
  };
}
