import { RuleError } from '../errors';
import type { Dice } from '../random';
import { oneOf, requireObject, wholeNumber } from '../wealth/validation';

export type DivisionMode = 'even' | 'shares' | 'explicit';
export const DIVISION_MODES: readonly DivisionMode[] = ['even', 'shares', 'explicit'];

/** Share weights are read to the hundredth (1, 0.5, 0.25, 1.5 …). */
export const MAX_SHARE_WEIGHT = 100;
export const MAX_SHARES = 100;
export const MAX_HORDE_CASH = 1_000_000;

export interface DivisionShareInput {
  /** Whose share it is (a character id). */
  id: string;
  /** Its weight; 1 by default (shares mode). */
  weight?: number | null;
  /** Explicit mode: the Cash it takes. */
  cash?: number | null;
}

export interface DivisionInput {
  cash: number;
  mode?: DivisionMode | null;
  shares: DivisionShareInput[];
}

export interface DividedShare {
  id: string;
  weight: number;
  /** The exact fair value, cash × weight ÷ total weight (explicit mode: the agreed Cash). */
  fair: number;
  /** Whole dice from the split before the lot. */
  base: number;
  /** True when the lot gave this share one more die. */
  wonLot: boolean;
  cash: number;
}

export interface DivisionOutcome {
  cash: number;
  mode: DivisionMode;
  totalWeight: number;
  shares: DividedShare[];
  /** Dice left after the whole-dice split, given out one at a time by lot. */
  leftover: number;
  /** The share ids the lot drew, in draw order. */
  lotWinners: string[];
}

function hundredths(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_SHARE_WEIGHT) {
    throw new RuleError('INVALID_INPUT', `${field} must be above 0 and at most ${MAX_SHARE_WEIGHT}.`, field);
  }
  const centi = Math.round(value * 100);
  if (centi === 0 || Math.abs(centi - value * 100) > 1e-6) {
    throw new RuleError('INVALID_INPUT', `${field} is read to the hundredth (e.g. 0.5).`, field);
  }
  return centi;
}

/**
 * COEAC, Treasure Hordes and End of Session (seed 003:957, 1139): a horde's Cash split among the
 * shares. Our reading (SPEC 5.3): `even` and `shares` give each share the whole dice of its fair
 * value (cash × weight ÷ total weight); the dice left over go one at a time to shares drawn by lot,
 * without replacement, among those whose fair value is not whole (each draw a die with as many sides
 * as shares still in the lot). So Cash is conserved exactly and no share ends a die or more from its
 * fair value. `explicit` takes the players' own split, which must add up to the horde.
 */
export function divideCash(input: DivisionInput, dice: Dice): DivisionOutcome {
  requireObject(input);
  const cash = wholeNumber(input.cash, 'cash', 0, MAX_HORDE_CASH);
  const mode = oneOf(input.mode ?? undefined, DIVISION_MODES, 'mode', 'even');
  if (!Array.isArray(input.shares) || input.shares.length === 0 || input.shares.length > MAX_SHARES) {
    throw new RuleError('INVALID_INPUT', `A division has 1 to ${MAX_SHARES} shares.`, 'shares');
  }
  const ids = new Set<string>();
  for (const [i, share] of input.shares.entries()) {
    if (typeof share?.id !== 'string' || share.id.length === 0) {
      throw new RuleError('INVALID_INPUT', 'Every share names whose it is.', `shares[${i}].id`);
    }
    if (ids.has(share.id)) {
      throw new RuleError('INVALID_INPUT', `${share.id} has two shares.`, `shares[${i}].id`);
    }
    ids.add(share.id);
  }

  if (mode === 'explicit') {
    const shares = input.shares.map((share, i) => {
      const taken = wholeNumber(share.cash, `shares[${i}].cash`, 0, MAX_HORDE_CASH);
      return { id: share.id, weight: 1, fair: taken, base: taken, wonLot: false, cash: taken };
    });
    const total = shares.reduce((sum, s) => sum + s.cash, 0);
    if (total !== cash) {
      throw new RuleError(
        'INVALID_INPUT',
        `The agreed amounts add up to ${total} Cash; the horde holds ${cash}.`,
        'allocations',
      );
    }
    return { cash, mode, totalWeight: shares.length, shares, leftover: 0, lotWinners: [] };
  }

  const weights = input.shares.map((share, i) =>
    mode === 'even' || share.weight === undefined || share.weight === null
      ? 100
      : hundredths(share.weight, `shares[${i}].weight`),
  );
  const totalCenti = weights.reduce((sum, w) => sum + w, 0);
  const shares: DividedShare[] = input.shares.map((share, i) => {
    const base = Math.floor((cash * weights[i]) / totalCenti);
    return {
      id: share.id,
      weight: weights[i] / 100,
      fair: (cash * weights[i]) / totalCenti,
      base,
      wonLot: false,
      cash: base,
    };
  });
  const leftover = cash - shares.reduce((sum, s) => sum + s.base, 0);
  // Only shares whose fair value has a fraction may get one more die; there are always more of them
  // than dice left over, since the leftover is the sum of those fractions.
  const inLot = shares.filter((_, i) => (cash * weights[i]) % totalCenti !== 0);
  const lotWinners: string[] = [];
  for (let k = 0; k < leftover; k++) {
    const drawn = inLot.splice(dice.die(inLot.length) - 1, 1)[0];
    drawn.wonLot = true;
    drawn.cash += 1;
    lotWinners.push(drawn.id);
  }
  return { cash, mode, totalWeight: totalCenti / 100, shares, leftover, lotWinners };
}
