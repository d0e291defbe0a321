import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey, putSheet } from '../factories/campaign';
import { gql } from '../factories/graphql';

/*
 * The engine's events (issue 39, 42): a damage, a rest and a combat action answer what the engine
 * did, in order, each with a sentence to post; a player's key sees a hidden NPC in words only.
 */

const EVENT_FIELDS = `events { type text ownerId ownerName amount absorbed source path before after delta from to condition scar restKind rested timer looks }`;

interface EngineEvent {
  type: string;
  text: string;
  ownerId?: string | null;
  ownerName: string;
  path?: string | null;
  before?: number | null;
  after?: number | null;
  delta?: number | null;
  looks?: string | null;
  to?: string | null;
}

/** The canary's numbers: none of them may reach a player's key. */
const CANARY = { hp: 17, maxHp: 19 };

describe(`engine events in answers (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function npc(c: CampaignFixture, name: string, system: string, sheet: object, hidden: boolean) {
    const row = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name, kind: 'monster', visibility: 'players', showNumbers: !hidden })
        .expect(201)
    ).body as { id: string };
    await t.http
      .put(`/v1/campaigns/${c.id}/npcs/${row.id}/sheets/${system}`)
      .set(c.auth)
      .send({ sheet })
      .expect(200);
    return row;
  }

  async function combat(c: CampaignFixture, system: string, combatants: object[]) {
    return (
      await t.http.post(`/v1/campaigns/${c.id}/combats`).set(c.auth).send({ system, combatants }).expect(201)
    ).body as { id: string };
  }

  it('a damage answer (REST and GraphQL): damaged, then the field it changed, with before and after', async () => {
    const c = await createCampaign(t.server);
    const osk = await createCharacter(t.server, c, { name: 'Osk' });
    await putSheet(t.server, c, osk.id, 'coeac', { maxHp: 7, hp: 7, armor: { kind: 'none' } });
    const rest = await t.http
      .post(`/v1/campaigns/${c.id}/characters/${osk.id}/damage`)
      .set(c.auth)
      .send({ system: 'coeac', amount: 4, seed: 'ev-1' })
      .expect(201);
    expect(rest.body.events).toEqual([
      {
        type: 'damaged',
        text: 'Osk takes 4 damage: HP 7 → 3.',
        ownerId: osk.id,
        ownerName: 'Osk',
        amount: 4,
        absorbed: 0,
        source: null,
        looks: 'badly wounded',
      },
      {
        type: 'field-changed',
        text: 'Osk: HP 7 → 3.',
        ownerId: osk.id,
        ownerName: 'Osk',
        path: 'hp',
        before: 7,
        after: 3,
        delta: -4,
      },
    ]);
    // The harm roll carries them in the log (what the live feed sends).
    const roll = await t.http.get(`/v1/campaigns/${c.id}/rolls/${rest.body.rollId}`).set(c.auth).expect(200);
    expect(roll.body.events).toEqual(rest.body.events);
    const g = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
         input: { system: coeac, amount: 5, seed: "ev-2" }) { state ${EVENT_FIELDS} } }`,
      { c: c.id, h: osk.id },
      c.auth,
    );
    expect(g.errors).toBeUndefined();
    const events = g.data!.damageCharacter.events as EngineEvent[];
    expect(events[0]).toMatchObject({ type: 'damaged', amount: 5 });
    // (A Down and Out lot may lower a Save, a Skill or max HP besides: the sentence names it too.)
    expect(events[0].text).toMatch(/^Osk takes 5 damage: HP 3 → 0[,.]/);
    expect(events[1]).toMatchObject({ type: 'field-changed', path: 'hp', before: 3, after: 0, delta: -3 });
    // At 0 HP a player character is down and out (or dead): the last event says so.
    expect(['state-changed', 'died']).toContain(events.at(-1)!.type);
    expect(events.at(-1)!.to).toBe(g.data!.damageCharacter.state);
  });

  it('a rest answer (REST and GraphQL): rested with what came back', async () => {
    const c = await createCampaign(t.server);
    const bryn = await createCharacter(t.server, c, { name: 'Bryn' });
    await putSheet(t.server, c, bryn.id, 'gm', {
      abilities: { strength: 12, agility: 12, endurance: 12, intelligence: 12, wisdom: 12, charisma: 12 },
      archetypes: [{ archetype: 'warrior', level: 2 }],
      survival: { max: 20, current: 11 },
      verve: { max: 8, current: 8 },
    });
    const rest = await t.http
      .post(`/v1/campaigns/${c.id}/characters/${bryn.id}/rests`)
      .set(c.auth)
      .send({ system: 'gm', kind: 'night', seed: 'ev-rest', advanceClock: false })
      .expect(201);
    const events = rest.body.events as EngineEvent[];
    expect(events[0]).toMatchObject({ type: 'rested', restKind: 'night', rested: true, ownerName: 'Bryn' });
    const gained = events.find((e) => e.path === 'survival.current')!;
    expect(gained).toMatchObject({ type: 'field-changed', before: 11 });
    expect(gained.after).toBe(11 + gained.delta!);
    expect(events[0].text).toBe(`Bryn rests (night): survival 11 → ${gained.after}.`);
    const g = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
         input: { system: gm, kind: night, seed: "ev-rest-2", advanceClock: false }) { rested ${EVENT_FIELDS} } }`,
      { c: c.id, h: bryn.id },
      c.auth,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.restCharacter.events[0]).toMatchObject({
      type: 'rested',
      restKind: 'night',
      ownerId: bryn.id,
    });
  });

  it('Cairn: a player attacking a hidden NPC sees it in words only; the referee sees the numbers (REST and GraphQL)', async () => {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    const cairnSheet = {
      hp: 6,
      maxHp: 6,
      str: { current: 12, max: 12 },
      dex: { current: 10, max: 10 },
      wil: { current: 9, max: 9 },
    };
    await putSheet(t.server, c, hero.id, 'cairn', cairnSheet);
    const canary = await npc(
      c,
      'Canary',
      'cairn',
      { ...cairnSheet, ...CANARY, str: { current: 13, max: 13 } },
      true,
    );
    const fight = await combat(c, 'cairn', [
      { characterId: hero.id, side: 'party' },
      { npcId: canary.id, side: 'foes' },
    ]);
    const body = {
      actor: hero.id,
      kind: 'attack',
      targets: [canary.id],
      cairn: { die: 'd8' },
      seed: 'canary-1',
    };
    const mine = await t.http
      .post(`/v1/campaigns/${c.id}/combats/${fight.id}/actions`)
      .set(player.auth)
      .send(body)
      .expect(201);
    expect(mine.body.sealed).toBe(true);
    const seen = mine.body.events as EngineEvent[];
    expect(seen.length).toBeGreaterThan(0);
    for (const e of seen) {
      expect(e.ownerName).toBe('Canary');
      expect(['damaged', 'state-changed', 'died']).toContain(e.type);
      for (const key of Object.keys(e))
        expect(['looks', 'ownerId', 'ownerName', 'text', 'type']).toContain(key);
      expect(['unhurt', 'wounded', 'badly wounded', 'down', 'dead']).toContain(e.looks);
    }
    const text = JSON.stringify(seen.map(({ ownerId: _id, ...words }) => words));
    for (const n of ['17', '19', '13', 'hp', 'path', 'before', 'after', 'amount'])
      expect(text).not.toContain(n);
    // The referee's view of the same roll: the numbers, from the log.
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls/${mine.body.rollId}`).set(c.auth).expect(200);
    const whole = log.body.events as EngineEvent[];
    expect(whole[0]).toMatchObject({ type: 'damaged', ownerName: 'Canary', ownerId: canary.id });
    expect(whole.some((e) => e.type === 'field-changed' && e.before === 17)).toBe(true);
    // The player's roll log holds the sealed stub only: no events.
    const sealed = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${mine.body.rollId}`)
      .set(player.auth)
      .expect(200);
    expect(sealed.body.sealed).toBe(true);
    expect(sealed.body.events).toBeUndefined();
    // GraphQL: the same words.
    await t.http.post(`/v1/campaigns/${c.id}/combats/${fight.id}/rounds`).set(c.auth).expect(200);
    const g = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: attack, targets: [$t], cairn: { die: d8 }, seed: "canary-2" }) { sealed ${EVENT_FIELDS} } }`,
      { c: c.id, k: fight.id, a: hero.id, t: canary.id },
      player.auth,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.combatAction.events.length).toBeGreaterThan(0);
    for (const e of g.data!.combatAction.events as EngineEvent[]) {
      expect(e.path).toBeNull();
      expect(e.before).toBeNull();
      expect(e.after).toBeNull();
      expect(e.text).not.toMatch(/\d/);
    }
  });

  it('Cairn, COEAC and G&M combat attacks answer the engine events of the harm they did (referee)', async () => {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    // Cairn: the …/attacks route and the action carry the same events.
    await putSheet(t.server, c, hero.id, 'cairn', {
      hp: 6,
      maxHp: 6,
      str: { current: 12, max: 12 },
      dex: { current: 10, max: 10 },
      wil: { current: 9, max: 9 },
    });
    const wolf = await npc(
      c,
      'Wolf',
      'cairn',
      {
        hp: 30,
        maxHp: 30,
        str: { current: 12, max: 12 },
        dex: { current: 10, max: 10 },
        wil: { current: 9, max: 9 },
      },
      false,
    );
    const cairnFight = await combat(c, 'cairn', [
      { characterId: hero.id, side: 'party' },
      { npcId: wolf.id, side: 'foes' },
    ]);
    const attack = await t.http
      .post(`/v1/campaigns/${c.id}/combats/${cairnFight.id}/attacks`)
      .set(c.auth)
      .send({ attacker: hero.id, target: wolf.id, die: 'd6', seed: 'wolf-1' })
      .expect(201);
    expect(attack.body.events[0]).toMatchObject({ type: 'damaged', ownerName: 'Wolf', ownerId: wolf.id });
    expect(attack.body.events).toEqual(attack.body.damage.events);
    const took = attack.body.damage.damage as number;
    expect(attack.body.events[0].text).toMatch(new RegExp(`^Wolf takes ${took} damage`));

    // COEAC: an exchange that harms someone answers its events.
    await putSheet(t.server, c, hero.id, 'coeac', {
      skills: { Melee: 3 },
      saves: { Vigor: 1 },
      maxHp: 12,
      hp: 12,
      armor: { kind: 'none' },
    });
    const orc = await npc(c, 'Orc', 'coeac', { pool: 3, maxHp: 10, hp: 10 }, false);
    const coeacFight = await combat(c, 'coeac', [
      { characterId: hero.id, side: 'party' },
      { npcId: orc.id, side: 'foes' },
    ]);
    let harmed: {
      events: EngineEvent[];
      targets: Array<{ damage: { events: EngineEvent[] } | null }>;
    } | null = null;
    for (let i = 0; i < 30 && !harmed; i++) {
      if (i > 0)
        await t.http.post(`/v1/campaigns/${c.id}/combats/${coeacFight.id}/rounds`).set(c.auth).expect(200);
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/combats/${coeacFight.id}/actions`)
        .set(c.auth)
        .send({
          actor: hero.id,
          kind: 'exchange',
          targets: [orc.id],
          coeac: { skill: 'Melee' },
          seed: `orc-${i}`,
        });
      expect(res.status).toBe(201);
      if (res.body.events.length > 0) harmed = res.body;
    }
    expect(harmed).not.toBeNull();
    expect(harmed!.events).toEqual(harmed!.targets.flatMap((x) => x.damage?.events ?? []));
    expect(harmed!.events[0].type).toBe('damaged');
    // The action's roll keeps them (the log and the live feed show them).
    const logged = (
      await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${(harmed as unknown as { rollId: string }).rollId}`)
        .set(c.auth)
        .expect(200)
    ).body.events as EngineEvent[];
    expect(logged.length).toBeGreaterThan(0);
    for (const e of logged) expect(harmed!.events).toContainEqual(e);

    // G&M over GraphQL.
    await putSheet(t.server, c, hero.id, 'gm', {
      abilities: { strength: 14, agility: 13, endurance: 14, intelligence: 12, wisdom: 10, charisma: 14 },
      archetypes: [{ archetype: 'warrior', level: 2 }],
    });
    const yeti = await npc(
      c,
      'Yeti',
      'gm',
      { survival: { max: 60, current: 60 }, verve: { max: 0, current: 0 } },
      false,
    );
    const gmFight = await combat(c, 'gm', [
      { characterId: hero.id, side: 'party' },
      { npcId: yeti.id, side: 'foes' },
    ]);
    let gmEvents: EngineEvent[] = [];
    for (let i = 0; i < 30 && gmEvents.length === 0; i++) {
      if (i > 0)
        await t.http.post(`/v1/campaigns/${c.id}/combats/${gmFight.id}/rounds`).set(c.auth).expect(200);
      const g = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!, $s: String) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: attack, targets: [$t], gm: { weapon: "d8" }, seed: $s }) { ${EVENT_FIELDS} targets { damage { damage } } } }`,
        { c: c.id, k: gmFight.id, a: hero.id, t: yeti.id, s: `yeti-${i}` },
        c.auth,
      );
      expect(g.errors).toBeUndefined();
      gmEvents = g.data!.combatAction.events;
    }
    expect(gmEvents[0]).toMatchObject({ type: 'damaged', ownerName: 'Yeti', ownerId: yeti.id });
    expect(gmEvents.some((e) => e.type === 'field-changed' && e.path === 'survival.current')).toBe(true);
  });
});
