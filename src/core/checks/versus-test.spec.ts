import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { versusTest } from './versus-test';
import { scripted, successHistogram } from '../../../test/factories/dice';

describe(versusTest.name, () => {
  it('gives the win to more successes, by the difference', () => {
    const outcome = versusTest({ first: { pool: 3 }, second: { pool: 2 } }, scripted(4, 5, 6, 1, 4));
    expect(outcome).toEqual({
      first: { dice: 3, faces: [4, 5, 6], successes: 3 },
      second: { dice: 2, faces: [1, 4], successes: 1 },
      faces: [4, 5, 6, 1, 4],
      winner: 'first',
      margin: 2,
      tieDamage: 0,
      odds: { first: 0.5, second: 0.1875, tie: 0.3125 },
    });
  });

  it('reports the second side winning with a positive margin', () => {
    const outcome = versusTest({ first: { pool: 1 }, second: { pool: 2 } }, scripted(1, 5, 6));
    expect(outcome).toMatchObject({ winner: 'second', margin: 2 });
  });

  it('costs both sides 1 damage on a tie in combat only', () => {
    const tie = [4, 1, 5, 2];
    expect(
      versusTest({ first: { pool: 2 }, second: { pool: 2 }, combat: true }, scripted(...tie)),
    ).toMatchObject({
      winner: 'tie',
      margin: 0,
      tieDamage: 1,
    });
    expect(versusTest({ first: { pool: 2 }, second: { pool: 2 } }, scripted(...tie)).tieDamage).toBe(0);
    expect(
      versusTest({ first: { pool: 2 }, second: { pool: 1 }, combat: true }, scripted(4, 4, 1)).tieDamage,
    ).toBe(0);
  });

  it('applies bonus, penalty and helping dice to each side', () => {
    const outcome = versusTest(
      { first: { pool: 2, bonusDice: 1, helpers: 1 }, second: { pool: 4, penaltyDice: 6 } },
      new Dice(createRng('sides')),
    );
    expect(outcome.first.dice).toBe(4);
    expect(outcome.second.dice).toBe(0);
    expect(outcome.winner).not.toBe('second');
  });

  it('answers the exact odds of counting every face, for pools up to 6 dice in all', () => {
    for (let a = 0; a <= 6; a++) {
      for (let b = 0; a + b <= 6; b++) {
        const ha = successHistogram(a);
        const hb = successHistogram(b);
        const counts = { first: 0, second: 0, tie: 0 };
        ha.forEach((ca, i) =>
          hb.forEach((cb, j) => {
            counts[i > j ? 'first' : i < j ? 'second' : 'tie'] += ca * cb;
          }),
        );
        const rolls = 6 ** (a + b);
        const { odds } = versusTest({ first: { pool: a }, second: { pool: b } }, new Dice(createRng('odds')));
        expect(odds.first).toBeCloseTo(counts.first / rolls, 15);
        expect(odds.second).toBeCloseTo(counts.second / rolls, 15);
        expect(odds.tie).toBeCloseTo(counts.tie / rolls, 15);
      }
    }
  });

  it('gives the same outcome for the same seed and keeps its invariants', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        (seed, a, b, combat) => {
          const input = { first: { pool: a }, second: { pool: b, helpers: 1 }, combat };
          const outcome = versusTest(input, new Dice(createRng(seed)));
          expect(versusTest(input, new Dice(createRng(seed)))).toStrictEqual(outcome);
          expect(outcome.faces).toEqual([...outcome.first.faces, ...outcome.second.faces]);
          expect(outcome.first.successes).toBeLessThanOrEqual(outcome.first.dice);
          expect(outcome.second.successes).toBeLessThanOrEqual(outcome.second.dice);
          expect(outcome.margin).toBe(Math.abs(outcome.first.successes - outcome.second.successes));
          for (const p of Object.values(outcome.odds)) {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(1);
          }
          expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(outcome);
        },
      ),
    );
  });

  it('refuses bad input with a RuleError naming the field', () => {
    const cases: [unknown, string][] = [
      [{ first: { pool: -1 }, second: { pool: 1 } }, 'first.pool'],
      [{ first: { pool: 1 }, second: { pool: 1, bonusDice: -1 } }, 'second.bonusDice'],
      [{ first: { pool: 1 } }, 'second'],
      [{ first: { pool: 1 }, second: { pool: 1 }, combat: 'yes' }, 'combat'],
    ];
    for (const [input, field] of cases) {
      expect(() => versusTest(input as never, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      );
    }
    expect(() =>
      versusTest({ first: { pool: 1 }, second: { pool: 1001 } }, new Dice(createRng('x'))),
    ).toThrow(expect.objectContaining({ code: 'DICE_LIMIT_EXCEEDED', field: 'second.pool' }));
  });
});
