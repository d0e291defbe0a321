import { abilityRoll } from '../checks/ability-roll';
import { contest, MAX_CONTEST_ROUNDS } from '../checks/contest';
import { optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { HarmLog, type HarmStep } from './harm-steps';

const BIG = 100_000;
/** The bonus a death roll gets while the character is unconscious. */
export const UNCONSCIOUS_DEATH_ROLL_BONUS = 2;

export interface GmDeathRollInput {
  injuries: number;
  endurance: number;
  unconscious?: boolean | null;
  /** A field bonus that covers the harm (falling, say), or mojo bid on the roll. */
  bonus?: number | null;
  /** Other penalties on the endurance roll (the injury penalty is added by the rule). */
  penalty?: number | null;
}

export interface GmDeathRound {
  injuriesRoll: number;
  injuriesPassed: boolean;
  enduranceRoll: number;
  endurancePassed: boolean;
}

export interface GmDeathTimer {
  /** endurance − injuries, in `unit`; 0 or less means the time has already run out. */
  amount: number;
  unit: 'minutes' | 'hours';
  /** Time is up: death by the end of the scene, after one heroic last effort if wanted. */
  expired: boolean;
}

export interface GmDeathRollOutcome {
  /** The injuries' target (their total) and the endurance roll's target after modifiers. */
  injuriesTarget: number;
  enduranceTarget: number;
  rounds: GmDeathRound[];
  dying: boolean;
  timer: GmDeathTimer | null;
  faces: number[];
  steps: HarmStep[];
  /** Exact chances; `undecided` is what is left after 1,000 rounds of double successes. */
  odds: { dying: number; survives: number; undecided: number };
}

/**
 * G&M death roll (seed 001, "A time to die"), read as a contest: the injuries act (d20 ≤ their
 * total), the character resists (d20 ≤ endurance − injuries, +2 while unconscious, + bonus). The
 * character is dying when the injuries succeed and the character fails; two successes roll again
 * (our reading of the contest rule), two failures spare the character. Death comes after
 * endurance − injuries minutes (hours while unconscious); at 0 or less the time is already up.
 */
export function gmDeathRoll(input: GmDeathRollInput, dice: Dice): GmDeathRollOutcome {
  const body = record(input, 'input');
  const injuries = wholeNumber(body.injuries, 'injuries', 0, BIG);
  const endurance = wholeNumber(body.endurance, 'endurance', 0, BIG);
  const unconscious = optionalFlag(body.unconscious, 'unconscious');
  const bonus = optionalWholeNumber(body.bonus, 'bonus', 0, 0, BIG);
  const penalty = optionalWholeNumber(body.penalty, 'penalty', 0, 0, BIG);
  const log = new HarmLog();
  const start = dice.faces.length;
  const resistingBonus = bonus + (unconscious ? UNCONSCIOUS_DEATH_ROLL_BONUS : 0);
  const result = contest(
    {
      acting: { score: injuries },
      resisting: { score: endurance, bonus: resistingBonus, penalty: penalty + injuries },
      mode: 'opposed',
      maxRounds: MAX_CONTEST_ROUNDS,
    },
    dice,
  );
  const rounds = result.rounds.map((r) => ({
    injuriesRoll: r.acting.roll,
    injuriesPassed: r.acting.passed,
    enduranceRoll: r.resisting.roll,
    endurancePassed: r.resisting.passed,
  }));
  const injuriesTarget = result.rounds[0]?.acting.target ?? injuries;
  const enduranceTarget =
    result.rounds[0]?.resisting.target ?? endurance - injuries + resistingBonus - penalty;
  for (const [i, r] of rounds.entries()) {
    log.step(
      'death-roll',
      `Round ${i + 1}: injuries ${r.injuriesRoll} (≤ ${injuriesTarget}: ${r.injuriesPassed ? 'hit' : 'miss'}), endurance ${r.enduranceRoll} (≤ ${enduranceTarget}: ${r.endurancePassed ? 'held' : 'failed'})`,
      [r.injuriesRoll, r.enduranceRoll],
      i === 0
        ? { dying: result.odds.acting, survives: result.odds.resisting, undecided: result.odds.draw }
        : null,
    );
  }
  const dying = result.winner === 'acting';
  let timer: GmDeathTimer | null = null;
  if (dying) {
    const amount = endurance - injuries;
    timer = { amount, unit: unconscious ? 'hours' : 'minutes', expired: amount <= 0 };
    log.step(
      'timer',
      timer.expired
        ? 'Time is already up: death by the end of the scene, after one heroic last effort if wanted.'
        : `Dying: death in ${amount} ${timer.unit} unless the injuries reach 0 first (minutes become hours while unconscious).`,
    );
  } else log.step('survives', 'Not dying this time.');
  return {
    injuriesTarget,
    enduranceTarget,
    rounds,
    dying,
    timer,
    faces: dice.faces.slice(start),
    steps: log.steps,
    odds: { dying: result.odds.acting, survives: result.odds.resisting, undecided: result.odds.draw },
  };
}

export interface GmHeroicEffortInput {
  /** The ability or reaction the effort rolls against. */
  score: number;
  level: number;
  /** Mojo bid by the dying character and anyone else, and other bonuses. */
  bonus?: number | null;
  penalty?: number | null;
}

export interface GmHeroicEffortOutcome {
  target: number;
  roll: number;
  passed: boolean;
  faces: number[];
  steps: HarmStep[];
  odds: { success: number };
}

/**
 * G&M heroic last effort (seed 001, "A time to die"): one roll at +level with no injury penalty,
 * to do anything but stay alive; the character dies afterwards.
 */
export function gmHeroicLastEffort(input: GmHeroicEffortInput, dice: Dice): GmHeroicEffortOutcome {
  const body = record(input, 'input');
  const score = wholeNumber(body.score, 'score', 0, BIG);
  const level = wholeNumber(body.level, 'level', 0, 1000);
  const bonus = optionalWholeNumber(body.bonus, 'bonus', 0, 0, BIG);
  const penalty = optionalWholeNumber(body.penalty, 'penalty', 0, 0, BIG);
  const start = dice.faces.length;
  const roll = abilityRoll({ score, bonus: bonus + level, penalty }, dice);
  const log = new HarmLog();
  log.step(
    'heroic-last-effort',
    `${score} + level ${level}${bonus ? ` + ${bonus}` : ''}${penalty ? ` − ${penalty}` : ''}, no injury penalty: rolled ${roll.roll}, ${roll.passed ? 'success' : 'failure'}`,
    roll.faces,
    { success: roll.odds.success, failure: 1 - roll.odds.success },
  );
  log.step('death', 'The character dies at the end of the effort.');
  return {
    target: roll.target,
    roll: roll.roll,
    passed: roll.passed,
    faces: dice.faces.slice(start),
    steps: log.steps,
    odds: roll.odds,
  };
}
