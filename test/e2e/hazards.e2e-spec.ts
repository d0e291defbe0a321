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
  {
    path: 'gm/ailments',
    field: 'gmAilment',
    type: 'GmAilmentInput',
    body: { ailment: 'alcohol', contact: 'willing', reaction: 11, actionTimesAfter: 3 },
    select:
      'name kind strength reaction contracted ongoing applications total faces steps { actionTime phase target roll passed applied amount } odds { contract applications { value probability } }',
    bad: { body: { ailment: 'plague', contact: 'willing', reaction: 11 }, field: 'ailment' },
  },
  {
    path: 'gm/aging',
    field: 'gmAging',
    type: 'GmAgingInput',
    body: { from: 40, to: 45, endurance: 12 },
    select: 'threshold ages injuries effects { track change status }',
    bad: { body: { from: 40, endurance: 12 }, field: 'to' },
  },
  {
    path: 'gm/illusions',
    field: 'gmIllusion',
    type: 'GmIllusionInput',
    body: { method: 'willpower', score: 12, penalty: 5, phantasmalSurvival: 14 },
    select:
      'target roll passed disbelieved allyBonus recovery { survivalBack survivalKept } odds { success }',
    bad: { body: { method: 'staring', score: 12 }, field: 'method' },
  },
  {
    path: 'gm/item-reactions',
    field: 'gmItemReaction',
    type: 'GmItemReactionInput',
    body: { material: 'glass', attack: 'bludgeon', thicknessSixteenths: 16 },
    select: 'rolled target roll damaged thicknessBonus odds { success }',
    bad: { body: { material: 'cheese', attack: 'fire' }, field: 'material' },
  },
  {
    path: 'gm/speeds',
    field: 'gmSpeed',
    type: 'GmSpeedInput',
    body: { movement: 10, speed: 'jog', endurance: 12, outdoors: true },
    select: 'yardsPerMinute feetPerRound timeBaseRounds reactionPenalty attackBonus modifiers { name value }',
    bad: { body: { movement: 10, speed: 'crawl', endurance: 12 }, field: 'speed' },
  },
  {
    path: 'gm/forced-march',
    field: 'gmForcedMarch',
    type: 'GmForcedMarchInput',
    body: { health: 11, periods: 3, movementGivenUp: 1 },
    select: 'injuries faces rolls { target roll passed } odds { injuries { value probability } }',
    bad: { body: { health: 11, periods: 3, thirst: 5 }, field: 'thirst' },
  },
  {
    path: 'gm/daily-movement',
    field: 'gmDailyMovement',
    type: 'GmDailyMovementInput',
    body: { movement: 8, endurance: 12, health: 11, days: 3, terrain: 'rough', pushedDays: 1 },
    select: 'milesPerDay miles restEvery restDaysDue march { injuries rolls { target roll } }',
    bad: { body: { movement: 8, endurance: 12, health: 11, days: 3, terrain: 'swamp' }, field: 'terrain' },
  },
  {
    path: 'gm/searches',
    field: 'gmSearch',
    type: 'GmSearchInput',
    body: { perception: 12, widthFeet: 40, lengthFeet: 40 },
    select: 'obstacleSize obstaclePenalty minutes target roll passed odds { success }',
    bad: { body: { perception: 12, widthFeet: 0, lengthFeet: 40 }, field: 'widthFeet' },
  },
  {
    path: 'gm/tracking',
    field: 'gmTracking',
    type: 'GmTrackingInput',
    body: { perception: 12, days: 2, quarry: 5 },
    select: 'target roll passed modifiers { name value } odds { success }',
    bad: { body: { perception: 12 }, field: 'days' },
  },
  {
    path: 'gm/cover-tracks',
    field: 'gmCoverTracks',
    type: 'GmCoverTracksInput',
    body: { perception: 14 },
    select: 'target roll passed trackerPenalty odds { success trackerPenalty { value probability } }',
    bad: { body: { perception: -1 }, field: 'perception' },
  },
  {
    path: 'gm/time',
    field: 'gmTime',
    type: 'GmTimeInput',
    body: { rounds: 12, minutes: 3 },
    select: 'seconds rounds minutes hours days',
    bad: { body: { rounds: 1.5 }, field: 'rounds' },
  },
  {
    path: 'archsoul/objects',
    field: 'archsoulObject',
    type: 'ArchsoulObjectInput',
    body: { material: 'wood', thickness: 5, damage: 3, weaponHardness: 6 },
    select: 'hardness hitPoints blow { objectDamage recoil weaponDamage } modifiers { name value }',
    bad: { body: { material: 'cheese', thickness: 5 }, field: 'material' },
  },
  {
    path: 'archsoul/blows',
    field: 'archsoulBlow',
    type: 'ArchsoulBlowInput',
    body: { pool: 6, tool: true },
    select: 'dice difficulty faces damage odds { damage { value probability } }',
    bad: { body: { pool: 200 }, field: 'pool' },
  },
  {
    path: 'archsoul/breath',
    field: 'archsoulBreath',
    type: 'ArchsoulBreathInput',
    body: { endurance: 3, strenuousRounds: 4, turnsWithoutAir: 5 },
    select:
      'airSeconds outOfAir faces drowning { turn roll lost } enduranceAfter dead odds { enduranceLost { value probability } }',
    bad: { body: { endurance: 31 }, field: 'endurance' },
  },
  {
    path: 'archsoul/swims',
    field: 'archsoulSwim',
    type: 'ArchsoulSwimInput',
    body: { endurance: 3, conditioning: 3, baseSpeed: 5, water: 'rapids', armor: 'noisy' },
    select: 'canSwim speed target difficulty faces successes passed odds { success }',
    bad: { body: { endurance: 3, baseSpeed: 5, water: 'lava' }, field: 'water' },
  },
  {
    path: 'archsoul/rest',
    field: 'archsoulRest',
    type: 'ArchsoulRestInput',
    body: { fatigue: 2, sleepHours: 8, hitPoints: 3, maxHitPoints: 10, drain: 30 },
    select: 'fullNight fatigueAfter hitPointsAfter drainAfter effects { change }',
    bad: { body: { sleepHours: 25 }, field: 'sleepHours' },
  },
  {
    path: 'archsoul/traps',
    field: 'archsoulTrap',
    type: 'ArchsoulTrapInput',
    body: { athletics: 2, awareness: 2 },
    select: 'dice difficulty faces successes avoided odds { success }',
    bad: { body: { awareness: 2 }, field: 'athletics' },
  },
  {
    path: 'archsoul/terrain',
    field: 'archsoulTerrain',
    type: 'ArchsoulTerrainInput',
    body: { speed: 5, difficult: true, actions: 2 },
    select: 'spacesPerAction spaces slowOnly',
    bad: { body: { speed: 5 }, field: 'difficult' },
  },
  {
    path: 'archsoul/underwater-attacks',
    field: 'archsoulUnderwaterAttack',
    type: 'ArchsoulUnderwaterAttackInput',
    body: { weapon: 'sword', damagePool: 5 },
    select: 'allowed damagePool difficulty holdsBreath',
    bad: { body: { weapon: 'sword' }, field: 'damagePool' },
  },
  {
    path: 'archsoul/underwater-hurts',
    field: 'archsoulUnderwaterHurt',
    type: 'ArchsoulUnderwaterHurtInput',
    body: { endurance: 3, skill: 2, damage: 3 },
    select: 'dice difficulty faces successes drowning odds { drowning }',
    bad: { body: { endurance: 3 }, field: 'damage' },
  },
  {
    path: 'coeac/travel',
    field: 'coeacTravel',
    type: 'CoeacTravelInput',
    body: { hexes: 3 },
    select:
      'hexes watches days encounters checks { index roll encounter } odds { encounterPerCheck atLeastOne }',
    bad: { body: { hexes: -3 }, field: 'hexes' },
  },
  {
    path: 'archsoul/object-attacks',
    field: 'archsoulObjectAttack',
    type: 'ArchsoulObjectAttackInput',
    body: { dice: 3, size: 'space' },
    select:
      'dice difficulty defence size cannotMiss faces successes hit margin modifiers { name value } odds { hit }',
    bad: { body: { dice: 3, size: 'huge' }, field: 'size' },
  },
  {
    path: 'coeac/mirror-road',
    field: 'coeacMirrorRoad',
    type: 'CoeacMirrorRoadInput',
    body: { days: 2 },
    select:
      'hexes days minutes turns encounters checks { index roll encounter } odds { encounterPerCheck atLeastOne }',
    bad: { body: { days: -1 }, field: 'days' },
  },
  {
    path: 'gm/concentration',
    field: 'gmConcentration',
    type: 'GmConcentrationInput',
    body: { evasion: 11, movement: 9, sustained: true, hit: true, penalty: 2 },
    select:
      'maxMovement defenceModifier canAttack roll { target roll passed } kept faces attributeModifiers { charisma wisdom intelligence } abilityModifiers { charisma wisdom intelligence } odds { kept }',
    bad: { body: { evasion: 11, penalty: -2 }, field: 'penalty' },
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

  it('an object larger than a space cannot be missed; a small one is missed on no successes (AS-18)', async () => {
    const large = await t.http
      .post('/v1/hazards/archsoul/object-attacks')
      .send({ dice: 2, size: 'large', seed: 'barn' })
      .expect(200);
    expect(large.body).toMatchObject({ defence: 0, cannotMiss: true, hit: true, odds: { hit: 1 } });
    const far = await t.http
      .post('/v1/hazards/archsoul/object-attacks')
      .send({ dice: 2, size: 'large', beyondAccurateRange: true, seed: 'barn' })
      .expect(200);
    expect(far.body.cannotMiss).toBe(false);
    expect(far.body.hit).toBe(far.body.successes > 0);
    expect(far.body.odds.hit).toBeCloseTo(0.75, 12);
  });

  it('the Mirror Road covers two days in two hours with four overland checks', async () => {
    const res = await t.http
      .post('/v1/hazards/coeac/mirror-road')
      .send({ days: 2, seed: 'mirror' })
      .expect(200);
    expect(res.body).toMatchObject({ hexes: 4, days: 2, minutes: 120, turns: 12 });
    expect(res.body.checks).toHaveLength(4);
    expect(res.body.odds.atLeastOne).toBeCloseTo(1 - (2 / 3) ** 4, 12);
  });

  it('G&M concentration: no roll unless a sustained concentration is hit', async () => {
    const res = await t.http
      .post('/v1/hazards/gm/concentration')
      .send({ movement: 8, hit: true })
      .expect(200);
    expect(res.body).toMatchObject({
      maxMovement: 4,
      defenceModifier: -1,
      roll: null,
      kept: true,
      faces: [],
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
