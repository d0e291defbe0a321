import fc from 'fast-check';
import { bruteForce, scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { wagerProbability } from '../wealth/wager-odds';
import { strongholdImprovementRoll } from './improvement-roll';

const diceFor = (seed: string): Dice => new Dice(createRng(seed));

describe(strongholdImprovementRoll.name, () => {
  it('rolls Wealth + wager against 8 + 2 × the target rank and spends the wager', () => {
    // Wealth 2 + wager 10 = 12 dice; ten 4+ faces reach Ob 10 (building, rank 1).
    const faces = [4, 5, 6, 4, 5, 6, 4, 5, 6, 4, 1, 2];
    expect(strongholdImprovementRoll({ targetRank: 1, wealth: 2, wager: 10 }, scripted(...faces))).toEqual({
      targetRank: 1,
      objective: 10,
      wealth: 2,
      wager: 10,
      pool: 12,
      faces,
      successes: 10,
      improved: true,
      cashSpent: 10,
      odds: { success: expect.closeTo(bruteForce(12, 10), 12) },
    });
  });

  it('fails one success short, and the wager is still spent', () => {
    const faces = [4, 5, 6, 4, 5, 6, 4, 5, 6, 4, 5, 1, 1, 1];
    const outcome = strongholdImprovementRoll({ targetRank: 2, wealth: 4, wager: 10 }, scripted(...faces));
    expect(outcome).toMatchObject({ objective: 12, pool: 14, successes: 11, improved: false, cashSpent: 10 });
  });

  it('replays a golden seed', () => {
    const outcome = strongholdImprovementRoll({ targetRank: 1, wealth: 5, wager: 14 }, diceFor('keep-1'));
    expect(outcome).toMatchObject({
      pool: 19,
      faces: [1, 5, 4, 6, 3, 2, 1, 4, 1, 2, 3, 2, 4, 4, 1, 4, 4, 5, 4],
      successes: 10,
      improved: true,
    });
    expect(strongholdImprovementRoll({ targetRank: 1, wealth: 5, wager: 14 }, diceFor('keep-1'))).toEqual(
      outcome,
    );
    expect(outcome.odds.success).toBe(0.5);
  });

  it('gives exact odds equal to brute-force enumeration for small pools', () => {
    for (let wealth = 0; wealth <= 4; wealth++) {
      for (let wager = 0; wager + wealth <= 14; wager++) {
        const outcome = strongholdImprovementRoll({ targetRank: 1, wealth, wager }, diceFor('odds'));
        expect(outcome.odds.success).toBeCloseTo(bruteForce(wealth + wager, 10), 12);
      }
    }
    const rank2 = strongholdImprovementRoll({ targetRank: 2, wealth: 3, wager: 12 }, diceFor('odds'));
    expect(rank2.odds.success).toBeCloseTo(bruteForce(15, 12), 12);
  });

  it('agrees with the stronghold wager odds of GET /v1/odds/stronghold-wager', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 60 }),
        (targetRank, wealth, wager) => {
          const outcome = strongholdImprovementRoll({ targetRank, wealth, wager }, diceFor('agree'));
          expect(outcome.odds.success).toBe(
            wagerProbability({ procedure: 'stronghold', targetRank, wealth }, wager),
          );
        },
      ),
    );
  });

  it('is the same outcome for the same seed, and improved exactly when successes reach Ob', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 40 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (targetRank, wealth, wager, seed) => {
          const a = strongholdImprovementRoll({ targetRank, wealth, wager }, diceFor(seed));
          const b = strongholdImprovementRoll({ targetRank, wealth, wager }, diceFor(seed));
          expect(a).toEqual(b);
          expect(a.improved).toBe(a.successes >= a.objective);
          expect(a.faces).toHaveLength(wealth + wager);
          expect(a.cashSpent).toBe(wager);
        },
      ),
    );
  });

  it('refuses bad input naming the field', () => {
    const dice = diceFor('bad');
    expect(() => strongholdImprovementRoll({ targetRank: 13, wealth: 1, wager: 1 }, dice)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'targetRank' }),
    );
    expect(() => strongholdImprovementRoll({ targetRank: 1, wealth: 13, wager: 1 }, dice)).toThrow(
      expect.objectContaining({ field: 'wealth' }),
    );
    expect(() => strongholdImprovementRoll({ targetRank: 1, wealth: 1, wager: -1 }, dice)).toThrow(
      expect.objectContaining({ field: 'wager' }),
    );
    expect(() => strongholdImprovementRoll({ targetRank: 1, wealth: 1, wager: 5000 }, dice)).toThrow(
      expect.objectContaining({ code: 'DICE_LIMIT_EXCEEDED', field: 'wager' }),
    );
  });
});
