import type { Dice } from '../random';
import { record, wholeNumber } from './validate';

export interface RollUnderSaveInput {
  /** The attribute saved against (STR, DEX or WIL), 0..30. */
  attribute: number;
}

export interface RollUnderSaveOutcome {
  roll: number;
  faces: number[];
  attribute: number;
  passed: boolean;
  /** Set whenever the d20 shows 1 or 20, the faces whose result ignores the attribute. */
  automatic: 'always-passes' | 'always-fails' | null;
  odds: { success: number };
}

export const MAX_SAVE_ATTRIBUTE = 30;

/** Whether a d20 face passes a save against `attribute`. */
function savePasses(face: number, attribute: number): boolean {
  if (face === 1) return true;
  if (face === 20) return false;
  return face <= attribute;
}

/** The exact chance that a save against `attribute` passes (1 always does, 20 never). */
export function saveSuccessChance(attribute: number): number {
  let passing = 0;
  for (let face = 1; face <= 20; face++) if (savePasses(face, attribute)) passing++;
  return passing / 20;
}

/**
 * Cairn save (seed 004, "Saves"): d20 equal to or under the attribute passes; a 1 passes and a 20
 * fails whatever the attribute.
 */
export function rollUnderSave(input: RollUnderSaveInput, dice: Dice): RollUnderSaveOutcome {
  const attribute = wholeNumber(record(input, 'input').attribute, 'attribute', 0, MAX_SAVE_ATTRIBUTE);
  const faces = dice.pool(1, 20, 'attribute');
  const roll = faces[0];
  return {
    roll,
    faces,
    attribute,
    passed: savePasses(roll, attribute),
    automatic: roll === 1 ? 'always-passes' : roll === 20 ? 'always-fails' : null,
    odds: { success: saveSuccessChance(attribute) },
  };
}
