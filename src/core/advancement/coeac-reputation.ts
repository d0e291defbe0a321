import type { Dice } from '../random';
import { wholeNumber } from '../checks/validate';

/**
 * Clerics, Explorers and Cursed-Items (seed 003): Reputation recognition (003:328) and retirement
 * (003:751–757; coverage E1, E2, G3, G4). Core only: no route yet.
 */

/** Reputation with a faction stays within ±6 (003:326). */
export const MAX_REPUTATION = 6;

export interface RecognitionOutcome {
  reputation: number;
  die: number;
  /** d8 ≤ |Reputation|: recognised as a member (positive) or an enemy (negative). */
  recognised: boolean;
  as: 'member' | 'enemy' | null;
  odds: { recognised: number };
  faces: number[];
}

export function coeacRecognition(input: { reputation: number }, dice: Dice): RecognitionOutcome {
  const reputation = wholeNumber(input.reputation, 'reputation', -MAX_REPUTATION, MAX_REPUTATION);
  const faces = dice.pool(1, 8, 'recognition');
  const recognised = faces[0] <= Math.abs(reputation);
  return {
    reputation,
    die: faces[0],
    recognised,
    as: recognised ? (reputation > 0 ? 'member' : 'enemy') : null,
    odds: { recognised: Math.abs(reputation) / 8 },
    faces,
  };
}

/** A retired character's score: its Wealth and its Boon count, kept side by side (003:751). */
export function coeacRetirementScore(input: { wealth: number; boons: number }): {
  wealth: number;
  boons: number;
} {
  return {
    wealth: wholeNumber(input.wealth, 'wealth', 0, 1_000_000),
    boons: wholeNumber(input.boons, 'boons', 0, 1_000_000),
  };
}

export interface RetirementRollOutcome {
  die: number;
  /** +1 per full five Boons. */
  bonus: number;
  total: number;
  reputationBefore: number;
  reputationAfter: number;
  raised: boolean;
  odds: { raised: number };
  faces: number[];
}

/** The retirement faction roll: d6 + ⌊Boons ÷ 5⌋; above the Reputation, it rises by one (003:755). */
export function coeacRetirementRoll(
  input: { boons: number; reputation: number },
  dice: Dice,
): RetirementRollOutcome {
  const boons = wholeNumber(input.boons, 'boons', 0, 1_000_000);
  const reputation = wholeNumber(input.reputation, 'reputation', -MAX_REPUTATION, MAX_REPUTATION);
  const bonus = Math.floor(boons / 5);
  const faces = dice.pool(1, 6, 'retirement');
  const total = faces[0] + bonus;
  // Our reading: the ±6 limit still holds, so a Reputation of 6 cannot rise.
  const raised = total > reputation && reputation < MAX_REPUTATION;
  let winning = 0;
  for (let face = 1; face <= 6; face++) if (face + bonus > reputation) winning++;
  return {
    die: faces[0],
    bonus,
    total,
    reputationBefore: reputation,
    reputationAfter: raised ? reputation + 1 : reputation,
    raised,
    odds: { raised: reputation < MAX_REPUTATION ? winning / 6 : 0 },
    faces,
  };
}
