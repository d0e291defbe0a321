import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { coeacCircles } from './coeac-circles';

const dice = (seed: string) => new Dice(createRng(seed));
const factors = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `factor ${i + 1}` }));

describe('COEAC Circles check (003:330–354)', () => {
  it('counts the factors to an Ob and turns Reputation into bonus or penalty dice', () => {
    const up = coeacCircles({ factors: factors(3), reputation: 2, skill: 'diplomacy', pool: 4 }, dice('a'));
    expect(up).toMatchObject({ objective: 3, dice: 6, reputationDice: 2 });
    const down = coeacCircles(
      { factors: factors(3), reputation: -2, skill: 'streetwise', pool: 4 },
      dice('a'),
    );
    expect(down.dice).toBe(2);
    // 2 dice against Ob 3: never passes; the Enmity Clause needs 0 successes: 1 in 4.
    expect(down.odds).toEqual({ success: 0, enmityClause: 0.25 });
  });

  it('reads Ob 0 as Ob 1', () => {
    expect(coeacCircles({ factors: [], skill: 'diplomacy', pool: 3 }, dice('b')).objective).toBe(1);
  });

  it('names the field at fault', () => {
    expect(() => coeacCircles({ factors: [], skill: 'charm', pool: 3 }, dice('c'))).toThrow(
      expect.objectContaining({ field: 'skill' }),
    );
    expect(() =>
      coeacCircles({ factors: [], skill: 'diplomacy', pool: 3, reputation: 9 }, dice('c')),
    ).toThrow(expect.objectContaining({ field: 'reputation' }));
  });

  it('the outcome agrees with the margin, and the odds are consistent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -6, max: 6 }),
        fc.integer({ min: 0, max: 10 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (n, reputation, pool, seed) => {
          const r = coeacCircles({ factors: factors(n), reputation, skill: 'diplomacy', pool }, dice(seed));
          expect(r.result).toBe(r.passed ? 'willing' : 'unwilling');
          expect(r.enmityClause).toBe(r.margin <= -3);
          expect(r.odds.success + r.odds.enmityClause).toBeLessThanOrEqual(1 + 1e-12);
          expect(
            coeacCircles({ factors: factors(n), reputation, skill: 'diplomacy', pool }, dice(seed)),
          ).toEqual(r);
        },
      ),
    );
  });
});
