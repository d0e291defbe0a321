import fc from 'fast-check';
import fixture from '../../../test/fixtures/crafting/circumstances.json';
import { createRng, Dice } from '../random';
import { scripted } from '../../../test/factories/dice';
import { CIRCUMSTANCES, craftingDifficulty, craftingOdds, craftingRoll } from './crafting-roll';

describe(craftingRoll.name, () => {
  it('matches the seed’s circumstance table', () => {
    expect(Object.entries(CIRCUMSTANCES)).toEqual(fixture.circumstances.map((c) => [c.id, c.difficulty]));
    for (const f of fixture.fatigue) expect(craftingDifficulty(0, [], f.id as never)).toBe(f.difficulty);
  });

  it('replays the golden roll for a fixed seed', () => {
    expect(
      craftingRoll(
        { intellect: 3, skill: 2, bonusDice: 1, complexity: 5, circumstances: ['no-workspace'] },
        new Dice(createRng('golden-forge')),
      ),
    ).toEqual({
      pool: 6,
      difficulty: { requested: 6, effective: 6, clamped: false },
      faces: [5, 2, 3, 1, 1, 6],
      successes: 1,
      criticalFailure: false,
      odds: { atLeastOne: 1 - (5 / 6) ** 6, expectedSuccesses: 1, criticalFailure: (1 / 6) ** 6 },
    });
  });

  it('rolls Intellect + skill + bonus against complexity and circumstances', () => {
    expect(
      craftingRoll(
        { intellect: 2, skill: 1, bonusDice: 1, complexity: 5, circumstances: ['familiar'] },
        scripted(4, 3, 6, 1),
      ),
    ).toEqual({
      pool: 4,
      difficulty: { requested: 4, effective: 4, clamped: false },
      faces: [4, 3, 6, 1],
      successes: 2,
      criticalFailure: false,
      odds: { atLeastOne: 1 - 0.5 ** 4, expectedSuccesses: 2, criticalFailure: (1 / 6) ** 4 },
    });
  });

  it('clamps improvised tools and no workspace on a typical item (8) to 6, and exceptional + familiar is 3', () => {
    const hard = craftingRoll(
      { intellect: 1, skill: 1, circumstances: ['improvised-tools', 'no-workspace'] },
      scripted(6, 5),
    );
    expect(hard.difficulty).toEqual({ requested: 8, effective: 6, clamped: true });
    expect(hard.successes).toBe(1);
    const easy = craftingRoll(
      { intellect: 1, skill: 1, circumstances: ['exceptional-tools', 'familiar'] },
      scripted(3, 2),
    );
    expect(easy.difficulty).toEqual({ requested: 3, effective: 3, clamped: false });
    expect(easy.successes).toBe(1);
  });

  it('adds 1 difficulty when fatigued, and also takes an Intellect die when exhausted', () => {
    const tired = craftingRoll({ intellect: 3, skill: 2, complexity: 3, fatigue: 'fatigued' }, scripted());
    expect(tired).toMatchObject({ pool: 5, difficulty: { requested: 4 } });
    const spent = craftingRoll({ intellect: 3, skill: 2, complexity: 3, fatigue: 'exhausted' }, scripted());
    expect(spent).toMatchObject({ pool: 4, difficulty: { requested: 4 } });
  });

  it('calls zero successes with every die a 1 a critical failure, and other zeros not', () => {
    expect(craftingRoll({ intellect: 1, skill: 2 }, scripted(1, 1, 1))).toMatchObject({
      successes: 0,
      criticalFailure: true,
    });
    expect(craftingRoll({ intellect: 1, skill: 2 }, scripted(1, 2, 1))).toMatchObject({
      successes: 0,
      criticalFailure: false,
    });
    expect(craftingRoll({ intellect: 0, skill: 0 }, scripted())).toMatchObject({
      pool: 0,
      successes: 0,
      criticalFailure: false,
    });
  });

  it('answers exact odds, checked against every face of pools up to 5 dice', () => {
    for (let pool = 0; pool <= 5; pool++) {
      for (let difficulty = 2; difficulty <= 6; difficulty++) {
        let some = 0;
        let total = 0;
        let critical = 0;
        for (let code = 0; code < 6 ** pool; code++) {
          let hits = 0;
          let ones = 0;
          for (let rest = code, i = 0; i < pool; i++, rest = Math.floor(rest / 6)) {
            const face = (rest % 6) + 1;
            if (face >= difficulty) hits++;
            if (face === 1) ones++;
          }
          if (hits > 0) some++;
          if (pool > 0 && ones === pool) critical++;
          total += hits;
        }
        const odds = craftingOdds(pool, difficulty);
        expect(odds.atLeastOne).toBeCloseTo(some / 6 ** pool, 14);
        expect(odds.expectedSuccesses).toBeCloseTo(total / 6 ** pool, 12);
        expect(odds.criticalFailure).toBeCloseTo(critical / 6 ** pool, 15);
      }
    }
  });

  it('gives the same outcome for the same seed, and a critical failure only with no success', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: -3, max: 3 }),
        fc.subarray(Object.keys(CIRCUMSTANCES)),
        (seed, intellect, skill, bonusDice, circumstances) => {
          const input = { intellect, skill, bonusDice, circumstances } as never;
          const a = craftingRoll(input, new Dice(createRng(seed)));
          expect(craftingRoll(input, new Dice(createRng(seed)))).toStrictEqual(a);
          expect(a.faces).toHaveLength(a.pool);
          if (a.criticalFailure) expect(a.successes).toBe(0);
          expect(a.difficulty.effective).toBeGreaterThanOrEqual(2);
          expect(a.difficulty.effective).toBeLessThanOrEqual(6);
        },
      ),
    );
  });

  it('refuses bad input naming the field', () => {
    const cases: [unknown, string][] = [
      [{ skill: 1 }, 'intellect'],
      [{ intellect: 1, skill: -1 }, 'skill'],
      [{ intellect: 1, skill: 1, circumstances: ['drunk'] }, 'circumstances[0]'],
      [{ intellect: 1, skill: 1, circumstances: ['familiar', 'familiar'] }, 'circumstances[1]'],
      [{ intellect: 1, skill: 1, circumstances: 'familiar' }, 'circumstances'],
      [{ intellect: 1, skill: 1, fatigue: 'sleepy' }, 'fatigue'],
      [{ intellect: 1, skill: 1, bonusDice: 0.5 }, 'bonusDice'],
    ];
    for (const [input, field] of cases) {
      expect(() => craftingRoll(input as never, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      );
    }
  });
});
