import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { CombatLog, type CombatModifier, type CombatStep } from './combat-steps';

/** Psychic defence per verve spent on a defend action (seed 001, "Psychic Conflict"). */
export const PSYCHIC_DEFENSE_PER_VERVE = 2;
/** A round is about ten seconds (seed 001, "Game time"). */
export const GM_ROUND_SECONDS = 10;

export interface GmPsychicDefendInput {
  /** The defender's monk level (0 for one who is not a monk: no verve on defence). */
  monkLevel: number;
  /** Verve it holds now. */
  verve: number;
  /** Verve spent on the defence (0 … monk level); 0 only sets `fromSurvival`. */
  spend?: number | null;
  /** Take psychic damage from survival instead of verve from now on (null: unchanged). */
  fromSurvival?: boolean | null;
}

export interface GmPsychicDefendOutcome {
  verveSpent: number;
  /** The psychic defence the verve raises for the rest of the round (+2 a verve). */
  psychicDefense: number;
  fromSurvival: boolean | null;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
}

/**
 * A psychic defend action (seed 001, "Psychic Conflict", PC2 and PC4): up to monk level verve, +2
 * psychic defence each, standing for the rest of the round (the defence raised on the first action
 * stays up on the next at no cost); the defender may also choose to take psychic damage from
 * survival rather than verve. No dice: the procedure is logged so the ledger entry names it.
 */
export function gmPsychicDefend(input: GmPsychicDefendInput, dice: Dice): GmPsychicDefendOutcome {
  const body = record(input, 'input');
  const monkLevel = wholeNumber(body.monkLevel, 'monkLevel', 0, 100);
  const verve = wholeNumber(body.verve, 'verve', 0, 100_000);
  const spend = optionalWholeNumber(body.spend, 'spend', 0, 0, 100);
  const fromSurvival =
    body.fromSurvival === undefined || body.fromSurvival === null
      ? null
      : optionalFlag(body.fromSurvival, 'fromSurvival');
  if (spend === 0 && fromSurvival === null)
    throw invalid(
      'A defence spends verve (`spend`) or chooses where damage comes from (`fromSurvival`).',
      'spend',
    );
  if (spend > monkLevel) throw invalid(`At most monk level (${monkLevel}) verve on one action.`, 'spend');
  if (spend > verve) throw invalid(`Not enough verve (${verve}) for that defence.`, 'spend');
  const log = new CombatLog();
  const start = dice.faces.length;
  const psychicDefense = PSYCHIC_DEFENSE_PER_VERVE * spend;
  if (spend > 0)
    log.step(
      'psychic-defend',
      `${spend} verve: psychic defence +${psychicDefense} for the rest of the round`,
    );
  if (fromSurvival !== null)
    log.step(
      'damage-source',
      fromSurvival
        ? 'psychic damage now comes from survival (and stuns)'
        : 'psychic damage comes from verve first again',
    );
  if (spend > 0)
    log.modifier('psychic-defense', psychicDefense, `${spend} verve on defence: +${psychicDefense}`);
  return {
    verveSpent: spend,
    psychicDefense,
    fromSurvival,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
  };
}

export interface GmCastingInput {
  /** The caster's Movement. */
  movement: number;
  /** The spell's casting time (or the manifestation's calling time), in seconds. */
  seconds: number;
  /** A prophet calling a spirit rather than a sorceror casting a spell (the same rule). */
  calling?: boolean | null;
}

export interface GmCastingOutcome {
  movement: number;
  seconds: number;
  /** Movement left this round while casting (0: the caster cannot move). */
  movementLeft: number;
  canMove: boolean;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
}

/**
 * Casting and Movement (seed 000/001, "Spells and spirits", CB21): casting cuts Movement by the
 * casting time; a casting time above Movement, or of a round (ten seconds) or more, leaves no
 * movement while casting. Calling a spirit is read the same way. No dice.
 */
export function gmCasting(input: GmCastingInput, dice: Dice): GmCastingOutcome {
  const body = record(input, 'input');
  const movement = wholeNumber(body.movement, 'movement', 0, 100_000);
  const seconds = wholeNumber(body.seconds, 'seconds', 0, 1_000_000);
  const calling = optionalFlag(body.calling, 'calling');
  const log = new CombatLog();
  const start = dice.faces.length;
  const what = calling ? 'calling time' : 'casting time';
  log.modifier('movement', movement, `Movement ${movement}`);
  let movementLeft: number;
  if (seconds >= GM_ROUND_SECONDS) {
    movementLeft = 0;
    log.step('casting', `a ${what} of ${seconds} seconds is a round or more: no movement while it lasts`);
  } else if (seconds > movement) {
    movementLeft = 0;
    log.step('casting', `a ${what} of ${seconds} is more than Movement ${movement}: no movement`);
  } else {
    movementLeft = movement - seconds;
    log.step('casting', `Movement ${movement} less the ${what} ${seconds}: ${movementLeft}`);
  }
  if (movementLeft !== movement)
    log.modifier(what.replace(' ', '-'), movementLeft - movement, `${what} ${seconds}`);
  return {
    movement,
    seconds,
    movementLeft,
    canMove: movementLeft > 0,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
  };
}

export interface GmLeadCoverInput {
  /** The leading warrior's perception (less its penalties). */
  perception: number;
  /** Its warrior level: how many companions it may cover. */
  level: number;
  /** Companions it leads (at most `level`). */
  companions: number;
}

export interface GmLeadCoverOutcome {
  target: number;
  roll: number;
  /** The companions use the warriors' cover column this round. */
  granted: boolean;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
  odds: { success: number };
}

/**
 * A warrior who leads instead of fighting (seed 001, "Cover", CB10): a perception roll grants the
 * warriors' cover column to up to `level` companions.
 */
export function gmLeadCover(input: GmLeadCoverInput, dice: Dice): GmLeadCoverOutcome {
  const body = record(input, 'input');
  const perception = wholeNumber(body.perception, 'perception', 0, 1000);
  const level = wholeNumber(body.level, 'level', 1, 100);
  const companions = wholeNumber(body.companions, 'companions', 1, 100);
  if (companions > level)
    throw invalid(`A warrior of level ${level} leads at most ${level} companions.`, 'companions');
  const log = new CombatLog();
  const start = dice.faces.length;
  log.modifier('perception', perception, `perception ${perception}`);
  const roll = dice.die(20);
  const success = passingFaces(perception) / 20;
  const granted = roll <= perception;
  log.step(
    'lead-cover',
    `perception ${roll} against ${perception}: ${granted ? `${companions} companion(s) take the warriors' cover` : 'no cover granted'}`,
    [roll],
    { success, failure: 1 - success },
  );
  return {
    target: perception,
    roll,
    granted,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
    odds: { success },
  };
}
