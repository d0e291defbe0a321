import fc from 'fast-check';
import { binomialPmf } from '../odds';
import { createRng, Dice } from '../random';
import { contest } from './contest';
import {
  criticalOf,
  criticalPoolTest,
  extendedTest,
  halveDamage,
  objectiveFromFactors,
  objectiveLabel,
} from './coeac-helpers';
import { carefulBonus, gmTask, multiContest } from './gm-helpers';

const dice = (seed: string) => new Dice(createRng(seed));

describe('COEAC Objective from factors (003:76–83, 1103–1107)', () => {
  it('counts non-parenthesised factors and labels the Objective', () => {
    expect(
      objectiveFromFactors({
        factors: [
          { name: 'darkness' },
          { name: 'time', baseline: true },
          { name: 'guards' },
          { name: 'rain' },
        ],
      }),
    ).toEqual({
      objective: 3,
      label: 'Moderate',
      factors: [
        { name: 'darkness', baseline: false, adds: 1 },
        { name: 'time', baseline: true, adds: 0 },
        { name: 'guards', baseline: false, adds: 1 },
        { name: 'rain', baseline: false, adds: 1 },
      ],
    });
  });
  it('labels every Objective from the table, 6+ as Dire', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((ob) => objectiveLabel(ob))).toEqual([
      'Trivial',
      'Easy',
      'Moderate',
      'Hard',
      'Extremely difficult',
      'Dire',
      'Dire',
    ]);
  });
  it('names the bad factor', () => {
    expect(() => objectiveFromFactors({ factors: [{ name: '' }] })).toThrow(
      expect.objectContaining({ field: 'factors[0].name' }) as Error,
    );
  });
});

describe('COEAC critical margins (003:99)', () => {
  it('flags margins of 3 or more either way', () => {
    expect(criticalOf(true, 3)).toBe('success');
    expect(criticalOf(true, 2)).toBeNull();
    expect(criticalOf(false, -3)).toBe('failure');
    expect(criticalOf(false, -2)).toBeNull();
  });
  it('answers exact critical odds that match the binomial', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 3 }),
        (pool, objective, free) => {
          const outcome = criticalPoolTest(
            { pool, objective, freeSuccesses: free },
            dice(`c${pool}-${objective}`),
          );
          const pmf = binomialPmf(pool, 0.5);
          let cs = 0;
          let cf = 0;
          pmf.forEach((p, s) => {
            const passed = s >= objective;
            const flag = criticalOf(passed, s - objective + (passed ? free : 0));
            if (flag === 'success') cs += p;
            if (flag === 'failure') cf += p;
          });
          expect(outcome.odds.criticalSuccess).toBeCloseTo(cs, 12);
          expect(outcome.odds.criticalFailure).toBeCloseTo(cf, 12);
          expect(outcome.critical).toBe(criticalOf(outcome.passed, outcome.margin));
        },
      ),
    );
  });
});

describe('COEAC extended tests (003:70)', () => {
  it('stops once the count is reached and reports binomial odds', () => {
    const outcome = extendedTest({ pool: 6, objective: 2, tests: 5, goal: { passes: 3 } }, dice('chase'));
    expect(outcome.passesNeeded).toBe(3);
    expect(outcome.passed).toBe(outcome.passes >= 3);
    expect(outcome.tests.length).toBeLessThanOrEqual(5);
    const p = 1 - (1 + 6) / 64; // at least 2 of 6
    const tail = [3, 4, 5].reduce((sum, k) => sum + binomialPmf(5, p)[k], 0);
    expect(outcome.odds.success).toBeCloseTo(tail, 12);
  });
  it('turns a ratio into a count of passes out of the tests', () => {
    // 2 passes per failure over 6 tests: at least 4 passes
    expect(
      extendedTest(
        { pool: 3, objective: 1, tests: 6, goal: { ratio: { passes: 2, failures: 1 } } },
        dice('r'),
      ).passesNeeded,
    ).toBe(4);
  });
  it('names the goal when both forms are sent', () => {
    expect(() =>
      extendedTest(
        { pool: 3, objective: 1, tests: 6, goal: { passes: 2, ratio: { passes: 1, failures: 1 } } as never },
        dice('r'),
      ),
    ).toThrow(expect.objectContaining({ field: 'goal' }) as Error);
  });
});

describe('COEAC halving a damage result (003:101–103)', () => {
  it('adds the +Ns first, then halves rounding up', () => {
    expect(halveDamage({ rolled: 4, freeSuccesses: 1 })).toEqual({
      rolled: 4,
      freeSuccesses: 1,
      total: 5,
      halved: 3,
    });
    expect(halveDamage({ rolled: 4 }).halved).toBe(2);
  });
});

describe('G&M careful attempts and assistance (001:716–744)', () => {
  it('gives +1 for one step of extra time and +2 for more', () => {
    expect([0, 1, 2, 3].map((s) => carefulBonus(s))).toEqual([0, 1, 2, 2]);
  });

  it('reproduces the herbalist: wisdom 15, field +2, helping 3 → rolls ≤ 16; patients get +2', () => {
    for (const seed of ['herb-1', 'herb-2', 'herb-3', 'herb-4']) {
      const outcome = gmTask(
        { score: 10, fieldBonus: 0, assistedBy: { score: 15, fieldBonus: 2, helping: 3 } },
        dice(seed),
      );
      expect(outcome.assistance?.target).toBe(16);
      expect(outcome.assistance?.odds.success).toBe(16 / 20);
      if (outcome.assistance?.passed) expect(outcome.modifiers.fieldBonus).toBe(2);
      else expect(outcome.modifiers.fieldBonus).toBe(0);
      // 0.8 × 12/20 + 0.2 × 10/20
      expect(outcome.odds.success).toBeCloseTo(0.8 * 0.6 + 0.2 * 0.5, 12);
    }
  });

  it('answers the exact chance, counted over every pair of d20 faces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: -3, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.option(
          fc.record({
            score: fc.integer({ min: 0, max: 25 }),
            fieldBonus: fc.integer({ min: -3, max: 5 }),
            helping: fc.integer({ min: 1, max: 9 }),
          }),
          { nil: undefined },
        ),
        (score, fieldBonus, carefulSteps, assistedBy) => {
          const outcome = gmTask({ score, fieldBonus, carefulSteps, assistedBy }, dice(`t${score}`));
          const own = score + fieldBonus + carefulBonus(carefulSteps);
          let passes = 0;
          let total = 0;
          for (let helper = 1; helper <= 20; helper++) {
            for (let face = 1; face <= 20; face++) {
              total++;
              let target = own;
              if (assistedBy) {
                const helperTarget =
                  assistedBy.score + assistedBy.fieldBonus - Math.floor(Math.log2(assistedBy.helping));
                if (helper <= helperTarget) target = own - fieldBonus + assistedBy.fieldBonus;
              }
              if (face <= target) passes++;
            }
          }
          expect(outcome.odds.success).toBeCloseTo(passes / total, 12);
          expect(outcome.odds.success).toBeGreaterThanOrEqual(0);
          expect(outcome.odds.success).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('rolls where on an 80-ft wall the climb failed on a d8 (001:694)', () => {
    let seen = 0;
    for (let i = 0; i < 30; i++) {
      const outcome = gmTask({ score: 8, obstacleSize: 8 }, dice(`wall-${i}`));
      if (outcome.passed) expect(outcome.failureAt).toBeNull();
      else {
        seen++;
        expect(outcome.failureAt?.of).toBe(8);
        expect(outcome.failureAt?.unit).toBeGreaterThanOrEqual(1);
        expect(outcome.failureAt?.unit).toBeLessThanOrEqual(8);
      }
      expect(outcome.target).toBe(5); // 8 − 3 for size 8
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('G&M contests of three or more sides (001:720–728)', () => {
  it('answers odds that sum to one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 2, maxLength: 5 }),
        fc.integer({ min: 1, max: 30 }),
        (scores, maxRounds) => {
          const outcome = multiContest(
            { sides: scores.map((score, i) => ({ name: `s${i}`, score })), maxRounds },
            dice('m'),
          );
          const total = outcome.odds.wins.reduce((sum, w) => sum + w.probability, 0) + outcome.odds.noWinner;
          expect(total).toBeCloseTo(1, 10);
          if (outcome.winner) expect(outcome.rounds.at(-1)?.rolls.filter((r) => r.passed)).toHaveLength(1);
        },
      ),
    );
  });

  it('doubles on request when none of the requester’s opponents can fail (CH5), and agrees with two sides', () => {
    const sides = [
      { name: 'A', score: 22 },
      { name: 'B', score: 25 },
      { name: 'C', score: 9 },
    ];
    const asked = multiContest({ sides, requestDoubling: 'C', maxRounds: 20 }, dice('ask'));
    expect(asked.rounds[0].doubled).toBe(true);
    expect(asked.rounds[0].rolls.every((r) => r.roll % 2 === 0)).toBe(true);
    const total = asked.odds.wins.reduce((sum, w) => sum + w.probability, 0) + asked.odds.noWinner;
    expect(total).toBeCloseTo(1, 12);
    // Two sides: the same odds as the two-sided contest with the same request.
    const pair = [{ score: 24 }, { score: 7 }];
    const two = contest(
      { acting: pair[0], resisting: pair[1], mode: 'same-goal', maxRounds: 20, requestDoubling: 'resisting' },
      dice('b'),
    );
    const many = multiContest(
      { sides: pair.map((s, i) => ({ name: `s${i}`, ...s })), maxRounds: 20, requestDoubling: 's1' },
      dice('b'),
    );
    expect(many.odds.wins[0].probability).toBeCloseTo(two.odds.acting, 12);
    expect(many.odds.wins[1].probability).toBeCloseTo(two.odds.resisting, 12);
    expect(() => multiContest({ sides, requestDoubling: 'A' }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'requestDoubling' }),
    );
    expect(() => multiContest({ sides, requestDoubling: 'D' }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'requestDoubling' }),
    );
  });

  it('agrees with the two-sided same-goal contest', () => {
    const sides = [{ score: 14 }, { score: 9 }];
    const two = contest(
      { acting: sides[0], resisting: sides[1], mode: 'same-goal', maxRounds: 20 },
      dice('a'),
    );
    const many = multiContest(
      { sides: sides.map((s, i) => ({ name: `s${i}`, ...s })), maxRounds: 20 },
      dice('a'),
    );
    expect(many.odds.wins[0].probability).toBeCloseTo(two.odds.acting, 12);
    expect(many.odds.wins[1].probability).toBeCloseTo(two.odds.resisting, 12);
    expect(many.odds.noWinner).toBeCloseTo(two.odds.draw, 12);
  });

  it('drops the sides that failed when several succeed', () => {
    const outcome = multiContest(
      {
        sides: [
          { name: 'a', score: 19 },
          { name: 'b', score: 19 },
          { name: 'c', score: 1 },
        ],
      },
      dice('race-3'),
    );
    for (const out of outcome.eliminated) {
      const later = outcome.rounds.slice(out.round).flatMap((r) => r.rolls.map((x) => x.name));
      expect(later).not.toContain(out.name);
    }
  });
});
