import { RuleError } from '../errors';
import type { Dice } from '../random';
import { rollUnderSave } from '../checks/roll-under-save';
import { versusTest } from '../checks/versus-test';
import {
  ADVERSARY_GRADES,
  AdversaryGrade,
  CAIRN_REACTIONS,
  COEAC_REACTIONS,
  DISTANCES,
  MORALE_DISPOSITIONS,
  Scale,
} from './encounter-tables';
import { numberAppearing } from './number-appearing';
import {
  drawnKind,
  drawTable,
  nothingHappensProbability,
  kindProbability,
  type DrawStep,
  type TableDefinition,
  type TableDrawOutcome,
  type TableEntry,
} from './referee-table';

const share = (favourable: number, of: number) => favourable / of;

// Reactions

export interface ReactionOutcome {
  system: 'coeac' | 'cairn';
  roll: number;
  faces: number[];
  reaction: string;
  odds: Record<string, number>;
}

/** COEAC d6 or Cairn 2d6 reaction roll, with the exact chance of every reaction. */
export function reactionRoll(input: { system: 'coeac' | 'cairn' }, dice: Dice): ReactionOutcome {
  if (input.system === 'coeac') {
    const faces = dice.pool(1, 6, 'system');
    return {
      system: 'coeac',
      roll: faces[0],
      faces,
      reaction: COEAC_REACTIONS[faces[0] - 1].reaction,
      odds: Object.fromEntries(COEAC_REACTIONS.map((r) => [r.reaction, 1 / 6])),
    };
  }
  if (input.system !== 'cairn')
    throw new RuleError('VALIDATION_FAILED', 'system is coeac or cairn.', 'system');
  const faces = dice.pool(2, 6, 'system');
  const roll = faces[0] + faces[1];
  const ways = (total: number) => 6 - Math.abs(total - 7);
  const odds = Object.fromEntries(
    CAIRN_REACTIONS.map((r) => {
      let n = 0;
      for (let t = r.min; t <= r.max; t++) n += ways(t);
      return [r.reaction, n / 36];
    }),
  );
  const reaction = CAIRN_REACTIONS.find((r) => roll >= r.min && roll <= r.max)!.reaction;
  return { system: 'cairn', roll, faces, reaction, odds };
}

// Distance and the die of fate

export interface DistanceOutcome {
  roll: number;
  distance: string;
  label: string;
  odds: { distance: number };
}

/** COEAC encounter distance, d6. */
export function distanceRoll(_input: Record<string, never>, dice: Dice): DistanceOutcome {
  const roll = dice.die(6);
  const row = DISTANCES[roll - 1];
  return { roll, distance: row.distance, label: row.label, odds: { distance: 1 / 6 } };
}

/** Cairn's die of fate: d6, 4 or more favours the characters. */
export function dieOfFate(_input: Record<string, never>, dice: Dice) {
  const roll = dice.die(6);
  return { roll, favourable: roll >= 4, odds: { favourable: 0.5 } };
}

// Encounter checks by scale

export interface EncounterCheckInput {
  scale: Scale;
  players?: number;
  recurringChance?: number;
  numberAppearing?: string;
  people?: boolean;
  /** The area's referee table (a snapshot), with the subtables its entries name. */
  table?: TableDefinition | null;
  subtables?: Record<string, TableDefinition>;
  /** The referee's recurring cast; a recurring encounter names one of them by lot. */
  recurringCast?: { id: string; name: string }[];
}

/** The entry an encounter check drew, with the fields that count after following subtables. */
export interface EncounterEntry {
  tableId: string | null;
  roll: number;
  entryIndex: number | null;
  text: string;
  kind: string | null;
  numberAppearing: string | null;
  grade: string | null;
  tag: string | null;
  reaction: boolean | null;
  /** The nested draws, in order. */
  subdraws: DrawStep[];
}

export interface EncounterCheckOutcome {
  scale: Scale;
  checked: boolean;
  roll: number | null;
  result: 'none' | 'encounter' | 'omen';
  entry: EncounterEntry | null;
  numberAppearing: { expression: string; count: number; min: number; max: number } | null;
  siteTied: boolean | null;
  recurring: boolean | null;
  recurringMember: { id: string; name: string } | null;
  distance: { roll: number; distance: string; label: string } | null;
  reaction: { roll: number; reaction: string } | null;
  adversary: (ReturnType<typeof adversaryStats> & { count: number; totalHp: number }) | null;
  odds: {
    encounter: number;
    omen: number;
    entry: number | null;
    siteTied: number | null;
    recurring: number | null;
    recurringMember: number | null;
    distance: number | null;
    reaction: number | null;
  };
}

/** The die and faces of each scale's check (SPEC 5.4): [sides, encounter faces, omen faces]. */
const CHECKS: Record<Scale, [number, number[], number[]] | null> = {
  haven: null,
  combat: null,
  exploration: [6, [1], [2]],
  water: [8, [1], []],
  overland: [6, [1, 2], []],
};

/** An entry's own fields win; the ones it leaves empty come from the subtable entries it led to. */
function effectiveEntry(draw: TableDrawOutcome): EncounterEntry {
  const path = [draw.entry, ...draw.subdraws.map((s) => s.entry)];
  const first = <K extends keyof TableEntry>(key: K): TableEntry[K] | null =>
    path.map((e) => e[key]).find((v) => v !== null && v !== undefined) ?? null;
  const last = draw.subdraws.length > 0 ? draw.subdraws[draw.subdraws.length - 1] : null;
  return {
    tableId: draw.tableId,
    roll: draw.roll,
    entryIndex: draw.entryIndex,
    text: last
      ? `${draw.entry.text} → ${path
          .slice(1)
          .map((e) => e.text)
          .join(' → ')}`
      : draw.entry.text,
    kind: drawnKind(draw),
    numberAppearing: first('numberAppearing'),
    grade: first('grade'),
    tag: first('tag'),
    reaction: first('reaction'),
    subdraws: draw.subdraws,
  };
}

/**
 * Entry kinds that are not creatures: nothing "appears" in numbers (a ruin, a pit, fog, a sign).
 * Compared without regard to case or surrounding spaces; every other kind, and no kind, is a creature.
 */
export const NON_CREATURE_KINDS: readonly string[] = ['site', 'hazard', 'omen', 'weather'];

/** Whether an entry of this kind is a creature (or creatures), which number appearing counts. */
export function isCreatureKind(kind: string | null): boolean {
  return kind === null || !NON_CREATURE_KINDS.includes(kind.trim().toLowerCase());
}

interface CheckRules {
  /**
   * `encounters.check.v3` on: an entry of a kind that is not a creature gets number appearing only
   * when it names one. Off (`encounters.check.v2`): every encounter rolls one, the input's or `players`.
   */
  numberOnlyForCreatures: boolean;
}

/**
 * A COEAC encounter check at a scale of play (seed 003, Encounters; SPEC 5.4): in a haven or in
 * combat no check is made; exploration d6 (1 encounter, 2 omen); water d8 (1 encounter); overland d6
 * (1–2 something happens). With an area table, an encounter face draws an entry and an entry of kind
 * `omen` makes the result an omen (so the odds come from the table). On an encounter: number
 * appearing (the entry's expression, else the input's, else `players`), a 2-in-6 tie to a nearby
 * site, the recurring chance (x-in-6, default 2) and, when recurring, one of the recurring cast by
 * lot, distance d6, a reaction d6 for people, and the adversary's numbers when the entry has a grade.
 *
 * An entry of a kind that is not a creature (site, hazard, omen, weather: NON_CREATURE_KINDS) gets no
 * number appearing (`numberAppearing: null`, no dice rolled for it) unless the entry names one; an
 * adversary graded on such an entry counts one. Logged as `encounters.check.v3`.
 */
export function encounterCheck(input: EncounterCheckInput, dice: Dice): EncounterCheckOutcome {
  return check(input, dice, { numberOnlyForCreatures: true });
}

/**
 * The encounter check as logged under `encounters.check.v2` (referee tables, before v3): every
 * encounter rolls number appearing, whatever the entry's kind. Kept so those rolls still replay.
 */
export function encounterCheckV2(input: EncounterCheckInput, dice: Dice): EncounterCheckOutcome {
  return check(input, dice, { numberOnlyForCreatures: false });
}

/**
 * The number appearing of a check. The expression parser names its own input (`expression`); in a
 * check the expression is the `numberAppearing` of the input or of the entry drawn, so a refusal names
 * that instead.
 */
function appearingFor(expression: string, players: number, dice: Dice) {
  try {
    return numberAppearing({ expression, players }, dice);
  } catch (error) {
    if (!(error instanceof RuleError) || error.field !== 'expression') throw error;
    throw new RuleError(error.code, error.message, 'numberAppearing');
  }
}

function check(input: EncounterCheckInput, dice: Dice, rules: CheckRules): EncounterCheckOutcome {
  const rule = CHECKS[input.scale];
  if (rule === undefined) throw new RuleError('VALIDATION_FAILED', 'Unknown scale.', 'scale');
  const recurringChance = input.recurringChance ?? 2;
  if (!Number.isInteger(recurringChance) || recurringChance < 0 || recurringChance > 6) {
    throw new RuleError('VALIDATION_FAILED', 'recurringChance is x in 6, from 0 to 6.', 'recurringChance');
  }
  const table = input.table ?? null;
  const subtables = input.subtables ?? {};
  const cast = input.recurringCast ?? [];
  const none: EncounterCheckOutcome = {
    scale: input.scale,
    checked: false,
    roll: null,
    result: 'none',
    entry: null,
    numberAppearing: null,
    siteTied: null,
    recurring: null,
    recurringMember: null,
    distance: null,
    reaction: null,
    adversary: null,
    odds: {
      encounter: 0,
      omen: 0,
      entry: null,
      siteTied: null,
      recurring: null,
      recurringMember: null,
      distance: null,
      reaction: null,
    },
  };
  if (!rule) return none;
  const [sides, encounterFaces, omenFaces] = rule;
  const pFace = share(encounterFaces.length, sides);
  const pOmenEntry = table ? kindProbability(table, subtables, 'omen') : 0;
  // A table that lets gaps mean "nothing happens" (0 for every other table, so their odds stay as they were).
  const pNothing = table ? nothingHappensProbability(table, subtables) : 0;
  const roll = dice.die(sides);
  const odds: EncounterCheckOutcome['odds'] = {
    encounter: pNothing === 0 ? pFace * (1 - pOmenEntry) : pFace * (1 - pOmenEntry - pNothing),
    omen: share(omenFaces.length, sides) + pFace * pOmenEntry,
    entry: null,
    siteTied: 2 / 6,
    recurring: recurringChance / 6,
    recurringMember: null,
    distance: null,
    reaction: null,
  };
  if (!encounterFaces.includes(roll)) {
    return { ...{}, ...none, checked: true, roll, result: omenFaces.includes(roll) ? 'omen' : 'none', odds };
  }
  const draw = table ? drawTable({ table, subtables }, dice) : null;
  const entry = draw ? effectiveEntry(draw) : null;
  if (draw) odds.entry = draw.odds.chain;
  if (entry && entry.kind === 'omen')
    return { ...{}, ...none, checked: true, roll, result: 'omen', entry, odds };
  if (draw?.nothingHappens) return { ...{}, ...none, checked: true, roll, result: 'none', entry, odds };
  const players = input.players ?? 4;
  const counted =
    !rules.numberOnlyForCreatures ||
    entry === null ||
    entry.numberAppearing !== null ||
    isCreatureKind(entry.kind);
  const expression = entry?.numberAppearing ?? input.numberAppearing ?? 'players';
  const appearing = counted ? appearingFor(expression, players, dice) : null;
  const siteTied = dice.die(6) <= 2;
  const recurring = dice.die(6) <= recurringChance;
  let recurringMember: { id: string; name: string } | null = null;
  if (recurring && cast.length > 0) {
    const member = cast[dice.die(cast.length) - 1];
    recurringMember = { id: member.id, name: member.name };
    odds.recurringMember = 1 / cast.length;
  }
  const distance = distanceRoll({}, dice);
  odds.distance = 1 / 6;
  const people = entry
    ? (entry.reaction ?? (entry.kind === 'people' || input.people === true))
    : !!input.people;
  const reaction = people ? reactionRoll({ system: 'coeac' }, dice) : null;
  if (reaction) odds.reaction = 1 / 6;
  const adversary = entry?.grade
    ? (() => {
        const stats = adversaryStats({
          grade: entry.grade as AdversaryGrade,
          tag: (entry.tag ?? undefined) as 'elite' | 'legendary' | undefined,
        });
        const count = appearing?.count ?? 1;
        return { ...{}, ...stats, count, totalHp: stats.hp * count };
      })()
    : null;
  return {
    scale: input.scale,
    checked: true,
    roll,
    result: 'encounter',
    entry,
    numberAppearing: appearing
      ? { expression: appearing.expression, count: appearing.count, min: appearing.min, max: appearing.max }
      : null,
    siteTied,
    recurring,
    recurringMember,
    distance: { roll: distance.roll, distance: distance.distance, label: distance.label },
    reaction: reaction ? { roll: reaction.roll, reaction: reaction.reaction } : null,
    adversary,
    odds,
  };
}

/**
 * The encounter check as first published (logged as `encounters.check` before referee tables
 * existed), kept so those rolls still replay to the outcome they stored. Its inputs never held a
 * table or a recurring cast, so the dice fall exactly as in `encounterCheck`; only the answer is
 * narrower (no entry, cast member or adversary, and odds for the check, site tie and recurrence).
 */
export function encounterCheckV1(
  input: Omit<EncounterCheckInput, 'table' | 'subtables' | 'recurringCast'>,
  dice: Dice,
) {
  const { scale, checked, roll, result, numberAppearing, siteTied, recurring, distance, reaction, odds } =
    encounterCheckV2({ ...{}, ...input, table: null, subtables: {}, recurringCast: [] }, dice);
  return {
    scale,
    checked,
    roll,
    result,
    numberAppearing,
    siteTied,
    recurring,
    distance,
    reaction,
    odds: { encounter: odds.encounter, omen: odds.omen, siteTied: odds.siteTied, recurring: odds.recurring },
  };
}

// Morale

export type MoraleInput =
  | { system: 'coeac'; rating?: number; disposition?: string; mortalDanger?: boolean }
  | { system: 'coeac-hirelings'; controllerPool: number; hirelingPool: number }
  | { system: 'cairn'; wil: number; trigger: string };

export interface MoraleOutcome {
  system: string;
  passed: boolean;
  faces: number[];
  target: number | null;
  automatic: boolean;
  odds: { pass: number };
}

/**
 * Morale. COEAC: one d6 at or under the group's rating (our default ratings; the seed's table is
 * missing), failing unrolled in mortal danger. COEAC hirelings: the controlling player's Diplomacy or
 * Streetwise pool against the hirelings' pool in a versus test; order holds only when the player
 * wins outright (a tie goes to the hirelings: nobody took charge). Cairn: a WIL save.
 */
export function moraleCheck(input: MoraleInput, dice: Dice): MoraleOutcome {
  if (input.system === 'coeac') {
    let rating = input.rating;
    if (input.disposition !== undefined) {
      const row = MORALE_DISPOSITIONS.find((d) => d.disposition === input.disposition);
      if (!row) throw new RuleError('VALIDATION_FAILED', 'Unknown disposition.', 'disposition');
      if (rating !== undefined && rating !== row.rating) {
        throw new RuleError('VALIDATION_FAILED', 'Send a rating or a disposition, not both.', 'rating');
      }
      rating = row.rating;
    }
    if (rating === undefined || !Number.isInteger(rating) || rating < 1 || rating > 6) {
      throw new RuleError('VALIDATION_FAILED', 'A morale rating is a whole number from 1 to 6.', 'rating');
    }
    if (input.mortalDanger) {
      return {
        system: 'coeac',
        passed: false,
        faces: [],
        target: rating,
        automatic: true,
        odds: { pass: 0 },
      };
    }
    const faces = dice.pool(1, 6, 'rating');
    return {
      system: 'coeac',
      passed: faces[0] <= rating,
      faces,
      target: rating,
      automatic: false,
      odds: { pass: rating / 6 },
    };
  }
  if (input.system === 'coeac-hirelings') {
    const outcome = versusTest(
      { first: { pool: input.controllerPool }, second: { pool: input.hirelingPool } } as never,
      dice,
    );
    return {
      system: 'coeac-hirelings',
      passed: outcome.winner === 'first',
      faces: outcome.faces,
      target: null,
      automatic: false,
      odds: { pass: outcome.odds.first },
    };
  }
  if (input.system === 'cairn') {
    const save = rollUnderSave({ attribute: input.wil } as never, dice);
    return {
      system: 'cairn',
      passed: save.passed,
      faces: save.faces,
      target: input.wil,
      automatic: false,
      odds: { pass: save.odds.success },
    };
  }
  throw new RuleError('VALIDATION_FAILED', 'system is coeac, coeac-hirelings or cairn.', 'system');
}

// Adversaries

/**
 * COEAC adversary grades: pool, hit points and save Objective; Elite adds half the hit points,
 * Legendary doubles them and adds a die (the two do not stack).
 */
export function adversaryStats(input: { grade: AdversaryGrade; tag?: 'elite' | 'legendary' }) {
  const base = ADVERSARY_GRADES.find((g) => g.grade === input.grade);
  if (!base) throw new RuleError('VALIDATION_FAILED', 'Unknown grade.', 'grade');
  const hp = input.tag === 'legendary' ? base.hp * 2 : input.tag === 'elite' ? base.hp * 1.5 : base.hp;
  return {
    grade: base.grade,
    tag: input.tag ?? null,
    pool: base.pool + (input.tag === 'legendary' ? 1 : 0),
    hp,
    saveObjective: base.saveObjective,
  };
}

// Surprise (G&M)

/**
 * G&M surprise: a perception roll on d20 at or under the score, +4 when the character was aware of
 * the attackers, −6 when asleep, plus any modifier; a failed roll means surprised.
 */
export function surpriseRoll(
  input: { perception: number; aware?: boolean; asleep?: boolean; modifier?: number },
  dice: Dice,
) {
  if (!Number.isInteger(input.perception) || input.perception < 0 || input.perception > 40) {
    throw new RuleError('VALIDATION_FAILED', 'perception is a whole number from 0 to 40.', 'perception');
  }
  const target = input.perception + (input.aware ? 4 : 0) - (input.asleep ? 6 : 0) + (input.modifier ?? 0);
  const roll = dice.die(20);
  const notSurprised = Math.min(Math.max(target, 0), 20) / 20;
  return { roll, target, surprised: roll > target, odds: { surprised: 1 - notSurprised } };
}
