import { DATABASE_KIND, startApp, TestApp } from './harness';
import { restSheet, sheetOn } from './sheet-graphql';
import { CampaignFixture, putSheet, sheetOf } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { characterPath, gmHarmTable, gmWarriorSheet, wakesOnNextTurn } from '../factories/gm-harm';

/*
 * Issue 19, the last two items: a semi-conscious G&M character's willpower roll to respond (S7,
 * 000:194–198) with its d4-round delay counted by the combat's rounds and the clock, and the
 * improvements the mojo of a heroic last effort wins (MJ7, 001:621, 994–998); REST and GraphQL,
 * SQLite and PostgreSQL.
 */

describe(`harm: G&M semi-consciousness's delay and the heroic effort's mojo increases (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const table = () => gmHarmTable(t.server);
  const base = characterPath;
  // Down to 0 survival with 2 injuries.
  const gmSheet = (extra: object = {}) =>
    gmWarriorSheet({ survival: { current: 0, max: 10 }, injuries: { current: 2, max: 2 }, ...extra });
  const rollsOf = async (c: CampaignFixture, procedure: string) =>
    (
      (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200)).body.items as Array<{
        id: string;
        procedure: string;
        effects: Record<string, unknown>;
      }>
    ).filter((r) => r.procedure === procedure);

  describe('semi-consciousness: the willpower roll to respond (000:196)', () => {
    it('REST: a failed willpower roll delays every response d4 rounds; checks are refused until the combat’s rounds count it out, while combat actions stay refused (movement only)', async () => {
      const { c, hero, friend, player } = await table();
      // The referee's willpower override 0: at −2 injuries it cannot pass (G&M has no automatic results).
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({ reactions: { willpower: 0 }, harm: { state: 'unconscious' } }),
      );
      await putSheet(t.server, c, friend.id, 'gm', gmSheet({ survival: { current: 10, max: 10 } }));
      const semi = await t.http
        .post(`${base(c, hero.id)}/semi-consciousness`)
        .set(player.auth)
        .expect(201);
      const delay = semi.body.delayRounds as number;
      expect([1, 2, 3, 4]).toContain(delay);
      expect(semi.body).toMatchObject({
        stateBefore: 'unconscious',
        state: 'semi-conscious',
        mojoLeft: 2,
        responds: false,
        willpower: { score: 0, injuries: 2, target: -2, passed: false },
        changes: [{ path: 'mojo.current', delta: -1, via: 'ledger' }],
        entries: [{ field: 'mojo.current', delta: -1 }],
        odds: {
          willpower: {
            responds: 0,
            delayed: 1,
            delayRounds: { '1': 0.25, '2': 0.25, '3': 0.25, '4': 0.25 },
          },
        },
      });
      expect(semi.body.steps.map((s: { name: string }) => s.name)).toEqual([
        'semi-consciousness',
        'willpower',
        'delay',
      ]);
      expect(semi.body.faces).toEqual([semi.body.willpower.roll, delay]);
      const timer = {
        kind: 'gm-response-delay',
        startedAt: null,
        endsAt: null,
        rounds: delay,
        effect: 'responds',
      };
      expect(semi.body.sheet.sheet.harm.timers).toEqual([
        expect.objectContaining({ kind: 'gm-unconscious', effect: 'wakes' }),
        timer,
      ]);
      expect(semi.body.sheet.sheet.harm.pending).toContain(`Cannot respond for ${delay} round(s)`);
      const timers = await t.http
        .get(`${base(c, hero.id)}/harm-timers`)
        .set(player.auth)
        .expect(200);
      expect(timers.body.items).toEqual(
        expect.arrayContaining([{ ownerKind: 'character', ownerId: hero.id, system: 'gm', ...timer }]),
      );
      // One logged roll (the new procedure name), which replays.
      const [logged] = await rollsOf(c, 'harm.semi-consciousness.v2');
      expect(logged.id).toBe(semi.body.rollId);
      expect(logged.effects).toMatchObject({ responds: false, delayRounds: delay, mojoSpent: 1 });
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${semi.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // While the delay runs it cannot respond: its checks are refused and nothing is logged.
      const check = () =>
        t.http
          .post(`${base(c, hero.id)}/checks`)
          .set(player.auth)
          .send({ system: 'gm', reaction: 'fortitude', seed: 'answer' });
      expectProblem(await check(), 409, 'CONFLICT', 'characterId');
      expect(await rollsOf(c, 'check.ability')).toEqual([]);
      // A stored combat's rounds count the delay down (a G&M round is ten seconds).
      const combat = (
        await t.http
          .post(`/v1/campaigns/${c.id}/combats`)
          .set(c.auth)
          .send({
            system: 'gm',
            combatants: [
              { characterId: hero.id, side: 'party' },
              { characterId: friend.id, side: 'foes' },
            ],
          })
          .expect(201)
      ).body as { id: string };
      const round = () => t.http.post(`/v1/campaigns/${c.id}/combats/${combat.id}/rounds`).set(c.auth);
      for (let left = delay - 1; left >= 1; left--) {
        await round().expect(200);
        const sheet = await sheetOf(t.server, c, hero.id, 'gm');
        expect(sheet.harm.timers).toEqual([
          expect.objectContaining({ kind: 'gm-unconscious' }),
          { ...timer, rounds: left },
        ]);
        expectProblem(await check(), 409, 'CONFLICT', 'characterId');
      }
      // Movement only: an attack stays refused whatever the delay says.
      const attack = await t.http
        .post(`/v1/campaigns/${c.id}/combats/${combat.id}/actions`)
        .set(player.auth)
        .send({ actor: hero.id, kind: 'attack', targets: [friend.id], gm: { weapon: 'd6' } });
      expectProblem(attack, 409, 'CONFLICT', 'actor');
      await round().expect(200);
      const after = await sheetOf(t.server, c, hero.id, 'gm');
      expect(after.harm.state).toBe('semi-conscious');
      expect(after.harm.timers).toEqual([expect.objectContaining({ kind: 'gm-unconscious' })]);
      expect(after.harm.pending.some((p: string) => p.startsWith('Cannot respond'))).toBe(false);
      const [expired] = await rollsOf(c, 'harm.timer-expired');
      expect(expired.effects).toMatchObject({
        characterId: hero.id,
        system: 'gm',
        timer: 'gm-response-delay',
        state: 'semi-conscious',
      });
      // It responds now: a check is rolled (with the injury penalty).
      await check().expect(201);
    });

    it('GraphQL: a willpower roll that cannot fail starts no delay; a failed one is dropped when the clock wakes the character', async () => {
      const { c, hero, player } = await table();
      const mutation = `mutation($c: ID!, $h: ID!) { becomeSemiConscious(campaignId: $c, characterId: $h) {
        state mojoLeft responds delayRounds willpower { score injuries target roll passed } odds faces
        sheet { sheet ${sheetOn('gm')} } } }`;
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({ reactions: { willpower: 30 }, harm: { state: 'unconscious' } }),
      );
      const key = { ...player.auth, 'Idempotency-Key': `semi-${hero.id}` };
      const quick = await gql(t.server, mutation, { c: c.id, h: hero.id }, key);
      expect(quick.errors).toBeUndefined();
      // A retry with the same key replays the answer: one mojo, one roll.
      const retry = await gql(t.server, mutation, { c: c.id, h: hero.id }, key);
      expect(retry.data).toEqual(quick.data);
      expect((await sheetOf(t.server, c, hero.id, 'gm')).mojo.current).toBe(2);
      expect(await rollsOf(c, 'harm.semi-consciousness.v2')).toHaveLength(1);
      expect(quick.data!.becomeSemiConscious).toMatchObject({
        state: 'semi-conscious',
        mojoLeft: 2,
        responds: true,
        delayRounds: null,
        willpower: { score: 30, injuries: 2, target: 28, passed: true },
        odds: { willpower: { responds: 1, delayed: 0 } },
      });
      // The sheet is GmSheet in GraphQL; in REST's shape its timer kinds are the same ids.
      const typed = restSheet('gm', quick.data!.becomeSemiConscious.sheet.sheet) as {
        harm: { timers: unknown[] };
      };
      expect(quick.data!.becomeSemiConscious.sheet.sheet.__typename).toBe('GmSheet');
      expect(typed.harm.timers).toEqual([expect.objectContaining({ kind: 'gm-unconscious' })]);

      // Up, then knocked out again (the referee's PUTs: a new unconsciousness starts its timer), then a
      // failed roll: the delay runs with the unconsciousness.
      await putSheet(t.server, c, hero.id, 'gm', gmSheet({ harm: { state: 'up' } }));
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({
          mojo: { current: 2, max: 3 },
          reactions: { willpower: 1 },
          harm: { state: 'unconscious' },
        }),
      );
      const slow = await gql(t.server, mutation, { c: c.id, h: hero.id }, c.auth);
      expect(slow.errors).toBeUndefined();
      const answer = slow.data!.becomeSemiConscious;
      expect(answer).toMatchObject({ responds: false, mojoLeft: 1, willpower: { target: -1 } });
      expect(answer.faces).toHaveLength(2);
      const awake = await wakesOnNextTurn(t.server, c, hero.id);
      expect(awake.harm.state).toBe('up');
      expect(awake.harm.timers).toBeUndefined();
      expect(awake.harm.pending.filter((p: string) => /^(Semi-conscious|Cannot respond)/.test(p))).toEqual(
        [],
      );
    });
  });

  describe('MJ7 on the heroic last effort (001:621, 994–998)', () => {
    it('REST: every contributor compares all the mojo with the price of what applies to it; the answer and the logged roll name the gain', async () => {
      const { c, hero, friend } = await table();
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({ injuries: { current: 5, max: 5 }, mojo: { current: 4, max: 4 }, harm: { state: 'dying' } }),
      );
      await putSheet(t.server, c, friend.id, 'gm', gmSheet({ survival: { current: 10, max: 10 } }));
      const url = `${base(c, hero.id)}/heroic-last-effort`;
      const body = {
        rating: 'strength',
        contributions: [
          // The seed's Language Science: +1 → +2 costs 5; six mojo in all reach it (001:998).
          {
            characterId: friend.id,
            mojo: 2,
            improvement: { kind: 'field', subject: 'Language Science', current: 1 },
          },
          {
            characterId: hero.id,
            mojo: 4,
            improvement: { kind: 'skill', subject: 'Swimming', outsideArchetype: true },
          },
        ],
        seed: 'last-stand',
      };
      // Bad improvements: 400 naming the field, nothing spent.
      for (const [improvement, field] of [
        [{ kind: 'ability', subject: 'strength' }, 'contributions[0].improvement.kind'],
        [{ kind: 'field', subject: 'Lore' }, 'contributions[0].improvement.current'],
      ] as const) {
        const refused = await t.http
          .post(url)
          .set(c.auth)
          .send({ ...body, contributions: [{ ...body.contributions[0], improvement }] });
        expectProblem(refused, 400, 'VALIDATION_FAILED', field);
      }
      expect((await sheetOf(t.server, c, friend.id, 'gm')).mojo.current).toBe(3);
      const res = await t.http.post(url).set(c.auth).send(body).expect(201);
      expect(res.body).toMatchObject({ state: 'dead', mojo: 6, experienceEach: 300 });
      expect(res.body.improvements).toEqual([
        {
          characterId: friend.id,
          kind: 'field',
          subject: 'Language Science',
          cost: 5,
          rule: expect.stringContaining('4 + the current bonus'),
          mojoCounted: 6,
          gained: true,
        },
        expect.objectContaining({
          characterId: hero.id,
          kind: 'skill',
          subject: 'Swimming',
          cost: 7,
          mojoCounted: 6,
          gained: false,
        }),
      ]);
      expect(res.body.steps.filter((s: { name: string }) => s.name === 'mojo-increase')).toHaveLength(2);
      // Issue 44: the effort answers the engine's events; they say what the sheet after holds.
      const dead = await sheetOf(t.server, c, hero.id, 'gm');
      expect(dead.harm.state).toBe('dead');
      expect(dead.mojo.current).toBe(0);
      const { target, roll, passed } = res.body;
      expect(res.body.events).toEqual([
        expect.objectContaining({
          type: 'last-effort',
          ownerId: hero.id,
          text: `${hero.name} makes a heroic last effort (strength): ${roll} against ${target}, 6 mojo behind it, ${
            passed ? 'success' : 'failure'
          }.`,
          passed,
          looks: 'dead',
        }),
        expect.objectContaining({
          type: 'field-changed',
          text: `${hero.name}: mojo -4.`,
          path: 'mojo.current',
          delta: -4,
        }),
        expect.objectContaining({ type: 'died', text: `${hero.name} is dead.`, to: 'dead' }),
        expect.objectContaining({ type: 'timer-ended', text: `${hero.name}'s gm-death timer ends.` }),
      ]);
      expect(dead.harm.timers).toBeUndefined();
      const [logged] = await rollsOf(c, 'harm.sheet-heroic-effort.v2');
      expect(logged.id).toBe(res.body.rollId);
      expect((logged as unknown as { events: unknown[] }).events).toEqual(res.body.events);
      expect(logged.effects.improvements).toEqual([
        { characterId: friend.id, kind: 'field', subject: 'Language Science', cost: 5 },
      ]);
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // The mojo and the experience went through their ledgers as before.
      expect(await sheetOf(t.server, c, friend.id, 'gm')).toMatchObject({
        mojo: { current: 1 },
        experience: 300,
      });
    });

    it('GraphQL: a warrior’s weapon skill costs 5 and five mojo of its own win it; an Idempotency-Key replays the answer', async () => {
      const { c, hero, player } = await table();
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmSheet({ injuries: { current: 5, max: 5 }, mojo: { current: 5, max: 5 }, harm: { state: 'dying' } }),
      );
      const mutation = `mutation($c: ID!, $h: ID!) { heroicLastEffort(campaignId: $c, characterId: $h,
        input: { rating: "strength", seed: "spear",
          contributions: [{ characterId: $h, mojo: 5, improvement: { kind: weapon_skill, subject: "Spear" } }] })
        { state mojo rollId passed improvements { characterId kind subject cost mojoCounted gained }
          events { type text ownerId passed } } }`;
      const key = `spear-${hero.id}`;
      const first = await gql(
        t.server,
        mutation,
        { c: c.id, h: hero.id },
        { ...player.auth, 'Idempotency-Key': key },
      );
      expect(first.errors).toBeUndefined();
      expect(first.data!.heroicLastEffort).toMatchObject({
        state: 'dead',
        mojo: 5,
        improvements: [
          {
            characterId: hero.id,
            kind: 'weapon-skill',
            subject: 'Spear',
            cost: 5,
            mojoCounted: 5,
            gained: true,
          },
        ],
      });
      const again = await gql(
        t.server,
        mutation,
        { c: c.id, h: hero.id },
        { ...player.auth, 'Idempotency-Key': key },
      );
      const told = first.data!.heroicLastEffort;
      expect(told.events.map((e: { type: string }) => e.type)).toEqual([
        'last-effort',
        'field-changed',
        'died',
        'timer-ended',
      ]);
      expect(told.events[0]).toMatchObject({ ownerId: hero.id, passed: told.passed });
      expect(told.events[2].text).toBe(`${hero.name} is dead.`);
      expect(again.data!.heroicLastEffort).toEqual(first.data!.heroicLastEffort);
      expect(await rollsOf(c, 'harm.sheet-heroic-effort.v2')).toHaveLength(1);
      expect((await sheetOf(t.server, c, hero.id, 'gm')).mojo.current).toBe(0);
    });
  });
});
