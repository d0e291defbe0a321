import { DATABASE_KIND, startApp, TestApp } from './harness';
import { restSheet, sheetOn } from './sheet-graphql';
import { CampaignFixture, putSheet, sheetOf } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import {
  characterPath,
  GM_ABILITIES,
  gmHarmTable,
  gmWarriorSheet,
  wakesOnNextTurn,
} from '../factories/gm-harm';

/*
 * The last harm items (issue 19): G&M temporary survival pools, semi-consciousness for 1 mojo, the
 * heroic last effort with everyone's mojo and experience, the timers a referee's PUT of harm starts,
 * and Archsoul's night and hour rests; REST and GraphQL, SQLite and PostgreSQL.
 */

const ABILITIES = GM_ABILITIES;

describe(`harm: G&M pools, semi-consciousness, heroic last effort; Archsoul rests (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const table = () => gmHarmTable(t.server);
  const base = characterPath;
  const clockOf = async (c: CampaignFixture) => {
    const { day, watch, turn } = (await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200))
      .body as { day: number; watch: string; turn: number };
    return { day, watch, turn };
  };
  const gmSheet = gmWarriorSheet;
  const ledger = async (c: CampaignFixture, id: string) =>
    (
      await t.http
        .get(`${base(c, id)}/conditions`)
        .set(c.auth)
        .query({ limit: 100 })
        .expect(200)
    ).body.items as Array<{ field: string; delta: number; cause: string; procedure: string | null }>;

  describe('G&M temporary survival pools (001:641–645)', () => {
    it('REST: a pool granted with its source takes damage first (7 → 4 → 1) and is lost when its effect ends on the clock', async () => {
      const { c, hero, player } = await table();
      await putSheet(t.server, c, hero.id, 'gm', gmSheet());
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/temporary-survival`)
          .set(player.auth)
          .send({ amount: 7 }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/temporary-survival`)
          .set(c.auth)
          .send({ amount: 7, turns: 1, rounds: 10 }),
        400,
        'VALIDATION_FAILED',
        'rounds',
      );
      const clock = await clockOf(c);
      const grant = await t.http
        .post(`${base(c, hero.id)}/temporary-survival`)
        .set(c.auth)
        .send({ amount: 7, source: 'Fighting Prowess', turns: 1 })
        .expect(201);
      expect(grant.body).toMatchObject({
        pool: 7,
        source: 'Fighting Prowess',
        changes: [{ path: 'temporarySurvival', delta: 7, via: 'ledger' }],
        timer: {
          kind: 'gm-temporary-pool',
          startedAt: clock,
          endsAt: { ...clock, turn: clock.turn + 1 },
          effect: 'lapses',
        },
      });
      expect(grant.body.sheet.sheet).toMatchObject({
        temporarySurvival: 7,
        temporarySurvivalSource: 'Fighting Prowess',
      });
      for (const [left, seed] of [
        [4, 'goblin-1'],
        [1, 'goblin-2'],
      ] as const) {
        const hit = await t.http
          .post(`${base(c, hero.id)}/damage`)
          .set(player.auth)
          .send({ system: 'gm', amount: 3, seed })
          .expect(201);
        expect(hit.body.changes).toEqual([{ path: 'temporarySurvival', delta: -3, via: 'ledger' }]);
        expect(hit.body.detail.temporaryPool).toEqual({
          source: 'Fighting Prowess',
          before: left + 3,
          after: left,
          absorbed: 3,
        });
        expect(hit.body.steps[0]).toMatchObject({ name: 'temporary' });
        expect(hit.body.steps[0].detail).toContain('Fighting Prowess');
        expect(hit.body.sheet.sheet).toMatchObject({ temporarySurvival: left, survival: { current: 10 } });
      }
      const advance = await t.http
        .post(`/v1/campaigns/${c.id}/clock/advance`)
        .set(c.auth)
        .send({ turns: 1, rollEncounterChecks: false })
        .expect(200);
      expect(advance.body.harmTimers).toEqual([
        expect.objectContaining({
          ownerId: hero.id,
          kind: 'gm-temporary-pool',
          effect: 'lapses',
          state: 'up',
        }),
      ]);
      const sheet = await sheetOf(t.server, c, hero.id, 'gm');
      expect(sheet.temporarySurvival).toBe(0);
      expect(sheet.temporarySurvivalSource).toBeUndefined();
      expect(sheet.harm.timers).toBeUndefined();
      const entries = (await ledger(c, hero.id)).filter((e) => e.field === 'temporarySurvival');
      expect(entries.map((e) => e.delta)).toEqual([7, -3, -3, -1]);
      expect(entries[3]).toMatchObject({ cause: 'procedure', procedure: 'harm.timer-expired' });
    });

    it('GraphQL: a blow past the pool reaches survival, the emptied pool drops its timer; amount 0 removes a pool', async () => {
      const { c, hero, friend } = await table();
      await putSheet(t.server, c, hero.id, 'gm', gmSheet());
      await putSheet(t.server, c, friend.id, 'gm', gmSheet());
      const grant = (id: string, amount: number, extra = '') =>
        gql(
          t.server,
          `mutation($c: ID!, $h: ID!) { grantTemporarySurvival(campaignId: $c, characterId: $h,
             input: { amount: ${amount}${extra} }) { pool source timer changes { path delta } } }`,
          { c: c.id, h: id },
          c.auth,
        );
      const granted = await grant(hero.id, 5, ', source: "Spirit ward", rounds: 10');
      expect(granted.errors).toBeUndefined();
      expect(granted.data!.grantTemporarySurvival).toMatchObject({
        pool: 5,
        source: 'Spirit ward',
        timer: { kind: 'gm-temporary-pool', rounds: 10, endsAt: null },
      });
      const hit = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
           input: { system: gm, amount: 7, seed: "orc" }) { changes { path delta } detail } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(hit.errors).toBeUndefined();
      expect(hit.data!.damageCharacter.changes).toEqual([
        { path: 'temporarySurvival', delta: -5 },
        { path: 'survival.current', delta: -2 },
      ]);
      const after = await sheetOf(t.server, c, hero.id, 'gm');
      expect(after).toMatchObject({ temporarySurvival: 0, survival: { current: 8 } });
      expect(after.temporarySurvivalSource).toBeUndefined();
      expect(after.harm.timers).toBeUndefined();

      await grant(friend.id, 4, ', source: "Bless"');
      const removed = await grant(friend.id, 0);
      expect(removed.data!.grantTemporarySurvival).toMatchObject({
        pool: 0,
        source: null,
        timer: null,
        changes: [{ path: 'temporarySurvival', delta: -4 }],
      });
      expect((await sheetOf(t.server, c, friend.id, 'gm')).temporarySurvival).toBe(0);
    });
  });

  it('an NPC’s pool: referee only, sealed while its numbers are hidden, taken first by damage', async () => {
    const { c, player } = await table();
    const npc = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: 'Yeti', kind: 'monster', visibility: 'players' })
        .expect(201)
    ).body;
    await t.http
      .put(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/gm`)
      .set(c.auth)
      .send({ sheet: { abilities: ABILITIES, survival: { current: 12, max: 12 } } })
      .expect(200);
    const url = `/v1/campaigns/${c.id}/npcs/${npc.id}/temporary-survival`;
    expectProblem(await t.http.post(url).set(player.auth).send({ amount: 5 }), 403, 'FORBIDDEN');
    const asPlayer = await gql(
      t.server,
      `mutation($c: ID!, $n: ID!) { grantNpcTemporarySurvival(campaignId: $c, npcId: $n, input: { amount: 5 }) { pool } }`,
      { c: c.id, n: npc.id },
      player.auth,
    );
    expect(codes(asPlayer)).toEqual(['FORBIDDEN']);
    const grant = await t.http.post(url).set(c.auth).send({ amount: 5, source: 'Ice spirit' }).expect(201);
    expect(grant.body).toMatchObject({ ownerKind: 'npc', pool: 5, timer: null });
    const seen = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${grant.body.rollId}`).set(player.auth).expect(200)
    ).body;
    expect(seen.sealed).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('Ice spirit');
    const hit = await t.http
      .post(`/v1/campaigns/${c.id}/npcs/${npc.id}/damage`)
      .set(c.auth)
      .send({ system: 'gm', amount: 3, seed: 'claw' })
      .expect(201);
    expect(hit.body.changes).toEqual([{ path: 'temporarySurvival', delta: -3, via: 'ledger' }]);
    expect(hit.body.detail.temporaryPool).toMatchObject({ source: 'Ice spirit', after: 2 });
  });

  describe('semi-consciousness (001:609, 000:194–198) and timers from a referee’s PUT', () => {
    it('REST: the referee PUTs unconscious (its timer starts); 1 mojo makes the character semi-conscious: no agility bonus to defense, unconscious for death rolls', async () => {
      const { c, hero, player } = await table();
      await putSheet(t.server, c, hero.id, 'gm', gmSheet());
      expect((await sheetOf(t.server, c, hero.id, 'gm')).derived.defense).toBe(2);
      expectProblem(
        await t.http.post(`${base(c, hero.id)}/semi-consciousness`).set(player.auth),
        409,
        'CONFLICT',
        'characterId',
      );
      const clock = await clockOf(c);
      const put = await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({
          injuries: { current: 2, max: 2 },
          survival: { current: 0, max: 10 },
          // The referee's willpower override: 30 − 2 injuries cannot fail, so it responds at once.
          reactions: { willpower: 30 },
          harm: { state: 'unconscious' },
        }),
      );
      expect(put.harm.timers).toEqual([
        {
          kind: 'gm-unconscious',
          startedAt: clock,
          endsAt: { ...clock, turn: clock.turn + 1 },
          rounds: null,
          effect: 'wakes',
        },
      ]);
      const semi = await t.http
        .post(`${base(c, hero.id)}/semi-consciousness`)
        .set(player.auth)
        .expect(201);
      expect(semi.body).toMatchObject({
        stateBefore: 'unconscious',
        state: 'semi-conscious',
        mojoLeft: 2,
        responds: true,
        delayRounds: null,
        changes: [{ path: 'mojo.current', delta: -1, via: 'ledger' }],
        entries: [{ field: 'mojo.current', delta: -1 }],
      });
      const sheet = await sheetOf(t.server, c, hero.id, 'gm');
      expect(sheet.harm.state).toBe('semi-conscious');
      expect(sheet.derived.defense).toBe(0);
      expect(sheet.harm.timers).toEqual(put.harm.timers);
      // Checks are not refused (a willpower roll to respond); the referee narrates the rest.
      await t.http
        .post(`${base(c, hero.id)}/checks`)
        .set(player.auth)
        .send({ system: 'gm', reaction: 'willpower', seed: 'respond' })
        .expect(201);
      // A blow that calls a death roll rolls it as for an unconscious character (+2).
      const hit = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'gm', amount: 1, seed: 'stab' })
        .expect(201);
      expect(hit.body.detail.gmDeathRoll.enduranceTarget).toBe(14 - 3 + 2);
      // The blow's consciousness roll failed (6 against 4): out again, and 1 more mojo buys semi-consciousness.
      expect(hit.body.state).toBe('unconscious');
      expect(hit.body.detail.gmDamage.consciousnessRoll).toMatchObject({ roll: 6, target: 4, passed: false });
      const again = await t.http
        .post(`${base(c, hero.id)}/semi-consciousness`)
        .set(player.auth)
        .expect(201);
      expect(again.body).toMatchObject({ state: 'semi-conscious', mojoLeft: 1 });
      // Its time runs out on the clock: the character comes to.
      const awake = await wakesOnNextTurn(t.server, c, hero.id);
      expect(awake.harm.state).toBe('up');
      expect(awake.derived.defense).toBe(2);
    });

    it('GraphQL: semi-consciousness without mojo is 422; a PUT of dying starts the death timer, a PUT of up drops it, the same state keeps the timers sent', async () => {
      const { c, hero } = await table();
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({ mojo: { current: 0, max: 0 }, harm: { state: 'unconscious' } }),
      );
      const semi = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { becomeSemiConscious(campaignId: $c, characterId: $h) { state mojoLeft } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(semi.errors?.[0]?.extensions?.code).toBe('UNPROCESSABLE');
      expect((await sheetOf(t.server, c, hero.id, 'gm')).harm.state).toBe('unconscious');

      const clock = await clockOf(c);
      // The answered GmSheet, read in REST's shape (timer kinds as ids, absent members left out).
      const put = async (sheet: object) => {
        const answer = await gql(
          t.server,
          `mutation($c: ID!, $h: ID!, $s: JSON!) { putCharacterSheet(campaignId: $c, characterId: $h, system: gm, input: { sheet: $s }) { sheet ${sheetOn('gm')} } }`,
          { c: c.id, h: hero.id, s: sheet },
          c.auth,
        );
        if (answer.data)
          answer.data.putCharacterSheet.sheet = restSheet('gm', answer.data.putCharacterSheet.sheet);
        return answer;
      };
      // Endurance 14 − 2 injuries: 12 minutes, two turns.
      const dying = await put(gmSheet({ injuries: { current: 2, max: 2 }, harm: { state: 'dying' } }));
      expect(dying.errors).toBeUndefined();
      expect(dying.data!.putCharacterSheet.sheet.harm.timers).toEqual([
        {
          kind: 'gm-death',
          startedAt: clock,
          endsAt: { ...clock, turn: clock.turn + 2 },
          rounds: null,
          effect: 'death',
        },
      ]);
      // Still dying, timers sent empty: the referee dropped the timer.
      const kept = await put(
        gmSheet({ injuries: { current: 2, max: 2 }, harm: { state: 'dying', timers: [] } }),
      );
      expect(kept.data!.putCharacterSheet.sheet.harm.timers).toBeUndefined();
      await put(gmSheet({ injuries: { current: 2, max: 2 }, harm: { state: 'dying' } }));
      const again = await put(gmSheet({ injuries: { current: 2, max: 2 }, harm: { state: 'dying' } }));
      expect(again.data!.putCharacterSheet.sheet.harm.timers).toBeUndefined();
      const up = await put(
        gmSheet({ harm: { state: 'up', timers: dying.data!.putCharacterSheet.sheet.harm.timers } }),
      );
      expect(up.data!.putCharacterSheet.sheet.harm.timers).toBeUndefined();
    });

    it('REST: a PUT of Cairn critical starts its hour', async () => {
      const { c, hero } = await table();
      const clock = await clockOf(c);
      const sheet = await putSheet(t.server, c, hero.id, 'cairn', {
        maxHp: 4,
        str: { current: 6, max: 10 },
        dex: { current: 10, max: 10 },
        wil: { current: 10, max: 10 },
        harm: { state: 'critical' },
      });
      expect(sheet.harm.timers).toEqual([
        expect.objectContaining({ kind: 'cairn-critical', startedAt: clock, effect: 'death' }),
      ]);
    });
  });

  describe('the heroic last effort (001:619–623)', () => {
    it('REST: one roll at +level without the injury penalty, everyone’s mojo spent, each gains experience for all of it, then death', async () => {
      const { c, hero, friend, player } = await table();
      await putSheet(t.server, c, hero.id, 'gm', gmSheet({ injuries: { current: 5, max: 5 } }));
      await putSheet(t.server, c, friend.id, 'gm', gmSheet({ mojo: { current: 2, max: 2 } }));
      const url = `${base(c, hero.id)}/heroic-last-effort`;
      const body = {
        rating: 'strength',
        contributions: [
          { characterId: hero.id, mojo: 1 },
          { characterId: friend.id, mojo: 2 },
        ],
        seed: 'last-stand',
      };
      expectProblem(await t.http.post(url).set(c.auth).send(body), 409, 'CONFLICT', 'characterId');
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({ injuries: { current: 5, max: 5 }, harm: { state: 'dying' } }),
      );
      // The player may not spend the friend's mojo.
      expectProblem(await t.http.post(url).set(player.auth).send(body), 403, 'FORBIDDEN', 'contributions');
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ ...body, contributions: [{ characterId: friend.id, mojo: 3 }] }),
        422,
        'UNPROCESSABLE',
        'contributions',
      );
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ ...body, rating: 'luck' }),
        422,
        'UNPROCESSABLE',
        'rating',
      );
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ ...body, contributions: [{ characterId: friend.id, mojo: -2 }] }),
        400,
        'VALIDATION_FAILED',
      );
      const effort = () =>
        t.http.post(url).set(c.auth).set('Idempotency-Key', `effort-${hero.id}`).send(body);
      const res = await effort().expect(201);
      // A retry with the same key replays the answer and spends nothing twice.
      expect((await effort().expect(201)).body).toEqual(res.body);
      // Strength 12, level 2, 3 mojo; the 5 injuries do not apply.
      expect(res.body).toMatchObject({
        stateBefore: 'dying',
        state: 'dead',
        rating: 'strength',
        target: 12 + 2 + 3,
        mojo: 3,
        experienceEach: 150,
        contributions: body.contributions,
        changes: [{ path: 'mojo.current', delta: -1, via: 'ledger' }],
      });
      expect(res.body.passed).toBe(res.body.roll <= res.body.target);
      expect(res.body.odds.heroicEffort.success).toBeCloseTo(17 / 20, 12);
      expect(Object.keys(res.body.experience).sort()).toEqual([hero.id, friend.id].sort());
      const heroSheet = await sheetOf(t.server, c, hero.id, 'gm');
      const friendSheet = await sheetOf(t.server, c, friend.id, 'gm');
      expect(heroSheet).toMatchObject({ harm: { state: 'dead' }, mojo: { current: 2 }, experience: 150 });
      expect(heroSheet.harm.timers).toBeUndefined();
      expect(friendSheet).toMatchObject({ mojo: { current: 0 }, experience: 150 });
      const friendLedger = await ledger(c, friend.id);
      expect(friendLedger.filter((e) => e.field === 'mojo.current' && e.cause === 'procedure')).toEqual([
        expect.objectContaining({ delta: -2, cause: 'procedure', procedure: 'harm.sheet-heroic-effort.v2' }),
      ]);
      // One logged roll that replays.
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // A second effort: the character is dead.
      expectProblem(await t.http.post(url).set(c.auth).send(body), 409, 'CONFLICT', 'characterId');
    });

    it('GraphQL: the dying character’s own effort, no mojo', async () => {
      const { c, hero, player } = await table();
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({ injuries: { current: 5, max: 5 }, harm: { state: 'dying' } }),
      );
      const res = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { heroicLastEffort(campaignId: $c, characterId: $h,
           input: { rating: "Evasion", seed: "alone" }) { state target mojo experienceEach passed roll } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(res.errors).toBeUndefined();
      const evasion = (await sheetOf(t.server, c, hero.id, 'gm')).reactions.evasion as number;
      expect(res.data!.heroicLastEffort).toMatchObject({
        state: 'dead',
        target: evasion + 2,
        mojo: 0,
        experienceEach: 0,
      });
      expect((await sheetOf(t.server, c, hero.id, 'gm')).experience).toBe(0);
    });
  });

  describe('Archsoul rests (002:48–50)', () => {
    it('REST: a full night restores all HP through belowZero, clears Disabled, gives back a point of Endurance, lowers fatigue; the clock moves a watch', async () => {
      const { c, hero, player } = await table();
      await putSheet(t.server, c, hero.id, 'archsoul', {
        stats: { Endurance: 4 },
        maxHp: 5,
        fatigue: 2,
        statuses: ['Disabled'],
        enduranceLoss: 2,
      });
      const out = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'archsoul', amount: 7, seed: 'fall' })
        .expect(201);
      expect(out.body.state).toBe('unconscious');
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/rests`)
          .set(player.auth)
          .send({ system: 'archsoul', kind: 'short' }),
        400,
        'VALIDATION_FAILED',
        'kind',
      );
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/rests`)
          .set(player.auth)
          .send({ system: 'archsoul', kind: 'hour', watchMinutes: 10 }),
        400,
        'VALIDATION_FAILED',
        'watchMinutes',
      );
      // Too long on watch: no full night, nothing restored.
      const short = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(player.auth)
        .send({ system: 'archsoul', kind: 'night', watchMinutes: 200, advanceClock: false })
        .expect(201);
      expect(short.body).toMatchObject({ rested: false, state: 'unconscious', changes: [], entries: [] });
      const clock = await clockOf(c);
      const rest = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(player.auth)
        .send({ system: 'archsoul', kind: 'night', watchMinutes: 160 })
        .expect(201);
      expect(rest.body).toMatchObject({
        rested: true,
        stateBefore: 'unconscious',
        state: 'up',
        changes: [
          { path: 'belowZero', delta: -2, via: 'ledger' },
          { path: 'hp', delta: 5, via: 'ledger' },
          { path: 'fatigue', delta: -1, via: 'ledger' },
          { path: 'enduranceLoss', delta: -1, via: 'ledger' },
        ],
      });
      expect(rest.body.clock).not.toBeNull();
      expect(await clockOf(c)).not.toEqual(clock);
      const sheet = await sheetOf(t.server, c, hero.id, 'archsoul');
      expect(sheet).toMatchObject({ hp: 5, belowZero: 0, fatigue: 1, enduranceLoss: 1, statuses: [] });
      expect(sheet.harm.state).toBe('up');
      expect(sheet.harm.timers).toBeUndefined();
      const entries = await ledger(c, hero.id);
      expect(entries.filter((e) => e.procedure === 'harm.sheet-rest').map((e) => e.field)).toEqual([
        'belowZero',
        'hp',
        'fatigue',
        'enduranceLoss',
      ]);
    });

    it('GraphQL: an hour’s rest is +1 HP (from below 0 first) and clears Disabled; still unconscious below 1', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'archsoul', { stats: { Endurance: 4 }, maxHp: 5 });
      await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'archsoul', amount: 7, seed: 'fall' })
        .expect(201);
      await putSheet(t.server, c, hero.id, 'archsoul', {
        ...(await sheetOf(t.server, c, hero.id, 'archsoul')),
        statuses: ['disabled'],
      });
      const rest = (advance: boolean) =>
        gql(
          t.server,
          `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
             input: { system: archsoul, kind: hour, advanceClock: ${advance} }) { state changes { path delta } clock } }`,
          { c: c.id, h: hero.id },
          c.auth,
        );
      const first = await rest(false);
      expect(first.errors).toBeUndefined();
      expect(first.data!.restCharacter).toMatchObject({
        state: 'unconscious',
        changes: [{ path: 'belowZero', delta: -1 }],
        clock: null,
      });
      expect(await sheetOf(t.server, c, hero.id, 'archsoul')).toMatchObject({
        hp: 0,
        belowZero: 1,
        statuses: [],
      });
      await rest(false);
      const third = await rest(true);
      expect(third.data!.restCharacter).toMatchObject({ state: 'up', changes: [{ path: 'hp', delta: 1 }] });
      expect(third.data!.restCharacter.clock).not.toBeNull();
    });
  });
});
