import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { contest, type ContestInput } from './contest';
import { abilityTarget } from './ability-roll';
import { scripted } from '../../../test/factories/dice';

/**
 * The contest's odds by walking every round and every one of the 400 pairs of d20 faces, carrying
 * the chance that the contest is still undecided: an enumeration independent of the closed form.
 */
function enumeratedOdds(input: ContestInput): { acting: number; resisting: number; draw: number } {
  const a = abilityTarget(input.acting).target;
  const r = abilityTarget(input.resisting).target;
  let multiplier = 1;
  while (a >= 20 * multiplier && r >= 20 * multiplier) multiplier *= 2;
  const counts = { acting: 0, resisting: 0, draw: 0, again: 0 };
  for (let fa = 1; fa <= 20; fa++) {
    for (let fr = 1; fr <= 20; fr++) {
      const pa = fa * multiplier <= a;
      const pr = fr * multiplier <= r;
      if (pa && pr) counts.again++;
      else if (pa) counts.acting++;
      else if (pr) counts.resisting++;
      else if ((input.mode ?? 'opposed') === 'opposed') counts.resisting++;
      else counts.draw++;
    }
  }
  const odds = { acting: 0, resisting: 0, draw: 0 };
  let undecided = 1;
  for (let round = 0; round < (input.maxRounds ?? 50); round++) {
    odds.acting += (undecided * counts.acting) / 400;
    odds.resisting += (undecided * counts.resisting) / 400;
    odds.draw += (undecided * counts.draw) / 400;
    undecided = (undecided * counts.again) / 400;
  }
  odds.draw += undecided;
  return odds;
}

describe(contest.name, () => {
  it('gives the win to the only side that succeeds', () => {
    expect(contest({ acting: { score: 10 }, resisting: { score: 10 } }, scripted(5, 15))).toEqual({
      winner: 'acting',
      rounds: [
        {
          acting: { roll: 5, target: 10, passed: true },
          resisting: { roll: 15, target: 10, passed: false },
          doubled: false,
        },
      ],
      faces: [5, 15],
      timeSteps: 0,
      odds: expect.any(Object),
    });
    expect(contest({ acting: { score: 10 }, resisting: { score: 10 } }, scripted(15, 5)).winner).toBe(
      'resisting',
    );
  });

  it('sums the per-round chances as a geometric series', () => {
    // Each round: acting alone succeeds 1/4, resisting wins 1/2 (alone or both failing), 1/4 again.
    const { odds } = contest({ acting: { score: 10 }, resisting: { score: 10 } }, scripted(5, 15));
    const again = 0.25 ** 50;
    expect(odds.acting).toBeCloseTo((1 / 3) * (1 - again), 15);
    expect(odds.resisting).toBeCloseTo((2 / 3) * (1 - again), 15);
    expect(odds.draw).toBeCloseTo(again, 15);
  });

  it('fails the acting side when both fail, unless both share the goal', () => {
    const both = { acting: { score: 5 }, resisting: { score: 5 } };
    expect(contest(both, scripted(9, 9)).winner).toBe('resisting');
    expect(contest({ ...both, mode: 'same-goal' }, scripted(9, 9)).winner).toBe('draw');
  });

  it('plays another round, one step up the time scale, while both succeed', () => {
    const outcome = contest({ acting: { score: 10 }, resisting: { score: 10 } }, scripted(2, 3, 4, 4, 1, 12));
    expect(outcome.winner).toBe('acting');
    expect(outcome.rounds).toHaveLength(3);
    expect(outcome.faces).toEqual([2, 3, 4, 4, 1, 12]);
    expect(outcome.timeSteps).toBe(2);
  });

  it('doubles the rolls and steps time up when neither side can fail', () => {
    const outcome = contest(
      { acting: { score: 25 }, resisting: { score: 22 } },
      scripted(12, 11, 2, 2, 13, 1),
    );
    expect(outcome).toMatchObject({
      winner: 'resisting',
      rounds: [
        {
          acting: { roll: 24, target: 25, passed: true },
          resisting: { roll: 22, target: 22, passed: true },
          doubled: true,
        },
        { acting: { roll: 4, passed: true }, resisting: { roll: 4, passed: true }, doubled: true },
        { acting: { roll: 26, passed: false }, resisting: { roll: 2, passed: true }, doubled: true },
      ],
      faces: [12, 11, 2, 2, 13, 1],
      timeSteps: 1 + 2,
    });
    const twice = contest({ acting: { score: 45 }, resisting: { score: 50 } }, scripted(11, 13));
    expect(twice.rounds[0].acting.roll).toBe(44);
    expect(twice.rounds[0].resisting.roll).toBe(52);
    expect(twice.winner).toBe('acting');
    expect(twice.timeSteps).toBe(2);
  });

  it('keeps going when only one side cannot fail', () => {
    const outcome = contest({ acting: { score: 20 }, resisting: { score: 8 } }, scripted(20, 9));
    expect(outcome).toMatchObject({ winner: 'acting', timeSteps: 0 });
    expect(outcome.odds.acting).toBeCloseTo(1 - 0.4 ** 50, 15);
    expect(outcome.odds.resisting).toBe(0);
    expect(outcome.odds.draw).toBeCloseTo(0.4 ** 50, 30);
    expect(outcome.rounds[0].doubled).toBe(false);
  });

  it('doubles on request when only the opponent cannot fail (CH5, 001:730)', () => {
    // Acting 20 cannot fail; resisting 8 asks: both rolls double and time steps up once.
    const asked = contest(
      { acting: { score: 20 }, resisting: { score: 8 }, requestDoubling: 'resisting' },
      scripted(10, 4, 11, 3),
    );
    expect(asked.rounds[0]).toMatchObject({
      acting: { roll: 20, target: 20, passed: true },
      resisting: { roll: 8, target: 8, passed: true },
      doubled: true,
    });
    expect(asked.rounds[1]).toMatchObject({
      acting: { roll: 22, passed: false },
      resisting: { roll: 6, passed: true },
    });
    expect(asked).toMatchObject({ winner: 'resisting', timeSteps: 1 + 1 });
    // Exact odds at ×2: acting passes on 10 faces, resisting on 4.
    const pA = 10 / 20;
    const pR = 4 / 20;
    const series = (1 - (pA * pR) ** 50) / (1 - pA * pR);
    expect(asked.odds.acting).toBeCloseTo(pA * (1 - pR) * series, 15);
    expect(asked.odds.resisting).toBeCloseTo(((1 - pA) * pR + (1 - pA) * (1 - pR)) * series, 15);
    // An opponent of 45 needs two doublings before it can fail.
    const twice = contest(
      { acting: { score: 45 }, resisting: { score: 8 }, requestDoubling: 'resisting' },
      scripted(12, 2),
    );
    expect(twice).toMatchObject({ timeSteps: 2, rounds: [{ acting: { roll: 48, passed: false } }] });
  });

  it('refuses a doubling request when the opponent can fail', () => {
    expect(() =>
      contest(
        { acting: { score: 19 }, resisting: { score: 8 }, requestDoubling: 'resisting' },
        scripted(1, 1),
      ),
    ).toThrow(expect.objectContaining({ field: 'requestDoubling' }));
    expect(() =>
      contest(
        { acting: { score: 19 }, resisting: { score: 8 }, requestDoubling: 'both' as never },
        scripted(1, 1),
      ),
    ).toThrow(expect.objectContaining({ field: 'requestDoubling' }));
  });

  it('calls a draw once maxRounds pass undecided', () => {
    const outcome = contest({ acting: { score: 10 }, resisting: { score: 10 }, maxRounds: 3 }, scripted());
    expect(outcome.winner).toBe('draw');
    expect(outcome.rounds).toHaveLength(3);
    expect(outcome.timeSteps).toBe(2);
    expect(outcome.odds.draw).toBeCloseTo(0.25 ** 3, 15);
  });

  it('answers the same odds as enumerating every round and pair of faces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 0, max: 70 }),
        fc.constantFrom('opposed' as const, 'same-goal' as const),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom('normal' as const, 'difficult' as const, 'easy' as const),
        (actingScore, resistingScore, mode, maxRounds, difficulty) => {
          const input: ContestInput = {
            acting: { score: actingScore, difficulty },
            resisting: { score: resistingScore },
            mode,
            maxRounds,
          };
          const { odds } = contest(input, new Dice(createRng('odds')));
          const expected = enumeratedOdds(input);
          expect(odds.acting).toBeCloseTo(expected.acting, 13);
          expect(odds.resisting).toBeCloseTo(expected.resisting, 13);
          expect(odds.draw).toBeCloseTo(expected.draw, 13);
          expect(odds.acting + odds.resisting + odds.draw).toBeCloseTo(1, 13);
        },
      ),
    );
  });

  it('lands near its odds over many seeded contests (loose sanity check)', () => {
    const input: ContestInput = { acting: { score: 14 }, resisting: { score: 11 }, mode: 'same-goal' };
    const wins = { acting: 0, resisting: 0, draw: 0 };
    const runs = 20_000;
    for (let i = 0; i < runs; i++) wins[contest(input, new Dice(createRng(`mc-${i}`))).winner]++;
    const { odds } = contest(input, new Dice(createRng('odds')));
    for (const side of ['acting', 'resisting', 'draw'] as const) {
      expect(Math.abs(wins[side] / runs - odds[side])).toBeLessThan(0.02);
    }
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (seed, a, r) => {
          const input = { acting: { score: a }, resisting: { score: r } };
          const outcome = contest(input, new Dice(createRng(seed)));
          expect(contest(input, new Dice(createRng(seed)))).toStrictEqual(outcome);
          expect(outcome.faces).toHaveLength(outcome.rounds.length * 2);
        },
      ),
    );
  });

  it('refuses bad input with a RuleError naming the field', () => {
    const cases: [unknown, string][] = [
      [{ resisting: { score: 3 } }, 'acting'],
      [{ acting: { score: 3 }, resisting: { score: -3 } }, 'resisting.score'],
      [{ acting: { score: 3, difficulty: 'meh' }, resisting: { score: 3 } }, 'acting.difficulty'],
      [{ acting: { score: 3 }, resisting: { score: 3 }, mode: 'race' }, 'mode'],
      [{ acting: { score: 3 }, resisting: { score: 3 }, maxRounds: 0 }, 'maxRounds'],
      [{ acting: { score: 3 }, resisting: { score: 3 }, maxRounds: 1001 }, 'maxRounds'],
    ];
    for (const [input, field] of cases) {
      expect(() => contest(input as never, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      );
    }
  });
});
