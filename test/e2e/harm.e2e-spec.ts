import { DATABASE_KIND, startApp, TestApp } from './harness';
import { codes, gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';

describe(`harm, stateless (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const post = (path: string, body: object) => t.http.post(`/v1/harm/${path}`).send(body);
  const sum = (odds: Record<string, number>) => Object.values(odds).reduce((a, b) => a + b, 0);

  describe('Cairn', () => {
    it('takes Armor, then HP; exactly 0 gives the scar for the HP lost, seeded', async () => {
      const res = await post('cairn/damage', {
        hp: 4,
        maxHp: 6,
        str: 12,
        armor: 1,
        damage: 5,
        seed: 's1',
      }).expect(200);
      expect(res.body).toMatchObject({
        damage: 5,
        armor: 1,
        dealt: 4,
        hp: 0,
        str: 12,
        overflow: 0,
        criticalSave: null,
        state: 'up',
        scar: { entry: 4, name: 'Broken Limb' },
        seed: 's1',
        rng: 'xoroshiro128plus@1',
        odds: { damage: null, scar: 1, strDamage: 0, critical: 0, dead: 0 },
      });
      expect(res.body.scar.followUps.map((f: { timing: string }) => f.timing)).toEqual([
        'now',
        'once-mended',
      ]);
      expect(res.body.faces).toHaveLength(3);
      const again = await post('cairn/damage', {
        hp: 4,
        maxHp: 6,
        str: 12,
        armor: 1,
        damage: 5,
        seed: 's1',
      }).expect(200);
      expect(again.body).toEqual(res.body);
    });

    it('sends damage past 0 to STR and calls the save at the new STR, with its odds', async () => {
      const res = await post('cairn/damage', { hp: 2, str: 10, armor: 0, die: 'd12', seed: 'crit-3' }).expect(
        200,
      );
      expect(res.body.odds.damage).toHaveLength(12);
      // Face 2 leaves HP at exactly 0 (a scar); faces 3 to 12 reach STR.
      expect(res.body.odds.scar).toBeCloseTo(1 / 12, 15);
      expect(res.body.odds.strDamage).toBeCloseTo(10 / 12, 15);
      expect(res.body.hp).toBe(Math.max(0, 2 - res.body.damage));
      expect(res.body.overflow).toBe(Math.max(0, res.body.damage - 2));
      if (res.body.overflow > 0 && res.body.str > 0) {
        expect(res.body.criticalSave).toMatchObject({
          target: 10 - res.body.overflow,
          odds: { pass: (10 - res.body.overflow) / 20 },
        });
      }
      const forced = await post('cairn/damage', { hp: 0, str: 6, damage: 2, seed: 'x' }).expect(200);
      expect(forced.body).toMatchObject({
        str: 4,
        strLost: 2,
        criticalSave: { target: 4, odds: { pass: 0.2 } },
      });
    });

    it('rests, deprivation and the scars table', async () => {
      const rest = await post('cairn/rests', { kind: 'night', hp: 1, maxHp: 5, fatigue: 2 }).expect(200);
      expect(rest.body).toMatchObject({ hp: 5, fatigue: 0, blocked: false });
      expect(rest.body.changes).toEqual([
        { field: 'hp', delta: 4, after: 5 },
        { field: 'fatigue', delta: -2, after: 0 },
      ]);
      const deprived = await post('cairn/deprivation', { days: 3, freeSlots: 1 }).expect(200);
      expect(deprived.body).toMatchObject({ fatigue: 2, itemsToDrop: 1 });
      const scars = await t.http.get('/v1/harm/cairn/scars').expect(200);
      expect(scars.body.items).toHaveLength(12);
    });

    it('refuses a bad attribute and damage with a die, naming the field (400)', async () => {
      expectProblem(
        await post('cairn/damage', { hp: 1, str: 31, damage: 1 }),
        400,
        'VALIDATION_FAILED',
        'str',
      );
      expectProblem(
        await post('cairn/damage', { hp: 1, str: 5, damage: 1, die: 'd6' }),
        400,
        'VALIDATION_FAILED',
        'die',
      );
      expectProblem(await post('cairn/damage', { hp: 1, str: 5 }), 400, 'VALIDATION_FAILED', 'damage');
    });
  });

  describe('COEAC', () => {
    it('damage: Block, bonus HP, HP, down and out', async () => {
      const res = await post('coeac/damage', {
        hp: 3,
        bonusHp: 1,
        damage: 7,
        block: { kind: 'light-armor' },
      }).expect(200);
      expect(res.body).toMatchObject({
        blocked: 2,
        blockUsesLeft: 0,
        bonusHpLost: 1,
        hpLost: 3,
        hp: 0,
        excess: 1,
        downAndOut: true,
        downAndOutChecks: 1,
      });
      expect(res.body.changes).toEqual([
        { field: 'blockUses', delta: -1, after: 0 },
        { field: 'bonusHp', delta: -1, after: 0 },
        { field: 'hp', delta: -3, after: 0 },
      ]);
      expectProblem(
        await post('coeac/damage', { hp: 3, damage: 1, block: { kind: 'plate' } }),
        400,
        'VALIDATION_FAILED',
        'block.kind',
      );
    });

    it('Down and Out: 2d6 with exact odds summing to 1, death 8/36', async () => {
      const res = await post('coeac/down-and-out', {
        seed: 'doo',
        skills: ['Medicine', 'Streetwise'],
        saves: ['Vigor'],
      }).expect(200);
      expect(res.body.roll).toBeGreaterThanOrEqual(2);
      expect(res.body.odds.death).toBe(8 / 36);
      expect(sum(res.body.odds)).toBeCloseTo(1, 15);
      expect(res.body.faces.slice(0, 2).reduce((a: number, b: number) => a + b, 0)).toBe(res.body.roll);
      const aided = await post('coeac/down-and-out', { medicine: { pool: 5 }, seed: 'm' }).expect(200);
      expect(aided.body.aid).toMatchObject({ dice: 5, odds: { success: 0.5 } });
      expect(sum(aided.body.odds)).toBeCloseTo(1, 15);
      expect(aided.body.odds.unaided).toBe(0.5);
      const table = await t.http.get('/v1/harm/coeac/down-and-out').expect(200);
      expect(table.body.items).toHaveLength(11);
      expectProblem(
        await post('coeac/down-and-out', { medicine: { pool: -1 } }),
        400,
        'VALIDATION_FAILED',
        'medicine.pool',
      );
    });

    it('rests, eating and armour kinds', async () => {
      const short = await post('coeac/rests', { kind: 'short', hp: 1, maxHp: 8, rations: true }).expect(200);
      expect(short.body).toMatchObject({ hp: 4, classResource: 1, rationsDepletionCheck: true });
      const long = await post('coeac/rests', {
        kind: 'long',
        hp: 1,
        maxHp: 8,
        rations: true,
        armor: ['heavy-armor', 'shield'],
      }).expect(200);
      expect(long.body).toMatchObject({ hp: 8, blockUses: [2, 1], dailyReset: true });
      const bones = await post('coeac/eating', { cut: 'bones', maxHp: 19, seed: 'b' }).expect(200);
      expect(bones.body.changes).toEqual([{ field: 'maxHp', delta: 1, after: 20 }]);
      const armor = await t.http.get('/v1/harm/coeac/armor').expect(200);
      expect(armor.body.items.map((r: { kind: string }) => r.kind)).toEqual([
        'light-armor',
        'heavy-armor',
        'shield',
      ]);
      expectProblem(
        await post('coeac/rests', { kind: 'short', hp: 9, maxHp: 8, rations: true }),
        400,
        'VALIDATION_FAILED',
        'hp',
      );
    });
  });

  describe('Archsoul', () => {
    it('reads the thresholds and rolls rounds unconscious', async () => {
      const out = await post('archsoul/condition', { hp: 2, endurance: 4, damage: 3, seed: 'a' }).expect(200);
      expect(out.body).toMatchObject({ hp: -1, deathBelow: -8, state: 'unconscious', wakesWith: 'disabled' });
      expect(out.body.unconsciousRounds).toBe(out.body.faces[0]);
      expect(sum(out.body.odds.unconsciousRounds)).toBeCloseTo(1, 15);
      const dead = await post('archsoul/condition', { hp: -13, endurance: 6 }).expect(200);
      expect(dead.body).toMatchObject({ state: 'dead', faces: [] });
      const statuses = await t.http.get('/v1/harm/archsoul/statuses').expect(200);
      expect(statuses.body.items).toHaveLength(5);
      expectProblem(await post('archsoul/condition', { hp: 1 }), 400, 'VALIDATION_FAILED', 'endurance');
    });
  });

  describe('G&M', () => {
    it('damage, the death roll, the heroic last effort, healing and NPC survival', async () => {
      const damage = await post('gm/damage', {
        survival: 4,
        damage: 6,
        archetypal: true,
        consciousness: 11,
        seed: 'g',
      }).expect(200);
      expect(damage.body).toMatchObject({
        survival: 0,
        injuries: 2,
        injuryPenalty: 2,
        deathRollDue: true,
        consciousnessRoll: { target: 9 },
      });
      const death = await post('gm/death-roll', { injuries: 2, endurance: 15, seed: 'd' }).expect(200);
      expect(death.body).toMatchObject({ injuriesTarget: 2, enduranceTarget: 13 });
      expect(death.body.odds.dying + death.body.odds.survives + death.body.odds.undecided).toBeCloseTo(1, 15);
      if (death.body.dying) expect(death.body.timer).toEqual({ amount: 13, unit: 'minutes', expired: false });
      const effort = await post('gm/heroic-last-effort', { score: 10, level: 3, seed: 'h' }).expect(200);
      expect(effort.body).toMatchObject({ target: 13, odds: { success: 0.65 } });
      const night = await post('gm/healing', {
        kind: 'night',
        level: 2,
        survival: 2,
        maxSurvival: 7,
        health: 12,
        seed: 'n',
      }).expect(200);
      expect([3, 4]).toContain(night.body.survival);
      const npc = await post('gm/npc-survival', { level: 4, warrior: true, seed: 'npc' }).expect(200);
      expect(npc.body).toMatchObject({
        die: 10,
        endurance: 12,
        enduranceEstimated: true,
        odds: { expected: 22, min: 4, max: 40 },
      });
      expectProblem(
        await post('gm/healing', { kind: 'night', level: 2, survival: 2, maxSurvival: 7 }),
        400,
        'VALIDATION_FAILED',
        'health',
      );
      expectProblem(
        await post('gm/death-roll', { injuries: 'two', endurance: 15 }),
        400,
        'VALIDATION_FAILED',
        'injuries',
      );
    });
  });

  it.each([
    ['cairn/rests', { kind: 'nap', hp: 1, maxHp: 3 }, 'kind'],
    ['cairn/deprivation', { days: -1 }, 'days'],
    ['coeac/eating', { cut: 'meat', hp: 1 }, 'maxHp'],
    ['coeac/eating', { cut: 'bones', maxHp: 5, preserve: true }, 'preserve'],
    ['gm/damage', { survival: 3, damage: 4, weaponDice: 3, evaded: true }, 'evaded'],
    ['gm/heroic-last-effort', { score: 10 }, 'level'],
    ['gm/npc-survival', { level: 0 }, 'level'],
    ['gm/healing', { kind: 'morning', level: 1, survival: 1, maxSurvival: 3 }, 'maxVerve'],
  ])('POST /v1/harm/%s refuses bad input with a 400 naming the field', async (path, body, field) => {
    expectProblem(await post(path, body), 400, 'VALIDATION_FAILED', field);
  });

  describe('GraphQL twins', () => {
    it('answer as REST does, over the same service', async () => {
      const rest = await post('cairn/damage', { hp: 3, str: 12, damage: 3, seed: 'twin' }).expect(200);
      const answer = await gql(
        t.server,
        `mutation($input: CairnDamageInput!) { cairnDamage(input: $input) {
           hp str overflow state seed rng faces
           scar { entry name effect conditions followUps { name roll faces total timing result odds change { field delta after } } }
           criticalSave { target roll passed odds { pass } }
           changes { field delta after } steps { name detail faces odds }
           odds { damage scar strDamage critical dead } } }`,
        { input: { hp: 3, str: 12, damage: 3, seed: 'twin' } },
      );
      expect(answer.errors).toBeUndefined();
      const {
        dealt: _d,
        damage: _dm,
        armor: _a,
        dex: _x,
        wil: _w,
        strLost: _s,
        conditions: _c,
        ...shared
      } = rest.body;
      void [_d, _dm, _a, _x, _w, _s, _c];
      expect(answer.data!.cairnDamage).toEqual(shared);
    });

    it('covers every system, and names the bad field', async () => {
      const answer = await gql(
        t.server,
        `mutation {
          downAndOut(input: { seed: "q" }) { roll result odds }
          archsoulCondition(input: { hp: 0, endurance: 3, seed: "q" }) { state unconsciousRounds }
          gmDamage(input: { survival: 3, damage: 5 }) { survival injuries consciousnessRollDue deathRollDue }
          gmDeathRoll(input: { injuries: 3, endurance: 12, unconscious: true, seed: "q" }) { dying enduranceTarget odds { dying survives undecided } }
          gmHeroicLastEffort(input: { score: 9, level: 1, seed: "q" }) { target }
          gmHealing(input: { kind: morning, level: 1, survival: 1, maxSurvival: 5, verve: 0, maxVerve: 9 }) { verve }
          gmNpcSurvival(input: { level: 2, seed: "q" }) { survival endurance }
          coeacEating(input: { cut: heart, skills: ["Medicine"], saves: ["Vigor"], seed: "q" }) { changes { field delta } }
        }`,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toMatchObject({
        archsoulCondition: { state: 'unconscious' },
        gmDamage: { survival: 0, injuries: 2, consciousnessRollDue: true, deathRollDue: true },
        gmDeathRoll: { enduranceTarget: 11 },
        gmHeroicLastEffort: { target: 10 },
        gmHealing: { verve: 9 },
        gmNpcSurvival: { endurance: 11 },
        coeacEating: {
          changes: [
            { field: 'skill:Medicine', delta: 1 },
            { field: 'save:Vigor', delta: 1 },
          ],
        },
      });
      expect(answer.data!.downAndOut.odds.death).toBe(8 / 36);
      const queries = await gql(
        t.server,
        `query {
          coeacDamage(input: { hp: 2, damage: 3, block: { kind: heavy_armor, usesLeft: 2 } }) { hp blocked blockUsesLeft downAndOut }
          coeacRest(input: { kind: long, hp: 1, maxHp: 6, rations: true, armor: [light_armor] }) { hp blockUses }
          cairnRest(input: { kind: week, hp: 1, maxHp: 4, healer: true, str: { current: 3, max: 11 } }) { hp str }
          cairnDeprivation(input: { days: 2 }) { fatigue }
          cairnScars { items { entry name } }
          coeacArmor { items { kind usesPerDay } }
          downAndOutTable { items { roll result } odds }
          archsoulStatuses { items { status } }
        }`,
      );
      expect(queries.errors).toBeUndefined();
      expect(queries.data).toMatchObject({
        coeacDamage: { hp: 1, blocked: 2, blockUsesLeft: 1, downAndOut: false },
        coeacRest: { hp: 6, blockUses: [1] },
        cairnRest: { hp: 4, str: 11 },
        cairnDeprivation: { fatigue: 1 },
      });
      const bad = await gql(
        t.server,
        `mutation { cairnDamage(input: { hp: 2, str: 40, damage: 1 }) { hp } }`,
      );
      expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
      expect(fieldsOf(bad.errors![0].extensions?.errors)).toContain('str');
      const exclusive = await gql(t.server, `mutation { cairnDamage(input: { hp: 2, str: 4 }) { hp } }`);
      expect(codes(exclusive)).toEqual(['VALIDATION_FAILED']);
      expect(fieldsOf(exclusive.errors![0].extensions?.errors)).toContain('damage');
    });
  });
});
