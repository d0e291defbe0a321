import type { Dice } from '../random';
import { abilityTarget, passingFaces, type AbilityRollInput } from './ability-roll';
import { invalid, optionalWholeNumber, record } from './validate';

/** One side of a contest: the same modifiers as a single ability or reaction roll. */
export type AbilitySpec = AbilityRollInput;

/**
 * 'opposed': one side acts and the other resists, so when both fail the action fails.
 * 'same-goal': both sides race for the same thing, so when both fail neither gets it.
 */
export type ContestMode = 'opposed' | 'same-goal';

export interface ContestInput {
  acting: AbilitySpec;
  resisting: AbilitySpec;
  mode?: ContestMode;
  /** Rounds rolled before an undecided contest is called a draw; 50 by default, at most 1000. */
  maxRounds?: number;
  /**
   * The side whose player asks for doubling because only the other side cannot fail (001:730): both
   * rolls double (again, until that side can fail) and time steps up each time.
   */
  requestDoubling?: 'acting' | 'resisting' | null;
}

export interface ContestSideRoll {
  /** The d20 face, doubled once per doubling step when neither side could fail. */
  roll: number;
  target: number;
  passed: boolean;
}

export interface ContestRound {
  acting: ContestSideRoll;
  resisting: ContestSideRoll;
  doubled: boolean;
}

export interface ContestOutcome {
  winner: 'acting' | 'resisting' | 'draw';
  rounds: ContestRound[];
  faces: number[];
  /** Steps up the time scale (immediately, one round, one minute, ten minutes, one hour, one day, two days, …). */
  timeSteps: number;
  odds: { acting: number; resisting: number; draw: number };
}

export const DEFAULT_CONTEST_ROUNDS = 50;
export const MAX_CONTEST_ROUNDS = 1000;

/**
 * G&M contested action (seed 001, "Contested actions"). Both sides roll each round. One success
 * alone wins; two failures sink the acting side (opposed) or leave a draw (same goal); two successes
 * mean another round, one step further along the time scale. When neither side could fail, every
 * roll counts double and time steps up, repeated until someone can fail; a side whose opponent alone
 * cannot fail may ask for the same (`requestDoubling`). The odds are the exact sum
 * of the per-round geometric series, cut off at `maxRounds` exactly as the dice are.
 */
export function contest(input: ContestInput, dice: Dice): ContestOutcome {
  const body = record(input, 'input');
  const acting = abilityTarget(body.acting as AbilitySpec, 'acting').target;
  const resisting = abilityTarget(body.resisting as AbilitySpec, 'resisting').target;
  const mode = body.mode ?? 'opposed';
  if (mode !== 'opposed' && mode !== 'same-goal') {
    throw invalid('`mode` is "opposed" or "same-goal".', 'mode');
  }
  const maxRounds = optionalWholeNumber(
    body.maxRounds,
    'maxRounds',
    DEFAULT_CONTEST_ROUNDS,
    1,
    MAX_CONTEST_ROUNDS,
  );

  let multiplier = 1;
  let doublings = 0;
  while (acting >= 20 * multiplier && resisting >= 20 * multiplier) {
    multiplier *= 2;
    doublings++;
  }
  const requester = body.requestDoubling;
  if (requester !== undefined && requester !== null) {
    if (requester !== 'acting' && requester !== 'resisting')
      throw invalid('`requestDoubling` is "acting" or "resisting".', 'requestDoubling');
    const opponent = requester === 'acting' ? resisting : acting;
    if (opponent < 20 * multiplier)
      throw invalid(
        'Doubling is for a side whose opponent cannot fail; this opponent can.',
        'requestDoubling',
      );
    while (opponent >= 20 * multiplier) {
      multiplier *= 2;
      doublings++;
    }
  }

  const faces: number[] = [];
  const rounds: ContestRound[] = [];
  let winner: ContestOutcome['winner'] = 'draw';
  for (let round = 0; round < maxRounds; round++) {
    const [actingFace, resistingFace] = dice.pool(2, 20, 'maxRounds');
    faces.push(actingFace, resistingFace);
    const a = { roll: actingFace * multiplier, target: acting, passed: actingFace * multiplier <= acting };
    const r = {
      roll: resistingFace * multiplier,
      target: resisting,
      passed: resistingFace * multiplier <= resisting,
    };
    rounds.push({ acting: a, resisting: r, doubled: multiplier > 1 });
    if (a.passed && r.passed) continue;
    if (a.passed) winner = 'acting';
    else if (r.passed) winner = 'resisting';
    else winner = mode === 'opposed' ? 'resisting' : 'draw';
    break;
  }

  const pA = passingFaces(acting, multiplier) / 20;
  const pR = passingFaces(resisting, multiplier) / 20;
  const both = pA * pR;
  const bothFail = (1 - pA) * (1 - pR);
  // Doubling guarantees someone can fail, so `both` < 1 and the series converges.
  const unresolved = both ** maxRounds;
  const series = both === 0 ? 1 : (1 - unresolved) / (1 - both);
  const odds = {
    acting: pA * (1 - pR) * series,
    resisting: ((1 - pA) * pR + (mode === 'opposed' ? bothFail : 0)) * series,
    draw: (mode === 'same-goal' ? bothFail * series : 0) + unresolved,
  };
  return { winner, rounds, faces, timeSteps: doublings + rounds.length - 1, odds };
}
