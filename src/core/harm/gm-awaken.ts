import { abilityRoll, passingFaces } from '../checks/ability-roll';
import { record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import type { HarmStep } from './harm-steps';

/** Largest score or count the roll accepts (the sheets' own bound). */
const BIG = 100_000;

/**
 * The roll to awaken when a G&M character's minutes unconscious are over (issue 43, S6; seed 001,
 * "Unconsciousness": a character may awaken once the unconsciousness ends, and any roll to awaken an
 * injured character is at a penalty of its injury total).
 *
 * The documents name no reaction for waking "as normal". Our reading: the reactions the same rule
 * names for staying conscious, fortitude or willpower, the better of the two (the player's pick,
 * made for them because the clock rolls it), at −injuries. A d20 at or under the target wakes the
 * character; G&M has no automatic results, so a target of 20 or more always wakes and one under 1
 * never does. A failed roll leaves the character as it was (unconscious, or semi-conscious after a
 * mojo) for another `injuries` minutes (at least 1), after which it rolls again. A sheet that derives
 * neither reaction wakes with no roll, as the timer did before (the referee may roll it).
 */
export interface GmAwakenInput {
  /** The sheet's fortitude reaction (null when not derived). */
  fortitude: number | null;
  /** The sheet's willpower reaction (null when not derived). */
  willpower: number | null;
  /** The injury total now: the roll's penalty, and the minutes of a further period. */
  injuries: number;
}

export interface GmAwakenOutcome {
  /** The reaction rolled, or null when the sheet derives neither (no roll). */
  reaction: 'fortitude' | 'willpower' | null;
  score: number | null;
  injuries: number;
  target: number | null;
  roll: number | null;
  faces: number[];
  /** Whether the character wakes now. */
  awake: boolean;
  /** Minutes of the next period when it sleeps on (the injuries, at least 1); null when awake. */
  nextMinutes: number | null;
  /** Exact odds of this roll: waking now, or sleeping on. */
  odds: { awake: number; sleepsOn: number };
  result: string;
  steps: HarmStep[];
}

function score(value: unknown, field: string): number | null {
  return value === null || value === undefined ? null : wholeNumber(value, field, 0, BIG);
}

export function gmAwaken(input: GmAwakenInput, dice: Dice): GmAwakenOutcome {
  const body = record(input, 'input');
  const fortitude = score(body.fortitude, 'fortitude');
  const willpower = score(body.willpower, 'willpower');
  const injuries = wholeNumber(body.injuries, 'injuries', 0, BIG);
  if (fortitude === null && willpower === null) {
    const detail =
      'The sheet derives neither fortitude nor willpower: the minutes are over and the character comes to (the referee may roll it).';
    return {
      reaction: null,
      score: null,
      injuries,
      target: null,
      roll: null,
      faces: [],
      awake: true,
      nextMinutes: null,
      odds: { awake: 1, sleepsOn: 0 },
      result: detail,
      steps: [{ name: 'awaken', detail, faces: [], odds: null }],
    };
  }
  // The better reaction (ties: fortitude, the damage route's default).
  const reaction: 'fortitude' | 'willpower' =
    willpower !== null && (fortitude === null || willpower > fortitude) ? 'willpower' : 'fortitude';
  const used = (reaction === 'fortitude' ? fortitude : willpower) as number;
  const roll = abilityRoll({ score: used, penalty: injuries }, dice);
  const awake = roll.passed;
  const chance = passingFaces(roll.target) / 20;
  const nextMinutes = awake ? null : Math.max(1, injuries);
  const result = awake
    ? `The minutes unconscious are over and the character wakes (${reaction} ${used} at −${injuries}: ${roll.roll} against ${roll.target}).`
    : `The character does not wake (${reaction} ${used} at −${injuries}: ${roll.roll} against ${roll.target}) and stays out for ${nextMinutes} more minute(s), then rolls again.`;
  return {
    reaction,
    score: used,
    injuries,
    target: roll.target,
    roll: roll.roll,
    faces: roll.faces,
    awake,
    nextMinutes,
    odds: { awake: chance, sleepsOn: 1 - chance },
    result,
    steps: [
      {
        name: 'awaken',
        detail: `${reaction === 'fortitude' ? 'Fortitude' : 'Willpower'} ${used} at −${injuries} (injuries): ${roll.target} or less to wake; rolled ${roll.roll}.`,
        faces: roll.faces,
        odds: { awake: chance, sleepsOn: 1 - chance },
      },
    ],
  };
}
