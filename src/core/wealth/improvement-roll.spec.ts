import fc from 'fast-check';
import { RuleError } from '../errors';
import { Dice, createRng } from '../random';
import { improvementObjective, improvementRoll } from './improvement-roll';
import { strongholdImprovementObjective } from '../strongholds/objective';

const diceFor = (seed: string): Dice => new Dice(createRng(seed));

describe(improvementObjective.name, () => {
  it('is twice the target rank, from Ob 2 at rank 1 to Ob 24 at rank 12', () => {
    expect(Array.from({ length: 12 }, (_, i) => improvementObjective(i + 1))).toEqual([
      2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24,
    ]);
  });

  it('makes improving Wealth 5 to 6 an Ob 12 roll', () => {
    expect(improvementObjective(6)).toBe(12);
  });

  it('refuses ranks outside 1 to 12', () => {
    for (const rank of [0, 13, 2.5, -1]) {
      expect(() => improvementObjective(rank)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    }
  });
});

describe(strongholdImprovementObjective.name, () => {
  it('is 8 plus twice the rank, Ob 10 at rank 1 to Ob 32 at rank 12', () => {
    expect(Array.from({ length: 12 }, (_, i) => strongholdImprovementObjective(i + 1))).toEqual([
      10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32,
    ]);
  });

  it('refuses ranks outside 1 to 12', () => {
    expect(() => strongholdImprovementObjective(0)).toThrow(RuleError);
    expect(() => strongholdImprovementObjective(13)).toThrow(RuleError);
  });
});

describe(improvementRoll.name, () => {
  it('replays the golden improvement from Wealth 5 to 6 with 28 Cash wagered', () => {
    expect(improvementRoll({ targetRank: 6, wager: 28 }, diceFor('improve-wealth'))).toEqual({
      targetRank: 6,
      objective: 12,
      pool: 28,
      faces: [4, 2, 5, 2, 6, 5, 2, 3, 1, 6, 1, 3, 1, 4, 5, 5, 5, 4, 5, 6, 2, 4, 6, 2, 2, 3, 5, 4],
      successes: 16,
      improved: true,
      cashSpent: 28,
      odds: { success: expect.closeTo(0.8275357745587826, 12) },
    });
  });

  it('rolls only the wager and cannot succeed without enough dice', () => {
    const outcome = improvementRoll({ targetRank: 3, wager: 5 }, diceFor('short'));
    expect(outcome).toMatchObject({
      objective: 6,
      pool: 5,
      improved: false,
      cashSpent: 5,
      odds: { success: 0 },
    });
  });

  it('refuses a target rank outside 1 to 12 and a negative wager', () => {
    expect(() => improvementRoll({ targetRank: 13, wager: 30 }, diceFor('x'))).toThrow(RuleError);
    expect(() => improvementRoll({ targetRank: 2, wager: -3 }, diceFor('x'))).toThrow(RuleError);
  });

  const improvements = fc.record({
    targetRank: fc.integer({ min: 1, max: 12 }),
    wager: fc.integer({ min: 0, max: 80 }),
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(improvements, fc.string({ minLength: 1 }), (input, seed) => {
        expect(improvementRoll(input, diceFor(seed))).toEqual(improvementRoll(input, diceFor(seed)));
      }),
    );
  });

  it('spends exactly the wager, counts within the pool and keeps odds in range', () => {
    fc.assert(
      fc.property(improvements, fc.string({ minLength: 1 }), (input, seed) => {
        const outcome = improvementRoll(input, diceFor(seed));
        expect(outcome.cashSpent).toBe(input.wager);
        expect(outcome.successes).toBeLessThanOrEqual(outcome.pool);
        expect(outcome.improved).toBe(outcome.successes >= outcome.objective);
        expect(outcome.odds.success).toBeGreaterThanOrEqual(0);
        expect(outcome.odds.success).toBeLessThanOrEqual(1);
      }),
    );
  });
});
