import type { AddressInfo } from 'node:net';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, putSheet, sheetOf } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { awakeningSeed, awakenRoll, gmHarmTable, gmWarriorSheet } from '../factories/gm-harm';
import { openSse, type SseClient } from './feed-clients';

/*
 * Issue 39: a harm timer's end is a change of the engine (`timer`), decided by the system's
 * transition. The clock advance answers what it decided with the transition's events (REST and
 * GraphQL), the logged roll carries them (the roll log and the live feed), and the audit still
 * replays every roll and finds every sheet equal to its ledger.
 */

type Via = 'rest' | 'graphql';
const VIAS: Via[] = ['rest', 'graphql'];

interface Expiry {
  ownerId: string;
  kind: string;
  effect: string;
  state: string;
  rollId: string;
  events: Array<{
    type: string;
    text: string;
    timer?: string | null;
    effect?: string | null;
    to?: string | null;
  }>;
}

const EXPIRY_FIELDS = `harmTimers { ownerId kind effect state rollId events { type text ownerId ownerName timer effect from to condition looks } }`;

describe(`harm timers end through the engine's transition (issue 39) (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let base: string;
  const streams: SseClient[] = [];
  beforeAll(async () => {
    t = await startApp({ FEED_HEARTBEAT_MS: '200' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => t.close());

  const characterPath = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;

  async function advance(c: CampaignFixture, turns: number, via: Via, seed?: string): Promise<Expiry[]> {
    if (via === 'rest') {
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/clock/advance`)
        .set(c.auth)
        .send({ turns, rollEncounterChecks: false, ...(seed ? { seed } : {}) })
        .expect(200);
      return (res.body.harmTimers ?? []) as Expiry[];
    }
    const g = await gql(
      t.server,
      `mutation($c: ID!, $n: Int!, $s: String) { advanceClock(campaignId: $c, input: { turns: $n, seed: $s, rollEncounterChecks: false }) { ${EXPIRY_FIELDS} } }`,
      { c: c.id, n: turns, s: seed ?? null },
      c.auth,
    );
    expect(g.errors).toBeUndefined();
    return (g.data?.advanceClock.harmTimers ?? []) as Expiry[];
  }

  const rollOf = async (c: CampaignFixture, id: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls/${id}`).set(c.auth).expect(200)).body;

  async function auditClean(c: CampaignFixture) {
    const audit = (await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200)).body;
    expect(audit.ok).toBe(true);
    expect(audit.rolls.matched).toBe(audit.rolls.replayed);
  }

  /** A Cairn character whose 11 damage (seed `mortal`) gives a Mortal Wound: out, dying, an hour's timer. */
  async function mortallyWounded(c: CampaignFixture, name: string) {
    const hero = await createCharacter(t.server, c, { name });
    await putSheet(t.server, c, hero.id, 'cairn', {
      str: { max: 10 },
      dex: { max: 10 },
      wil: { max: 10 },
      maxHp: 11,
      hp: 11,
    });
    const blow = (
      await t.http
        .post(`${characterPath(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'cairn', amount: 11, seed: 'mortal' })
        .expect(201)
    ).body;
    expect(blow).toMatchObject({ scar: 'Mortal Wound', state: 'out' });
    expect((await sheetOf(t.server, c, hero.id, 'cairn')).harm.timers).toEqual([
      expect.objectContaining({ kind: 'cairn-mortal-wound', effect: 'death' }),
    ]);
    return hero;
  }

  it.each(VIAS)(
    'Cairn: an untended Mortal Wound dies at the hour, told by the transition’s events in the answer, the log and the live feed (%s)',
    async (via) => {
      const c = await createCampaign(t.server);
      const osk = await mortallyWounded(c, 'Osk');
      const feed = await openSse(base, c.id, c.auth);
      streams.push(feed);
      // Five turns: not yet.
      expect(await advance(c, 5, via)).toEqual([]);
      expect((await sheetOf(t.server, c, osk.id, 'cairn')).harm.state).toBe('out');
      const [expiry, ...more] = await advance(c, 1, via);
      expect(more).toEqual([]);
      expect(expiry).toMatchObject({
        ownerId: osk.id,
        kind: 'cairn-mortal-wound',
        effect: 'death',
        state: 'dead',
      });
      // The dead is no longer dying (docs/decisions.md): told before the death.
      expect(expiry.events.map((e) => e.type)).toEqual([
        'timer-expired',
        'condition-removed',
        'died',
        'timer-ended',
      ]);
      expect(expiry.events[0]).toMatchObject({
        text: "Osk's Mortal Wound was never tended: Osk dies.",
        timer: 'cairn-mortal-wound',
        effect: 'death',
      });
      expect(expiry.events[1]).toMatchObject({ condition: 'dying', text: 'Osk is no longer dying.' });
      expect(expiry.events[2]).toMatchObject({ type: 'died', to: 'dead', text: 'Osk is dead.' });
      const sheet = await sheetOf(t.server, c, osk.id, 'cairn');
      expect(sheet.harm.state).toBe('dead');
      expect(sheet.harm.conditions).not.toContain('dying');
      expect(sheet.state).toBe('dead');
      expect(sheet.harm.timers).toBeUndefined();
      // The logged roll: the same procedure, input and outcome as before the engine, and the events.
      const roll = await rollOf(c, expiry.rollId);
      expect(roll.procedure).toBe('harm.timer-expired');
      expect(Object.keys(roll.inputs).sort()).toEqual(['clock', 'endsAt', 'kind', 'system']);
      expect(roll.outcome).toMatchObject({ kind: 'cairn-mortal-wound', state: 'dead' });
      expect(roll.events).toEqual(
        expiry.events.map((e) => expect.objectContaining({ type: e.type, text: e.text })),
      );
      // The live feed carries the same roll with its events.
      await feed.until((events) =>
        events.some((e) => e.event === 'rollLogged' && JSON.parse(e.data).id === expiry.rollId),
      );
      const live = feed
        .data<{ id: string; events?: Array<{ type: string; text: string }> }>('rollLogged')
        .find((r) => r.id === expiry.rollId)!;
      expect(live.events?.map((e) => e.text)).toEqual(expiry.events.map((e) => e.text));
      await auditClean(c);
    },
  );

  it.each(VIAS)(
    'Cairn: a tended Mortal Wound outlives the hour; nothing is logged for it (%s)',
    async (via) => {
      const c = await createCampaign(t.server);
      const mara = await mortallyWounded(c, 'Mara');
      const tended = await t.http
        .post(`${characterPath(c, mara.id)}/aid`)
        .set(c.auth)
        .send({ means: 'stitches' })
        .expect(201);
      expect(tended.body).toMatchObject({
        aided: 'mortal-wound',
        state: 'out',
        conditionsRemoved: ['dying'],
      });
      expect(await advance(c, 7, via)).toEqual([]);
      const sheet = await sheetOf(t.server, c, mara.id, 'cairn');
      expect(sheet.harm.state).toBe('out');
      const logged = (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200)).body
        .items as Array<{
        procedure: string;
      }>;
      expect(logged.map((r) => r.procedure)).not.toContain('harm.timer-expired');
      await auditClean(c);
    },
  );

  it.each(VIAS)(
    'G&M: an unconscious character’s roll to awaken (harm.gm-awaken, unchanged) wakes it, with its events (%s)',
    async (via) => {
      const { c, hero } = await gmHarmTable(t.server);
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmWarriorSheet({
          survival: { current: 0, max: 10 },
          injuries: { current: 3, max: 3 },
          harm: { state: 'unconscious' },
        }),
      );
      const sheet = await sheetOf(t.server, c, hero.id, 'gm');
      const seed = awakeningSeed(sheet, hero.id, true);
      const expected = awakenRoll(sheet, hero.id, seed);
      const [expiry] = await advance(c, 1, via, seed);
      expect(expiry).toMatchObject({
        ownerId: hero.id,
        kind: 'gm-unconscious',
        effect: 'wakes',
        state: 'up',
      });
      expect(expiry.events.map((e) => e.type)).toEqual(['timer-expired', 'state-changed', 'timer-ended']);
      expect(expiry.events[0].text).toBe(
        `Toromeen wakes (${expected.reaction} ${expected.score} at −3: rolled ${expected.roll} against ${expected.target}).`,
      );
      expect(expiry.events[1]).toMatchObject({ to: 'up', text: 'Toromeen is back on their feet.' });
      const roll = await rollOf(c, expiry.rollId);
      expect(roll.procedure).toBe('harm.gm-awaken');
      expect(roll.outcome).toEqual(expected);
      expect(roll.effects).toMatchObject({
        characterId: hero.id,
        timer: 'gm-unconscious',
        state: 'up',
        awake: true,
      });
      expect(roll.events.map((e: { type: string }) => e.type)).toEqual(expiry.events.map((e) => e.type));
      const after = await sheetOf(t.server, c, hero.id, 'gm');
      expect(after.harm.state).toBe('up');
      expect(after.harm.timers).toBeUndefined();
      await auditClean(c);
    },
  );
});
