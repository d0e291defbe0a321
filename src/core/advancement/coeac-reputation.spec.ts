import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { coeacRecognition, coeacRetirementRoll, coeacRetirementScore } from './coeac-reputation';

const dice = (seed: string) => new Dice(createRng(seed));

describe('COEAC recognition (003:328)', () => {
  it('recognises on d8 ≤ |Reputation|, with exact odds, reproducibly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -6, max: 6 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (reputation, seed) => {
          const r = coeacRecognition({ reputation }, dice(seed));
          expect(r.recognised).toBe(r.die <= Math.abs(reputation));
          expect(r.odds.recognised).toBe(Math.abs(reputation) / 8);
          if (r.recognised) expect(r.as).toBe(reputation > 0 ? 'member' : 'enemy');
          expect(coeacRecognition({ reputation }, dice(seed))).toEqual(r);
        },
      ),
    );
  });

  it('names reputation beyond ±6', () => {
    expect(() => coeacRecognition({ reputation: 7 }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'reputation' }),
    );
  });
});

describe('COEAC retirement (003:751–757)', () => {
  it('scores Wealth and Boons', () => {
    expect(coeacRetirementScore({ wealth: 4, boons: 11 })).toEqual({ wealth: 4, boons: 11 });
    expect(() => coeacRetirementScore({ wealth: -1, boons: 0 })).toThrow(
      expect.objectContaining({ field: 'wealth' }),
    );
  });

  it('d6 + 1 per full five Boons above the Reputation raises it by one, with exact odds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -6, max: 6 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (boons, reputation, seed) => {
          const r = coeacRetirementRoll({ boons, reputation }, dice(seed));
          expect(r.bonus).toBe(Math.floor(boons / 5));
          expect(r.reputationAfter - r.reputationBefore).toBe(r.raised ? 1 : 0);
          expect(r.reputationAfter).toBeLessThanOrEqual(6);
          expect(r.raised).toBe(r.total > reputation && reputation < 6);
        },
      ),
    );
    // 10 Boons (+2) against Reputation 3: faces 2–6 win, 5 in 6.
    expect(coeacRetirementRoll({ boons: 10, reputation: 3 }, dice('r')).odds.raised).toBeCloseTo(5 / 6, 15);
  });
});
