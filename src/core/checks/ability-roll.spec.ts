import fc from 'fast-check';
import { createRng, Dice } from '../random';
import {
  DIFFICULTY_LEVELS,
  OBSTACLE_SIZE_PENALTIES,
  abilityRoll,
  abilityTarget,
  obstaclePenalty,
} from './ability-roll';
import { scripted } from '../../../test/factories/dice';

describe(abilityRoll.name, () => {
  it('passes on a d20 at or under the score', () => {
    expect(abilityRoll({ score: 4 }, scripted(4))).toEqual({
      roll: 4,
      faces: [4],
      target: 4,
      modifiers: { bonus: 0, penalty: 0, obstacle: 0, difficulty: 0 },
      passed: true,
      odds: { success: 0.2 },
    });
    expect(abilityRoll({ score: 4 }, scripted(5)).passed).toBe(false);
  });

  it('applies bonus, penalty, obstacle size and difficulty to the target', () => {
    // The seed's herbalist: wisdom 15, field bonus +2, three patients as obstacle size 3.
    expect(abilityRoll({ score: 15, bonus: 2, obstacleSize: 3 }, scripted(16))).toMatchObject({
      target: 16,
      modifiers: { bonus: 2, penalty: 0, obstacle: 1, difficulty: 0 },
      passed: true,
    });
    expect(
      abilityRoll({ score: 12, penalty: 1, obstacleSize: 8, difficulty: 'very-difficult' }, scripted(1)),
    ).toMatchObject({ target: 6, modifiers: { bonus: 0, penalty: 1, obstacle: 3, difficulty: -2 } });
    expect(abilityRoll({ score: 6, difficulty: 'a-snap' }, scripted(1)).target).toBe(14);
  });

  it('has no automatic results: a target of 20 cannot fail and one below 1 cannot pass', () => {
    expect(abilityRoll({ score: 20 }, scripted(20))).toMatchObject({ passed: true, odds: { success: 1 } });
    expect(abilityRoll({ score: 2, difficulty: 'very-difficult' }, scripted(1))).toMatchObject({
      target: 0,
      passed: false,
      odds: { success: 0 },
    });
  });

  it('answers odds equal to counting the d20 faces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom(...DIFFICULTY_LEVELS.map((level) => level.id)),
        (score, bonus, penalty, difficulty) => {
          const input = { score, bonus, penalty, difficulty };
          let passing = 0;
          for (let face = 1; face <= 20; face++) if (abilityRoll(input, scripted(face)).passed) passing++;
          expect(abilityRoll(input, scripted(1)).odds.success).toBe(passing / 20);
        },
      ),
    );
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 0, max: 25 }), (seed, score) => {
        const outcome = abilityRoll({ score }, new Dice(createRng(seed)));
        expect(abilityRoll({ score }, new Dice(createRng(seed)))).toStrictEqual(outcome);
        expect(outcome.faces).toEqual([outcome.roll]);
      }),
    );
  });

  it('refuses bad input with a RuleError naming the field', () => {
    const cases: [unknown, string][] = [
      [{}, 'score'],
      [{ score: -1 }, 'score'],
      [{ score: 10, bonus: -1 }, 'bonus'],
      [{ score: 10, penalty: 1.5 }, 'penalty'],
      [{ score: 10, obstacleSize: 0.5 }, 'obstacleSize'],
      [{ score: 10, obstacleSize: '4' }, 'obstacleSize'],
      [{ score: 10, obstacleScaling: 'tripling' }, 'obstacleScaling'],
      [{ score: 10, difficulty: 'hard' }, 'difficulty'],
    ];
    for (const [input, field] of cases) {
      expect(() => abilityRoll(input as never, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      );
    }
  });
});

describe(abilityTarget.name, () => {
  it('prefixes fields for a side of a larger input', () => {
    expect(() => abilityTarget({ score: -2 }, 'acting')).toThrow(
      expect.objectContaining({ field: 'acting.score' }),
    );
  });
});

describe(obstaclePenalty.name, () => {
  it('follows the doubling table and reads down between rows', () => {
    expect(OBSTACLE_SIZE_PENALTIES).toEqual([
      { size: 1, penalty: 0 },
      { size: 2, penalty: 1 },
      { size: 4, penalty: 2 },
      { size: 8, penalty: 3 },
      { size: 16, penalty: 4 },
      { size: 32, penalty: 5 },
      { size: 64, penalty: 6 },
      { size: 128, penalty: 7 },
      { size: 256, penalty: 8 },
      { size: 512, penalty: 9 },
      { size: 1024, penalty: 10 },
    ]);
    for (const { size, penalty } of OBSTACLE_SIZE_PENALTIES) expect(obstaclePenalty(size)).toBe(penalty);
    expect(obstaclePenalty(3)).toBe(1);
    expect(obstaclePenalty(3.9)).toBe(1);
    expect(obstaclePenalty(1023)).toBe(9);
    expect(obstaclePenalty(2048)).toBe(11);
    expect(obstaclePenalty(5000)).toBe(12);
  });

  it('matches the seed example: 20–39 ft walls at 10 ft per size cost 1, 40–79 ft cost 2', () => {
    for (let feet = 20; feet < 40; feet++) expect(obstaclePenalty(feet / 10)).toBe(1);
    for (let feet = 40; feet < 80; feet++) expect(obstaclePenalty(feet / 10)).toBe(2);
    expect(obstaclePenalty(16)).toBe(4);
  });

  it('makes the penalty equal the size when scaling is linear', () => {
    expect(obstaclePenalty(1, 'linear')).toBe(0);
    expect(obstaclePenalty(1.5, 'linear')).toBe(0);
    expect(obstaclePenalty(2, 'linear')).toBe(2);
    expect(obstaclePenalty(3, 'linear')).toBe(3);
    expect(obstaclePenalty(3.7, 'linear')).toBe(3);
  });

  it('refuses sizes below 1', () => {
    expect(() => obstaclePenalty(0)).toThrow(expect.objectContaining({ field: 'obstacleSize' }));
    expect(() => obstaclePenalty(Number.POSITIVE_INFINITY)).toThrow(
      expect.objectContaining({ field: 'obstacleSize' }),
    );
  });
});

describe('DIFFICULTY_LEVELS', () => {
  it('lists every level once with its modifier', () => {
    expect(Object.fromEntries(DIFFICULTY_LEVELS.map((level) => [level.id, level.modifier]))).toEqual({
      'incredibly-easy': 16,
      'a-snap': 8,
      'very-easy': 4,
      easy: 2,
      normal: 0,
      difficult: -1,
      'very-difficult': -2,
      'extremely-difficult': -4,
      'nearly-impossible': -8,
      'practically-impossible': -16,
    });
  });
});
