import { rollUnderSave } from '../checks/roll-under-save';
import type { Dice } from '../random';
import { chanceAbove, sumDistribution, type FieldChange } from './harm-steps';

/** When a scar's follow-up roll takes effect. */
export type ScarTiming = 'now' | 'after-rest' | 'once-mended' | 'after-recovery' | 'next-critical-save';

export interface ScarEntry {
  /** HP lost in the blow that left the character at exactly 0 HP (1–12). */
  entry: number;
  name: string;
  /** What the scar does, in our words. */
  effect: string;
  /** Conditions the scar sets at once (`deprived`, `out-of-action` …). */
  conditions: string[];
}

/**
 * Cairn scars (seed 004, "Scars"): the entry is the HP lost by the blow. Names are the table's; the
 * effects are ours. The follow-up rolls are made by `rollScar`.
 */
export const CAIRN_SCARS: readonly ScarEntry[] = [
  {
    entry: 1,
    name: 'Lasting Scar',
    effect: 'A scar in a rolled place; d6 may raise max HP.',
    conditions: [],
  },
  { entry: 2, name: 'Rattling Blow', effect: 'Dazed for a moment; d6 may raise max HP.', conditions: [] },
  {
    entry: 3,
    name: 'Walloped',
    effect: 'Knocked flat and winded: deprived until a few hours of rest, then d6 more max HP.',
    conditions: ['deprived'],
  },
  {
    entry: 4,
    name: 'Broken Limb',
    effect: 'A rolled bone breaks; when it heals, 2d6 may raise max HP.',
    conditions: ['broken-limb'],
  },
  {
    entry: 5,
    name: 'Diseased',
    effect: 'An infection sets in; once it passes, 2d6 may raise max HP.',
    conditions: ['diseased'],
  },
  {
    entry: 6,
    name: 'Reorienting Head Wound',
    effect: 'A rolled attribute is shaken up: 3d6 replaces it if higher.',
    conditions: [],
  },
  {
    entry: 7,
    name: 'Hamstrung',
    effect: 'Hardly able to move until treated and rested; then 3d6 may raise max DEX.',
    conditions: ['hamstrung'],
  },
  {
    entry: 8,
    name: 'Deafened',
    effect: 'Deaf until extraordinary help; a passed WIL save adds d4 to max WIL.',
    conditions: ['deafened'],
  },
  { entry: 9, name: 'Re-brained', effect: 'The mind is jolted: 3d6 may raise max WIL.', conditions: [] },
  {
    entry: 10,
    name: 'Sundered',
    effect: 'A limb or organ is lost (the referee says which); a passed WIL save adds d6 to max WIL.',
    conditions: ['sundered'],
  },
  {
    entry: 11,
    name: 'Mortal Wound',
    effect: 'Deprived and out of action, dead in an hour without healing; on recovery max HP becomes 2d6.',
    conditions: ['deprived', 'out-of-action', 'dying'],
  },
  {
    entry: 12,
    name: 'Doomed',
    effect: 'Failing the next critical-damage save kills; passing it lets 3d6 raise max HP.',
    conditions: ['doomed'],
  },
];

const LASTING_SCAR_PLACES = ['neck', 'hands', 'eye', 'chest', 'legs', 'ear'] as const;
const BROKEN_LIMBS = ['leg', 'leg', 'arm', 'arm', 'rib', 'skull'] as const;
const HEAD_WOUND_ATTRIBUTES = ['str', 'str', 'dex', 'dex', 'wil', 'wil'] as const;

export interface ScarFollowUp {
  /** A kebab-case id (`location`, `max-hp`, `wil-save`, `max-wil` …). */
  name: string;
  /** The dice rolled, in notation (`d6`, `2d6`, `3d6`, `d20`). */
  roll: string;
  faces: number[];
  total: number;
  timing: ScarTiming;
  /** The result in words (`legs`, `max HP 4 → 5`, `no change`). */
  result: string;
  /** The change this roll makes, applied at `timing`; null when none or the sheet value is unknown. */
  change: FieldChange | null;
  /** Exact chances of this roll's results. */
  odds: Record<string, number>;
}

export interface ScarOutcome extends ScarEntry {
  followUps: ScarFollowUp[];
}

/** The sheet values scars compare with; missing ones leave the comparison to the caller. */
export interface ScarSheet {
  maxHp?: number | null;
  str: number;
  dex?: number | null;
  wil?: number | null;
  /** The attributes' maxima: scar 6's new score above one raises it too (absent: not raised). */
  maxStr?: number | null;
  maxDex?: number | null;
  maxWil?: number | null;
}

const uniform = (labels: readonly string[]): Record<string, number> => {
  const odds: Record<string, number> = {};
  for (const label of labels) odds[label] = (odds[label] ?? 0) + 1 / labels.length;
  return odds;
};

const sum = (faces: readonly number[]) => faces.reduce((a, b) => a + b, 0);

/** "Roll NdS; if higher than the value, take it" (scars 1, 2, 4, 5, 6, 7, 9, 12). */
function takeIfHigher(
  dice: Dice,
  count: number,
  field: string,
  label: string,
  current: number | null | undefined,
  timing: ScarTiming,
): ScarFollowUp {
  const faces = dice.pool(count, 6, 'damage');
  const total = sum(faces);
  const known = current !== null && current !== undefined;
  const higher = known && total > current;
  return {
    name: field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
    roll: `${count === 1 ? '' : count}d6`,
    faces,
    total,
    timing,
    result: !known
      ? `${total}: compare with ${label}`
      : higher
        ? `${label} ${current} → ${total}`
        : 'no change',
    change: higher ? { field, delta: total - current, after: total } : null,
    odds: known
      ? { higher: chanceAbove(count, 6, current), notHigher: 1 - chanceAbove(count, 6, current) }
      : sumDistribution(count, 6),
  };
}

/** A d6 on a six-face list (scar places, limbs, attributes). */
function pick(dice: Dice, name: string, table: readonly string[]): ScarFollowUp {
  const faces = dice.pool(1, 6, 'damage');
  return {
    name,
    roll: 'd6',
    faces,
    total: faces[0],
    timing: 'now',
    result: table[faces[0] - 1],
    change: null,
    odds: uniform(table),
  };
}

/** A WIL save; on a pass, `sides` more max WIL (scars 8 and 10). */
function willSaveForMaxWil(dice: Dice, sheet: ScarSheet, sides: number): ScarFollowUp[] {
  if (sheet.wil === null || sheet.wil === undefined) {
    return [
      {
        name: 'wil-save',
        roll: 'd20',
        faces: [],
        total: 0,
        timing: 'now',
        result: `not rolled: send wil to make the save (a pass adds d${sides} to max WIL)`,
        change: null,
        odds: {},
      },
    ];
  }
  const save = rollUnderSave({ attribute: sheet.wil }, dice);
  const first: ScarFollowUp = {
    name: 'wil-save',
    roll: 'd20',
    faces: save.faces,
    total: save.roll,
    timing: 'now',
    result: save.passed ? 'passed' : 'failed',
    change: null,
    odds: { pass: save.odds.success, fail: 1 - save.odds.success },
  };
  if (!save.passed) return [first];
  const faces = dice.pool(1, sides, 'damage');
  const known = sheet.maxWil !== null && sheet.maxWil !== undefined;
  return [
    first,
    {
      name: 'max-wil',
      roll: `d${sides}`,
      faces,
      total: faces[0],
      timing: 'now',
      result: `max WIL +${faces[0]}`,
      change: { field: 'maxWil', delta: faces[0], after: known ? sheet.maxWil! + faces[0] : null },
      odds: sumDistribution(1, sides),
    },
  ];
}

/**
 * Cairn scars (seed 004, "Scars"): looks up the entry for `hpLost` (losses above 12 read entry 12)
 * and makes its follow-up rolls now, each marked with when it takes effect.
 */
export function rollScar(hpLost: number, sheet: ScarSheet, dice: Dice): ScarOutcome {
  const entry = CAIRN_SCARS[Math.min(12, Math.max(1, hpLost)) - 1];
  const followUps: ScarFollowUp[] = [];
  switch (entry.entry) {
    case 1:
      followUps.push(pick(dice, 'location', LASTING_SCAR_PLACES));
      followUps.push(takeIfHigher(dice, 1, 'maxHp', 'max HP', sheet.maxHp, 'now'));
      break;
    case 2:
      followUps.push(takeIfHigher(dice, 1, 'maxHp', 'max HP', sheet.maxHp, 'now'));
      break;
    case 3: {
      const faces = dice.pool(1, 6, 'damage');
      const known = sheet.maxHp !== null && sheet.maxHp !== undefined;
      followUps.push({
        name: 'max-hp',
        roll: 'd6',
        faces,
        total: faces[0],
        timing: 'after-rest',
        result: `max HP +${faces[0]} after a few hours of rest`,
        change: { field: 'maxHp', delta: faces[0], after: known ? sheet.maxHp! + faces[0] : null },
        odds: sumDistribution(1, 6),
      });
      break;
    }
    case 4:
      followUps.push(pick(dice, 'limb', BROKEN_LIMBS));
      followUps.push(takeIfHigher(dice, 2, 'maxHp', 'max HP', sheet.maxHp, 'once-mended'));
      break;
    case 5:
      followUps.push(takeIfHigher(dice, 2, 'maxHp', 'max HP', sheet.maxHp, 'after-recovery'));
      break;
    case 6: {
      const which = pick(dice, 'attribute', HEAD_WOUND_ATTRIBUTES);
      followUps.push(which);
      const attribute = which.result as 'str' | 'dex' | 'wil';
      followUps.push(takeIfHigher(dice, 3, attribute, attribute.toUpperCase(), sheet[attribute], 'now'));
      break;
    }
    case 7:
      followUps.push(takeIfHigher(dice, 3, 'maxDex', 'max DEX', sheet.maxDex, 'after-recovery'));
      break;
    case 8:
      followUps.push(...willSaveForMaxWil(dice, sheet, 4));
      break;
    case 9:
      followUps.push(takeIfHigher(dice, 3, 'maxWil', 'max WIL', sheet.maxWil, 'now'));
      break;
    case 10:
      followUps.push(...willSaveForMaxWil(dice, sheet, 6));
      break;
    case 11: {
      const faces = dice.pool(2, 6, 'damage');
      const total = sum(faces);
      const known = sheet.maxHp !== null && sheet.maxHp !== undefined;
      followUps.push({
        name: 'max-hp',
        roll: '2d6',
        faces,
        total,
        timing: 'after-recovery',
        result: `max HP becomes ${total} on recovery`,
        change: known ? { field: 'maxHp', delta: total - sheet.maxHp!, after: total } : null,
        odds: sumDistribution(2, 6),
      });
      break;
    }
    default:
      // Doomed rolls nothing now: its 3d6 comes with the next critical-damage save (send doomed: true).
      break;
  }
  return { ...{}, ...entry, conditions: [...entry.conditions], followUps };
}
