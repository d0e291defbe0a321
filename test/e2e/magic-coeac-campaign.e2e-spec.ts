import { DataSource } from 'typeorm';
import { CharacterSheetEntity } from '../../src/characters/characters.entities';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  sheetOf,
  startSession,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { Database } from '../../src/database/database.service';
import { CampaignEntity } from '../../src/database/entities';
import { RollsService } from '../../src/rolls/rolls.service';
import { COEAC_MAGIC_PROCEDURES, COEAC_MASTERY_PROCEDURE } from '../../src/magic/magic.service';
import { AFFIX_CHANNELING_V2 } from '../../src/magic/magic-campaign.service';
import { SHEET_HARM_PROCEDURES } from '../../src/harm/sheet-harm.service';
import { damageInput, sheetState } from '../../src/core/engine';
import { harmOf } from '../../src/core/harm';
import { createRng, Dice } from '../../src/core/random';
import { spellMastery } from '../../src/core/magic/coeac/channeling';

const EVENTS =
  'events { type text ownerId ownerName amount absorbed source path before after delta from to looks }';

const SORCERER = {
  skills: { Ruin: 1, Produce: 0, 'Arcane Lore': 2 },
  saves: { Vigor: 2, Discipline: 1 },
  maxHp: 12,
  classResources: {
    Control: { max: 4 },
    Empower: { max: 2 },
    Disintegrate: { max: 1 },
    zombify: { max: 1 },
    Glyph: { max: 1 },
    Miasma: { max: 1 },
  },
};

describe(`COEAC magic in a campaign (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function sorcerer(c: CampaignFixture, name = 'Mirel', sheet: object = SORCERER, cash = 5) {
    const hero = await createCharacter(t.server, c, { name, wealth: 2, cash });
    await t.http
      .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/coeac`)
      .set(c.auth)
      .send({ sheet })
      .expect(200);
    return hero;
  }
  const url = (c: CampaignFixture, id: string, what: string) =>
    `/v1/campaigns/${c.id}/characters/${id}/${what}`;
  /** The campaign's logged procedures, oldest first. */
  const procedures = async (c: CampaignFixture): Promise<string[]> =>
    (
      await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200)
    ).body.items.map((r: { procedure: string }) => r.procedure);
  /** The campaign audits clean: every roll replays, every sheet is its ledger (issue 39). */
  async function expectCleanAudit(c: CampaignFixture) {
    const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    expect(audit.body).toMatchObject({ ok: true, rolls: { differing: [] }, sheets: { differing: [] } });
    expect(audit.body.rolls.matched).toBe(audit.body.rolls.replayed);
    return audit.body;
  }

  it('a cast that backlashes hurts its caster, spends Control, loses the plasmid, logs one roll; a retry changes nothing', async () => {
    const c = await createCampaign(t.server);
    const hero = await sorcerer(c);
    const send = () =>
      t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .set('Idempotency-Key', `cast-${hero.id}`)
        .send({ spell: 'disintegrate', seed: 'a' });
    const res = await send().expect(201);
    expect(res.body).toMatchObject({
      characterId: hero.id,
      skill: 'Ruin',
      rating: 1,
      channeling: {
        dice: 3,
        faces: [4, 3, 2],
        potency: 1,
        backlash: { happened: true, damage: 4, plasmidLost: true },
      },
      costs: { control: 1, empower: 0, ritualHp: 0, ritualCash: 0, backlashDamage: 4, downAndOut: false },
      replacedRollId: null,
      mutationNote: null,
    });
    expect(res.body.changes).toEqual([
      { field: 'classResources.Control.current', delta: -1, after: 3 },
      { field: 'classResources.Disintegrate.current', delta: -1, after: 0 },
      // The backlash is harm: the COEAC transition takes it after the spell's own costs.
      { field: 'hp', delta: -4, after: 8 },
    ]);
    // The engine's events of the backlash (issue 39, 42), in order, each with a sentence.
    expect(res.body.events).toEqual([
      {
        type: 'damaged',
        text: 'Mirel takes 4 damage: HP 12 → 8.',
        ownerId: hero.id,
        ownerName: 'Mirel',
        amount: 4,
        absorbed: 0,
        source: 'magic:cast',
        looks: 'wounded',
      },
      {
        type: 'field-changed',
        text: 'Mirel: HP 12 → 8.',
        ownerId: hero.id,
        ownerName: 'Mirel',
        path: 'hp',
        before: 12,
        after: 8,
        delta: -4,
      },
    ]);
    // The cast's roll carries the same events (what the live feed sends).
    const logged = await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}`).set(c.auth).expect(200);
    expect(logged.body.events).toEqual(res.body.events);
    expect(logged.body.effects.events).toEqual(res.body.events);
    const again = await send().expect(201);
    expect(again.body).toEqual(res.body);
    const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(sheet.hp).toBe(8);
    expect(sheet.classResources.Control.current).toBe(3);
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    // One roll (issue 39): the channeling and the backlash's harm through the transition.
    expect(log.body.items.map((r: { procedure: string }) => r.procedure)).toEqual(['magic.coeac.cast.v1']);
    const conditions = await t.http
      .get(url(c, hero.id, 'conditions'))
      .set(c.auth)
      .expect(200);
    // Control and the plasmid, then the backlash's HP: all under the cast's roll.
    expect(
      conditions.body.items.filter((e: { rollId: string }) => e.rollId === res.body.rollId),
    ).toHaveLength(3);
    expect(
      conditions.body.items.filter(
        (e: { rollId: string; field: string }) => e.rollId === res.body.rollId && e.field === 'hp',
      ),
    ).toEqual([expect.objectContaining({ field: 'hp', delta: -4 })]);
    // The plasmid is lost for the day.
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'disintegrate' }),
      409,
      'CONFLICT',
      'spell',
    );
    // A long rest (harm) gives back the day's magic: Control and the lost spell, through the ledger.
    await t.http
      .post(url(c, hero.id, 'inventory'))
      .set(c.auth)
      .send({ name: 'Rations', kind: 'gear', depletion: 11 })
      .expect(201);
    const rest = await t.http
      .post(url(c, hero.id, 'rests'))
      .set(c.auth)
      .send({ system: 'coeac', kind: 'long', seed: 'camp', advanceClock: false })
      .expect(201);
    expect(rest.body.rested).toBe(true);
    expect(rest.body.changes).toEqual(
      expect.arrayContaining([
        { path: 'classResources.Control.current', delta: 1, via: 'ledger' },
        { path: 'classResources.Disintegrate.current', delta: 1, via: 'ledger' },
      ]),
    );
    const rested = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(rested.classResources.Control.current).toBe(4);
    expect(rested.classResources.Disintegrate.current).toBe(1);
    await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'disintegrate', seed: 'b' })
      .expect(201);
  });

  it('a zero-success cast rolls the Ob 5 Vigor save and leaves a note for the referee', async () => {
    const c = await createCampaign(t.server);
    const hero = await sorcerer(c);
    const res = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'zombify', seed: 'f' })
      .expect(201);
    expect(res.body.channeling).toMatchObject({
      faces: [2, 3],
      potency: 0,
      backlash: { damage: 5 },
      mutationSave: { save: 'Vigor', objective: 5, rolled: true, mutation: true, roll: { dice: 4 } },
    });
    expect(res.body.mutationNote).toMatch(/mutation table/);
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(7);
  });

  it('a ritual paid in HP and Cash: both ledgers exact; Empower spends the day’s points', async () => {
    const c = await createCampaign(t.server);
    const hero = await sorcerer(c);
    const res = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', ritual: { hp: 2, cash: 3 }, empower: true, seed: 'ritual-1' })
      .expect(201);
    expect(res.body.channeling.dice).toBe(2 + 2 + 3 + 2);
    expect(res.body.channeling.ritual).toEqual({ hp: 2, cash: 3, bonusDice: 5 });
    expect(res.body.costs).toMatchObject({ ritualHp: 2, ritualCash: 3, empower: 2 });
    const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(sheet.classResources.Empower.current).toBe(0);
    expect(sheet.hp).toBe(12 - 2 - res.body.channeling.backlash.damage);
    const ledger = await t.http
      .get(url(c, hero.id, 'ledger'))
      .set(c.auth)
      .expect(200);
    const ritual = ledger.body.items.find((e: { reason: string }) => e.reason === 'ritual');
    expect(ritual).toMatchObject({ cashDelta: -3, rollId: res.body.rollId });
    const character = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth).expect(200);
    expect(character.body.cash).toBe(2);
    // Not enough Cash: refused naming the field, nothing changed.
    const poor = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'miasma', ritual: { cash: 9 } });
    expectProblem(poor, 422, 'INSUFFICIENT_CASH', 'ritual.cash');
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).classResources.Control.current).toBe(3);
  });

  it('a bound spell blocks damage; only one is bound at a time; the live instance is replaced by a new cast', async () => {
    const c = await createCampaign(t.server);
    const hero = await sorcerer(c, 'Binder', {
      ...SORCERER,
      skills: { Ruin: 6, Produce: 6 },
      classResources: { ...SORCERER.classResources, Glyph: { max: 3 } },
    });
    const bound = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'miasma', bind: true, seed: 'bind' })
      .expect(201);
    expect(bound.body.channeling).toMatchObject({
      takesEffect: false,
      bound: { blockDamage: 1, bonusDice: 5 },
    });
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'glyph', bind: true }),
      409,
      'CONFLICT',
      'bind',
    );
    const first = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', seed: 'g1' });
    const second = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', seed: 'g2' });
    expect(second.status).toBe(201);
    expect(second.body.replacedRollId).toBe(first.body.rollId);
    const live = await t.http
      .get(url(c, hero.id, 'coeac-spells'))
      .set(c.auth)
      .expect(200);
    expect(live.body.instances.map((i: { spellId: string; bound: boolean }) => [i.spellId, i.bound])).toEqual(
      [
        ['miasma', true],
        ['glyph', false],
      ],
    );
    // Paged like every list (issue 42): items/next with limit and after, REST and GraphQL alike;
    // the deprecated `instances` still lists them all.
    const page1 = (
      await t.http
        .get(`${url(c, hero.id, 'coeac-spells')}?limit=1`)
        .set(c.auth)
        .expect(200)
    ).body;
    expect(page1.items.map((i: { spellId: string }) => i.spellId)).toEqual(['miasma']);
    expect(page1.instances).toHaveLength(2);
    expect(page1.next).toEqual(expect.any(String));
    const page2 = (
      await t.http
        .get(`${url(c, hero.id, 'coeac-spells')}?limit=1&after=${page1.next}`)
        .set(c.auth)
        .expect(200)
    ).body;
    expect(page2).toMatchObject({ items: [{ spellId: 'glyph', bound: false }], next: null });
    const viaGql = await gql(
      t.server,
      `query($c: ID!, $h: ID!, $a: String) { coeacSpellInstances(campaignId: $c, characterId: $h, limit: 1, after: $a) {
        items { spellId } next } }`,
      { c: c.id, h: hero.id, a: page1.next },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.coeacSpellInstances).toEqual({ items: [{ spellId: 'glyph' }], next: null });
    expectProblem(
      await t.http.get(`${url(c, hero.id, 'coeac-spells')}?after=bm90LWEtY3Vyc29y`).set(c.auth),
      400,
      'VALIDATION_FAILED',
      'after',
    );
    const hpBefore = (await sheetOf(t.server, c, hero.id, 'coeac')).hp;
    const release = await t.http
      .post(url(c, hero.id, 'coeac-bound-releases'))
      .set(c.auth)
      .send({ use: 'block', damage: 3 })
      .expect(201);
    expect(release.body).toMatchObject({ spellId: 'miasma', blocked: 1, damageTaken: 2 });
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(hpBefore - 2);
    // One roll for the release (issue 39): the blow's harm inside `magic.coeac.bound-release.v1`.
    expect(release.body.rollId).toEqual(expect.any(String));
    expect(release.body.events[0]).toMatchObject({
      type: 'damaged',
      text: `Binder takes 2 damage: HP ${hpBefore} → ${hpBefore - 2}.`,
      amount: 2,
      source: 'magic:bound-release:miasma',
    });
    expect(release.body.events[1]).toMatchObject({ type: 'field-changed', path: 'hp', delta: -2 });
    const releaseRoll = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${release.body.rollId}`)
      .set(c.auth)
      .expect(200);
    expect(releaseRoll.body).toMatchObject({ procedure: 'magic.coeac.bound-release.v1' });
    expect(releaseRoll.body.events).toEqual(release.body.events);
    expect(await procedures(c)).not.toContain('harm.sheet-damage');
    const releaseEntries = (
      await t.http
        .get(url(c, hero.id, 'conditions'))
        .set(c.auth)
        .expect(200)
    ).body.items.filter((e: { rollId: string }) => e.rollId === release.body.rollId);
    expect(releaseEntries).toEqual([expect.objectContaining({ field: 'hp', delta: -2 })]);
    await expectCleanAudit(c);
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-bound-releases'))
        .set(c.auth)
        .send({ use: 'dice' }),
      409,
      'CONFLICT',
      'use',
    );
  });

  it('a counterspell against a logged channeling: Ob = Potency + 1, damage = margin, over GraphQL too', async () => {
    const c = await createCampaign(t.server);
    const caster = await sorcerer(c, 'Caster');
    const foe = await sorcerer(c, 'Foe');
    const cast = await t.http
      .post(url(c, caster.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'disintegrate', seed: 'a' })
      .expect(201);
    const answer = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!, $i: CoeacCampaignCounterspellInput!) { coeacCampaignCounterspell(campaignId: $c, characterId: $ch, input: $i) { targetRollId counterspell { objective countered damage roll { dice faces } } changes { field delta after } ${EVENTS} rollId } }`,
      { c: c.id, ch: foe.id, i: { rollId: cast.body.rollId, seed: 'f' } },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    const counter = answer.data?.coeacCampaignCounterspell;
    expect(counter.counterspell).toMatchObject({
      objective: 2,
      roll: { dice: 4, faces: [2, 3, 6, 1] },
      countered: false,
      damage: 1,
    });
    expect(counter.changes).toEqual([
      { field: 'classResources.Control.current', delta: -1, after: 3 },
      { field: 'hp', delta: -1, after: 11 },
    ]);
    // The failure's damage, told by the engine (GraphQL lists every member, null where none).
    expect(counter.events).toEqual([
      expect.objectContaining({
        type: 'damaged',
        text: 'Foe takes 1 damage: HP 12 → 11.',
        ownerId: foe.id,
        amount: 1,
        source: 'magic:counterspell',
        looks: 'wounded',
      }),
      expect.objectContaining({
        type: 'field-changed',
        text: 'Foe: HP 12 → 11.',
        path: 'hp',
        before: 12,
        after: 11,
      }),
    ]);
    // One roll per counterspell (issue 39): the test and its harm in `magic.coeac.counterspell.v2`.
    expect(await procedures(c)).toEqual(['magic.coeac.cast.v1', 'magic.coeac.counterspell.v2']);
    const counterRoll = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${counter.rollId}`)
      .set(c.auth)
      .expect(200);
    expect(counterRoll.body.events).toEqual(
      counter.events.map((e: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(e).filter(([, v]) => v !== null)),
      ),
    );
    const entries = (
      await t.http
        .get(url(c, foe.id, 'conditions'))
        .set(c.auth)
        .expect(200)
    ).body.items.filter((e: { rollId: string }) => e.rollId === counter.rollId);
    expect(entries.map((e: { field: string }) => e.field).sort()).toEqual([
      'classResources.Control.current',
      'hp',
    ]);
    // The same over REST against a second cast: the answer carries the events too.
    const again = await t.http
      .post(url(c, caster.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', seed: 'g' })
      .expect(201);
    const rest = await t.http
      .post(url(c, foe.id, 'coeac-counterspells'))
      .set(c.auth)
      .send({ rollId: again.body.rollId, seed: 'f' })
      .expect(201);
    expect(Array.isArray(rest.body.events)).toBe(true);
    const hurt = rest.body.changes.find((ch: { field: string }) => ch.field === 'hp');
    if (rest.body.counterspell.damage > 0) {
      expect(rest.body.events[0]).toMatchObject({ type: 'damaged', amount: rest.body.counterspell.damage });
      expect(hurt).toEqual(expect.objectContaining({ field: 'hp' }));
    } else {
      expect(rest.body.events).toEqual([]);
      expect(hurt).toBeUndefined();
    }
    expect((await procedures(c)).filter((p) => p === 'harm.sheet-damage')).toEqual([]);
    await expectCleanAudit(c);
    const bad = await t.http
      .post(url(c, foe.id, 'coeac-counterspells'))
      .set(c.auth)
      .send({ rollId: counter.rollId });
    expectProblem(bad, 422, 'UNPROCESSABLE', 'rollId');
  });

  it('a cast reads the caster and its sheet in one statement, with the same refusals: unknown, of another campaign, no COEAC sheet', async () => {
    const c = await createCampaign(t.server);
    const other = await createCampaign(t.server);
    const stranger = await sorcerer(other, 'Stranger');
    const bare = await createCharacter(t.server, c, { name: 'Bare', wealth: 2, cash: 5 });
    const cast = (id: string) =>
      t.http
        .post(url(c, id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'glyph', seed: 'x' });
    expectProblem(await cast('01a00000-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
    expectProblem(await cast(stranger.id), 404, 'NOT_FOUND');
    expectProblem(await cast(bare.id), 422, 'SHEET_MISSING', 'system');
    // Nothing was written: no roll logged in either campaign, the stranger's Control untouched.
    for (const fixture of [c, other]) {
      const log = await t.http.get(`/v1/campaigns/${fixture.id}/rolls`).set(fixture.auth).expect(200);
      expect(log.body.items).toEqual([]);
    }
    const sheet = await t.http
      .get(`/v1/campaigns/${other.id}/characters/${stranger.id}/sheets/coeac`)
      .set(other.auth)
      .expect(200);
    expect(sheet.body.sheet.classResources.Control).toMatchObject({ max: 4, current: 4 });
    // The joined read hands the Cash change the character it read: a ritual's Cash comes off once.
    const hero = await sorcerer(c, 'Payer');
    const paid = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', ritual: { cash: 2 }, seed: 'x' })
      .expect(201);
    expect(paid.body.costs.ritualCash).toBe(2);
    const after = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth).expect(200);
    expect(after.body.cash).toBe(3);
  });

  it('GraphQL twin of a cast gives the REST answer for the same seed; a sheet without the spell is refused', async () => {
    const c = await createCampaign(t.server);
    const a = await sorcerer(c, 'A');
    const b = await sorcerer(c, 'B');
    const rest = await t.http
      .post(url(c, a.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', seed: 'twin' })
      .expect(201);
    const answer = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!, $i: CoeacCastInput!) { coeacCast(campaignId: $c, characterId: $ch, input: $i) { skill rating channeling { faces potency backlash { damage } subRolls { faces damage } } costs { control backlashDamage } changes { field delta after } events { type text amount path delta } } }`,
      { c: c.id, ch: b.id, i: { spell: 'glyph', seed: 'twin' } },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    const { events: gqlEvents, ...twin } = answer.data!.coeacCast;
    expect(rest.body).toMatchObject(twin);
    // The same events on both, told with each caster's name.
    expect(gqlEvents).toHaveLength(rest.body.events.length);
    expect(
      gqlEvents.map((e: { type: string; text: string }) => [e.type, e.text.replace(/^B\b/, 'A')]),
    ).toEqual(rest.body.events.map((e: { type: string; text: string }) => [e.type, e.text]));
    // A backlash over GraphQL, cast with B's own player key: the events whole (its own character).
    const player = await createKey(t.server, c, { role: 'player', characterIds: [b.id] });
    const hp = (await sheetOf(t.server, c, b.id, 'coeac')).hp as number;
    const hurt = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!) { coeacCast(campaignId: $c, characterId: $ch, input: { spell: "disintegrate", seed: "a" }) { rollId costs { backlashDamage } ${EVENTS} } }`,
      { c: c.id, ch: b.id },
      player.auth,
    );
    expect(hurt.errors).toBeUndefined();
    expect(hurt.data?.coeacCast.costs.backlashDamage).toBe(4);
    expect(hurt.data?.coeacCast.events).toEqual([
      expect.objectContaining({
        type: 'damaged',
        text: `B takes 4 damage: HP ${hp} → ${hp - 4}.`,
        amount: 4,
        ownerId: b.id,
      }),
      expect.objectContaining({ type: 'field-changed', path: 'hp', before: hp, after: hp - 4, delta: -4 }),
    ]);
    const seenByPlayer = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${hurt.data?.coeacCast.rollId}`)
      .set(player.auth)
      .expect(200);
    expect(seenByPlayer.body.events.map((e: { text: string }) => e.text)).toEqual([
      `B takes 4 damage: HP ${hp} → ${hp - 4}.`,
      `B: HP ${hp} → ${hp - 4}.`,
    ]);
    expectProblem(
      await t.http
        .post(url(c, a.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'banish' }),
      422,
      'UNPROCESSABLE',
      'spell',
    );
    const none = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!) { coeacCast(campaignId: $c, characterId: $ch, input: { spell: "fireball" }) { rollId } }`,
      { c: c.id, ch: a.id },
      c.auth,
    );
    expect(codes(none)).toEqual(['INVALID_INPUT']);
  });

  it('keeps a secret cast secret: a player may not make one, and sees neither its roll nor its live spell', async () => {
    const c = await createCampaign(t.server);
    const hero = await sorcerer(c);
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(player.auth)
        .send({ spell: 'glyph', secret: true }),
      403,
      'FORBIDDEN',
    );
    const secret = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', secret: true, seed: 'hush' })
      .expect(201);
    const seen = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${secret.body.rollId}`)
      .set(player.auth)
      .expect(200);
    expect(seen.body.outcome).toBeUndefined();
    expect(JSON.stringify(seen.body)).not.toContain('glyph');
    const live = await t.http
      .get(url(c, hero.id, 'coeac-spells'))
      .set(player.auth)
      .expect(200);
    expect(live.body.instances).toEqual([]);
    const referee = await t.http
      .get(url(c, hero.id, 'coeac-spells'))
      .set(c.auth)
      .expect(200);
    expect(referee.body.instances).toHaveLength(1);
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-counterspells'))
        .set(player.auth)
        .send({ rollId: secret.body.rollId }),
      422,
      'UNPROCESSABLE',
      'rollId',
    );
  });

  it('Affix Spell channels each day through magic: Control, backlash damage and the lost spell on the sheet', async () => {
    const c = await createCampaign(t.server);
    await startSession(t.server, c);
    const mage = await sorcerer(c, 'Affixer', SORCERER, 30);
    const ore = (
      await t.http
        .post(url(c, mage.id, 'inventory'))
        .set(c.auth)
        .send({ name: 'Cybalt', kind: 'material', dice: 30 })
        .expect(201)
    ).body;
    const ritual = (
      await t.http
        .post(url(c, mage.id, 'artifact-rituals'))
        .set(c.auth)
        .send({ spell: 'Disintegrate', channelingObjective: 5, cybaltItemId: ore.id })
        .expect(201)
    ).body.ritual;
    const day = await t.http
      .post(`${url(c, mage.id, 'artifact-rituals')}/${ritual.id}/channelings`)
      .set(c.auth)
      .send({ sorcerySkill: 1, seed: 'a' })
      .expect(201);
    expect(day.body).toMatchObject({
      passed: false,
      test: { dice: 3, faces: [4, 3, 2], successes: 1, objective: 5 },
      backlash: { happened: true, damage: 4, plasmidLost: true },
      mutationSave: null,
    });
    expect(day.body.sheetChanges).toEqual([
      { field: 'classResources.Control.current', delta: -1, after: 3 },
      { field: 'classResources.Disintegrate.current', delta: -1, after: 0 },
      // The backlash is harm: the COEAC transition takes it after the spell's own costs.
      { field: 'hp', delta: -4, after: 8 },
    ]);
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${day.body.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    // One roll for the day (issue 39): the backlash's harm inside `crafting.channeling.v3`.
    expect(replay.body).toMatchObject({ matches: true, roll: { procedure: 'crafting.channeling.v3' } });
    // The day answers the engine's events of that harm, each with its sentence, and its roll carries
    // the same ones (the log and the feed).
    const damaged = day.body.events.find((e: { type: string }) => e.type === 'damaged');
    expect(damaged).toMatchObject({ amount: 4, text: 'Affixer takes 4 damage: HP 12 → 8.' });
    expect(day.body.events).toContainEqual(
      expect.objectContaining({ type: 'field-changed', path: 'hp', before: 12, after: 8, delta: -4 }),
    );
    const logged = await t.http.get(`/v1/campaigns/${c.id}/rolls/${day.body.rollId}`).set(c.auth).expect(200);
    expect(logged.body.events).toEqual(day.body.events);
    expect(await procedures(c)).toEqual(['crafting.channeling.v3']);
    const entries = (
      await t.http
        .get(url(c, mage.id, 'conditions'))
        .set(c.auth)
        .expect(200)
    ).body.items.filter((e: { rollId: string }) => e.rollId === day.body.rollId);
    expect(entries.map((e: { field: string }) => e.field)).toEqual([
      'classResources.Control.current',
      'classResources.Disintegrate.current',
      'hp',
    ]);
    await expectCleanAudit(c);
  });

  it('arcane vestments: carried items on the sheet, no worn armour with them, their Empower spent on a cast (REST and GraphQL)', async () => {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Vesna', wealth: 2, cash: 5 });
    const add = async (name: string) =>
      (
        await t.http
          .post(url(c, hero.id, 'inventory'))
          .set(c.auth)
          .send({ name, kind: 'artifact', slots: 1 })
          .expect(201)
      ).body.id as string;
    const robe = await add('Robe of stars');
    const circlet = await add('Circlet of embers');
    const inv = await t.http
      .get(url(c, hero.id, 'inventory'))
      .set(c.auth)
      .expect(200);
    // Each vestment takes its inventory slot.
    expect(inv.body.used).toBe(2);
    const sheet = {
      skills: { Ruin: 1, Produce: 1 },
      saves: { Vigor: 2 },
      maxHp: 12,
      classResources: { Control: { max: 4 }, Disintegrate: { max: 1 }, Glyph: { max: 1 } },
      vestments: [{ itemId: robe }, { itemId: circlet, empower: 2 }],
    };
    // Worn armour with vestments: refused, naming the field, nothing stored.
    expectProblem(
      await t.http
        .put(url(c, hero.id, 'sheets/coeac'))
        .set(c.auth)
        .send({ sheet: { ...sheet, armor: { kind: 'light' } } }),
      400,
      'VALIDATION_FAILED',
      'sheet.vestments',
    );
    expectProblem(
      await t.http
        .put(url(c, hero.id, 'sheets/coeac'))
        .set(c.auth)
        .send({ sheet: { ...sheet, classResources: { ...sheet.classResources, Empower: { max: 2 } } } }),
      400,
      'VALIDATION_FAILED',
      'sheet.classResources.Empower.max',
    );
    await t.http
      .get(url(c, hero.id, 'sheets/coeac'))
      .set(c.auth)
      .expect(422);
    const put = await t.http
      .put(url(c, hero.id, 'sheets/coeac'))
      .set(c.auth)
      .send({ sheet })
      .expect(200);
    expect(put.body.sheet).toMatchObject({
      vestments: [
        { itemId: robe, empower: 1 },
        { itemId: circlet, empower: 2 },
      ],
      vestmentEmpower: 3,
      classResources: { Empower: { current: 3, max: 3 } },
      armor: { kind: 'none' },
    });

    // The cast spends the day's Empower at once: +3 dice, Control unchanged by it (1 for the cast).
    const cast = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'disintegrate', empower: true, seed: 'v' })
      .expect(201);
    expect(cast.body.channeling.diceFrom).toEqual(
      expect.arrayContaining([
        { source: 'pool', dice: 3 },
        { source: 'empower', dice: 3 },
      ]),
    );
    expect(cast.body.channeling.dice).toBe(6);
    expect(cast.body.costs).toMatchObject({ control: 1, empower: 3 });
    expect(cast.body.changes).toEqual(
      expect.arrayContaining([
        { field: 'classResources.Control.current', delta: -1, after: 3 },
        { field: 'classResources.Empower.current', delta: -3, after: 0 },
      ]),
    );
    const spent = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!) { coeacCast(campaignId: $c, characterId: $ch, input: { spell: "glyph", empower: true }) { rollId } }`,
      { c: c.id, ch: hero.id },
      c.auth,
    );
    expect(codes(spent)).toContain('CONFLICT');

    // Refilled (the referee's adjustment standing in for a long rest), with the circlet dropped: only the
    // robe's Empower 1 reaches the dice, and the whole pool is spent.
    await t.http
      .post(url(c, hero.id, 'condition-adjustments'))
      .set(c.auth)
      .send({ system: 'coeac', field: 'classResources.Empower.current', delta: 3, reason: 'rest' })
      .expect(201);
    await t.http
      .delete(url(c, hero.id, `inventory/${circlet}`))
      .set(c.auth)
      .expect(200);
    const view = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(view.vestmentEmpower).toBe(1);
    const g = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!) { coeacCast(campaignId: $c, characterId: $ch, input: { spell: "glyph", empower: true, seed: "w" }) { channeling { dice diceFrom { source dice } } costs { empower } changes { field delta after } } }`,
      { c: c.id, ch: hero.id },
      c.auth,
    );
    expect(g.errors).toBeUndefined();
    const answer = g.data!.coeacCast;
    expect(answer.channeling.diceFrom).toContainEqual({ source: 'empower', dice: 1 });
    expect(answer.costs.empower).toBe(1);
    expect(answer.changes).toContainEqual({ field: 'classResources.Empower.current', delta: -3, after: 0 });

    // A sheet stored with both (written around the sheet route, as an older import might): the cast
    // refuses, naming the armour, and changes nothing.
    const sheets = t.app.get(DataSource).getRepository(CharacterSheetEntity);
    const row = await sheets.findOneByOrFail({ ownerId: hero.id, system: 'coeac' });
    await sheets.update(row.id, {
      data: { ...row.data, armor: { kind: 'heavy', shield: false, blockUses: 2 } },
    });
    const before = await sheetOf(t.server, c, hero.id, 'coeac');
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'disintegrate' }),
      409,
      'CONFLICT',
      'armor.kind',
    );
    expect(await sheetOf(t.server, c, hero.id, 'coeac')).toEqual(before);
  });

  it('rolls logged before the harm moved into the spell’s roll still replay: the audit of such a campaign is clean (REST and GraphQL)', async () => {
    const c = await createCampaign(t.server);
    const hero = await sorcerer(c, 'Elder');
    const cast = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'glyph', seed: 'old' })
      .expect(201);
    const { keyId } = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${cast.body.rollId}`).set(c.auth).expect(200)
    ).body;
    const rolls = t.app.get(RollsService);
    const db = t.app.get(Database);
    const [campaign] = await Database.selectRows(db.manager, CampaignEntity, { id: c.id });
    const who = { keyId, campaignId: c.id, role: 'referee' as const, characterIds: [] };
    const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
    const state = sheetState(
      { name: 'Elder', id: hero.id, npc: false },
      'coeac',
      sheet,
      sheet,
      harmOf(sheet),
    );
    const harm = (amount: number) => ({
      ...damageInput(state, { kind: 'damage', amount: 0 }),
      damage: amount,
    });
    // As they were logged: a counterspell and then its harm, a release's harm alone, an Affix day (v2).
    const old = [
      rolls.roll(COEAC_MAGIC_PROCEDURES.counterspell, { pool: 4, potency: 3 }, 'old-counter'),
      rolls.roll(SHEET_HARM_PROCEDURES.damage, harm(2), 'old-counter/harm'),
      rolls.roll(SHEET_HARM_PROCEDURES.damage, harm(1), `${cast.body.rollId}/harm`),
      rolls.roll(
        AFFIX_CHANNELING_V2,
        { pool: 3, objective: 5, spell: 'disintegrate', vigorPool: 4 },
        'old-affix',
      ),
      // Spell Mastery and a catastrophe as logged before their harm joined their roll (issue 39).
      rolls.roll(COEAC_MAGIC_PROCEDURES.spellMastery, { pool: 4, spell: 'disintegrate' }, 'old-mastery'),
      rolls.roll(COEAC_MAGIC_PROCEDURES.catastropheV2, { damage: 3, disciplinePool: 3 }, 'old-catastrophe'),
      // A failed mastery as v2 logged it (issue 39): the mastery with its backlash, then the check as a
      // second roll on `<seed>/down-and-out`.
      rolls.roll(
        COEAC_MASTERY_PROCEDURE,
        { mastery: { pool: 3, spell: 'disintegrate', vigorPool: 4 }, harm: harm(0) },
        'a',
      ),
      rolls.roll(
        SHEET_HARM_PROCEDURES.damage,
        { ...harm(0), downAndOutCheck: true } as Parameters<typeof SHEET_HARM_PROCEDURES.damage.run>[0],
        'a/down-and-out',
      ),
    ];
    const ids: string[] = [];
    for (const rolled of old)
      ids.push(
        (
          await rolls.record(db.manager, who, rolled as never, {
            campaign,
            effects: { characterId: hero.id },
          })
        ).id,
      );
    for (const id of ids) {
      const replay = await t.http.get(`/v1/campaigns/${c.id}/rolls/${id}/replay`).set(c.auth).expect(200);
      expect(replay.body.matches).toBe(true);
    }
    expect(await procedures(c)).toEqual([
      'magic.coeac.cast.v1',
      'magic.coeac.counterspell',
      'harm.sheet-damage',
      'harm.sheet-damage',
      'crafting.channeling.v2',
      'magic.coeac.spell-mastery',
      'magic.coeac.catastrophe.v2',
      'magic.coeac.spell-mastery.v2',
      'harm.sheet-damage',
    ]);
    const audit = await expectCleanAudit(c);
    expect(audit.rolls.replayed).toBe(9);
    const viaGql = await gql(
      t.server,
      `query($c: ID!) { campaignAudit(campaignId: $c) { ok rolls { replayed matched } } }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.campaignAudit).toEqual({ ok: true, rolls: { replayed: 9, matched: 9 } });
  });

  it('a failed Spell Mastery that calls the Down and Out check logs exactly one roll; sheet, ledger and audit agree (REST and GraphQL)', async () => {
    const c = await createCampaign(t.server);
    const sheet = { maxHp: 12, skills: { Ruin: 3, Reveal: 3 }, classResources: { Control: { max: 3 } } };
    // Seeds on which the mastery (pool 5) fails with backlash: the backlash, then the check. The third
    // caster has 2 HP and a backlash of 2 or more: down and out (its own table roll), then the check.
    const seeds: string[] = [];
    for (let i = 0; i < 500 && seeds.length < 3; i++) {
      const out = spellMastery({ pool: 5, spell: 'wandering-eye' }, new Dice(createRng(`one-${i}`)));
      const backlash = out.blindCast.backlash.damage ?? 0;
      if (!out.learned && backlash >= (seeds.length === 2 ? 2 : 1)) seeds.push(`one-${i}`);
    }
    expect(seeds).toHaveLength(3);
    const rest = async (id: string, seed: string) =>
      (
        await t.http
          .post(url(c, id, 'coeac-spell-masteries'))
          .set(c.auth)
          .send({ spell: 'wandering-eye', seed })
          .expect(201)
      ).body;
    const graphql = async (id: string, seed: string) => {
      const res = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $s: String!) { coeacCampaignSpellMastery(campaignId: $c, characterId: $h,
           input: { spell: "wandering-eye", seed: $s }) { learned barred backlashDamage backlashRollId downAndOut
           state rollId changes { field delta after } } }`,
        { c: c.id, h: id, s: seed },
        c.auth,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.coeacCampaignSpellMastery;
    };
    const frail = { ...sheet, maxHp: 2 };
    for (const [i, [send, kept]] of (
      [
        [rest, sheet],
        [graphql, sheet],
        [rest, frail],
      ] as const
    ).entries()) {
      const hero = await sorcerer(c, `Adept ${i}`, kept);
      const before = await procedures(c);
      const answer = await send(hero.id, seeds[i]);
      // One action, one logged roll: the mastery's, holding the backlash and the check.
      const after = await procedures(c);
      expect(after).toHaveLength(before.length + 1);
      expect(after[after.length - 1]).toBe('magic.coeac.spell-mastery.v3');
      expect(answer).toMatchObject({ learned: false, barred: true });
      expect(answer.backlashDamage).toBeGreaterThan(0);
      expect(answer.backlashRollId).toBe(answer.rollId);
      expect(answer.downAndOut.rollId).toBe(answer.rollId);
      expect(answer.downAndOut.detail.downAndOut.roll).toBeGreaterThanOrEqual(2);
      expect(answer.state).toBe(answer.downAndOut.state);
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${answer.rollId}`).set(c.auth).expect(200))
        .body;
      expect(roll.procedure).toBe('magic.coeac.spell-mastery.v3');
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${answer.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // The ledger: every change of the mastery names its one roll, in the order the answer lists them.
      const ledger = (
        await t.http
          .get(url(c, hero.id, 'conditions'))
          .set(c.auth)
          .query({ limit: 100 })
          .expect(200)
      ).body.items as Array<{ field: string; delta: number; valueAfter: number; rollId: string | null }>;
      const mine = ledger.filter((e) => e.rollId === answer.rollId);
      expect(mine.map((e) => ({ field: e.field, delta: e.delta, after: e.valueAfter }))).toEqual(
        answer.changes,
      );
      const hpBefore = kept.maxHp;
      expect(
        mine.some((e) => e.field === 'hp' && e.delta === -Math.min(hpBefore, answer.backlashDamage)),
      ).toBe(true);
      if (i === 2) expect(answer.downAndOut.stateBefore).not.toBe('up');
      // The sheet is what the ledger says, and what the answer says.
      const stored = await sheetOf(t.server, c, hero.id, 'coeac');
      const last = (field: string) => [...ledger].reverse().find((e) => e.field === field)!.valueAfter;
      expect(stored.hp).toBe(last('hp'));
      expect(stored.maxHp).toBe(last('maxHp'));
      expect(stored.classResources.Control.current).toBe(2);
      expect(stored.barredSpells).toEqual(['wandering-eye']);
      expect(stored.harm.state).toBe(answer.state);
      // Awaiting aid (the backlash's table or the check's): its timer runs.
      if ((stored.harm.conditions as string[]).includes('awaiting-aid'))
        expect((stored.harm.timers as Array<{ kind: string }>).map((x) => x.kind)).toContain('coeac-aid');
    }
    expect((await procedures(c)).filter((p) => p === 'harm.sheet-damage')).toEqual([]);
    await expectCleanAudit(c);
  });

  it('Spell Mastery, a catastrophe and a release over GraphQL answer the engine’s events of the harm they did', async () => {
    const c = await createCampaign(t.server);
    const sheet = { maxHp: 12, skills: { Ruin: 3, Reveal: 3 }, classResources: { Control: { max: 3 } } };
    const hero = await sorcerer(c, 'Vesk', sheet);
    // A failed mastery with backlash: the backlash's harm, then the failure's Down and Out check.
    let seed = '';
    for (let i = 0; i < 500 && !seed; i++) {
      const out = spellMastery({ pool: 5, spell: 'wandering-eye' }, new Dice(createRng(`vesk-${i}`)));
      if (!out.learned && (out.blindCast.backlash.damage ?? 0) > 0) seed = `vesk-${i}`;
    }
    expect(seed).not.toBe('');
    const mastery = await t.http
      .post(url(c, hero.id, 'coeac-spell-masteries'))
      .set(c.auth)
      .send({ spell: 'wandering-eye', seed })
      .expect(201);
    const backlash = mastery.body.backlashDamage as number;
    expect(backlash).toBeGreaterThan(0);
    expect(mastery.body.events[0]).toMatchObject({
      type: 'damaged',
      ownerId: hero.id,
      amount: backlash,
      text: expect.stringMatching(
        new RegExp(`^Vesk takes ${backlash} damage: HP 12 → ${Math.max(0, 12 - backlash)}`),
      ),
    });
    for (const e of mastery.body.events) expect(e.text).toEqual(expect.any(String));
    // The backlash's harm and the failure's check are taken in the mastery's own roll
    // (magic.coeac.spell-mastery.v3), which keeps the events of both (the log and the feed).
    expect(mastery.body.backlashRollId).toBe(mastery.body.rollId);
    expect(mastery.body.downAndOut.rollId).toBe(mastery.body.rollId);
    const masteryRoll = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${mastery.body.rollId}`).set(c.auth).expect(200)
    ).body;
    expect(masteryRoll.procedure).toBe('magic.coeac.spell-mastery.v3');
    expect(mastery.body.events.filter((e: { type: string }) => !e.type.startsWith('timer-'))).toEqual(
      masteryRoll.events,
    );

    // A catastrophe's wave or wild cast: events exactly when it harmed the caster.
    const other = await sorcerer(c, 'Quill');
    for (let i = 0; i < 6; i++) {
      const cat = await t.http
        .post(url(c, other.id, 'coeac-catastrophes'))
        .set(c.auth)
        .send({ damage: 4, seed: `quill-${i}` })
        .expect(201);
      const hp = cat.body.changes.filter((ch: { field: string }) => ch.field === 'hp');
      // One roll per catastrophe (magic.coeac.catastrophe.v3): its harm inside it.
      const logged = await procedures(c);
      expect(logged.filter((p) => p === 'magic.coeac.catastrophe.v3')).toHaveLength(i + 1);
      if (hp.length === 0) expect(cat.body.events).toEqual([]);
      else
        expect(cat.body.events[0]).toMatchObject({
          type: 'damaged',
          ownerId: other.id,
          text: expect.stringContaining('Quill takes'),
        });
    }

    // A bound spell released against a blow of 5 over GraphQL: 1 blocked, 4 taken, in one roll.
    const binder = await sorcerer(c, 'Binder', { ...SORCERER, skills: { Ruin: 6, Produce: 6 } });
    await t.http
      .post(url(c, binder.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'miasma', bind: true, seed: 'bind' })
      .expect(201);
    const before = (await sheetOf(t.server, c, binder.id, 'coeac')).hp as number;
    const released = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!) { coeacReleaseBound(campaignId: $c, characterId: $ch, input: { use: block, damage: 5, seed: "r" }) { blocked damageTaken rollId changes { field delta after } ${EVENTS} } }`,
      { c: c.id, ch: binder.id },
      c.auth,
    );
    expect(released.errors).toBeUndefined();
    const r = released.data?.coeacReleaseBound;
    expect(r).toMatchObject({ blocked: 1, damageTaken: 4, rollId: expect.any(String) });
    // Every harm of this test was taken inside its spell's roll, the failed mastery's check too.
    expect((await procedures(c)).filter((p) => p === 'harm.sheet-damage')).toEqual([]);
    expect(r.events[0]).toMatchObject({
      type: 'damaged',
      amount: 4,
      text: expect.stringMatching(
        new RegExp(`^Binder takes 4 damage: HP ${before} → ${Math.max(0, before - 4)}`),
      ),
      source: 'magic:bound-release:miasma',
    });
    expect(r.changes[0]).toEqual({
      field: 'hp',
      delta: -Math.min(4, before),
      after: Math.max(0, before - 4),
    });
    const procs = await procedures(c);
    expect(procs.filter((p) => p === 'magic.coeac.bound-release.v1')).toHaveLength(1);
    await expectCleanAudit(c);
  });
});
