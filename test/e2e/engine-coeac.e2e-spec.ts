import { DATABASE_KIND, startApp, TestApp } from './harness';
import { restSheet, sheetOn } from './sheet-graphql';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  putSheet,
  sheetOf,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { coeacChannelingDefence, type CoeacChannelingDefenceInput } from '../../src/core/combat';
import { sheetDamage } from '../../src/core/harm/campaign';
import { createRng, Dice } from '../../src/core/random';
import { spellMastery } from '../../src/core/magic/coeac/channeling';

/*
 * Issue 39, the campaign engine for COEAC: every change the rules make to a stored COEAC sheet is
 * decided by the one harm transition (`harm.sheet-damage`, `harm.sheet-rest`), whichever route
 * caused it. Each case is a gap of the COEAC audit (../shared/coverage/coeac.md), over REST and
 * GraphQL.
 */

describe(`the campaign engine, COEAC (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const base = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;
  const replays = async (c: CampaignFixture, rollId: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}/replay`).set(c.auth).expect(200)).body.matches;
  const rollsOf = async (c: CampaignFixture, procedure: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls`).query({ procedure, limit: 100 }).set(c.auth).expect(200))
      .body.items as Array<{ id: string; procedure: string; outcome: Record<string, unknown> }>;

  describe('C1 / M6: max HP reaching 0 by any route is permanent death (003:173)', () => {
    it('a referee adjustment to max HP 0 kills through the transition (REST), which logs a roll that replays', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Brann' });
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 3, skills: { Medicine: 1 } });
      // Lowering it to 1 decides nothing.
      const some = await t.http
        .post(`${base(c, hero.id)}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'coeac', field: 'maxHp', delta: -2, reason: 'a curse' })
        .expect(201);
      expect(some.body.sheet.sheet).toMatchObject({ maxHp: 1, hp: 1, state: 'up' });
      expect(await rollsOf(c, 'harm.sheet-damage')).toEqual([]);
      const res = await t.http
        .post(`${base(c, hero.id)}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'coeac', field: 'maxHp', delta: -1, reason: 'the curse deepens' })
        .expect(201);
      expect(res.body.sheet.sheet).toMatchObject({ maxHp: 0, hp: 0, state: 'dead', harm: { state: 'dead' } });
      const [roll] = await rollsOf(c, 'harm.sheet-damage');
      expect(roll.outcome).toMatchObject({ state: 'dead', stateBefore: 'up' });
      expect(await replays(c, roll.id)).toBe(true);
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).harm.state).toBe('dead');
      // The dead do not act.
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/checks`)
          .set(c.auth)
          .send({ system: 'coeac', skill: 'Medicine', objective: 1 }),
        409,
        'CONFLICT',
        'characterId',
      );
    });

    it('a referee PUT that lowers max HP to 0 kills too; a sheet created without a maximum is not killed by a cast’s Control', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Petra' });
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 5 });
      const put = await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 0 });
      expect(put).toMatchObject({ maxHp: 0, state: 'dead', harm: { state: 'dead' } });
      const [roll] = await rollsOf(c, 'harm.sheet-damage');
      expect(await replays(c, roll.id)).toBe(true);
      // A sheet with no maximum yet (max HP 0 from the start) that spends a tracked value stays up.
      const other = await createCharacter(t.server, c, { name: 'Ivo' });
      await putSheet(t.server, c, other.id, 'coeac', { classResources: { Luck: { max: 2 } } });
      const spent = await t.http
        .post(`${base(c, other.id)}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'coeac', field: 'classResources.Luck.current', delta: -1, reason: 'a lucky dodge' })
        .expect(201);
      expect(spent.body.sheet.sheet).toMatchObject({ maxHp: 0, state: 'up' });
      expect(await rollsOf(c, 'harm.sheet-damage')).toHaveLength(1);
    });

    it('the same over GraphQL; an adjustment of another value at max HP 1 decides nothing', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Sela' });
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 2 });
      const hp = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterConditionAdjustment(campaignId: $c, characterId: $h,
           input: { system: coeac, field: "hp", delta: -2, reason: "a fall" }) { sheet { sheet ${sheetOn('coeac')} } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(hp.errors).toBeUndefined();
      expect(hp.data!.characterConditionAdjustment.sheet.sheet).toMatchObject({ hp: 0, maxHp: 2 });
      expect(await rollsOf(c, 'harm.sheet-damage')).toEqual([]);
      const dead = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterConditionAdjustment(campaignId: $c, characterId: $h,
           input: { system: coeac, field: "maxHp", delta: -2, reason: "a wasting" }) { sheet { sheet ${sheetOn('coeac')} } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(dead.errors).toBeUndefined();
      expect(dead.data!.characterConditionAdjustment.sheet.sheet).toMatchObject({ maxHp: 0, state: 'dead' });
      const rolls = await rollsOf(c, 'harm.sheet-damage');
      expect(rolls).toHaveLength(1);
      expect(await replays(c, rolls[0].id)).toBe(true);
      const check = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h,
          input: { system: coeac, skill: "Medicine", objective: 1 }) { rollId } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(check)).toEqual(['CONFLICT']);
    });
  });
  describe('M5: a tie in the exchange on a channeler costs everyone in it 1 (003:137, combat.coeac-action.v2)', () => {
    const WITCH = {
      maxHp: 20,
      hp: 20,
      skills: { Ruin: 3 },
      saves: { Vigor: 1, Discipline: 2 },
      classResources: { Control: { current: 9, max: 9 }, Hekaphage: { current: 3, max: 3 } },
    };
    const ORC = { pool: 3, maxHp: 10, hp: 10 };
    const FIELDS = `rollId targets { id damage { damage state } }
      coeac { channeling { damageToDefender damageToAttacker backlashDamage attacker { successes }
        channeling { potency defence { damageTaken discipline { objective } } } } }`;

    /** Seeds on which this channeling input ties (the core the campaign rolls, on the same seed). */
    function tieSeeds(channeling: CoeacChannelingDefenceInput, count: number): string[] {
      const out: string[] = [];
      for (let i = 0; i < 400 && out.length < count; i++) {
        const seed = `witch-tie-${i}`;
        const x = coeacChannelingDefence({ ...channeling, ties: true }, new Dice(createRng(seed)));
        if (x.attacker.successes === x.channeling.potency) out.push(seed);
      }
      return out;
    }

    it('the channeler, the attacker and its supporter each take 1 (REST), and the one roll replays; the same over GraphQL', async () => {
      const c = await createCampaign(t.server);
      const witch = await createCharacter(t.server, c, { name: 'Witch' });
      await putSheet(t.server, c, witch.id, 'coeac', WITCH);
      const npc = async (name: string) => {
        const row = (
          await t.http
            .post(`/v1/campaigns/${c.id}/npcs`)
            .set(c.auth)
            .send({ name, kind: 'monster', visibility: 'players', showNumbers: true })
            .expect(201)
        ).body as { id: string };
        await t.http
          .put(`/v1/campaigns/${c.id}/npcs/${row.id}/sheets/coeac`)
          .set(c.auth)
          .send({ sheet: ORC })
          .expect(200);
        return row.id;
      };
      const orc = await npc('Orc');
      const goblin = await npc('Goblin');
      const combat = (
        await t.http
          .post(`/v1/campaigns/${c.id}/combats`)
          .set(c.auth)
          .send({
            system: 'coeac',
            combatants: [
              { characterId: witch.id, side: 'party' },
              { npcId: orc, side: 'foes' },
              { npcId: goblin, side: 'foes' },
            ],
          })
          .expect(201)
      ).body as { id: string };
      const actions = `/v1/campaigns/${c.id}/combats/${combat.id}/actions`;
      const channel = () =>
        t.http
          .post(actions)
          .set(c.auth)
          .send({ actor: witch.id, kind: 'defend', coeac: { channel: { spell: 'hekaphage' } } })
          .expect(201);
      const hp = async (path: string) =>
        (await t.http.get(`/v1/campaigns/${c.id}/${path}/sheets/coeac`).set(c.auth).expect(200)).body.sheet
          .hp;

      // Round 1: a probe, to read the channeling input the campaign builds from the sheets.
      await channel();
      const probe = (
        await t.http
          .post(actions)
          .set(c.auth)
          .send({
            actor: orc,
            kind: 'exchange',
            targets: [witch.id],
            coeac: { supporters: [goblin] },
            seed: 'probe',
          })
          .expect(201)
      ).body;
      const logged = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${probe.rollId}`).set(c.auth).expect(200))
        .body;
      expect(logged.procedure).toBe('combat.coeac-action.v3');
      const [first, second] = tieSeeds(logged.inputs.channeling, 2);
      expect(second).toBeDefined();
      await t.http.post(`/v1/campaigns/${c.id}/combats/${combat.id}/rounds`).set(c.auth).expect(200);

      // Round 2 (REST): a tie.
      await channel();
      const before = {
        witch: await hp(`characters/${witch.id}`),
        orc: await hp(`npcs/${orc}`),
        goblin: await hp(`npcs/${goblin}`),
      };
      const tie = (
        await t.http
          .post(actions)
          .set(c.auth)
          .send({
            actor: orc,
            kind: 'exchange',
            targets: [witch.id],
            coeac: { supporters: [goblin] },
            seed: first,
          })
          .expect(201)
      ).body;
      const x = tie.coeac.channeling;
      expect(x.attacker.successes).toBe(x.channeling.potency);
      expect(x).toMatchObject({ damageToDefender: 1, damageToAttacker: 1 });
      expect(x.channeling.defence.damageTaken).toBe(1);
      expect(x.channeling.defence.discipline).toMatchObject({ objective: 1 });
      expect(await hp(`characters/${witch.id}`)).toBe(before.witch - 1 - x.backlashDamage);
      expect(await hp(`npcs/${orc}`)).toBe(before.orc - 1);
      expect(await hp(`npcs/${goblin}`)).toBe(before.goblin - 1);
      expect(await replays(c, tie.rollId)).toBe(true);
      await t.http.post(`/v1/campaigns/${c.id}/combats/${combat.id}/rounds`).set(c.auth).expect(200);

      // Round 3 (GraphQL): another tie, the same answer.
      await channel();
      const orcBefore = await hp(`npcs/${orc}`);
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!, $g: ID!, $s: String!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: exchange, targets: [$t], coeac: { supporters: [$g] }, seed: $s }) { ${FIELDS} } }`,
        { c: c.id, k: combat.id, a: orc, t: witch.id, g: goblin, s: second },
        c.auth,
      );
      expect(viaGql.errors).toBeUndefined();
      const y = viaGql.data!.combatAction.coeac.channeling;
      expect(y.attacker.successes).toBe(y.channeling.potency);
      expect(y).toMatchObject({ damageToDefender: 1, damageToAttacker: 1 });
      expect(await hp(`npcs/${orc}`)).toBe(orcBefore - 1);
      expect(viaGql.data!.combatAction.targets.map((x: { id: string }) => x.id)).toEqual(
        expect.arrayContaining([witch.id, orc, goblin]),
      );
      expect(await replays(c, viaGql.data!.combatAction.rollId)).toBe(true);
    });
  });
  describe('rests (003:220–222, M2–M4): the majority’s Rations, an hour, a night', () => {
    async function party(rations: number) {
      const c = await createCampaign(t.server);
      const ids: string[] = [];
      for (const name of ['Ivo', 'Petra', 'Sela']) {
        const hero = await createCharacter(t.server, c, { name });
        await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 8, hp: 1 });
        ids.push(hero.id);
      }
      for (const id of ids.slice(0, rations))
        await t.http
          .post(`${base(c, id)}/inventory`)
          .set(c.auth)
          .send({ name: 'Rations', kind: 'gear', depletion: 11 })
          .expect(201);
      return { c, ids, hungry: ids[ids.length - 1] };
    }
    const itemsOf = async (c: CampaignFixture, id: string) =>
      (
        await t.http
          .get(`${base(c, id)}/inventory`)
          .set(c.auth)
          .expect(200)
      ).body.items as Array<{ name: string }>;
    type Rest = { ownerId: string; rested: boolean; rations: unknown; steps: Array<{ name: string }> };

    it('a party short rest (REST): 2 of 3 ate, so all three regain 3 HP; the hungry one spends nothing; the clock moves an hour (6 turns)', async () => {
      const { c, ids, hungry } = await party(2);
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/party/rests`)
        .set(c.auth)
        .send({ system: 'coeac', kind: 'short', seed: 'camp' })
        .expect(201);
      const rests = res.body.rests as Rest[];
      expect(rests.map((r) => r.rested)).toEqual([true, true, true]);
      for (const id of ids) expect((await sheetOf(t.server, c, id, 'coeac')).hp).toBe(4);
      const lone = rests.find((r) => r.ownerId === hungry)!;
      expect(lone.rations).toBeNull();
      expect(lone.steps.map((s) => s.name)).toContain('party-rations');
      expect(await itemsOf(c, hungry)).toEqual([]);
      expect(res.body.clock.passed).toEqual({ days: 0, watches: 0, turns: 6 });
      for (const r of rests) expect(await replays(c, (r as unknown as { rollId: string }).rollId)).toBe(true);
    });

    it('a single character’s short rest still moves the clock an hour (REST)', async () => {
      const { c, ids } = await party(1);
      const res = await t.http
        .post(`${base(c, ids[0])}/rests`)
        .set(c.auth)
        .send({ system: 'coeac', kind: 'short', seed: 'alone' })
        .expect(201);
      expect(res.body.rested).toBe(true);
      expect(res.body.clock.passed).toEqual({ days: 0, watches: 0, turns: 6 });
    });

    it('over GraphQL: 1 of 3 is no majority (nobody regains); a long rest runs to the next morning and needs one’s own Rations', async () => {
      const { c, ids, hungry } = await party(1);
      const short = await gql(
        t.server,
        `mutation($c: ID!) { restParty(campaignId: $c, input: { system: coeac, kind: short, seed: "thin" }) {
           rests { ownerId rested } clock } }`,
        { c: c.id },
        c.auth,
      );
      expect(short.errors).toBeUndefined();
      expect(short.data!.restParty.rests.map((r: Rest) => r.rested)).toEqual([false, false, false]);
      for (const id of ids) expect((await sheetOf(t.server, c, id, 'coeac')).hp).toBe(1);
      const clock = (await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200)).body;
      const long = await gql(
        t.server,
        `mutation($c: ID!) { restParty(campaignId: $c, input: { system: coeac, kind: long, seed: "night" }) {
           rests { ownerId rested } clock } }`,
        { c: c.id },
        c.auth,
      );
      expect(long.errors).toBeUndefined();
      const rested = Object.fromEntries(
        long.data!.restParty.rests.map((r: Rest) => [r.ownerId, r.rested]),
      ) as Record<string, boolean>;
      expect(rested).toEqual({ [ids[0]]: true, [ids[1]]: false, [hungry]: false });
      expect((await sheetOf(t.server, c, ids[0], 'coeac')).hp).toBe(8);
      const after = long.data!.restParty.clock as { to: { day: number; watch: number; turn: number } };
      expect(after.to).toMatchObject({ day: clock.day + 1, turn: 0 });
    });
  });
  describe('M1 (003:183): a shield’s Block use is its own, not shared with the armour', () => {
    it('heavy armour and a shield: the shield Blocks once (REST), then only the armour, twice (GraphQL); a long rest brings back both', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Tamsin' });
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 20, armor: { kind: 'heavy', shield: true } });
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).armor).toMatchObject({
        blockUses: 3,
        shieldBlockUses: 1,
        blockUsesPerDay: 3,
      });
      const shield = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 3, blockWith: 'shield', seed: 'spear' })
        .expect(201);
      expect(shield.body.changes).toEqual([
        { path: 'armor.blockUses', delta: -1, via: 'ledger' },
        { path: 'armor.shieldBlockUses', delta: -1, via: 'ledger' },
        { path: 'hp', delta: -1, via: 'ledger' },
      ]);
      expect(shield.body.sheet.sheet.armor).toMatchObject({ blockUses: 2, shieldBlockUses: 0 });
      expect(await replays(c, shield.body.rollId)).toBe(true);
      const hit = (blockWith: string, seed: string) =>
        gql(
          t.server,
          `mutation($c: ID!, $h: ID!, $s: String!) { damageCharacter(campaignId: $c, characterId: $h,
             input: { system: coeac, amount: 3, blockWith: ${blockWith}, seed: $s }) { changes { path delta } rollId } }`,
          { c: c.id, h: hero.id, s: seed },
          c.auth,
        );
      // The shield is spent for the day, though two uses are left (the armour's): no Block.
      const again = await hit('shield', 'club');
      expect(again.errors).toBeUndefined();
      expect(again.data!.damageCharacter.changes).toEqual([{ path: 'hp', delta: -3 }]);
      for (const seed of ['axe', 'maul']) {
        const armour = await hit('armor', seed);
        expect(armour.errors).toBeUndefined();
        expect(armour.data!.damageCharacter.changes).toEqual([
          { path: 'armor.blockUses', delta: -1 },
          { path: 'hp', delta: -1 },
        ]);
      }
      const spent = await hit('armor', 'pick');
      expect(spent.data!.damageCharacter.changes).toEqual([{ path: 'hp', delta: -3 }]);
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).armor).toMatchObject({
        blockUses: 0,
        shieldBlockUses: 0,
      });
      // A long rest (Rations eaten) brings back the day's uses, the shield's with them.
      await t.http
        .post(`${base(c, hero.id)}/inventory`)
        .set(c.auth)
        .send({ name: 'Rations', kind: 'gear', depletion: 11 })
        .expect(201);
      const rest = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'coeac', kind: 'long', seed: 'night', advanceClock: false })
        .expect(201);
      expect(rest.body.changes).toEqual(
        expect.arrayContaining([
          { path: 'armor.blockUses', delta: 3, via: 'ledger' },
          { path: 'armor.shieldBlockUses', delta: 1, via: 'ledger' },
        ]),
      );
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).armor).toMatchObject({
        blockUses: 3,
        shieldBlockUses: 1,
      });
    });

    it('a sheet that says shieldBlockUses without a shield is refused, naming the field (REST and GraphQL)', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Brann' });
      expectProblem(
        await t.http
          .put(`${base(c, hero.id)}/sheets/coeac`)
          .set(c.auth)
          .send({ sheet: { maxHp: 5, armor: { kind: 'light', shieldBlockUses: 1 } } }),
        400,
        'VALIDATION_FAILED',
        'sheet.armor.shieldBlockUses',
      );
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { putCharacterSheet(campaignId: $c, characterId: $h, system: coeac,
           input: { sheet: { maxHp: 5, armor: { kind: "light", shield: true, blockUses: 0, shieldBlockUses: 1 } } }) { system } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(viaGql)).toEqual(['VALIDATION_FAILED']);
    });
  });
  describe('C6 (003:201): Medicine aid after the blow, while the aid timer runs', () => {
    async function downed() {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Brann' });
      const friend = await createCharacter(t.server, c, { name: 'Ivo' });
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 4, saves: { Vigor: 1 }, skills: { Melee: 2 } });
      await putSheet(t.server, c, friend.id, 'coeac', { maxHp: 6, skills: { Medicine: 10 } });
      // One die cannot make Ob 3: the aid at the blow fails, the aid timer starts.
      const blow = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 6, medicine: { pool: 1 }, seed: 'ogre' })
        .expect(201);
      expect(blow.body).toMatchObject({ state: 'down-and-out', conditionsAdded: ['awaiting-aid'] });
      const timers = (
        await t.http
          .get(`${base(c, hero.id)}/harm-timers`)
          .set(c.auth)
          .expect(200)
      ).body.items;
      expect(timers).toMatchObject([{ kind: 'coeac-aid', effect: 'death' }]);
      return { c, hero, friend, timer: timers[0] as { endsAt: unknown } };
    }
    const aidUrl = (c: CampaignFixture, id: string) => `${base(c, id)}/down-and-out-aid`;

    it('a failed aid (REST) leaves the timer as it was; a second aider (GraphQL) succeeds, rolls the table and stops the timer', async () => {
      const { c, hero, friend, timer } = await downed();
      const failed = await t.http
        .post(aidUrl(c, hero.id))
        .set(c.auth)
        .send({ medicine: { pool: 2 }, seed: 'clumsy' })
        .expect(201);
      expect(failed.body).toMatchObject({ state: 'down-and-out', damage: 0, changes: [] });
      expect(failed.body.detail.downAndOut.result).toBe('unaided');
      expect(await replays(c, failed.body.rollId)).toBe(true);
      const still = (
        await t.http
          .get(`${base(c, hero.id)}/harm-timers`)
          .set(c.auth)
          .expect(200)
      ).body.items;
      expect(still).toMatchObject([{ kind: 'coeac-aid', endsAt: timer.endsAt }]);

      const aided = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $a: ID!) { aidDownAndOut(campaignId: $c, characterId: $h,
           input: { aiderId: $a, seed: "steady-hands" }) { state rollId detail sheet { sheet ${sheetOn('coeac')} } } }`,
        { c: c.id, h: hero.id, a: friend.id },
        c.auth,
      );
      expect(aided.errors).toBeUndefined();
      const answer = aided.data!.aidDownAndOut;
      expect(answer.detail.downAndOut.result).not.toBe('unaided');
      expect(answer.detail.downAndOut.aid).toMatchObject({ dice: 12, passed: true });
      expect(['down-and-out', 'dead']).toContain(answer.state);
      const sheet = restSheet('coeac', answer.sheet.sheet);
      expect(sheet.harm.conditions).not.toContain('awaiting-aid');
      expect(sheet.harm.timers).toBeUndefined();
      expect(await replays(c, answer.rollId)).toBe(true);
      const timers = await gql(
        t.server,
        `query($c: ID!, $h: ID!) { characterHarmTimers(campaignId: $c, characterId: $h) { items { kind } next } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(timers.data!.characterHarmTimers.items).toEqual([]);
      // Nobody awaits aid now: a further aid is a conflict naming the character.
      expectProblem(
        await t.http
          .post(aidUrl(c, hero.id))
          .set(c.auth)
          .send({ medicine: { pool: 4 } }),
        409,
        'CONFLICT',
        'characterId',
      );
    });

    it('issue 44: a player whose key binds the aider aids a friend (REST, GraphQL), told in events that match the sheet; a key binding neither is refused', async () => {
      type Event = {
        type: string;
        text: string;
        ownerId: string | null;
        path?: string | null;
        after?: number | null;
      };
      const { c, hero, friend } = await downed();
      const medic = await createKey(t.server, c, { role: 'player', characterIds: [friend.id] });
      const fallen = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      const stranger = await createCharacter(t.server, c, { name: 'Odo' });
      const other = await createKey(t.server, c, { role: 'player', characterIds: [stranger.id] });
      // Neither the aider nor the fallen: 403 naming the field, over both, and nothing rolled.
      expectProblem(
        await t.http.post(aidUrl(c, hero.id)).set(other.auth).send({ aiderId: friend.id }),
        403,
        'FORBIDDEN',
        'aiderId',
      );
      // The fallen character's own player may not spend another player's character's Medicine.
      expectProblem(
        await t.http.post(aidUrl(c, hero.id)).set(fallen.auth).send({ aiderId: friend.id }),
        403,
        'FORBIDDEN',
        'aiderId',
      );
      expectProblem(
        await t.http
          .post(aidUrl(c, hero.id))
          .set(other.auth)
          .send({ medicine: { pool: 4 } }),
        403,
        'FORBIDDEN',
        'characterId',
      );
      const refused = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $a: ID!) { aidDownAndOut(campaignId: $c, characterId: $h, input: { aiderId: $a }) { state } }`,
        { c: c.id, h: hero.id, a: friend.id },
        other.auth,
      );
      expect(codes(refused)).toEqual(['FORBIDDEN']);
      expect(await rollsOf(c, 'harm.sheet-damage')).toHaveLength(1);
      // The fallen character's own player, with a pool someone gave: allowed as before (a failure here).
      const own = await t.http
        .post(aidUrl(c, hero.id))
        .set(fallen.auth)
        .send({ medicine: { pool: 2 }, seed: 'clumsy' })
        .expect(201);
      expect(own.body.detail.downAndOut.result).toBe('unaided');
      const ownHead = (own.body.events as Event[])[0];
      expect(ownHead).toMatchObject({ type: 'aided', ownerId: hero.id, source: 'Medicine aid' });
      const tried = own.body.detail.downAndOut.aid as { successes: number };
      expect(ownHead.text).toBe(
        `Brann gets Medicine aid: ${tried.successes} success${tried.successes === 1 ? '' : 'es'} against Ob 3, not aided.`,
      );
      // The aider's player, over REST: 201 with the engine's events.
      const rest = await t.http
        .post(aidUrl(c, hero.id))
        .set(medic.auth)
        .send({ aiderId: friend.id, seed: 'steady-hands' })
        .expect(201);
      const table = rest.body.detail.downAndOut as {
        aid: { successes: number; passed: boolean };
        roll: number;
        name: string;
      };
      expect(table.aid.passed).toBe(true);
      const events = rest.body.events as Event[];
      expect(events[0]).toMatchObject({ type: 'aided', ownerId: hero.id, source: 'Medicine aid by Ivo' });
      expect(events[0].text).toContain(
        `Brann gets Medicine aid: ${table.aid.successes} successes against Ob 3, aided; Down and Out ${table.roll}, ${table.name}`,
      );
      expect(events.map((e) => e.type)).not.toContain('damaged');
      // The events say what the sheet after holds.
      const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(sheet.harm.conditions).not.toContain('awaiting-aid');
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'condition-removed', text: 'Brann is no longer awaiting aid.' }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'timer-ended', text: "Brann's coeac-aid timer ends." }),
      );
      for (const e of events.filter((x) => x.type === 'field-changed' && x.after !== null))
        expect(e.path!.split('.').reduce<any>((o, k) => o?.[k], sheet)).toBe(e.after); // eslint-disable-line @typescript-eslint/no-explicit-any
      if (sheet.harm.state === 'dead') expect(events.map((e) => e.type)).toContain('died');
      // The logged roll carries the same events (the feed sends them), a damage's timers answered only.
      const [logged] = (await rollsOf(c, 'harm.sheet-damage')).filter((r) => r.id === rest.body.rollId);
      expect((logged as unknown as { events: Event[] }).events).toEqual(
        events.filter((e) => !e.type.startsWith('timer-')),
      );
      expect(await replays(c, rest.body.rollId)).toBe(true);

      // Over GraphQL: a second fallen character, aided by the same player's Ivo.
      const second = await downed();
      const medic2 = await createKey(t.server, second.c, {
        role: 'player',
        characterIds: [second.friend.id],
      });
      const aided = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $a: ID!) { aidDownAndOut(campaignId: $c, characterId: $h,
           input: { aiderId: $a, seed: "steady-hands" }) { state rollId detail events { type text ownerId source } } }`,
        { c: second.c.id, h: second.hero.id, a: second.friend.id },
        medic2.auth,
      );
      expect(aided.errors).toBeUndefined();
      const answer = aided.data!.aidDownAndOut;
      expect(answer.events[0]).toMatchObject({
        type: 'aided',
        ownerId: second.hero.id,
        source: 'Medicine aid by Ivo',
      });
      expect(answer.events[0].text).toContain(`Down and Out ${answer.detail.downAndOut.roll}`);
      const refusedGql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $a: ID!) { aidDownAndOut(campaignId: $c, characterId: $h, input: { aiderId: $a }) { state } }`,
        { c: second.c.id, h: second.hero.id, a: second.friend.id },
        (await createKey(t.server, second.c, { role: 'player', characterIds: [second.hero.id] })).auth,
      );
      expect(codes(refusedGql)).toEqual(['FORBIDDEN']);
    });

    it('refuses bad input naming the field (REST and GraphQL), and a retried Idempotency-Key aids once', async () => {
      const { c, hero, friend } = await downed();
      expectProblem(
        await t.http.post(aidUrl(c, hero.id)).set(c.auth).send({}),
        400,
        'VALIDATION_FAILED',
        'medicine',
      );
      expectProblem(
        await t.http
          .post(aidUrl(c, hero.id))
          .set(c.auth)
          .send({ medicine: { pool: 3 }, aiderId: friend.id }),
        400,
        'VALIDATION_FAILED',
        'medicine',
      );
      expectProblem(
        await t.http
          .post(aidUrl(c, hero.id))
          .set(c.auth)
          .send({ medicine: { pool: -1 } }),
        400,
        'VALIDATION_FAILED',
        'medicine.pool',
      );
      expectProblem(
        await t.http.post(aidUrl(c, friend.id)).set(c.auth).send({ aiderId: hero.id }),
        409,
        'CONFLICT',
        'characterId',
      );
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { aidDownAndOut(campaignId: $c, characterId: $h, input: { aiderId: $h }) { state } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(viaGql)).toEqual(['UNPROCESSABLE']);
      // Nothing was rolled by the refusals.
      expect(await rollsOf(c, 'harm.sheet-damage')).toHaveLength(1);
      const send = () =>
        t.http
          .post(aidUrl(c, hero.id))
          .set(c.auth)
          .set('Idempotency-Key', `aid-${hero.id}`)
          .send({ medicine: { pool: 2 } });
      const first = (await send().expect(201)).body;
      const second = (await send().expect(201)).body;
      expect(second.rollId).toBe(first.rollId);
      expect(await rollsOf(c, 'harm.sheet-damage')).toHaveLength(2);
    });
  });
  describe('F12 (003:434–438): Spell Mastery by a stored character', () => {
    /** A seed on which the campaign's mastery (2 + the skill, no Vigor save) passes or fails. */
    function masterySeed(spell: string, pool: number, learned: boolean): string {
      for (let i = 0; i < 300; i++) {
        const seed = `plasmid-${spell}-${i}`;
        const out = spellMastery({ pool, spell }, new Dice(createRng(seed)));
        if (out.learned === learned && out.blindCast.backlash.damage === 0) return seed;
      }
      throw new Error('no seed');
    }
    const SORCERER = {
      maxHp: 8,
      skills: { Ruin: 3, Reveal: 3 },
      classResources: { Control: { current: 3, max: 3 } },
    };

    it('a pass (REST) learns the spell onto the sheet and spends 1 Control; a failure (GraphQL) bars it for ever and rolls the Down and Out check', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Mordo' });
      await putSheet(t.server, c, hero.id, 'coeac', SORCERER);
      const url = `${base(c, hero.id)}/coeac-spell-masteries`;
      const pass = await t.http
        .post(url)
        .set(c.auth)
        .send({ spell: 'hekaphage', seed: masterySeed('hekaphage', 5, true) })
        .expect(201);
      expect(pass.body).toMatchObject({
        learned: true,
        barred: false,
        control: 1,
        downAndOut: null,
        state: 'up',
      });
      expect(pass.body.mastery.mastery.objective).toBe(pass.body.mastery.blindCast.objective + 1);
      expect(await replays(c, pass.body.rollId)).toBe(true);
      const learned = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(learned.classResources).toMatchObject({
        Control: { current: 2 },
        Hekaphage: { current: 1, max: 1 },
      });
      // Mastered already: a second try is a conflict naming the spell.
      expectProblem(
        await t.http.post(url).set(c.auth).send({ spell: 'hekaphage' }),
        409,
        'CONFLICT',
        'spell',
      );

      const failSeed = masterySeed('wandering-eye', 5, false);
      const fail = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $s: String!) { coeacCampaignSpellMastery(campaignId: $c, characterId: $h,
           input: { spell: "wandering-eye", seed: $s }) { learned barred control downAndOut state rollId
           mastery { learned barredForever downAndOutCheck } } }`,
        { c: c.id, h: hero.id, s: failSeed },
        c.auth,
      );
      expect(fail.errors).toBeUndefined();
      const answer = fail.data!.coeacCampaignSpellMastery;
      expect(answer).toMatchObject({ learned: false, barred: true, control: 1 });
      expect(answer.mastery).toEqual({ learned: false, barredForever: true, downAndOutCheck: true });
      expect(answer.downAndOut.detail.downAndOut.roll).toBeGreaterThanOrEqual(2);
      expect(['up', 'dead']).toContain(answer.state);
      expect(await replays(c, answer.rollId)).toBe(true);
      // The check is drawn in the mastery's own roll (magic.coeac.spell-mastery.v3).
      expect(answer.downAndOut.rollId).toBe(answer.rollId);
      expect(await rollsOf(c, 'harm.sheet-damage')).toEqual([]);
      const barred = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(barred.barredSpells).toEqual(['wandering-eye']);
      expect(barred.classResources.Control.current).toBe(1);
      // HP unchanged but for a Lingering Injury's lowered maximum.
      expect(barred.hp).toBe(Math.min(8, barred.maxHp));
      if (answer.state !== 'dead') {
        const again = await gql(
          t.server,
          `mutation($c: ID!, $h: ID!) { coeacCampaignSpellMastery(campaignId: $c, characterId: $h,
             input: { spell: "wandering-eye" }) { learned } }`,
          { c: c.id, h: hero.id },
          c.auth,
        );
        expect(codes(again)).toEqual(['CONFLICT']);
      }
    });

    it('refuses bad input naming the field and changes nothing', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Sela' });
      await putSheet(t.server, c, hero.id, 'coeac', { ...SORCERER, classResources: {} });
      const url = `${base(c, hero.id)}/coeac-spell-masteries`;
      expectProblem(await t.http.post(url).set(c.auth).send({}), 400, 'VALIDATION_FAILED', 'spell');
      const unknown = await t.http.post(url).set(c.auth).send({ spell: 'no-such-spell' });
      // As the cast answers an unknown spell: 422 naming it.
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors?.[0]?.field ?? unknown.body.field).toBe('spell');
      expectProblem(
        await t.http.post(url).set(c.auth).send({ spell: 'hekaphage', skill: 'Juggling' }),
        422,
        'UNPROCESSABLE',
        'skill',
      );
      // No Control on the sheet.
      expectProblem(
        await t.http.post(url).set(c.auth).send({ spell: 'hekaphage' }),
        422,
        'UNPROCESSABLE',
        'characterId',
      );
      expect(await rollsOf(c, 'magic.coeac.spell-mastery')).toEqual([]);
      expect(await rollsOf(c, 'magic.coeac.spell-mastery.v2')).toEqual([]);
      expect(await rollsOf(c, 'magic.coeac.spell-mastery.v3')).toEqual([]);
    });
  });
  describe('C5: the worn armour is an inventory item, and Broken Gear that breaks it breaks its Block', () => {
    it('a blow’s Broken Gear breaks the worn armour (REST), which then cannot Block (REST and GraphQL) until repaired', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Brann' });
      const item = (
        await t.http
          .post(`${base(c, hero.id)}/inventory`)
          .set(c.auth)
          .send({ name: 'Light Armor', kind: 'gear', slots: 1 })
          .expect(201)
      ).body as { id: string };
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 2, armor: { kind: 'light', itemId: item.id } });
      // A seed on which a 5-point blow to 2 HP rolls Broken Gear (the campaign rolls the same core).
      let seed = '';
      for (let i = 0; i < 400 && !seed; i++) {
        const out = sheetDamage(
          {
            system: 'coeac',
            stateBefore: 'up',
            hp: 2,
            bonusHp: 0,
            damage: 5,
            block: null,
            down: false,
            maxHp: 2,
            saves: [],
            skills: [],
            items: [],
            medicine: null,
            maxHpDeath: true,
            ownShieldUses: true,
          },
          new Dice(createRng(`gear-${i}`)),
        );
        if ((out.detail.downAndOut as { result: string }).result === 'broken-gear') seed = `gear-${i}`;
      }
      expect(seed).not.toBe('');
      const blow = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 5, seed })
        .expect(201);
      expect(blow.body.brokenItemIds).toEqual([item.id]);
      expect(await replays(c, blow.body.rollId)).toBe(true);
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/damage`)
          .set(c.auth)
          .send({ system: 'coeac', amount: 1, blockWith: 'armor' }),
        409,
        'CONFLICT',
        'blockWith',
      );
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
           input: { system: coeac, amount: 1, blockWith: armor }) { rollId } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(viaGql)).toEqual(['CONFLICT']);
      expect(await rollsOf(c, 'harm.sheet-damage')).toHaveLength(1);
      // Repaired: it Blocks again (a use is left: the broken armour never Blocked).
      await t.http
        .patch(`${base(c, hero.id)}/inventory/${item.id}`)
        .set(c.auth)
        .send({ broken: false })
        .expect(200);
      const blocked = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 1, blockWith: 'armor', seed: 'after-repair' })
        .expect(201);
      expect(blocked.body.changes[0]).toEqual({ path: 'armor.blockUses', delta: -1, via: 'ledger' });
    });
    it('in a stored combat, a Block with a broken shield is refused naming coeac.blocks[0].with (REST and GraphQL)', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Tamsin' });
      const shield = (
        await t.http
          .post(`${base(c, hero.id)}/inventory`)
          .set(c.auth)
          .send({ name: 'Shield', kind: 'gear', slots: 1 })
          .expect(201)
      ).body as { id: string };
      await putSheet(t.server, c, hero.id, 'coeac', {
        maxHp: 10,
        skills: { Melee: 2 },
        armor: { kind: 'none', shield: true, shieldItemId: shield.id },
      });
      await t.http
        .patch(`${base(c, hero.id)}/inventory/${shield.id}`)
        .set(c.auth)
        .send({ broken: true })
        .expect(200);
      const orc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Orc', kind: 'monster', visibility: 'players', showNumbers: true })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${orc.id}/sheets/coeac`)
        .set(c.auth)
        .send({ sheet: { pool: 3, maxHp: 10, hp: 10 } })
        .expect(200);
      const combat = (
        await t.http
          .post(`/v1/campaigns/${c.id}/combats`)
          .set(c.auth)
          .send({
            system: 'coeac',
            combatants: [
              { characterId: hero.id, side: 'party' },
              { npcId: orc.id, side: 'foes' },
            ],
          })
          .expect(201)
      ).body as { id: string };
      expectProblem(
        await t.http
          .post(`/v1/campaigns/${c.id}/combats/${combat.id}/actions`)
          .set(c.auth)
          .send({
            actor: orc.id,
            kind: 'exchange',
            targets: [hero.id],
            coeac: { defenderSkill: 'Melee', blocks: [{ id: hero.id, with: 'shield' }] },
          }),
        409,
        'CONFLICT',
        'coeac.blocks[0].with',
      );
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: exchange, targets: [$t], coeac: { defenderSkill: "Melee", blocks: [{ id: $t, with: shield }] } }) { rollId } }`,
        { c: c.id, k: combat.id, a: orc.id, t: hero.id },
        c.auth,
      );
      expect(codes(viaGql)).toEqual(['CONFLICT']);
      expect(await rollsOf(c, 'combat.coeac-action.v3')).toEqual([]);
    });
  });
});
