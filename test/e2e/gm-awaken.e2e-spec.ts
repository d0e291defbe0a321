import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, putSheet, sheetOf } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { awakeningSeed, awakenRoll, gmHarmTable, gmWarriorSheet } from '../factories/gm-harm';

/*
 * Issue 43, S6 (001:607): when a G&M character's minutes unconscious are over, the clock makes the
 * roll to awaken (`harm.gm-awaken`: the better of fortitude and willpower at −injuries). A failed
 * roll keeps the character out for another `injuries` minutes and rolls again at their end. REST and
 * GraphQL, SQLite and PostgreSQL. The expected rolls are computed with the core roll from the seed.
 */
describe(`harm: G&M rolls to awaken on the clock (issue 43, S6) (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  // Out with 3 injuries: 3 minutes, one ten-minute turn.
  const outSheet = (extra: object = {}) =>
    gmWarriorSheet({
      survival: { current: 0, max: 10 },
      injuries: { current: 3, max: 3 },
      harm: { state: 'unconscious' },
      ...extra,
    });
  const clockOf = async (c: CampaignFixture) => {
    const { day, watch, turn } = (await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200))
      .body as { day: number; watch: string; turn: number };
    return { day, watch, turn };
  };
  const rollOf = async (c: CampaignFixture, id: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls/${id}`).set(c.auth).expect(200)).body;

  it('REST: a failed roll keeps the character out for another period and is logged with its odds; GraphQL: the next passes and wakes it', async () => {
    const { c, hero } = await table();
    const put = await putSheet(t.server, c, hero.id, 'gm', outSheet());
    const clock = await clockOf(c);
    expect(put.harm.timers).toEqual([expect.objectContaining({ kind: 'gm-unconscious', effect: 'wakes' })]);
    const sheet = await sheetOf(t.server, c, hero.id, 'gm');
    const reactions = sheet.reactions as { fortitude: number; willpower: number };
    const better = Math.max(reactions.fortitude, reactions.willpower);
    expect(better - 3).toBeGreaterThan(0);
    expect(better - 3).toBeLessThan(20);

    const failing = awakeningSeed(sheet, hero.id, false);
    const expected = awakenRoll(sheet, hero.id, failing);
    const advance = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ turns: 1, rollEncounterChecks: false, seed: failing })
      .expect(200);
    expect(advance.body.harmTimers).toEqual([
      expect.objectContaining({
        ownerId: hero.id,
        kind: 'gm-unconscious',
        effect: 'sleeps-on',
        state: 'unconscious',
      }),
    ]);
    const roll = await rollOf(c, advance.body.harmTimers[0].rollId);
    expect(roll.procedure).toBe('harm.gm-awaken');
    expect(roll.inputs).toEqual({
      fortitude: reactions.fortitude,
      willpower: reactions.willpower,
      injuries: 3,
    });
    expect(roll.outcome).toMatchObject({
      awake: false,
      target: better - 3,
      roll: expected.roll,
      nextMinutes: 3,
      odds: { awake: (better - 3) / 20, sleepsOn: 1 - (better - 3) / 20 },
    });
    expect(roll.effects).toMatchObject({
      characterId: hero.id,
      timer: 'gm-unconscious',
      state: 'unconscious',
      awake: false,
    });
    const replay = await t.http.get(`/v1/campaigns/${c.id}/rolls/${roll.id}/replay`).set(c.auth).expect(200);
    expect(replay.body.matches).toBe(true);
    // Still out; the next period starts where the last ended (one more turn).
    const still = await sheetOf(t.server, c, hero.id, 'gm');
    expect(still.harm.state).toBe('unconscious');
    expect(still.harm.timers).toEqual([
      expect.objectContaining({
        kind: 'gm-unconscious',
        startedAt: { ...clock, turn: clock.turn + 1 },
        endsAt: { ...clock, turn: clock.turn + 2 },
      }),
    ]);

    const waking = awakeningSeed(still, hero.id, true);
    const woke = await gql(
      t.server,
      `mutation($c: ID!, $s: String) { advanceClock(campaignId: $c, input: { turns: 1, seed: $s, rollEncounterChecks: false }) { harmTimers { ownerId kind effect state rollId } } }`,
      { c: c.id, s: waking },
      c.auth,
    );
    expect(woke.errors).toBeUndefined();
    const [expiry] = woke.data?.advanceClock.harmTimers as Array<Record<string, string>>;
    expect(expiry).toMatchObject({ ownerId: hero.id, kind: 'gm-unconscious', effect: 'wakes', state: 'up' });
    expect((await rollOf(c, expiry.rollId)).outcome).toMatchObject({ awake: true });
    const up = await sheetOf(t.server, c, hero.id, 'gm');
    expect(up.harm.state).toBe('up');
    expect(up.harm.timers).toBeUndefined();
  });

  it('a long advance rolls at the end of each period until one passes (each roll logged)', async () => {
    const { c, hero } = await table();
    await putSheet(t.server, c, hero.id, 'gm', outSheet());
    const sheet = await sheetOf(t.server, c, hero.id, 'gm');
    const seed = 'long-sleep';
    // Periods of one turn: six turns give up to six rolls; the first pass wakes.
    const expected: boolean[] = [];
    for (let n = 1; n <= 6; n++) {
      expected.push(awakenRoll(sheet, hero.id, seed, n).awake);
      if (expected[n - 1]) break;
    }
    const advance = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ turns: 6, rollEncounterChecks: false, seed })
      .expect(200);
    const mine = (
      advance.body.harmTimers as Array<{ ownerId: string; effect: string; state: string }>
    ).filter((e) => e.ownerId === hero.id);
    expect(mine.map((e) => e.effect)).toEqual(expected.map((a) => (a ? 'wakes' : 'sleeps-on')));
    expect((await sheetOf(t.server, c, hero.id, 'gm')).harm.state).toBe(
      expected[expected.length - 1] ? 'up' : 'unconscious',
    );
  });

  it('a hopeless roll (no face can pass) is made once an advance, the next period starting where the clock stands', async () => {
    const { c, hero } = await table();
    // The referee's reaction overrides: 2 at −3 injuries can never pass.
    await putSheet(t.server, c, hero.id, 'gm', outSheet({ reactions: { fortitude: 2, willpower: 1 } }));
    const advance = await gql(
      t.server,
      `mutation($c: ID!) { advanceClock(campaignId: $c, input: { turns: 4, seed: "hopeless", rollEncounterChecks: false }) { to { day watch turn } harmTimers { ownerId effect state rollId } } }`,
      { c: c.id },
      c.auth,
    );
    expect(advance.errors).toBeUndefined();
    const answer = advance.data?.advanceClock as {
      to: { day: number; watch: string; turn: number };
      harmTimers: Array<Record<string, string>>;
    };
    const now = answer.to;
    expect(answer.harmTimers).toEqual([
      expect.objectContaining({ ownerId: hero.id, effect: 'sleeps-on', state: 'unconscious' }),
    ]);
    expect((await rollOf(c, answer.harmTimers[0].rollId)).outcome).toMatchObject({
      reaction: 'fortitude',
      target: -1,
      odds: { awake: 0, sleepsOn: 1 },
    });
    const after = await sheetOf(t.server, c, hero.id, 'gm');
    expect(after.harm.timers).toEqual([
      expect.objectContaining({
        startedAt: { day: now.day, watch: now.watch, turn: now.turn },
        endsAt: { day: now.day, watch: now.watch, turn: now.turn + 1 },
      }),
    ]);
  });

  const table = () => gmHarmTable(t.server);
});
