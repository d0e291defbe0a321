import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CHECK_CASES, CheckCase, checkMutation, dashed } from '../factories/checks';
import { codes, gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SEEDS = ['alpha', 'bravo', 'charlie'];

/** Every probability inside an `odds` object (lists included). */
function probabilities(odds: unknown): number[] {
  if (typeof odds === 'number') return [odds];
  if (Array.isArray(odds)) return odds.flatMap(probabilities);
  if (odds && typeof odds === 'object') return Object.values(odds).flatMap(probabilities);
  return [];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe(`every stateless check over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const rest = async (route: string, body: object): Promise<Body> =>
    (await t.http.post(`/v1/checks/${route}`).send(body).expect(200)).body;

  /** The first of `count` fixed seeds whose REST answer satisfies `wanted` (deterministic). */
  async function seedWhere(route: string, body: object, wanted: (answer: Body) => boolean, count = 400) {
    for (let i = 0; i < count; i++) {
      const answer = await rest(route, { ...body, seed: `search-${i}` });
      if (wanted(answer)) return answer;
    }
    throw new Error(`no seed among ${count} gave the wanted ${route} outcome`);
  }

  describe('REST and GraphQL agree', () => {
    const cases = CHECK_CASES.map((check) => [check.route, check] as [string, CheckCase]);

    it.each(cases)('%s: the same seed gives the same faces and outcome on both', async (_route, check) => {
      for (const seed of SEEDS) {
        const byRest = await rest(check.route, { ...check.body, seed });
        const answer = await gql(t.server, checkMutation(check), { i: { ...check.gqlInput, seed } });
        expect(answer.errors).toBeUndefined();
        expect(dashed(answer.data?.[check.mutation])).toEqual(byRest);
        // Signed only on request: the same answer plus its receipt.
        const { receipt, ...signed } = await rest(`${check.route}?receipt=true`, { ...check.body, seed });
        expect(signed).toEqual(byRest);
        expect(receipt).toMatchObject({ alg: 'Ed25519', document: { procedure: check.procedure, seed } });
        expect(byRest).toMatchObject({ seed, rng: 'xoroshiro128plus@1', rollId: null });
      }
    });

    it.each(cases)('%s: the same seed gives the same answer every time', async (_route, check) => {
      const first = await rest(check.route, { ...check.body, seed: 'again' });
      const second = await rest(check.route, { ...check.body, seed: 'again' });
      expect(second).toEqual(first);
    });

    it.each(cases)('%s: every probability in the odds lies in [0, 1]', async (_route, check) => {
      for (const seed of SEEDS) {
        // Damage odds also carry the expected damage, which is not a probability.
        const { expected: _expected, ...odds } = (await rest(check.route, { ...check.body, seed })).odds;
        const values = probabilities(odds);
        expect(values.length).toBeGreaterThan(0);
        for (const value of values) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }
    });
  });

  describe('versus', () => {
    it('splits the faces by side, counts 4–6 as successes, and its odds sum to 1', async () => {
      for (const seed of SEEDS) {
        const answer = await rest('versus', {
          first: { pool: 5 },
          second: { pool: 4, bonusDice: 1, penaltyDice: 2 },
          seed,
        });
        expect(answer.first.dice).toBe(5);
        expect(answer.second.dice).toBe(3);
        expect(answer.faces).toEqual([...answer.first.faces, ...answer.second.faces]);
        for (const side of [answer.first, answer.second]) {
          expect(side.faces).toHaveLength(side.dice);
          expect(side.successes).toBe(side.faces.filter((f: number) => f >= 4).length);
        }
        const diff = answer.first.successes - answer.second.successes;
        expect(answer.winner).toBe(diff > 0 ? 'first' : diff < 0 ? 'second' : 'tie');
        expect(answer.margin).toBe(Math.abs(diff));
        expect(answer.odds.first + answer.odds.second + answer.odds.tie).toBeCloseTo(1, 12);
      }
    });

    it('answers the exact odds of one die against one die', async () => {
      const answer = await rest('versus', { first: { pool: 1 }, second: { pool: 1 }, seed: 'one-each' });
      expect(answer.odds).toEqual({ first: 0.25, second: 0.25, tie: 0.5 });
    });

    it('costs each side 1 damage on a tie in combat, and nothing outside combat', async () => {
      const tie = await seedWhere(
        'versus',
        { first: { pool: 1 }, second: { pool: 1 }, combat: true },
        (a) => a.winner === 'tie',
      );
      expect(tie).toMatchObject({ margin: 0, tieDamage: 1 });
      const calm = await rest('versus', { first: { pool: 1 }, second: { pool: 1 }, seed: tie.seed });
      expect(calm).toMatchObject({ winner: 'tie', tieDamage: 0, faces: tie.faces });
      const won = await seedWhere(
        'versus',
        { first: { pool: 1 }, second: { pool: 1 }, combat: true },
        (a) => a.winner !== 'tie',
      );
      expect(won).toMatchObject({ margin: 1, tieDamage: 0 });
    });

    it('never rolls fewer than zero dice', async () => {
      const answer = await rest('versus', {
        first: { pool: 1, penaltyDice: 5 },
        second: { pool: 0 },
        seed: 'empty',
      });
      expect(answer).toMatchObject({
        first: { dice: 0, faces: [], successes: 0 },
        second: { dice: 0 },
        winner: 'tie',
        faces: [],
      });
      expect(answer.odds).toEqual({ first: 0, second: 0, tie: 1 });
    });
  });

  describe('damage', () => {
    it.each([
      [5, false, 5],
      [5, true, 3],
      [4, true, 2],
      [1, true, 1],
      [0, true, 0],
    ])('%i dice, saved %s, rolls %i dice', async (dice, saved, rolled) => {
      const answer = await rest('damage', { dice, saved, seed: `damage-${dice}` });
      expect(answer.dice).toBe(rolled);
      expect(answer.faces).toHaveLength(rolled);
      expect(answer.damage).toBe(answer.faces.filter((f: number) => f >= 4).length);
      expect(answer.odds.expected).toBe(rolled / 2);
      expect(answer.odds.distribution).toHaveLength(rolled + 1);
      expect(sum(answer.odds.distribution)).toBeCloseTo(1, 12);
    });

    it('answers the exact binomial distribution', async () => {
      const answer = await rest('damage', { dice: 3, seed: 'three' });
      expect(answer.odds.distribution).toEqual([1 / 8, 3 / 8, 3 / 8, 1 / 8]);
    });
  });

  describe('difficulty-pool (Archsoul)', () => {
    it('clamps a difficulty of 9 to 6 and says so', async () => {
      const answer = await rest('difficulty-pool', { stats: [3, 2], difficulty: 9, seed: 'clamp-high' });
      expect(answer).toMatchObject({
        dice: 5,
        requestedDifficulty: 9,
        effectiveDifficulty: 6,
        clamped: true,
        objective: 1,
        odds: { perDie: 1 / 6 },
      });
      expect(answer.successes).toBe(answer.faces.filter((f: number) => f === 6).length);
      expect(answer.odds.success).toBeCloseTo(1 - (5 / 6) ** 5, 12);
      const byGraphQL = await gql(
        t.server,
        'mutation { difficultyPoolCheck(input: { stats: [3, 2], difficulty: 9, seed: "clamp-high" }) { requestedDifficulty effectiveDifficulty clamped faces } }',
      );
      expect(byGraphQL.data?.difficultyPoolCheck).toEqual({
        requestedDifficulty: 9,
        effectiveDifficulty: 6,
        clamped: true,
        faces: answer.faces,
      });
    });

    it.each([
      [1, 2, true],
      [-3, 2, true],
      [2, 2, false],
      [4, 4, false],
      [6, 6, false],
      [7, 6, true],
    ])('difficulty %i is used as %i (clamped %s)', async (difficulty, effective, clamped) => {
      const answer = await rest('difficulty-pool', { stats: [4], difficulty, seed: `d${difficulty}` });
      expect(answer).toMatchObject({
        requestedDifficulty: difficulty,
        effectiveDifficulty: effective,
        clamped,
      });
      expect(answer.odds.perDie).toBeCloseTo((7 - effective) / 6, 15);
      expect(answer.successes).toBe(answer.faces.filter((f: number) => f >= effective).length);
      expect(answer.passed).toBe(answer.successes >= 1);
    });

    it('sums the stats and the bonus into the pool, never below zero dice', async () => {
      const bigger = await rest('difficulty-pool', {
        stats: [2, 1, 1],
        bonus: 2,
        difficulty: 4,
        objective: 2,
        seed: 's',
      });
      expect(bigger).toMatchObject({ dice: 6, objective: 2 });
      expect(bigger.faces).toHaveLength(6);
      const empty = await rest('difficulty-pool', { stats: [1, 1], bonus: -5, difficulty: 3, seed: 's' });
      expect(empty).toMatchObject({ dice: 0, faces: [], successes: 0, passed: false, odds: { success: 0 } });
      const exact = await rest('difficulty-pool', { stats: [2], difficulty: 4, seed: 's' });
      expect(exact.odds.success).toBe(0.75);
    });
  });

  describe('save (Cairn)', () => {
    it.each([
      [12, 12 / 20],
      [0, 1 / 20],
      [1, 1 / 20],
      [19, 19 / 20],
      [20, 19 / 20],
      [25, 19 / 20],
      [30, 19 / 20],
    ])('attribute %i passes with odds %d', async (attribute, odds) => {
      const answer = await rest('save', { attribute, seed: `save-${attribute}` });
      expect(answer.odds.success).toBeCloseTo(odds, 15);
      expect(answer.faces).toEqual([answer.roll]);
      expect(answer.roll).toBeGreaterThanOrEqual(1);
      expect(answer.roll).toBeLessThanOrEqual(20);
      const expected = answer.roll === 1 || (answer.roll !== 20 && answer.roll <= attribute);
      expect(answer.passed).toBe(expected);
    });

    it('a 20 always fails, even against attribute 25, and says why over REST and GraphQL', async () => {
      const twenty = await seedWhere('save', { attribute: 25 }, (a) => a.roll === 20);
      expect(twenty).toMatchObject({ attribute: 25, passed: false, automatic: 'always-fails' });
      const answer = await gql(
        t.server,
        'mutation($s: String) { saveCheck(input: { attribute: 25, seed: $s }) { roll passed automatic } }',
        {
          s: twenty.seed,
        },
      );
      expect(answer.data?.saveCheck).toEqual({ roll: 20, passed: false, automatic: 'always_fails' });
    });

    it('a 1 always passes, even against attribute 0', async () => {
      const one = await seedWhere('save', { attribute: 0 }, (a) => a.roll === 1);
      expect(one).toMatchObject({ attribute: 0, passed: true, automatic: 'always-passes' });
      const other = await seedWhere('save', { attribute: 0 }, (a) => a.roll > 1 && a.roll < 20);
      expect(other).toMatchObject({ passed: false, automatic: null });
    });
  });

  describe('ability (G&M)', () => {
    it('applies bonus, penalty, obstacle size and difficulty to the target', async () => {
      const answer = await rest('ability', {
        score: 12,
        bonus: 2,
        penalty: 1,
        obstacleSize: 4,
        difficulty: 'very-difficult',
        seed: 'target',
      });
      expect(answer).toMatchObject({
        target: 9,
        modifiers: { bonus: 2, penalty: 1, obstacle: 2, difficulty: -2 },
        odds: { success: 9 / 20 },
      });
      expect(answer.passed).toBe(answer.roll <= 9);
      const linear = await rest('ability', {
        score: 12,
        obstacleSize: 3,
        obstacleScaling: 'linear',
        seed: 'target',
      });
      expect(linear).toMatchObject({ target: 9, modifiers: { obstacle: 3 } });
    });

    it.each([
      ['incredibly-easy', 16],
      ['a-snap', 8],
      ['very-easy', 4],
      ['easy', 2],
      ['normal', 0],
      ['difficult', -1],
      ['very-difficult', -2],
      ['extremely-difficult', -4],
      ['nearly-impossible', -8],
      ['practically-impossible', -16],
    ])(
      'difficulty %s over REST and its GraphQL enum both modify the target by %i',
      async (level, modifier) => {
        const byRest = await rest('ability', { score: 10, difficulty: level, seed: level });
        expect(byRest.modifiers.difficulty).toBe(modifier);
        expect(byRest.target).toBe(10 + modifier);
        expect(byRest.odds.success).toBe(Math.min(20, Math.max(0, 10 + modifier)) / 20);
        const answer = await gql(
          t.server,
          `mutation($s: String) { abilityCheck(input: { score: 10, difficulty: ${level.replace(/-/g, '_')}, seed: $s }) { target roll } }`,
          { s: level },
        );
        expect(answer.data?.abilityCheck).toEqual({ target: byRest.target, roll: byRest.roll });
      },
    );
  });

  describe('contest (G&M)', () => {
    it.each([
      ['opposed', 'opposed'],
      ['same-goal', 'same_goal'],
    ])('in %s mode its odds sum to 1 and the last round decides', async (mode, gqlMode) => {
      for (const seed of SEEDS) {
        const body = { acting: { score: 14 }, resisting: { score: 12 }, mode, seed };
        const answer = await rest('contest', body);
        expect(answer.odds.acting + answer.odds.resisting + answer.odds.draw).toBeCloseTo(1, 12);
        expect(answer.faces).toHaveLength(answer.rounds.length * 2);
        const last = answer.rounds[answer.rounds.length - 1];
        for (const round of answer.rounds.slice(0, -1)) {
          expect(round.acting.passed && round.resisting.passed).toBe(true);
        }
        const expected =
          last.acting.passed && !last.resisting.passed
            ? 'acting'
            : !last.acting.passed && last.resisting.passed
              ? 'resisting'
              : !last.acting.passed && !last.resisting.passed && mode === 'opposed'
                ? 'resisting'
                : 'draw';
        expect(answer.winner).toBe(expected);
        const byGraphQL = await gql(
          t.server,
          `mutation($s: String) { contestCheck(input: { acting: { score: 14 }, resisting: { score: 12 }, mode: ${gqlMode}, seed: $s }) { winner faces odds { acting resisting draw } } }`,
          { s: seed },
        );
        expect(byGraphQL.data?.contestCheck).toEqual({
          winner: answer.winner,
          faces: answer.faces,
          odds: answer.odds,
        });
      }
    });

    it('stops after maxRounds and calls it a draw when both keep succeeding', async () => {
      const body = { acting: { score: 19 }, resisting: { score: 19 }, maxRounds: 1 };
      const answer = await seedWhere(
        'contest',
        body,
        (a) => a.rounds[0].acting.passed && a.rounds[0].resisting.passed,
      );
      expect(answer.rounds).toHaveLength(1);
      expect(answer.winner).toBe('draw');
      expect(answer.odds.draw).toBeCloseTo((19 / 20) ** 2, 12);
    });

    it('answers the same-goal draw odds exactly for a single round', async () => {
      const answer = await rest('contest', {
        acting: { score: 10 },
        resisting: { score: 10 },
        mode: 'same-goal',
        maxRounds: 1,
        seed: 'one-round',
      });
      expect(answer.odds).toEqual({ acting: 0.25, resisting: 0.25, draw: 0.5 });
    });
  });

  describe('table', () => {
    it('rolls d66 as a tens die and a units die: totals 11–66', async () => {
      const totals = new Set<number>();
      for (let i = 0; i < 40; i++) {
        const answer = await rest('table', { dice: 'd66', seed: `d66-${i}` });
        expect(answer.dice).toBe('d66');
        expect(answer.faces).toHaveLength(2);
        const [tens, units] = answer.faces;
        for (const face of answer.faces) {
          expect(face).toBeGreaterThanOrEqual(1);
          expect(face).toBeLessThanOrEqual(6);
        }
        expect(answer.total).toBe(tens * 10 + units);
        expect(answer.total).toBeGreaterThanOrEqual(11);
        expect(answer.total).toBeLessThanOrEqual(66);
        expect(answer.odds).toEqual({ outcome: 1 / 36, success: null, entry: null });
        expect(answer).toMatchObject({ success: null, entry: null });
        totals.add(answer.total);
      }
      expect(totals.size).toBeGreaterThan(10);
    });

    it('rolls d100 as one die from 1 to 100', async () => {
      for (let i = 0; i < 10; i++) {
        const answer = await rest('table', { dice: 'd100', seed: `d100-${i}` });
        expect(answer.faces).toEqual([answer.total]);
        expect(answer.total).toBeGreaterThanOrEqual(1);
        expect(answer.total).toBeLessThanOrEqual(100);
        expect(answer.odds.outcome).toBe(0.01);
      }
    });

    it('answers X-in-N with a success when the die shows X or less', async () => {
      for (let i = 0; i < 12; i++) {
        const answer = await rest('table', { dice: '2-in-6', seed: `chance-${i}` });
        expect(answer.dice).toBe('2-in-6');
        expect(answer.faces).toEqual([answer.total]);
        expect(answer.success).toBe(answer.total <= 2);
        expect(answer.odds.success).toBeCloseTo(1 / 3, 15);
        expect(answer.odds.outcome).toBeCloseTo(1 / 6, 15);
      }
    });

    it('looks the total up in the entries and gives the entry’s odds', async () => {
      const entries = [
        { min: 2, max: 6, result: 'hostile' },
        { min: 7, max: 12, result: 'curious' },
      ];
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const answer = await rest('table', { dice: '2d6', entries, seed: `lookup-${i}` });
        expect(answer.total).toBe(answer.faces[0] + answer.faces[1]);
        const line = entries.find((e) => e.min <= answer.total && answer.total <= e.max);
        expect(answer.entry).toEqual(line);
        expect(answer.odds.entry).toBeCloseTo(line?.min === 2 ? 15 / 36 : 21 / 36, 15);
        expect(answer.odds.outcome).toBeCloseTo((6 - Math.abs(answer.total - 7)) / 36, 15);
        seen.add(answer.entry.result);
      }
      expect(seen).toEqual(new Set(['hostile', 'curious']));
    });

    it('answers no entry for a total that falls in a gap', async () => {
      const miss = await seedWhere(
        'table',
        { dice: '2d6', entries: [{ min: 12, max: 12, result: 'boxcars' }] },
        (a) => a.total !== 12,
      );
      expect(miss).toMatchObject({ entry: null, odds: { entry: null } });
    });

    it('refuses overlapping entries with a 422 naming entries, over REST and GraphQL', async () => {
      const entries = [
        { min: 1, max: 3, result: 'a' },
        { min: 3, max: 6, result: 'b' },
      ];
      const res = await t.http.post('/v1/checks/table').send({ dice: 'd6', entries, seed: 'x' });
      expectProblem(res, 422, 'INVALID_INPUT', 'entries');
      const answer = await gql(t.server, 'mutation($i: TableRollInput!) { tableRoll(input: $i) { total } }', {
        i: { dice: 'd6', entries },
      });
      expect(codes(answer)).toEqual(['INVALID_INPUT']);
      expect(fieldsOf(answer.errors?.[0].extensions?.errors)).toEqual(['entries']);
    });

    it('refuses a die with fewer than 2 sides with a 422 naming dice', async () => {
      expectProblem(await t.http.post('/v1/checks/table').send({ dice: 'd1' }), 422, 'INVALID_INPUT', 'dice');
    });
  });

  describe('bad input', () => {
    const bad: [string, string, unknown, string][] = [
      ['pool', 'a missing field', { pool: 3 }, 'objective'],
      // A missing required side is refused by validation (400), not left for the rules core (422).
      ['versus', 'a missing side', { first: { pool: 3 } }, 'second'],
      ['versus', 'a side of the wrong type', { first: 'three', second: { pool: 3 } }, 'first'],
      ['versus', 'a nested wrong type', { first: { pool: '3' }, second: { pool: 3 } }, 'first.pool'],
      [
        'versus',
        'combat that is not a boolean',
        { first: { pool: 3 }, second: { pool: 3 }, combat: 'yes' },
        'combat',
      ],
      [
        'versus',
        'an unknown field',
        { first: { pool: 3 }, second: { pool: 3 }, third: { pool: 1 } },
        'third',
      ],
      [
        'versus',
        'an unknown nested field',
        { first: { pool: 3, luck: 1 }, second: { pool: 3 } },
        'first.luck',
      ],
      ['damage', 'a missing field', { saved: true }, 'dice'],
      ['damage', 'a wrong type', { dice: '4' }, 'dice'],
      ['damage', 'saved that is not a boolean', { dice: 4, saved: 1 }, 'saved'],
      ['damage', 'an unknown field', { dice: 4, critical: true }, 'critical'],
      ['difficulty-pool', 'a missing field', { stats: [3] }, 'difficulty'],
      ['difficulty-pool', 'stats of the wrong type', { stats: 'str', difficulty: 4 }, 'stats'],
      ['difficulty-pool', 'a stat of the wrong type', { stats: [1, 'a'], difficulty: 4 }, 'stats'],
      ['difficulty-pool', 'no stats', { stats: [], difficulty: 4 }, 'stats'],
      ['difficulty-pool', 'a fractional difficulty', { stats: [3], difficulty: 3.5 }, 'difficulty'],
      ['difficulty-pool', 'an unknown field', { stats: [3], difficulty: 4, edge: 1 }, 'edge'],
      ['save', 'a missing field', {}, 'attribute'],
      ['save', 'a wrong type', { attribute: '12' }, 'attribute'],
      ['save', 'an attribute above 30', { attribute: 31 }, 'attribute'],
      ['save', 'a negative attribute', { attribute: -1 }, 'attribute'],
      ['save', 'an unknown field', { attribute: 12, advantage: true }, 'advantage'],
      ['save', 'a seed that is too long', { attribute: 12, seed: 's'.repeat(129) }, 'seed'],
      ['ability', 'a missing field', { bonus: 2 }, 'score'],
      ['ability', 'a wrong type', { score: '12' }, 'score'],
      ['ability', 'an unknown difficulty', { score: 12, difficulty: 'hard' }, 'difficulty'],
      ['ability', 'an unknown scaling', { score: 12, obstacleScaling: 'tripling' }, 'obstacleScaling'],
      ['ability', 'an obstacle below 1', { score: 12, obstacleSize: 0.5 }, 'obstacleSize'],
      ['ability', 'an unknown field', { score: 12, luck: 1 }, 'luck'],
      ['contest', 'a missing side', { resisting: { score: 3 } }, 'acting'],
      ['contest', 'a nested wrong type', { acting: { score: 'x' }, resisting: { score: 3 } }, 'acting.score'],
      [
        'contest',
        'a nested unknown difficulty',
        { acting: { score: 3 }, resisting: { score: 3, difficulty: 'meh' } },
        'resisting.difficulty',
      ],
      ['contest', 'an unknown mode', { acting: { score: 3 }, resisting: { score: 3 }, mode: 'race' }, 'mode'],
      [
        'contest',
        'zero rounds',
        { acting: { score: 3 }, resisting: { score: 3 }, maxRounds: 0 },
        'maxRounds',
      ],
      [
        'contest',
        'an unknown field',
        { acting: { score: 3 }, resisting: { score: 3 }, winner: 'acting' },
        'winner',
      ],
      ['table', 'a missing field', { entries: [] }, 'dice'],
      ['table', 'a wrong type', { dice: 6 }, 'dice'],
      ['table', 'a malformed notation', { dice: '2d' }, 'dice'],
      ['table', 'entries of the wrong type', { dice: 'd6', entries: 'all' }, 'entries'],
      [
        'table',
        'an entry without a result',
        { dice: '2d6', entries: [{ min: 2, max: 6 }] },
        'entries[0].result',
      ],
      ['table', 'an unknown field', { dice: 'd6', modifier: 1 }, 'modifier'],
    ];

    it.each(bad)('%s: refuses %s with a 400 problem naming the field', async (route, _what, body, field) => {
      const res = await t.http.post(`/v1/checks/${route}`).send(body as object);
      expectProblem(res, 400, 'VALIDATION_FAILED', field);
    });

    it.each([
      ['saveCheck', 'SaveCheckInput', { attribute: 31 }, 'attribute'],
      ['abilityCheck', 'AbilityCheckInput', { score: -1 }, 'score'],
      ['damageRoll', 'DamageRollInput', { dice: -2 }, 'dice'],
      [
        'contestCheck',
        'ContestCheckInput',
        { acting: { score: 3 }, resisting: { score: 3 }, maxRounds: 0 },
        'maxRounds',
      ],
      ['difficultyPoolCheck', 'DifficultyPoolCheckInput', { stats: [], difficulty: 4 }, 'stats'],
      ['versusCheck', 'VersusCheckInput', { first: { pool: -1 }, second: { pool: 1 } }, 'first.pool'],
    ])(
      'GraphQL %s refuses an out-of-range value with VALIDATION_FAILED naming the field',
      async (mutation, type, input, field) => {
        const answer = await gql(t.server, `mutation($i: ${type}!) { ${mutation}(input: $i) { seed } }`, {
          i: input,
        });
        expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
        expect(fieldsOf(answer.errors?.[0].extensions?.errors)).toContain(field);
      },
    );

    it('GraphQL refuses a literal of the wrong type as a GraphQL validation error', async () => {
      const answer = await gql(t.server, 'mutation { saveCheck(input: { attribute: "twelve" }) { roll } }');
      expect(answer.status).toBe(400);
      expect(codes(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    });

    // Regression: the cost estimate once coerced the variables itself and turned their error into a 500.
    it('GraphQL refuses a variable of the wrong type with a 4xx, never a 5xx', async () => {
      const answer = await gql(t.server, 'mutation($i: SaveCheckInput!) { saveCheck(input: $i) { roll } }', {
        i: { attribute: 'twelve' },
      });
      expect(codes(answer)).not.toContain('INTERNAL_SERVER_ERROR');
      expect(answer.status).toBe(400);
    });
  });
});
