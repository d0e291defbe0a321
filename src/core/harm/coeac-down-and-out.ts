import { RuleError } from '../errors';
import { poolTest } from '../checks/pool-test';
import { invalid, optionalWholeNumber, record } from '../checks/validate';
import type { Dice } from '../random';
import {
  MAX_SHEET_VALUE,
  drawByLot,
  HarmLog,
  optionalNames,
  type FieldChange,
  type HarmStep,
} from './harm-steps';

export const DOWN_AND_OUT_RESULTS = [
  'boon',
  'resilience',
  'trauma',
  'death',
  'broken-gear',
  'lingering-injury',
  'impairment',
] as const;
export type DownAndOutResult = (typeof DOWN_AND_OUT_RESULTS)[number];

export interface DownAndOutRow {
  /** The 2d6 total. */
  roll: number;
  result: DownAndOutResult;
  name: string;
  /** What it does, in our words. */
  effect: string;
}

const ROW: Record<DownAndOutResult, { name: string; effect: string }> = {
  boon: { name: 'Learning Opportunity', effect: 'Gain a Boon.' },
  resilience: { name: 'Resilience', effect: 'Max HP +1.' },
  trauma: { name: 'Trauma', effect: 'A Save chosen by lot loses a point for good.' },
  death: { name: 'Death', effect: 'The character dies.' },
  'broken-gear': {
    name: 'Broken Gear',
    effect: 'Three items chosen by lot break; each artifact has an even chance to hold.',
  },
  'lingering-injury': { name: 'Lingering Injury', effect: 'Max HP −1.' },
  impairment: { name: 'Impairment', effect: 'Two Skills chosen by lot lose a point each.' },
};

const ORDER: DownAndOutResult[] = [
  'boon',
  'resilience',
  'trauma',
  'death',
  'broken-gear',
  'lingering-injury',
  'impairment',
  'death',
  'trauma',
  'resilience',
  'boon',
];

/** COEAC Down and Out table (seed 003, "Down and Out"): 2d6, totals 2–12. */
export const DOWN_AND_OUT_TABLE: readonly DownAndOutRow[] = ORDER.map((result, i) => ({
  roll: i + 2,
  result,
  ...ROW[result],
}));

/** The aid's Objective: Medicine Ob 3. */
export const DOWN_AND_OUT_AID_OBJECTIVE = 3;
/** Broken Gear breaks this many items. */
export const BROKEN_GEAR_ITEMS = 3;

/** The face a lot rolled: none when a single entry was left and no die was needed. */
const lotFaces = (roll: number, chance: number) => (chance < 1 ? [roll] : []);

/** Ways to roll each 2d6 total, over 36. */
const WAYS_2D6 = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

const TABLE_ODDS: Readonly<Record<DownAndOutResult, number>> = (() => {
  const odds = Object.fromEntries(DOWN_AND_OUT_RESULTS.map((r) => [r, 0])) as Record<
    DownAndOutResult,
    number
  >;
  for (const row of DOWN_AND_OUT_TABLE) odds[row.result] += WAYS_2D6[row.roll] / 36;
  return Object.freeze(odds);
})();

/** Exact chance of each result on 2d6; the values sum to 1 (death is 8/36). A copy of one table. */
export function downAndOutOdds(): Record<DownAndOutResult, number> {
  return { ...TABLE_ODDS };
}

export interface DownAndOutItem {
  name: string;
  artifact?: boolean | null;
}

/** Runs `work`, naming a rule error's field inside `parent` (`helpers` → `medicine.helpers`). */
function withinField<T>(parent: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RuleError && error.field && !error.field.startsWith(`${parent}.`)) {
      throw new RuleError(error.code, error.message, `${parent}.${error.field}`);
    }
    throw error;
  }
}

export interface DownAndOutInput {
  /** The aider's Medicine pool (2 + Medicine); without it the aid is taken as given. */
  medicine?: {
    pool: number;
    bonusDice?: number | null;
    penaltyDice?: number | null;
    helpers?: number | null;
  } | null;
  /** Max HP, to tell when −1 leaves it at 0 (permanent death). */
  maxHp?: number | null;
  /** The sheet's Save names, for the lot of Trauma. */
  saves?: string[] | null;
  /** The sheet's Skill names, for the lot of Impairment. */
  skills?: string[] | null;
  /** Carried items, for the lot of Broken Gear. */
  items?: DownAndOutItem[] | null;
}

export interface DownAndOutLot {
  /** `save`, `skill`, `item` or `artifact-save`. */
  kind: string;
  name: string;
  /** The die rolled for the lot (a dN over what was left to choose from). */
  roll: number;
  /** Chance this one was chosen, or for `artifact-save` that it holds. */
  chance: number;
  /** Items only: whether it broke. */
  broken: boolean | null;
}

export interface DownAndOutOutcome {
  aid: {
    dice: number;
    faces: number[];
    successes: number;
    passed: boolean;
    odds: { success: number };
  } | null;
  /** The 2d6 total; null when the aid failed and the table was not rolled. */
  roll: number | null;
  /** The table's result, or `unaided` when the Medicine test failed. */
  result: DownAndOutResult | 'unaided';
  name: string;
  effect: string;
  dead: boolean;
  lots: DownAndOutLot[];
  faces: number[];
  steps: HarmStep[];
  changes: FieldChange[];
  /** Exact chance of each result (with `unaided` when a Medicine test was rolled); sums to 1. */
  odds: Record<string, number>;
}

/**
 * COEAC Down and Out (seed 003, "Down and Out"): with a Medicine pool, the aid's test against Ob 3
 * comes first and a failure leaves the character unaided (dead by the end of the Turn unless someone
 * else helps); then 2d6 on the table. Trauma, Impairment and Broken Gear pick their Save, Skills and
 * items by seeded lot from the names sent; artifacts each roll a d6 (4–6 holds, a 50 % chance).
 */
export function downAndOut(input: DownAndOutInput, dice: Dice): DownAndOutOutcome {
  const body = record(input ?? {}, 'input');
  const maxHp = optionalWholeNumber(body.maxHp, 'maxHp', -1, 0, MAX_SHEET_VALUE);
  const saves = optionalNames(body.saves, 'saves');
  const skills = optionalNames(body.skills, 'skills');
  let items: DownAndOutItem[] | null = null;
  if (body.items !== undefined && body.items !== null) {
    if (!Array.isArray(body.items)) throw invalid('`items` is a list.', 'items');
    items = body.items.map((raw, i) => {
      const item = record(raw, `items.${i}`);
      if (typeof item.name !== 'string' || item.name.length === 0)
        throw invalid('An item has a name.', `items.${i}.name`);
      return { name: item.name, artifact: item.artifact === true };
    });
  }
  const log = new HarmLog();
  const start = dice.faces.length;
  const table = downAndOutOdds();

  let aid: DownAndOutOutcome['aid'] = null;
  let pAid = 1;
  if (body.medicine !== undefined && body.medicine !== null) {
    const medicine = record(body.medicine, 'medicine');
    const test = withinField('medicine', () =>
      poolTest(
        { ...{}, ...(medicine as unknown as { pool: number }), objective: DOWN_AND_OUT_AID_OBJECTIVE },
        dice,
      ),
    );
    aid = {
      dice: test.dice,
      faces: test.faces,
      successes: test.successes,
      passed: test.passed,
      odds: test.odds,
    };
    pAid = test.odds.success;
    log.step(
      'medicine',
      `Medicine ${test.successes} against Ob ${DOWN_AND_OUT_AID_OBJECTIVE}: ${test.passed ? 'aided' : 'no aid'}`,
      test.faces,
      {
        aided: pAid,
        unaided: 1 - pAid,
      },
    );
  }
  const odds: Record<string, number> = {};
  for (const result of DOWN_AND_OUT_RESULTS) odds[result] = table[result] * pAid;
  if (aid) odds.unaided = 1 - pAid;

  if (aid && !aid.passed) {
    log.step('unaided', 'No aid: the character dies by the end of the Turn unless aided in time.');
    return {
      aid,
      roll: null,
      result: 'unaided',
      name: 'Unaided',
      effect: 'Still down and out; without aid by the end of the Turn, death.',
      dead: false,
      lots: [],
      faces: dice.faces.slice(start),
      steps: log.steps,
      changes: log.changes,
      odds,
    };
  }

  const faces = dice.pool(2, 6, 'dice');
  const roll = faces[0] + faces[1];
  const row = DOWN_AND_OUT_TABLE[roll - 2];
  log.step('table', `2d6 = ${roll}: ${row.name}`, faces, table);
  const lots: DownAndOutLot[] = [];
  let dead = false;
  /** Trauma and Impairment: `count` different ratings by lot, each one point down. */
  const lowerByLot = (kind: 'save' | 'skill', names: string[], count: number, what: string) => {
    if (names.length === 0) {
      log.step('lot', `Send the sheet’s ${kind}s to draw ${what} by lot.`);
      return;
    }
    for (const { item, roll: lot, chance } of drawByLot(dice, names, count, `${kind}s`)) {
      lots.push({ kind, name: item, roll: lot, chance, broken: null });
      log.change(`${kind}:${item}`, -1, null);
      log.step('lot', `${kind === 'save' ? 'Save' : 'Skill'} by lot: ${item}`, lotFaces(lot, chance), {
        chosen: chance,
      });
    }
  };
  switch (row.result) {
    case 'boon':
      log.change('boons', 1, null);
      break;
    case 'resilience':
      log.change('maxHp', 1, maxHp >= 0 ? maxHp + 1 : null);
      break;
    case 'lingering-injury':
      log.change('maxHp', -1, maxHp >= 0 ? Math.max(0, maxHp - 1) : null);
      if (maxHp === 1) {
        dead = true;
        log.step('max-hp-zero', 'Max HP 0: dead for good.');
      }
      break;
    case 'death':
      dead = true;
      break;
    case 'trauma':
      lowerByLot('save', saves, 1, 'the Save');
      break;
    case 'impairment':
      lowerByLot('skill', skills, 2, 'two Skills');
      break;
    case 'broken-gear':
      if (items && items.length > 0) {
        for (const { item, roll: lot, chance } of drawByLot(dice, items, BROKEN_GEAR_ITEMS, 'items')) {
          const save = item.artifact ? dice.pool(1, 6, 'items')[0] : null;
          const broken = save === null || save < 4;
          lots.push({ kind: 'item', name: item.name, roll: lot, chance, broken });
          log.step('lot', `Item by lot: ${item.name}`, lotFaces(lot, chance), { chosen: chance });
          if (save !== null) {
            lots.push({ kind: 'artifact-save', name: item.name, roll: save, chance: 1 / 2, broken });
            log.step('artifact-save', `${item.name}: d6 ${save}, ${broken ? 'breaks' : 'holds'}`, [save], {
              holds: 1 / 2,
              breaks: 1 / 2,
            });
          }
          if (broken) log.change(`item:${item.name}`, -1, 0);
        }
      } else log.step('lot', 'Send the carried items to draw three by lot.');
      break;
  }
  if (dead) log.step('dead', 'The character is dead.');
  return {
    aid,
    roll,
    result: row.result,
    name: row.name,
    effect: row.effect,
    dead,
    lots,
    faces: dice.faces.slice(start),
    steps: log.steps,
    changes: log.changes,
    odds,
  };
}
