import { RuleError } from '../errors';
import { invalid, record } from '../checks/validate';
import type { HarmState } from './campaign';
import type { HarmStep } from './harm-steps';

/*
 * Cairn aid (CA-24, 004:19, 88; M3, 004:131): the one transition that tends a character the harm
 * transition left dying. A player character who failed the critical-damage save crawls and dies
 * within the hour unless aided; aid (bandages, a healer's hands) stabilises it. A Mortal Wound is
 * out of action and dies within the hour unless healed; tending it stops the hour. No dice.
 */

export interface SheetAidInput {
  system: 'cairn';
  /** The harm state the sheet keeps (`critical`, or `out` with a Mortal Wound). */
  stateBefore: HarmState;
  /** The sheet's harm conditions. */
  conditions: string[];
  /** What the aid is, in words (bandages, herbs, a healer's care). */
  means: string;
}

export interface SheetAidOutcome {
  system: 'cairn';
  aided: 'critical' | 'mortal-wound';
  stateBefore: HarmState;
  state: HarmState;
  conditionsAdded: string[];
  conditionsRemoved: string[];
  pending: string[];
  steps: HarmStep[];
  faces: number[];
}

/** Whether a Cairn character's harm is one that aid answers, and which. */
export function cairnAidNeed(
  state: HarmState,
  conditions: readonly string[],
): SheetAidOutcome['aided'] | null {
  if (state === 'critical') return 'critical';
  if (state === 'out' && conditions.includes('dying')) return 'mortal-wound';
  return null;
}

/**
 * Aid given to a Cairn character in need of it. Critical damage: stabilised, no longer dying (the
 * hour's timer stops), still out of the fight (`out`, the `stabilised` condition) until a rest.
 * A Mortal Wound: tended (`dying` goes, so its hour stops), still out of action and deprived until
 * a week's rest (M3). Anything else is refused: aid has nothing to stop.
 */
export function sheetAid(input: SheetAidInput): SheetAidOutcome {
  const body = record(input, 'input');
  if (body.system !== 'cairn') throw invalid('Aid that stabilises is Cairn’s: `system` is cairn.', 'system');
  if (typeof body.means !== 'string' || body.means.trim().length === 0 || body.means.length > 200)
    throw invalid('`means` names the aid in 1–200 characters.', 'means');
  const conditions = Array.isArray(body.conditions) ? (body.conditions as string[]) : [];
  const stateBefore = (body.stateBefore ?? 'up') as HarmState;
  const need = cairnAidNeed(stateBefore, conditions);
  if (!need)
    throw new RuleError(
      'CONFLICT',
      `Aid stops a dying character (critical, or a Mortal Wound untended); this one is ${stateBefore}.`,
      'characterId',
    );
  const means = body.means.trim();
  if (need === 'critical')
    return {
      system: 'cairn',
      aided: need,
      stateBefore,
      state: 'out',
      conditionsAdded: ['stabilised'],
      conditionsRemoved: [],
      pending: ['Stabilised: crawls, out of the fight until a rest'],
      steps: [
        {
          name: 'stabilised',
          detail: `Aid (${means}) stabilises the character: no longer dying, out of the fight until a rest.`,
          faces: [],
          odds: null,
        },
      ],
      faces: [],
    };
  return {
    system: 'cairn',
    aided: need,
    stateBefore,
    state: 'out',
    conditionsAdded: ['tended'],
    conditionsRemoved: ['dying'],
    pending: ['Mortal Wound tended: out of action and deprived until a week of rest'],
    steps: [
      {
        name: 'tended',
        detail: `Aid (${means}) tends the Mortal Wound: the hour no longer runs; out of action and deprived until a week of rest.`,
        faces: [],
        odds: null,
      },
    ],
    faces: [],
  };
}
