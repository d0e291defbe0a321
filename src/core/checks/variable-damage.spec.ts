import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { variableDamage } from './variable-damage';
import { scripted } from '../../../test/factories/dice';

describe(variableDamage.name, () => {
  it('deals one point per success', () => {
    expect(variableDamage({ dice: 3 }, scripted(4, 2, 6))).toEqual({
      dice: 3,
      faces: [4, 2, 6],
      damage: 2,
      odds: { expected: 1.5, distribution: [0.125, 0.375, 0.375, 0.125] },
    });
  });

  it('halves the pool, rounding up, after a successful save', () => {
    expect(variableDamage({ dice: 7, saved: true }, scripted()).dice).toBe(4);
    expect(variableDamage({ dice: 6, saved: true }, scripted()).dice).toBe(3);
    expect(variableDamage({ dice: 1, saved: true }, scripted()).dice).toBe(1);
    expect(variableDamage({ dice: 0, saved: true }, scripted())).toEqual({
      dice: 0,
      faces: [],
      damage: 0,
      odds: { expected: 0, distribution: [1] },
    });
  });

  it('gives a distribution that equals counting every face, for up to 6 dice', () => {
    for (let dice = 0; dice <= 6; dice++) {
      const counts = new Array<number>(dice + 1).fill(0);
      for (let code = 0; code < 6 ** dice; code++) {
        let hits = 0;
        for (let rest = code, i = 0; i < dice; i++, rest = Math.floor(rest / 6)) if (rest % 6 >= 3) hits++;
        counts[hits]++;
      }
      const { odds } = variableDamage({ dice }, scripted());
      expect(odds.distribution).toEqual(counts.map((count) => count / 6 ** dice));
      expect(odds.expected).toBe(dice / 2);
    }
  });

  it('gives the same outcome for the same seed and keeps its invariants', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.integer({ min: 0, max: 200 }),
        fc.boolean(),
        (seed, dice, saved) => {
          const outcome = variableDamage({ dice, saved }, new Dice(createRng(seed)));
          expect(variableDamage({ dice, saved }, new Dice(createRng(seed)))).toStrictEqual(outcome);
          expect(outcome.faces).toHaveLength(outcome.dice);
          expect(outcome.damage).toBeLessThanOrEqual(outcome.dice);
          expect(outcome.odds.distribution).toHaveLength(outcome.dice + 1);
          expect(outcome.odds.distribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        },
      ),
    );
  });

  it('refuses bad input with a RuleError naming the field', () => {
    expect(() => variableDamage({ dice: -1 }, scripted())).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'dice' }),
    );
    expect(() => variableDamage({ dice: 2, saved: 1 as never }, scripted())).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'saved' }),
    );
    expect(() => variableDamage({ dice: 5000 }, new Dice(createRng('x')))).toThrow(
      expect.objectContaining({ code: 'DICE_LIMIT_EXCEEDED', field: 'dice' }),
    );
  });
});
