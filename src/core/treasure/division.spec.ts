import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { scripted } from '../../../test/factories/dice';
import { divideCash } from './division';

const shares = (...ids: string[]) => ids.map((id) => ({ id }));

describe('divideCash', () => {
  it('7 Cash among 3: 2 each, the leftover die to the share the lot draws', () => {
    const outcome = divideCash({ cash: 7, shares: shares('a', 'b', 'c') }, scripted(2));
    expect(outcome.shares.map((s) => s.cash)).toEqual([2, 3, 2]);
    expect(outcome).toMatchObject({ mode: 'even', leftover: 1, lotWinners: ['b'] });
  });

  it('a half share: 10 Cash to 1, 1 and 0.5 is 4, 4, 2 with no lot', () => {
    const dice = scripted();
    const outcome = divideCash(
      { cash: 10, mode: 'shares', shares: [{ id: 'a' }, { id: 'b', weight: 1 }, { id: 'h', weight: 0.5 }] },
      dice,
    );
    expect(outcome.shares.map((s) => s.cash)).toEqual([4, 4, 2]);
    expect(outcome.leftover).toBe(0);
    expect(dice.faces).toEqual([]);
  });

  it('the lot draws without replacement among fractional shares only', () => {
    // 8 among 1, 1, 1, 0.5 → fair 2.29, 2.29, 2.29, 1.14 → base 2, 2, 2, 1; 1 left over
    const outcome = divideCash(
      { cash: 8, mode: 'shares', shares: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'h', weight: 0.5 }] },
      scripted(4),
    );
    expect(outcome.lotWinners).toEqual(['h']);
    expect(outcome.shares.map((s) => s.cash)).toEqual([2, 2, 2, 2]);
  });

  it('explicit amounts must add up to the horde', () => {
    const ok = divideCash(
      {
        cash: 7,
        mode: 'explicit',
        shares: [
          { id: 'a', cash: 5 },
          { id: 'b', cash: 2 },
        ],
      },
      scripted(),
    );
    expect(ok.shares.map((s) => s.cash)).toEqual([5, 2]);
    expect(() =>
      divideCash(
        {
          cash: 7,
          mode: 'explicit',
          shares: [
            { id: 'a', cash: 5 },
            { id: 'b', cash: 1 },
          ],
        },
        scripted(),
      ),
    ).toThrow(/add up to 6/);
  });

  it('refuses duplicate, missing and badly weighted shares', () => {
    expect(() => divideCash({ cash: 7, shares: shares('a', 'a') }, scripted())).toThrow(/two shares/);
    expect(() => divideCash({ cash: 7, shares: [] }, scripted())).toThrow(/shares/);
    expect(() =>
      divideCash({ cash: 7, mode: 'shares', shares: [{ id: 'a', weight: 0 }] }, scripted()),
    ).toThrow();
    expect(() =>
      divideCash({ cash: 7, mode: 'shares', shares: [{ id: 'a', weight: 0.333 }] }, scripted()),
    ).toThrow(/hundredth/);
  });

  it('conserves Cash exactly and keeps every share within a die of its fair value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 30 }),
        fc.string({ minLength: 1, maxLength: 16 }),
        (cash, centiWeights, seed) => {
          const input = {
            cash,
            mode: 'shares' as const,
            shares: centiWeights.map((w, i) => ({ id: `c${i}`, weight: w / 100 })),
          };
          const outcome = divideCash(input, new Dice(createRng(seed)));
          expect(outcome.shares.reduce((s, x) => s + x.cash, 0)).toBe(cash);
          const total = centiWeights.reduce((a, b) => a + b, 0);
          outcome.shares.forEach((share, i) => {
            expect(Math.abs(share.cash - (cash * centiWeights[i]) / total)).toBeLessThan(1);
            expect(share.cash).toBeGreaterThanOrEqual(0);
          });
          // Same seed, same division.
          expect(divideCash(input, new Dice(createRng(seed)))).toEqual(outcome);
        },
      ),
    );
  });

  it('an even lot is fair: each of 3 shares wins the 1 leftover die of 7 in 1/3 of the draws', () => {
    const wins = [0, 0, 0];
    for (let face = 1; face <= 3; face++) {
      const outcome = divideCash({ cash: 7, shares: shares('a', 'b', 'c') }, scripted(face));
      outcome.shares.forEach((s, i) => (wins[i] += s.wonLot ? 1 : 0));
    }
    expect(wins).toEqual([1, 1, 1]);
  });
});
