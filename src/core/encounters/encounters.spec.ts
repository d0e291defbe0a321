import fc from 'fast-check';
import adversaryFixture from '../../../test/fixtures/encounters/adversary-grades.json';
import cairnFixture from '../../../test/fixtures/encounters/cairn-reactions.json';
import checkV1Golden from '../../../test/fixtures/encounters/check-v1-golden.json';
import checkV2Golden from '../../../test/fixtures/encounters/check-v2-golden.json';
import coeacFixture from '../../../test/fixtures/encounters/coeac-reactions.json';
import { RuleError } from '../errors';
import { createRng, Dice } from '../random';
import {
  adversaryStats,
  dieOfFate,
  distanceRoll,
  encounterCheck,
  encounterCheckV1,
  encounterCheckV2,
  isCreatureKind,
  moraleCheck,
  reactionRoll,
  surpriseRoll,
} from './encounter-procedures';
import {
  ADVERSARY_GRADES,
  CAIRN_REACTIONS,
  COEAC_REACTIONS,
  DISTANCES,
  MORALE_DISPOSITIONS,
  type Scale,
} from './encounter-tables';
import { numberAppearing, numberAppearingRange, parseNumberAppearing } from './number-appearing';

const dice = (seed: string) => new Dice(createRng(seed));

/** A Dice that shows the given faces in order. */
function scripted(faces: number[]): Dice {
  let i = 0;
  return new Dice({ int: () => faces[i++] } as never);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('encounter tables', () => {
  it('match their fixtures', () => {
    expect(COEAC_REACTIONS.map((r) => [r.roll, r.reaction])).toEqual(coeacFixture.rows);
    expect(CAIRN_REACTIONS.map((r) => [r.min, r.max, r.reaction])).toEqual(cairnFixture.rows);
    expect(ADVERSARY_GRADES.map((g) => [g.grade, g.pool, g.hp, g.saveObjective])).toEqual(
      adversaryFixture.rows,
    );
    expect(DISTANCES.map((d) => d.roll)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(MORALE_DISPOSITIONS.map((d) => d.rating)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('reactionRoll', () => {
  it('reads the COEAC d6 and the Cairn 2d6, with odds summing to 1', () => {
    expect(reactionRoll({ system: 'coeac' }, scripted([5])).reaction).toBe('diplomatic');
    const cairn = reactionRoll({ system: 'cairn' }, scripted([6, 6]));
    expect(cairn).toMatchObject({ roll: 12, reaction: 'helpful' });
    expect(cairn.odds).toEqual({
      hostile: 1 / 36,
      wary: 9 / 36,
      curious: 16 / 36,
      kind: 9 / 36,
      helpful: 1 / 36,
    });
    expect(sum(Object.values(cairn.odds))).toBeCloseTo(1, 12);
    expect(sum(Object.values(reactionRoll({ system: 'coeac' }, dice('a')).odds))).toBeCloseTo(1, 12);
  });

  it('gives the Cairn odds that brute force over 2d6 gives', () => {
    const counts: Record<string, number> = {};
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const r = reactionRoll({ system: 'cairn' }, scripted([a, b])).reaction;
        counts[r] = (counts[r] ?? 0) + 1;
      }
    const odds = reactionRoll({ system: 'cairn' }, dice('x')).odds;
    for (const [reaction, n] of Object.entries(counts)) expect(odds[reaction]).toBeCloseTo(n / 36, 12);
  });
});

describe('distanceRoll and dieOfFate', () => {
  it('read a d6', () => {
    expect(distanceRoll({}, scripted([1])).distance).toBe('extremely-close');
    expect(distanceRoll({}, scripted([6])).distance).toBe('very-far');
    expect(dieOfFate({}, scripted([4])).favourable).toBe(true);
    expect(dieOfFate({}, scripted([3])).favourable).toBe(false);
  });
});

describe('encounterCheck', () => {
  it('makes no check in a haven or in combat', () => {
    for (const scale of ['haven', 'combat'] as const) {
      const d = dice('x');
      expect(encounterCheck({ scale }, d)).toMatchObject({ checked: false, roll: null, result: 'none' });
      expect(d.faces).toEqual([]);
    }
  });

  it('reads exploration d6 (1 encounter, 2 omen), water d8 (1) and overland d6 (1–2)', () => {
    expect(encounterCheck({ scale: 'exploration' }, scripted([2])).result).toBe('omen');
    expect(encounterCheck({ scale: 'exploration' }, scripted([3])).result).toBe('none');
    expect(encounterCheck({ scale: 'water' }, scripted([2])).result).toBe('none');
    expect(encounterCheck({ scale: 'overland' }, scripted([2, 3, 3, 2, 4])).result).toBe('encounter');
    expect(encounterCheck({ scale: 'exploration' }, scripted([3])).odds).toMatchObject({
      encounter: 1 / 6,
      omen: 1 / 6,
    });
    expect(encounterCheck({ scale: 'water' }, scripted([3])).odds).toMatchObject({
      encounter: 1 / 8,
      omen: 0,
    });
    expect(encounterCheck({ scale: 'overland' }, scripted([3])).odds).toMatchObject({
      encounter: 2 / 6,
      omen: 0,
    });
  });

  it('names numberAppearing, not the parser’s expression, when its expression is refused (issue 40)', () => {
    for (const check of [encounterCheck, encounterCheckV2]) {
      let refused: unknown;
      try {
        check({ scale: 'exploration', numberAppearing: '2d' }, scripted([1, 2, 3, 6, 5]));
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(RuleError);
      expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', field: 'numberAppearing' });
    }
  });

  it('on an encounter rolls the site tie, the recurring chance, distance and a reaction for people', () => {
    // check 1, site die 2 (tied), recurring die 3 (not with 2-in-6), distance 6, reaction 5
    const outcome = encounterCheck(
      { scale: 'exploration', players: 5, people: true },
      scripted([1, 2, 3, 6, 5]),
    );
    expect(outcome).toMatchObject({
      result: 'encounter',
      numberAppearing: { expression: 'players', count: 5, min: 5, max: 5 },
      siteTied: true,
      recurring: false,
      distance: { roll: 6, distance: 'very-far' },
      reaction: { roll: 5, reaction: 'diplomatic' },
      odds: { siteTied: 2 / 6, recurring: 2 / 6 },
    });
  });

  it('replays exactly from its seed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.constantFrom<Scale>('overland', 'exploration', 'water'),
        (seed, scale) => {
          expect(encounterCheck({ scale, people: true }, dice(seed))).toEqual(
            encounterCheck({ scale, people: true }, dice(seed)),
          );
        },
      ),
    );
  });
});

describe('moraleCheck', () => {
  it('holds on a d6 at or under the rating, fails unrolled in mortal danger', () => {
    expect(moraleCheck({ system: 'coeac', rating: 3 }, scripted([3]))).toMatchObject({
      passed: true,
      odds: { pass: 0.5 },
    });
    expect(moraleCheck({ system: 'coeac', disposition: 'craven' }, scripted([2]))).toMatchObject({
      passed: false,
      target: 1,
    });
    const d = dice('x');
    expect(moraleCheck({ system: 'coeac', rating: 6, mortalDanger: true }, d)).toMatchObject({
      passed: false,
      automatic: true,
      odds: { pass: 0 },
    });
    expect(d.faces).toEqual([]);
  });

  it('lets hirelings keep order only when the controller wins the versus test outright', () => {
    const tie = moraleCheck(
      { system: 'coeac-hirelings', controllerPool: 1, hirelingPool: 1 },
      scripted([4, 5]),
    );
    expect(tie.passed).toBe(false);
    const win = moraleCheck(
      { system: 'coeac-hirelings', controllerPool: 1, hirelingPool: 1 },
      scripted([4, 1]),
    );
    expect(win).toMatchObject({ passed: true, odds: { pass: 0.25 } });
  });

  it('uses a WIL save for Cairn', () => {
    expect(
      moraleCheck({ system: 'cairn', wil: 10, trigger: 'first-casualty' }, scripted([10])),
    ).toMatchObject({
      passed: true,
      odds: { pass: 0.5 },
    });
  });

  it('refuses an unknown disposition or a rating out of range, naming the field', () => {
    const field = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as RuleError).field;
      }
      return null;
    };
    expect(field(() => moraleCheck({ system: 'coeac', disposition: 'brave' }, dice('x')))).toBe(
      'disposition',
    );
    expect(field(() => moraleCheck({ system: 'coeac', rating: 7 }, dice('x')))).toBe('rating');
  });
});

describe('adversaryStats', () => {
  it('matches the derived fixture rows (Elite +50 % HP, Legendary double HP and +1d)', () => {
    for (const [grade, tag, pool, hp, save] of adversaryFixture.derived) {
      expect(adversaryStats({ grade: grade as never, tag: tag as never })).toMatchObject({
        pool,
        hp,
        saveObjective: save,
      });
    }
  });
});

describe('surpriseRoll', () => {
  it('adds 4 when aware and takes 6 when asleep; odds of being surprised are exact', () => {
    expect(surpriseRoll({ perception: 10, aware: true }, scripted([14]))).toMatchObject({
      target: 14,
      surprised: false,
    });
    expect(surpriseRoll({ perception: 10, asleep: true }, scripted([5]))).toMatchObject({
      target: 4,
      surprised: true,
      odds: { surprised: 0.8 },
    });
    expect(surpriseRoll({ perception: 30 }, scripted([20])).odds.surprised).toBe(0);
  });
});

describe('numberAppearing', () => {
  it('reads the grammar: players, dice, + - *, / rounding up, parentheses', () => {
    expect(numberAppearing({ expression: 'players+2', players: 4 }, dice('x')).count).toBe(6);
    expect(numberAppearing({ expression: '2*players', players: 3 }, dice('x')).count).toBe(6);
    expect(numberAppearing({ expression: 'players/2', players: 5 }, dice('x')).count).toBe(3);
    expect(numberAppearing({ expression: '(players + 1) * 2 - 3', players: 4 }, dice('x')).count).toBe(7);
    expect(numberAppearing({ expression: '1d4+players', players: 2 }, scripted([3]))).toEqual({
      expression: '1d4+players',
      players: 2,
      count: 5,
      min: 3,
      max: 6,
    });
    expect(numberAppearingRange('2d6-players', 4)).toEqual({ min: 0, max: 8 });
  });

  it('names the position of what it refuses', () => {
    const refusal = (expression: string) => {
      try {
        parseNumberAppearing(expression);
        return null;
      } catch (e) {
        return { field: (e as RuleError).field, message: (e as RuleError).message };
      }
    };
    expect(refusal('players+')).toMatchObject({
      field: 'expression',
      message: expect.stringContaining('position 9'),
    });
    expect(refusal('2 % 3')).toMatchObject({ message: expect.stringContaining('position 3') });
    expect(refusal('(1+2')).toMatchObject({ message: expect.stringContaining('position 5') });
    expect(refusal('1d1')).toMatchObject({ message: expect.stringContaining('two sides') });
  });

  it('refuses a result that could pass 1,000 before rolling', () => {
    const d = dice('x');
    expect(() => numberAppearing({ expression: '1000d6', players: 1 }, d)).toThrow(/1000/);
    expect(d.faces).toEqual([]);
    expect(() => numberAppearing({ expression: '10/(players-4)', players: 4 }, d)).toThrow(/divisor/);
  });

  it('answers any string with a bounded count in [min, max] or a rule error, never anything else', () => {
    const alphabet = fc.constantFrom(
      '1',
      '2',
      '6',
      '0',
      'd',
      '+',
      '-',
      '*',
      '/',
      '(',
      ')',
      ' ',
      'players',
      'x',
      '9',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 14 }).map((parts) => parts.join('')),
        fc.integer({ min: 0, max: 100 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (expression, players, seed) => {
          try {
            const out = numberAppearing({ expression, players }, dice(seed));
            expect(out.count).toBeGreaterThanOrEqual(out.min);
            expect(out.count).toBeLessThanOrEqual(out.max);
            expect(out.max).toBeLessThanOrEqual(1000);
          } catch (e) {
            expect(e).toBeInstanceOf(RuleError);
            expect((e as RuleError).field).toBe('expression');
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('encounterCheckV1 (rolls logged as encounters.check before referee tables)', () => {
  // Outcomes produced by the landed version of `encounterCheck` (commit 5b136bd) for fixed seeds.
  it.each(checkV1Golden.map((c) => [c.input.scale, c.seed, c] as const))(
    '%s, seed %s replays to the stored faces and outcome',
    (_scale, seed, stored) => {
      const d = dice(seed);
      const outcome = encounterCheckV1(stored.input as Parameters<typeof encounterCheckV1>[0], d);
      expect([...d.faces]).toEqual(stored.faces);
      expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(stored.outcome);
    },
  );

  it('the golden set holds encounters, omens and quiet checks', () => {
    const results = new Set(checkV1Golden.map((c) => c.outcome.result));
    expect([...results].sort()).toEqual(['encounter', 'none', 'omen']);
  });
});

describe('encounterCheckV2 (rolls logged as encounters.check.v2, before non-creatures went uncounted)', () => {
  // Outcomes produced by encounterCheck before v3 (commit 9a0c2a1) for a table of every kind.
  it.each(checkV2Golden.map((c) => [c.outcome.entry.text, c.seed, c] as const))(
    '%s, seed %s replays to the stored faces and outcome',
    (_text, seed, stored) => {
      const d = dice(seed);
      const outcome = encounterCheckV2(stored.input as Parameters<typeof encounterCheckV2>[0], d);
      expect([...d.faces]).toEqual(stored.faces);
      expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(stored.outcome);
    },
  );
});

describe('encounterCheck v3: number appearing only for creatures', () => {
  const cases = checkV2Golden.map((c) => ({ ...c, input: c.input as Parameters<typeof encounterCheck>[0] }));

  it('tells creatures from sites, hazards, omens and weather, whatever the case', () => {
    for (const kind of ['site', 'hazard', 'omen', 'weather', ' Hazard ', 'WEATHER']) {
      expect(isCreatureKind(kind)).toBe(false);
    }
    for (const kind of [null, 'people', 'beasts', 'monster', 'undead'])
      expect(isCreatureKind(kind)).toBe(true);
  });

  it.each(cases.map((c) => [c.outcome.entry.text, c.outcome.entry.kind, c] as const))(
    '%s (%s): a non-creature without its own number gets none, everything else is counted as before',
    (_text, kind, stored) => {
      const outcome = encounterCheck(stored.input, dice(stored.seed));
      const entry = stored.outcome.entry;
      expect(outcome.result).toBe('encounter');
      expect(outcome.entry?.text).toBe(entry.text);
      if (isCreatureKind(kind) || entry.numberAppearing !== null) {
        // Creatures, and a hazard that names its number, roll exactly as v2 did.
        expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(stored.outcome);
      } else {
        expect(outcome.numberAppearing).toBeNull();
        // The graded collapsing bridge is one adversary, not `players` of them.
        if (outcome.adversary) expect(outcome.adversary.count).toBe(1);
        // No dice were spent on a number: the v2 answer differs, hence the new procedure name.
        expect(JSON.parse(JSON.stringify(outcome))).not.toStrictEqual(stored.outcome);
      }
    },
  );

  it('a non-creature entry that names its number appearing rolls it', () => {
    const quicksand = cases.find((c) => c.outcome.entry.text === 'Quicksand with leeches');
    expect(quicksand).toBeDefined();
    const outcome = encounterCheck(quicksand!.input, dice(quicksand!.seed));
    expect(outcome.numberAppearing).toMatchObject({ expression: '1d3' });
  });

  it('without a table every encounter is counted, as before (input expression or players)', () => {
    for (let i = 0; i < 30; i++) {
      const input = { scale: 'overland' as const, players: 3 };
      const v3 = encounterCheck(input, dice(`plain-${i}`));
      expect(v3).toEqual(encounterCheckV2(input, dice(`plain-${i}`)));
      if (v3.result === 'encounter') expect(v3.numberAppearing).not.toBeNull();
    }
  });
});
