import { DATABASE_KIND, startApp, TestApp } from './harness';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

/** Each stateless hazard: its REST path, its GraphQL field and input type, a body, and what it selects. */
const HAZARDS = [
  {
    path: 'gm/falls',
    field: 'gmFall',
    type: 'GmFallInput',
    body: { feet: 15, evasion: 11 },
    select:
      'faces damage survival injuries seconds evasion { effect rolled passed } effects { track change status } odds { evasion damage { value probability } }',
    bad: { body: { feet: 0 }, field: 'feet' },
  },
  {
    path: 'gm/jumps',
    field: 'gmJump',
    type: 'GmJumpInput',
    body: { agility: 12, strength: 15, distance: 4 },
    select:
      'roll faces target passed reached modifiers { name value } odds { success reached { value probability } }',
    bad: { body: { agility: 12, strength: 15 }, field: 'distance' },
  },
  {
    path: 'gm/suffocation',
    field: 'gmSuffocation',
    type: 'GmSuffocationInput',
    body: { rounds: 30, endurance: 11, health: 9 },
    select:
      'buffer bufferRoll faces injuries rolls { round penalty target roll passed } odds { injuries { value probability } }',
    bad: { body: { rounds: -1, endurance: 11, health: 9 }, field: 'rounds' },
  },
  {
    path: 'archsoul/exertion',
    field: 'archsoulExertion',
    type: 'ExertionInput',
    body: { endurance: 3, resolve: 2, activity: 'heavy', minutes: 40, conditions: ['heat'] },
    select:
      'rollsDue faces fatigueAfter fatigueLevel rolls { target difficulty successes passed } modifiers { name value } odds { fatigueAfter { value probability } }',
    bad: { body: { endurance: 3, activity: 'jogging', minutes: 40 }, field: 'activity' },
  },
  {
    path: 'archsoul/falls',
    field: 'archsoulFall',
    type: 'ArchsoulFallInput',
    body: { meters: 7 },
    select: 'dice faces successes damage effects { change } odds { damage { value probability } }',
    bad: { body: { meters: 'high' }, field: 'meters' },
  },
];

describe(`stateless hazards over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe.each(HAZARDS)('POST /v1/hazards/$path', (hazard) => {
    it('answers with seed, generator and the same dice from the same seed over REST and GraphQL', async () => {
      const res = await t.http
        .post(`/v1/hazards/${hazard.path}`)
        .send({ ...hazard.body, seed: 'golden-hazard' })
        .expect(200);
      expect(res.body).toMatchObject({ seed: 'golden-hazard', rng: 'xoroshiro128plus@1', rollId: null });
      const answer = await gql(
        t.server,
        `mutation($i: ${hazard.type}!) { ${hazard.field}(input: $i) { ${hazard.select} seed rng } }`,
        { i: { ...hazard.body, seed: 'golden-hazard' } },
      );
      expect(answer.errors).toBeUndefined();
      expect(res.body).toMatchObject(answer.data?.[hazard.field]);
    });

    it('refuses bad input with a 400 problem naming the field, over both', async () => {
      const res = await t.http.post(`/v1/hazards/${hazard.path}`).send(hazard.bad.body);
      expectProblem(res, 400, 'VALIDATION_FAILED', hazard.bad.field);
      const answer = await gql(
        t.server,
        `mutation($i: ${hazard.type}!) { ${hazard.field}(input: $i) { seed } }`,
        { i: hazard.bad.body },
      );
      expect(answer.errors).toBeDefined();
    });
  });

  it('a G&M fall of 45 feet: 4d6, one point per die to injuries, exact odds', async () => {
    const res = await t.http.post('/v1/hazards/gm/falls').send({ feet: 45, seed: 'fall-45' }).expect(200);
    expect(res.body).toMatchObject({
      dice: 4,
      damageFaces: [3, 2, 1, 6],
      damage: 12,
      injuries: 4,
      survival: 8,
      seconds: 4,
      evasion: { effect: 'none', rolled: false },
      effects: [
        { track: 'survival', change: -8, status: null },
        { track: 'injuries', change: 4, status: null },
      ],
    });
    expect(total(res.body.odds.damage)).toBeCloseTo(1, 12);
  });

  it('an Archsoul heavy march that fatigues, then exhausts, then knocks out', async () => {
    const res = await t.http
      .post('/v1/hazards/archsoul/exertion')
      .send({ endurance: 4, resolve: 2, activity: 'heavy', minutes: 45, seed: 'march' })
      .expect(200);
    expect(res.body.rolls.map((r: { fatigueAfter: number }) => r.fatigueAfter)).toEqual([1, 2, 3]);
    expect(res.body.rolls.map((r: { target: number }) => r.target)).toEqual([3, 4, 5]);
    expect(res.body).toMatchObject({ fatigueLevel: 'unconscious', toleranceMinutes: 15, rollsDue: 3 });
  });

  it('accepts the dashed condition names as GraphQL enum values with underscores', async () => {
    const answer = await gql(
      t.server,
      'mutation { archsoulExertion(input: { endurance: 5, activity: light, hours: 10, conditions: [heavy_load, half_water] }) { modifiers { name value } } }',
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.archsoulExertion.modifiers).toEqual([
      { name: 'heavy-load', value: 1 },
      { name: 'half-water', value: 2 },
    ]);
  });

  it('refuses both hours and minutes with a problem naming the field', async () => {
    const res = await t.http
      .post('/v1/hazards/archsoul/exertion')
      .send({ endurance: 3, activity: 'light', hours: 1, minutes: 5 });
    expectProblem(res, 422, 'INVALID_INPUT', 'minutes');
    const answer = await gql(
      t.server,
      'mutation { archsoulExertion(input: { endurance: 3, activity: light, hours: 1, minutes: 5 }) { seed } }',
    );
    expect(codes(answer)).toEqual(['INVALID_INPUT']);
  });
});
