import { DATABASE_KIND, startApp, TestApp } from './harness';
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
import { awakeningSeed } from '../factories/gm-harm';

interface Key {
  id: string;
  auth: { Authorization: string };
}

const TIMER_FIELDS = `ownerKind ownerId system kind startedAt { day watch turn } endsAt { day watch turn } rounds effect`;

describe(`harm timers on the campaign clock (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    return { c, hero, player };
  }

  const base = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;
  const timerRolls = async (c: CampaignFixture) =>
    (
      await t.http
        .get(`/v1/campaigns/${c.id}/rolls`)
        .set(c.auth)
        .query({ procedure: 'harm.timer-expired', limit: 100 })
        .expect(200)
    ).body.items as Array<{ id: string; faces: number[]; effects: Record<string, unknown> }>;

  // Medicine with one die against Obstacle 3 cannot pass: the hero is down and out, awaiting aid.
  const downUnaided = { system: 'coeac', amount: 6, medicine: { pool: 1 }, seed: 'unaided' };

  it('REST: a character down and out without aid dies when the clock passes the end of the Turn; a retried advance applies once', async () => {
    const { c, hero, player } = await table();
    await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 4, saves: { Vigor: 1 }, skills: { Medicine: 1 } });
    const hit = await t.http
      .post(`${base(c, hero.id)}/damage`)
      .set(c.auth)
      .send(downUnaided)
      .expect(201);
    expect(hit.body.state).toBe('down-and-out');
    expect(hit.body.detail.downAndOut.result).toBe('unaided');
    const clock = (await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200)).body;
    const timers = (
      await t.http
        .get(`${base(c, hero.id)}/harm-timers`)
        .set(player.auth)
        .expect(200)
    ).body.items;
    expect(timers).toEqual([
      {
        ownerKind: 'character',
        ownerId: hero.id,
        system: 'coeac',
        kind: 'coeac-aid',
        startedAt: { day: clock.day, watch: clock.watch, turn: clock.turn },
        endsAt: { day: clock.day, watch: clock.watch, turn: clock.turn + 1 },
        rounds: null,
        effect: 'death',
      },
    ]);
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).harm.timers).toHaveLength(1);

    const advance = () =>
      t.http
        .post(`/v1/campaigns/${c.id}/clock/advance`)
        .set(c.auth)
        .set('Idempotency-Key', `timers-${hero.id}`)
        .send({ turns: 1, rollEncounterChecks: false });
    const first = await advance().expect(200);
    expect(first.body.harmTimers).toEqual([
      {
        ownerKind: 'character',
        ownerId: hero.id,
        system: 'coeac',
        kind: 'coeac-aid',
        endsAt: timers[0].endsAt,
        effect: 'death',
        state: 'dead',
        rollId: expect.any(String),
        // The transition's events (issue 39): the end, the condition it clears, the death.
        events: [
          expect.objectContaining({ type: 'timer-expired', timer: 'coeac-aid', effect: 'death' }),
          expect.objectContaining({ type: 'condition-removed', condition: 'awaiting-aid' }),
          expect.objectContaining({ type: 'died', from: 'down-and-out', to: 'dead', looks: 'dead' }),
          expect.objectContaining({ type: 'timer-ended', timer: 'coeac-aid' }),
        ],
      },
    ]);
    const again = await advance().expect(200);
    expect(again.body).toEqual(first.body);
    const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(sheet.harm.state).toBe('dead');
    expect(sheet.state).toBe('dead');
    expect(sheet.harm.timers).toBeUndefined();
    expect(sheet.harm.conditions).not.toContain('awaiting-aid');
    // One log entry, no dice, naming the character.
    const logged = await timerRolls(c);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      id: first.body.harmTimers[0].rollId,
      faces: [],
      effects: { characterId: hero.id, timer: 'coeac-aid', state: 'dead' },
    });
    // Time passing again finds nothing left to run out.
    const later = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ turns: 3 })
      .expect(200);
    expect(later.body.harmTimers).toBeUndefined();
    expect(await timerRolls(c)).toHaveLength(1);
    expect(
      (
        await t.http
          .get(`${base(c, hero.id)}/harm-timers`)
          .set(c.auth)
          .expect(200)
      ).body.items,
    ).toEqual([]);
  });

  it('GraphQL: healed in time (a short rest lifts Down and Out), the timer stops and the clock kills nobody', async () => {
    const { c, hero } = await table();
    await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 4, saves: { Vigor: 1 }, skills: { Medicine: 1 } });
    await t.http
      .post(`${base(c, hero.id)}/inventory`)
      .set(c.auth)
      .send({ name: 'Rations', kind: 'gear', depletion: 11 })
      .expect(201);
    const hit = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
         input: { system: coeac, amount: 6, medicine: { pool: 1 }, seed: "unaided" }) { state conditionsAdded } }`,
      { c: c.id, h: hero.id },
      c.auth,
    );
    expect(hit.errors).toBeUndefined();
    expect(hit.data?.damageCharacter).toMatchObject({
      state: 'down-and-out',
      conditionsAdded: ['awaiting-aid'],
    });
    const listed = await gql(
      t.server,
      `query($c: ID!, $h: ID!) { characterHarmTimers(campaignId: $c, characterId: $h) { items { ${TIMER_FIELDS} } next } }`,
      { c: c.id, h: hero.id },
      c.auth,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.characterHarmTimers.items).toMatchObject([
      { ownerId: hero.id, kind: 'coeac-aid', effect: 'death', rounds: null, endsAt: { turn: 1 } },
    ]);
    // The short rest heals first, then its Turn passes (the clock's hooks included): nobody dies.
    const rest = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
         input: { system: coeac, kind: short, seed: "camp" }) { rested state clock } }`,
      { c: c.id, h: hero.id },
      c.auth,
    );
    expect(rest.errors).toBeUndefined();
    expect(rest.data?.restCharacter).toMatchObject({ rested: true, state: 'up' });
    expect(
      (rest.data?.restCharacter as { clock: { harmTimers?: unknown[] } }).clock.harmTimers,
    ).toBeUndefined();
    const advanced = await gql(
      t.server,
      `mutation($c: ID!) { advanceClock(campaignId: $c, input: { turns: 2 }) { to { turn } harmTimers { ownerId kind state } } }`,
      { c: c.id },
      c.auth,
    );
    expect(advanced.errors).toBeUndefined();
    expect(advanced.data?.advanceClock).toMatchObject({ harmTimers: null });
    const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(sheet.harm.state).toBe('up');
    expect(sheet.harm.timers).toBeUndefined();
    expect(await timerRolls(c)).toHaveLength(0);
  });

  it('GraphQL: the clock advance answers the death; a hidden NPC’s timers never reach players', async () => {
    const { c, player } = await table();
    const npc = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: 'Bandit', kind: 'monster', visibility: 'referee', grade: 'minor' })
        .expect(201)
    ).body;
    // A COEAC NPC at 0 HP is out of action with no table and no aid timer (003:920, issue 39), so the
    // hidden NPC here is a G&M one whose injuries put it dying: its death timer is what players must
    // not see.
    await t.http
      .put(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/gm`)
      .set(c.auth)
      .send({
        sheet: {
          abilities: { strength: 10, agility: 10, endurance: 3, intelligence: 10, wisdom: 10, charisma: 10 },
          survival: { max: 1, current: 1 },
        },
      })
      .expect(200);
    let dying = false;
    for (let i = 0; i < 30 && !dying; i++) {
      const hit = await t.http
        .post(`/v1/campaigns/${c.id}/npcs/${npc.id}/damage`)
        .set(c.auth)
        .send({ system: 'gm', amount: 10, seed: `dying-${i}` })
        .expect(201);
      dying = hit.body.state === 'dying';
    }
    expect(dying).toBe(true);
    const url = `/v1/campaigns/${c.id}/npcs/${npc.id}/harm-timers`;
    expect((await t.http.get(url).set(c.auth).expect(200)).body.items).toMatchObject([{ kind: 'gm-death' }]);
    expectProblem(await t.http.get(url).set(player.auth), 404, 'NOT_FOUND');
    const asPlayer = await gql(
      t.server,
      `query($c: ID!, $n: ID!) { npcHarmTimers(campaignId: $c, npcId: $n) { items { kind } next } }`,
      { c: c.id, n: npc.id },
      player.auth,
    );
    expect(codes(asPlayer)).toEqual(['NOT_FOUND']);
    const advanced = await gql(
      t.server,
      `mutation($c: ID!) { advanceClock(campaignId: $c, input: { turns: 1 }) { harmTimers { ownerKind ownerId kind effect state rollId } } }`,
      { c: c.id },
      c.auth,
    );
    expect(advanced.errors).toBeUndefined();
    const [expired] = (advanced.data?.advanceClock as { harmTimers: Array<{ rollId: string }> }).harmTimers;
    expect(expired).toMatchObject({ ownerKind: 'npc', ownerId: npc.id, kind: 'gm-death', state: 'dead' });
    // The entry is sealed for players (the NPC's numbers are hidden).
    const seen = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${expired.rollId}`).set(player.auth).expect(200)
    ).body;
    expect(seen.sealed).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(npc.id);
  });

  it('Cairn: critical damage gives an hour (6 turns) to be tended; the clock reaching it kills, not before', async () => {
    const { c, hero } = await table();
    await putSheet(t.server, c, hero.id, 'cairn', {
      str: { max: 4 },
      dex: { max: 10 },
      wil: { max: 10 },
      maxHp: 2,
      hp: 0,
    });
    // 3 past 0 HP leaves STR 1: the STR save passes only on a 1.
    const hit = await t.http
      .post(`${base(c, hero.id)}/damage`)
      .set(c.auth)
      .send({ system: 'cairn', amount: 3, seed: 'crit' })
      .expect(201);
    expect(hit.body.state).toBe('critical');
    const [timer] = (
      await t.http
        .get(`${base(c, hero.id)}/harm-timers`)
        .set(c.auth)
        .expect(200)
    ).body.items;
    expect(timer).toMatchObject({ kind: 'cairn-critical', system: 'cairn', effect: 'death' });
    expect(timer.endsAt.turn - timer.startedAt.turn).toBe(6);
    const advance = (turns: number) =>
      t.http.post(`/v1/campaigns/${c.id}/clock/advance`).set(c.auth).send({ turns }).expect(200);
    expect((await advance(5)).body.harmTimers).toBeUndefined();
    expect((await sheetOf(t.server, c, hero.id, 'cairn')).harm.state).toBe('critical');
    const last = await advance(1);
    expect(last.body.harmTimers).toMatchObject([{ ownerId: hero.id, kind: 'cairn-critical', state: 'dead' }]);
    const sheet = await sheetOf(t.server, c, hero.id, 'cairn');
    expect(sheet.harm.state).toBe('dead');
    expect(sheet.state).toBe('dead');
  });

  it('G&M: a dying character’s death timer counts in turns; healing the injuries to 0 stops it', async () => {
    const { c, hero } = await table();
    await putSheet(t.server, c, hero.id, 'gm', {
      abilities: { strength: 10, agility: 10, endurance: 6, intelligence: 10, wisdom: 10, charisma: 10 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
    });
    const survival = (await sheetOf(t.server, c, hero.id, 'gm')).survival.current as number;
    const hit = await t.http
      .post(`${base(c, hero.id)}/damage`)
      .set(c.auth)
      .send({ system: 'gm', amount: survival + 12, seed: 'grave' })
      .expect(201);
    expect(hit.body.state).toBe('dying');
    const death = hit.body.detail.gmDeathRoll.timer as { amount: number; unit: string };
    const turns =
      death.amount <= 0 ? 1 : death.unit === 'hours' ? death.amount * 6 : Math.ceil(death.amount / 10);
    const [timer] = (
      await t.http
        .get(`${base(c, hero.id)}/harm-timers`)
        .set(c.auth)
        .expect(200)
    ).body.items;
    expect(timer).toMatchObject({ kind: 'gm-death', system: 'gm', effect: 'death' });
    expect(timer.endsAt.turn - timer.startedAt.turn).toBe(turns);
    const aid = await t.http
      .post(`${base(c, hero.id)}/rests`)
      .set(c.auth)
      .send({ system: 'gm', kind: 'aid', injuriesHealed: 12 })
      .expect(201);
    expect(aid.body.state).not.toBe('dying');
    expect(
      (
        await t.http
          .get(`${base(c, hero.id)}/harm-timers`)
          .set(c.auth)
          .expect(200)
      ).body.items,
    ).toEqual([]);
    const later = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ turns: turns + 1 })
      .expect(200);
    expect(later.body.harmTimers).toBeUndefined();
    expect((await sheetOf(t.server, c, hero.id, 'gm')).harm.state).not.toBe('dead');
  });

  it('Archsoul: rounds unconscious are listed with their rounds; a turn of the clock (20 rounds) wakes the character, Disabled', async () => {
    const { c, hero } = await table();
    await putSheet(t.server, c, hero.id, 'archsoul', { stats: { Endurance: 4 }, maxHp: 5 });
    const hit = await t.http
      .post(`${base(c, hero.id)}/damage`)
      .set(c.auth)
      .send({ system: 'archsoul', amount: 5, seed: 'knock' })
      .expect(201);
    expect(hit.body.state).toBe('unconscious');
    const rounds = hit.body.detail.archsoulCondition.unconsciousRounds as number;
    const listed = (
      await t.http
        .get(`${base(c, hero.id)}/harm-timers`)
        .set(c.auth)
        .expect(200)
    ).body.items;
    expect(listed).toEqual([
      {
        ownerKind: 'character',
        ownerId: hero.id,
        system: 'archsoul',
        kind: 'archsoul-unconscious',
        startedAt: null,
        endsAt: null,
        rounds,
        effect: 'wakes',
      },
    ]);
    const later = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ turns: 1 })
      .expect(200);
    expect(later.body.harmTimers).toEqual([
      {
        ownerKind: 'character',
        ownerId: hero.id,
        system: 'archsoul',
        kind: 'archsoul-unconscious',
        endsAt: later.body.to && {
          day: later.body.to.day,
          watch: later.body.to.watch,
          turn: later.body.to.turn,
        },
        effect: 'wakes',
        state: 'up',
        rollId: expect.any(String),
        events: [
          expect.objectContaining({ type: 'timer-expired', timer: 'archsoul-unconscious', effect: 'wakes' }),
          expect.objectContaining({ type: 'condition-added', condition: 'disabled' }),
          expect.objectContaining({ type: 'state-changed', from: 'unconscious', to: 'up' }),
          expect.objectContaining({ type: 'timer-ended', timer: 'archsoul-unconscious' }),
        ],
      },
    ]);
    const sheet = await sheetOf(t.server, c, hero.id, 'archsoul');
    expect(sheet.harm.state).toBe('up');
    expect(sheet.harm.conditions).toContain('disabled');
    expect(sheet.harm.timers).toBeUndefined();
    // Waking Disabled: no skill checks (the hazards module's check modifier reads harm's conditions).
    expectProblem(
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/checks`)
        .set(c.auth)
        .send({ system: 'archsoul', stats: ['Endurance'], difficulty: 3, seed: 'woke' }),
      409,
      'CONFLICT',
      'characterId',
    );
    const [logged] = await timerRolls(c);
    expect(logged.effects).toMatchObject({
      characterId: hero.id,
      timer: 'archsoul-unconscious',
      state: 'up',
    });
  });

  it('Archsoul: a stored combat’s rounds count the rounds unconscious down (REST and GraphQL); the last one wakes', async () => {
    const { c, hero } = await table();
    await putSheet(t.server, c, hero.id, 'cairn', {
      str: { max: 12 },
      dex: { max: 10 },
      wil: { max: 9 },
      maxHp: 6,
    });
    await putSheet(t.server, c, hero.id, 'archsoul', { stats: { Endurance: 4 }, maxHp: 5 });
    const combat = (
      await t.http
        .post(`/v1/campaigns/${c.id}/combats`)
        .set(c.auth)
        .send({ system: 'cairn', combatants: [{ characterId: hero.id, side: 'party' }] })
        .expect(201)
    ).body as { id: string };
    const hit = await t.http
      .post(`${base(c, hero.id)}/damage`)
      .set(c.auth)
      .send({ system: 'archsoul', amount: 5, seed: 'knock' })
      .expect(201);
    const rounds = hit.body.detail.archsoulCondition.unconsciousRounds as number;
    for (let i = 1; i < rounds; i++) {
      await t.http.post(`/v1/campaigns/${c.id}/combats/${combat.id}/rounds`).set(c.auth).expect(200);
      const [timer] = (
        await t.http
          .get(`${base(c, hero.id)}/harm-timers`)
          .set(c.auth)
          .expect(200)
      ).body.items;
      expect(timer).toMatchObject({ kind: 'archsoul-unconscious', rounds: rounds - i });
    }
    expect((await sheetOf(t.server, c, hero.id, 'archsoul')).harm.state).toBe('unconscious');
    const last = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!) { nextCombatRound(campaignId: $c, combatId: $k) { round } }`,
      { c: c.id, k: combat.id },
      c.auth,
    );
    expect(last.errors).toBeUndefined();
    expect(last.data?.nextCombatRound.round).toBe(rounds + 1);
    const sheet = await sheetOf(t.server, c, hero.id, 'archsoul');
    expect(sheet.harm).toMatchObject({ state: 'up', conditions: ['disabled'] });
    expect(sheet.harm.timers).toBeUndefined();
    expect(await timerRolls(c)).toHaveLength(1);
  });

  it('G&M: minutes unconscious are a clock timer (ten-minute turns, rounded up); the clock reaching it wakes the character', async () => {
    const { c } = await table();
    // A failed consciousness roll at 0 survival without injuries: one minute out (one turn).
    let hero: { id: string } | null = null;
    let minutes = 0;
    for (let i = 0; i < 40 && !hero; i++) {
      const candidate = await createCharacter(t.server, c, { name: `Brawler ${i}` });
      await putSheet(t.server, c, candidate.id, 'gm', {
        abilities: { strength: 10, agility: 10, endurance: 10, intelligence: 10, wisdom: 10, charisma: 10 },
        archetypes: [{ archetype: 'warrior', level: 1 }],
      });
      const survival = (await sheetOf(t.server, c, candidate.id, 'gm')).survival.current as number;
      const hit = await t.http
        .post(`${base(c, candidate.id)}/damage`)
        .set(c.auth)
        .send({ system: 'gm', amount: survival, seed: `out-${i}` })
        .expect(201);
      if (hit.body.state === 'unconscious') {
        hero = candidate;
        minutes = hit.body.detail.gmDamage.unconsciousMinutes as number;
      }
    }
    expect(hero).not.toBeNull();
    const id = hero!.id;
    const [timer] = (
      await t.http
        .get(`${base(c, id)}/harm-timers`)
        .set(c.auth)
        .expect(200)
    ).body.items;
    expect(timer).toMatchObject({ kind: 'gm-unconscious', system: 'gm', effect: 'wakes', rounds: null });
    expect(minutes).toBe(1);
    expect(timer.endsAt.turn - timer.startedAt.turn).toBe(1);
    // The timer's end makes the roll to awaken (S6): a seed whose roll passes.
    const seed = awakeningSeed(await sheetOf(t.server, c, id, 'gm'), id);
    const advanced = await gql(
      t.server,
      `mutation($c: ID!, $s: String) { advanceClock(campaignId: $c, input: { turns: 1, seed: $s }) { harmTimers { ownerId kind effect state } } }`,
      { c: c.id, s: seed },
      c.auth,
    );
    expect(advanced.errors).toBeUndefined();
    expect(advanced.data?.advanceClock.harmTimers).toEqual([
      { ownerId: id, kind: 'gm-unconscious', effect: 'wakes', state: 'up' },
    ]);
    const sheet = await sheetOf(t.server, c, id, 'gm');
    expect(sheet.harm.state).toBe('up');
    expect(sheet.harm.pending.some((p: string) => /unconscious/i.test(p))).toBe(false);
  });

  it('COEAC bonus HP lapse when their period runs out on the clock (through the ledger), or at the next rest when the period is until a rest', async () => {
    const { c, hero } = await table();
    const clock = (await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200)).body;
    const endsAt = { day: clock.day, watch: clock.watch, turn: clock.turn + 2 };
    await putSheet(t.server, c, hero.id, 'coeac', {
      maxHp: 6,
      hp: 6,
      bonusHp: 4,
      harm: { state: 'up', timers: [{ kind: 'coeac-bonus-hp', endsAt }] },
    });
    const [timer] = (
      await t.http
        .get(`${base(c, hero.id)}/harm-timers`)
        .set(c.auth)
        .expect(200)
    ).body.items;
    expect(timer).toMatchObject({ kind: 'coeac-bonus-hp', effect: 'lapses', endsAt });
    await t.http
      .post(`${base(c, hero.id)}/damage`)
      .set(c.auth)
      .send({ system: 'coeac', amount: 1 })
      .expect(201);
    const early = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ turns: 1 })
      .expect(200);
    expect(early.body.harmTimers).toBeUndefined();
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).bonusHp).toBe(3);
    const lapsed = await gql(
      t.server,
      `mutation($c: ID!) { advanceClock(campaignId: $c, input: { turns: 1 }) { harmTimers { ownerId kind effect state rollId } } }`,
      { c: c.id },
      c.auth,
    );
    expect(lapsed.errors).toBeUndefined();
    expect(lapsed.data?.advanceClock.harmTimers).toMatchObject([
      { ownerId: hero.id, kind: 'coeac-bonus-hp', effect: 'lapses', state: 'up' },
    ]);
    const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(sheet.bonusHp).toBe(0);
    expect(sheet.hp).toBe(6);
    expect(sheet.harm.timers).toBeUndefined();
    const entries = (
      await t.http
        .get(`${base(c, hero.id)}/conditions`)
        .set(c.auth)
        .query({ limit: 100 })
        .expect(200)
    ).body.items as Array<{ field: string; delta: number; procedure: string; rollId: string }>;
    expect(entries).toContainEqual(
      expect.objectContaining({
        field: 'bonusHp',
        delta: -3,
        procedure: 'harm.timer-expired',
        rollId: lapsed.data?.advanceClock.harmTimers[0].rollId,
      }),
    );
    // Until the next rest: no clock end; a rest (Rations eaten) empties the pool.
    await putSheet(t.server, c, hero.id, 'coeac', {
      maxHp: 6,
      hp: 6,
      bonusHp: 2,
      harm: { state: 'up', timers: [{ kind: 'coeac-bonus-hp', endsAt: null }] },
    });
    await t.http
      .post(`${base(c, hero.id)}/inventory`)
      .set(c.auth)
      .send({ name: 'Rations', kind: 'gear', depletion: 11 })
      .expect(201);
    const rest = await t.http
      .post(`${base(c, hero.id)}/rests`)
      .set(c.auth)
      .send({ system: 'coeac', kind: 'short', seed: 'snack' })
      .expect(201);
    expect(rest.body.changes).toContainEqual({ path: 'bonusHp', delta: -2, via: 'ledger' });
    const after = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(after.bonusHp).toBe(0);
    expect(after.harm.timers).toBeUndefined();
  });

  it('a referee PUT that keeps a timer is validated, naming the field', async () => {
    const { c, hero } = await table();
    expectProblem(
      await t.http
        .put(`${base(c, hero.id)}/sheets/coeac`)
        .set(c.auth)
        .send({ sheet: { maxHp: 4, harm: { state: 'up', timers: [{ kind: 'soon' }] } } }),
      400,
      'VALIDATION_FAILED',
      'sheet.harm.timers[0].kind',
    );
  });
});
