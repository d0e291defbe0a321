import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { AppliedModifier } from './shared';

/** Defence while concentrating (seed 000, "Concentration"). */
export const CONCENTRATION_DEFENCE_PENALTY = -1;
/** The abilities a concentration penalty lowers (seed 000, "Concentration"). */
export const CONCENTRATION_ABILITIES = ['charisma', 'wisdom', 'intelligence'] as const;

export interface GmConcentrationInput {
  /** The concentrator's evasion reaction score (needed only when a roll is due). */
  evasion?: number;
  /** Movement while not concentrating: at most half of it while concentrating. */
  movement?: number;
  /** The concentration lasts more than a round (only then can an attack break it). */
  sustained?: boolean;
  /** The concentrator was successfully attacked this round. */
  hit?: boolean;
  /** A concentration penalty (from an ailment, say), as a positive number. */
  penalty?: number;
  /** Any other modifier to the evasion roll, signed. */
  evasionModifier?: number;
}

export interface GmConcentrationOutcome {
  /** Half Movement, rounded down; null when no Movement was sent. */
  maxMovement: number | null;
  defenceModifier: number;
  canAttack: boolean;
  canStartActions: boolean;
  /** The evasion roll that keeps a sustained concentration after a hit; null when none is due. */
  roll: { target: number; roll: number; passed: boolean } | null;
  kept: boolean;
  faces: number[];
  /** The concentration penalty on each ability it touches (0 when none). */
  abilityModifiers: { charisma: number; wisdom: number; intelligence: number };
  modifiers: AppliedModifier[];
  odds: { kept: number };
}

/**
 * G&M concentration (seed 000, "Concentration"; CB20): while concentrating a character moves at most
 * half Movement, makes no attacks and starts no other action, and defends at −1. A concentration held
 * for more than a round is broken by a successful attack unless an evasion roll (d20 at or under the
 * score) passes. A concentration penalty lowers charisma, wisdom and intelligence rolls.
 */
export function gmConcentration(spec: GmConcentrationInput, dice: Dice): GmConcentrationOutcome {
  const input = record(spec, 'input');
  const sustained = optionalFlag(input.sustained, 'sustained');
  const hit = optionalFlag(input.hit, 'hit');
  const penalty = optionalWholeNumber(input.penalty, 'penalty', 0, 0, 100);
  const movement =
    input.movement === undefined || input.movement === null
      ? null
      : wholeNumber(input.movement, 'movement', 0, 1000);
  const rollDue = sustained && hit;
  const evasion = rollDue ? wholeNumber(input.evasion, 'evasion', 0, 1000) : 0;
  const evasionModifier = rollDue ? signed(input.evasionModifier) : 0;
  const modifiers: AppliedModifier[] = [
    { name: 'concentrating: defence', value: CONCENTRATION_DEFENCE_PENALTY },
  ];
  if (penalty > 0)
    modifiers.push({ name: 'concentration penalty (charisma, wisdom, intelligence)', value: -penalty });
  if (evasionModifier !== 0) modifiers.push({ name: 'evasion modifier', value: evasionModifier });
  let roll: GmConcentrationOutcome['roll'] = null;
  let chance = 1;
  if (rollDue) {
    const target = evasion + evasionModifier;
    const face = dice.pool(1, 20, 'evasion')[0];
    roll = { target, roll: face, passed: face <= target };
    chance = passingFaces(target) / 20;
  }
  const kept = roll === null ? true : roll.passed;
  return {
    maxMovement: movement === null ? null : Math.floor(movement / 2),
    defenceModifier: CONCENTRATION_DEFENCE_PENALTY,
    canAttack: false,
    canStartActions: false,
    roll,
    kept,
    faces: roll === null ? [] : [roll.roll],
    abilityModifiers: { charisma: -penalty, wisdom: -penalty, intelligence: -penalty },
    modifiers,
    odds: { kept: chance },
  };
}

function signed(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 100)
    throw invalid('`evasionModifier` is a whole number from -100 to 100.', 'evasionModifier');
  return value;
}
