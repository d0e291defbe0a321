import type { Dice } from '../random';
import { abilityTarget, obstaclePenalty, passingFaces, type AbilityRollInput } from './ability-roll';
import { invalid, optionalWholeNumber, record, wholeNumber } from './validate';

/**
 * G&M check extensions (seed 001, "Careful attempts", "Providing assistance", "Contested actions",
 * "Obstacle size"). Readings are in docs/characters-builder.md.
 */

/** Time-scale steps the seed names, quickest first (001:716–718, 726). */
export const GM_TIME_SCALE = ['round', 'minute', 'ten minutes', 'hour', 'day'] as const;

/**
 * Careful attempts (001:716–718): one step more time along the scale round → minute → ten minutes →
 * hour (→ 8-hour day) gives +1; two steps or more give +2 (our reading of the overlapping lists).
 */
export function carefulBonus(steps: number, field = 'carefulSteps'): number {
  const n = wholeNumber(steps, field, 0, GM_TIME_SCALE.length);
  return Math.min(2, n);
}

export interface GmTaskInput extends AbilityRollInput {
  /** The roller's own field bonus (when a skill applies). */
  fieldBonus?: number;
  /** Steps of extra time taken along the time scale: 0 (none), 1 (+1), 2 or more (+2). */
  carefulSteps?: number;
  /** Someone granting their field bonus instead of the roller's own. */
  assistedBy?: {
    score: number;
    fieldBonus: number;
    /** How many people the assistant helps: their obstacle size (001:738). */
    helping?: number;
    bonus?: number;
    penalty?: number;
  };
}

export interface GmTaskOutcome {
  assistance: {
    roll: number;
    target: number;
    passed: boolean;
    /** The field bonus the roller uses: the assistant's on a pass, else the roller's own. */
    fieldBonusGranted: number | null;
    odds: { success: number };
  } | null;
  roll: number;
  target: number;
  modifiers: {
    bonus: number;
    penalty: number;
    obstacle: number;
    difficulty: number;
    fieldBonus: number;
    careful: number;
  };
  passed: boolean;
  /**
   * On a failure against an obstacle larger than 1, the base unit in which it happened (1 = the
   * first), rolled on a die with as many faces as the obstacle size rounded up (001:694).
   */
  failureAt: { unit: number; of: number } | null;
  /**
   * How many times the normal time the attempt takes: the obstacle size, since a larger obstacle
   * takes proportionately longer (001:698), times one step of the time scale per careful step.
   */
  time: { obstacleMultiplier: number; carefulSteps: number };
  faces: number[];
  odds: { success: number };
}

const MAX = 1_000_000;

/**
 * A G&M ability or reaction roll with the extensions: field bonus, careful attempt, an assistant who
 * rolls first, and where on a large obstacle a failure happens. Odds are exact: the assistant's
 * chance times the roll with their bonus plus the rest times the roll with one's own.
 */
export function gmTask(input: GmTaskInput, dice: Dice): GmTaskOutcome {
  const body = record(input, 'input');
  const base = abilityTarget(input);
  const own = optionalWholeNumber(body.fieldBonus, 'fieldBonus', 0, -MAX, MAX);
  const carefulSteps = optionalWholeNumber(body.carefulSteps, 'carefulSteps', 0, 0, MAX);
  const careful = carefulBonus(carefulSteps);
  const faces: number[] = [];

  let assistance: GmTaskOutcome['assistance'] = null;
  let granted = own;
  let successOdds: number;
  if (body.assistedBy !== undefined && body.assistedBy !== null) {
    const helper = record(body.assistedBy, 'assistedBy');
    const score = wholeNumber(helper.score, 'assistedBy.score', 0, MAX);
    const helperField = wholeNumber(helper.fieldBonus, 'assistedBy.fieldBonus', -MAX, MAX);
    const helping = optionalWholeNumber(helper.helping, 'assistedBy.helping', 1, 1, 1024);
    const hBonus = optionalWholeNumber(helper.bonus, 'assistedBy.bonus', 0, 0, MAX);
    const hPenalty = optionalWholeNumber(helper.penalty, 'assistedBy.penalty', 0, 0, MAX);
    const target =
      score + helperField + hBonus - hPenalty - obstaclePenalty(helping, 'doubling', 'assistedBy.helping');
    const roll = dice.pool(1, 20, 'assistedBy')[0];
    faces.push(roll);
    const passed = roll <= target;
    const pHelp = passingFaces(target) / 20;
    assistance = {
      roll,
      target,
      passed,
      fieldBonusGranted: passed ? helperField : null,
      odds: { success: pHelp },
    };
    if (passed) granted = helperField;
    const withHelp = passingFaces(base.target + helperField + careful) / 20;
    const withOwn = passingFaces(base.target + own + careful) / 20;
    successOdds = pHelp * withHelp + (1 - pHelp) * withOwn;
  } else {
    successOdds = passingFaces(base.target + own + careful) / 20;
  }

  const target = base.target + granted + careful;
  const roll = dice.pool(1, 20, 'score')[0];
  faces.push(roll);
  const passed = roll <= target;
  let failureAt: GmTaskOutcome['failureAt'] = null;
  const size = typeof body.obstacleSize === 'number' ? body.obstacleSize : 1;
  if (!passed && size > 1) {
    const of = Math.ceil(size);
    const unit = dice.pool(1, of, 'obstacleSize')[0];
    faces.push(unit);
    failureAt = { unit, of };
  }
  return {
    assistance,
    roll,
    target,
    modifiers: { ...{}, ...base.modifiers, fieldBonus: granted, careful },
    passed,
    failureAt,
    time: { obstacleMultiplier: size, carefulSteps },
    faces,
    odds: { success: successOdds },
  };
}

export interface MultiContestSide extends AbilityRollInput {
  name: string;
}

export interface MultiContestInput {
  sides: MultiContestSide[];
  maxRounds?: number;
  /**
   * The side whose player asks for doubling because none of its opponents still in can fail
   * (001:730): in each round where that holds, rolls double until one of them can fail.
   */
  requestDoubling?: string | null;
}

export interface MultiContestOutcome {
  /** The winning side's name, or null when everyone still in failed together (or the rounds ran out). */
  winner: string | null;
  rounds: { rolls: { name: string; roll: number; target: number; passed: boolean }[]; doubled: boolean }[];
  /** Sides in the order they dropped out, with the round (1-based) they lost in. */
  eliminated: { name: string; round: number }[];
  faces: number[];
  timeSteps: number;
  odds: { wins: { name: string; probability: number }[]; noWinner: number };
}

export const MAX_CONTEST_SIDES = 6;
export const MAX_MULTI_CONTEST_ROUNDS = 200;

/**
 * Contests of three or more sides racing for one goal (001:720–728). Every side still in rolls each
 * round. One success alone wins; when several succeed, the sides that failed drop out ("those who
 * lose do not get to keep trying") and the rest roll again, one step further on the time scale;
 * when every side still in fails, nobody gets it. When no side still in could fail, each roll
 * counts double, as in two-sided contests. Odds are exact, over the sets of sides still in, cut off
 * at `maxRounds` exactly as the dice are.
 */
export function multiContest(input: MultiContestInput, dice: Dice): MultiContestOutcome {
  const body = record(input, 'input');
  if (!Array.isArray(body.sides) || body.sides.length < 2 || body.sides.length > MAX_CONTEST_SIDES) {
    throw invalid(`\`sides\` lists 2 to ${MAX_CONTEST_SIDES} sides.`, 'sides');
  }
  const sides = (body.sides as unknown[]).map((raw, i) => {
    const side = record(raw, `sides[${i}]`);
    if (typeof side.name !== 'string' || side.name.length === 0 || side.name.length > 100) {
      throw invalid('A side has a name of 1 to 100 characters.', `sides[${i}].name`);
    }
    return {
      name: side.name,
      target: abilityTarget(side as unknown as AbilityRollInput, `sides[${i}]`).target,
    };
  });
  if (new Set(sides.map((s) => s.name)).size !== sides.length) throw invalid('Side names differ.', 'sides');
  const maxRounds = optionalWholeNumber(body.maxRounds, 'maxRounds', 50, 1, MAX_MULTI_CONTEST_ROUNDS);

  let requester: number | null = null;
  if (body.requestDoubling !== undefined && body.requestDoubling !== null) {
    requester = sides.findIndex((s) => s.name === body.requestDoubling);
    if (requester < 0) throw invalid('`requestDoubling` names one of the sides.', 'requestDoubling');
  }
  const cannotFail = (i: number, m: number) => sides[i].target >= 20 * m;
  const multiplierOf = (members: number[]): number => {
    let m = 1;
    while (members.every((i) => cannotFail(i, m))) m *= 2;
    if (requester !== null && members.includes(requester)) {
      const others = members.filter((i) => i !== requester);
      while (others.length > 0 && others.every((i) => cannotFail(i, m))) m *= 2;
    }
    return m;
  };
  if (requester !== null && !sides.every((_, i) => i === requester || cannotFail(i, 1)))
    throw invalid('Doubling is for a side whose opponents cannot fail; one of them can.', 'requestDoubling');

  // the dice
  let inPlay = sides.map((_, i) => i);
  const faces: number[] = [];
  const rounds: MultiContestOutcome['rounds'] = [];
  const eliminated: MultiContestOutcome['eliminated'] = [];
  let winner: string | null = null;
  let doublings = 0;
  let lastMultiplier = 1;
  for (let round = 1; round <= maxRounds; round++) {
    const m = multiplierOf(inPlay);
    if (m > lastMultiplier) doublings += Math.log2(m / lastMultiplier);
    lastMultiplier = Math.max(lastMultiplier, m);
    const rolled = dice.pool(inPlay.length, 20, 'sides');
    faces.push(...rolled);
    const rolls = inPlay.map((i, k) => ({
      name: sides[i].name,
      roll: rolled[k] * m,
      target: sides[i].target,
      passed: rolled[k] * m <= sides[i].target,
    }));
    rounds.push({ rolls, doubled: m > 1 });
    const passing = inPlay.filter((_, k) => rolls[k].passed);
    if (passing.length === 1) {
      winner = sides[passing[0]].name;
      break;
    }
    if (passing.length === 0) break;
    for (const i of inPlay) if (!passing.includes(i)) eliminated.push({ name: sides[i].name, round });
    inPlay = passing;
  }

  // the odds: a distribution over sets of sides still in (bit masks), advanced round by round
  const n = sides.length;
  const wins = new Array<number>(n).fill(0);
  let noWinner = 0;
  let state = new Map<number, number>([[(1 << n) - 1, 1]]);
  for (let round = 0; round < maxRounds && state.size > 0; round++) {
    const next = new Map<number, number>();
    for (const [mask, weight] of state) {
      const members = [...Array(n).keys()].filter((i) => mask & (1 << i));
      const m = multiplierOf(members);
      const p = members.map((i) => passingFaces(sides[i].target, m) / 20);
      // every subset of members that passes
      for (let sub = 0; sub < 1 << members.length; sub++) {
        let prob = weight;
        let passedMask = 0;
        let count = 0;
        for (let k = 0; k < members.length; k++) {
          if (sub & (1 << k)) {
            prob *= p[k];
            passedMask |= 1 << members[k];
            count++;
          } else prob *= 1 - p[k];
        }
        if (prob === 0) continue;
        if (count === 0) noWinner += prob;
        else if (count === 1) wins[members[sub.toString(2).length - 1]] += prob;
        else next.set(passedMask, (next.get(passedMask) ?? 0) + prob);
      }
    }
    state = next;
  }
  for (const weight of state.values()) noWinner += weight;

  return {
    winner,
    rounds,
    eliminated,
    faces,
    timeSteps: doublings + rounds.length - 1,
    odds: { wins: sides.map((s, i) => ({ name: s.name, probability: wins[i] })), noWinner },
  };
}
