import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey, putSheet } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';

/*
 * Issue 42: procedures with a stored counterpart read what they need from the sheet. A ranged COEAC
 * weapon from the sheet needs its ammunition carried (003:807).
 */

describe(`procedures that read the sheet (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const addItem = async (c: CampaignFixture, characterId: string, name: string) =>
    (
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${characterId}/inventory`)
        .set(c.auth)
        .send({ name, kind: 'gear', slots: 1 })
        .expect(201)
    ).body as { id: string };

  describe('COEAC: a ranged weapon from the sheet needs its ammunition carried', () => {
    const ARCHER = {
      skills: { Archery: 2, Melee: 1 },
      saves: { Vigor: 1 },
      maxHp: 30,
      hp: 30,
      weapons: [
        { name: 'Longbow', skill: 'Archery', ranged: true, ammunition: 'Quiver of arrows' },
        { name: 'Sling', skill: 'Archery', ranged: true },
        { name: 'Knife', skill: 'Melee', traits: ['light'] },
      ],
    };

    async function table() {
      const c = await createCampaign(t.server);
      const archer = await createCharacter(t.server, c, { name: 'Wren' });
      const other = await createCharacter(t.server, c, { name: 'Tamsin' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [archer.id, other.id] });
      const stored = await putSheet(t.server, c, archer.id, 'coeac', ARCHER);
      expect(stored.weapons[0]).toEqual({
        name: 'Longbow',
        skill: 'Archery',
        ranged: true,
        ammunition: 'Quiver of arrows',
      });
      await putSheet(t.server, c, other.id, 'coeac', ARCHER);
      const npc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Bandit', kind: 'monster', visibility: 'players', showNumbers: true })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/coeac`)
        .set(c.auth)
        .send({ sheet: { pool: 3, maxHp: 40, hp: 40 } })
        .expect(200);
      const combat = (
        await t.http
          .post(`/v1/campaigns/${c.id}/combats`)
          .set(c.auth)
          .send({
            system: 'coeac',
            combatants: [
              { characterId: archer.id, side: 'party' },
              { characterId: other.id, side: 'party' },
              { npcId: npc.id, side: 'foes' },
            ],
          })
          .expect(201)
      ).body as { id: string };
      return { c, archer, other, player, npc, combat };
    }

    it('refuses the bow without its quiver (422 naming coeac.weapon), takes it once carried, REST and GraphQL', async () => {
      const { c, archer, other, player, npc, combat } = await table();
      const exchange = (actor: string, coeac: object) =>
        t.http
          .post(`/v1/campaigns/${c.id}/combats/${combat.id}/actions`)
          .set(player.auth)
          .send({ actor, kind: 'exchange', targets: [npc.id], coeac, seed: 'ammo-1' });
      const none = await exchange(archer.id, { weapon: 'Longbow' });
      expectProblem(none, 422, 'UNPROCESSABLE', 'coeac.weapon');
      expect(none.body.detail).toContain('Quiver of arrows');
      // A sling names no ammunition: refused naming the weapon too.
      expectProblem(await exchange(archer.id, { weapon: 'sling' }), 422, 'UNPROCESSABLE', 'coeac.weapon');
      // Another item does not count; the quiver, named in other case, does.
      await addItem(c, archer.id, 'Rope');
      expectProblem(await exchange(archer.id, { weapon: 'Longbow' }), 422, 'UNPROCESSABLE', 'coeac.weapon');
      const quiver = await addItem(c, archer.id, 'QUIVER OF ARROWS');
      const shot = (await exchange(archer.id, { weapon: 'Longbow' }).expect(201)).body;
      expect(shot.weapon).toMatchObject({ name: 'Longbow', ranged: true });
      expect(shot.coeac.ammunition).toMatchObject({ itemId: quiver.id, name: 'QUIVER OF ARROWS', spent: 0 });
      expect(shot.coeac.exchange.attacker.dice).toBe(4);
      // A melee weapon needs none; ranged: false sent makes the bow a club (no ammunition).
      const knife = (await exchange(other.id, { weapon: 'Knife' }).expect(201)).body;
      expect(knife.coeac.ammunition).toBeNull();

      // GraphQL, the actor by name: Tamsin carries no quiver.
      const viaGql = (actor: string) =>
        gql(
          t.server,
          `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
             input: { actor: $a, kind: exchange, targets: [$t], coeac: { weapon: "longbow", extraCheck: true }, seed: "ammo-2" })
             { rollId coeac { ammunition { itemId name } } } }`,
          { c: c.id, k: combat.id, a: actor, t: npc.id },
          c.auth,
        );
      const refused = await viaGql('Tamsin');
      expect(refused.errors?.[0].extensions?.code).toBe('UNPROCESSABLE');
      expect(fieldsOf(refused.errors?.[0].extensions?.errors)).toEqual(['coeac.weapon']);
      const ok = await viaGql('Wren');
      expect(ok.errors).toBeUndefined();
      expect(ok.data!.combatAction.coeac.ammunition).toEqual({ itemId: quiver.id, name: 'QUIVER OF ARROWS' });
    });
  });

  describe('Archsoul crafting: the crafter’s Intellect, skill and fatigue from the sheet', () => {
    async function table() {
      const c = await createCampaign(t.server);
      const smith = await createCharacter(t.server, c, { name: 'Hild' });
      const tired = await createCharacter(t.server, c, { name: 'Oren' });
      const bare = await createCharacter(t.server, c, { name: 'Nobody' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [smith.id, tired.id] });
      await putSheet(t.server, c, smith.id, 'archsoul', {
        stats: { Intellect: 3, Smithing: 2, Endurance: 2 },
        maxHp: 10,
      });
      await putSheet(t.server, c, tired.id, 'archsoul', {
        stats: { Intellect: 4, Endurance: 2 },
        maxHp: 10,
        fatigue: 2,
      });
      const project = (
        await t.http
          .post(`/v1/campaigns/${c.id}/crafting-projects`)
          .set(c.auth)
          .send({ item: 'Kite shield', price: 600, skills: ['smithing'] })
          .expect(201)
      ).body as { id: string; complexity: number };
      return { c, smith, tired, bare, player, project };
    }
    const rollUrl = (c: CampaignFixture, projectId: string) =>
      `/v1/campaigns/${c.id}/crafting-projects/${projectId}/rolls`;

    it('REST: reads the sheet by name, refuses what it cannot read naming the field, names overrides', async () => {
      const { c, smith, tired, bare, player, project } = await table();
      const roll = (auth: object, body: object) =>
        t.http
          .post(rollUrl(c, project.id))
          .set(auth as { Authorization: string })
          .send({ skillName: 'smithing', seed: 'craft-1', ...body });

      // By name, nothing sent: Intellect 3 + Smithing 2, no fatigue.
      const read = (await roll(player.auth, { characterId: 'hild' }).expect(201)).body;
      expect(read.characterId).toBe(smith.id);
      expect(read.pool).toBe(5);
      expect(read.difficulty.requested).toBe(project.complexity);
      expect(read.modifiers).toEqual([
        { field: 'intellect', source: 'stats.Intellect', amount: 3, overridden: false },
        { field: 'skill', source: 'stats.Smithing', amount: 2, overridden: false },
        { field: 'fatigue', source: 'fatigue', amount: 0, overridden: false },
      ]);
      // The same seed with the numbers sent by hand rolls the same dice.
      const stateless = (
        await t.http
          .post('/v1/crafting/rolls')
          .send({ intellect: 3, skill: 2, complexity: project.complexity, seed: 'craft-1' })
          .expect(200)
      ).body;
      expect(read.faces).toEqual(stateless.faces);

      // Oren's sheet lacks Smithing: 422 naming skill; sent, it rolls, and his exhaustion (fatigue 2)
      // is read: +1 difficulty and one Intellect die fewer.
      expectProblem(await roll(player.auth, { characterId: tired.id }), 422, 'UNPROCESSABLE', 'skill');
      const tiredRoll = (await roll(player.auth, { characterId: 'Oren', skill: 1 }).expect(201)).body;
      expect(tiredRoll.pool).toBe(4 - 1 + 1);
      expect(tiredRoll.difficulty.requested).toBe(project.complexity + 1);
      expect(tiredRoll.modifiers).toEqual([
        { field: 'intellect', source: 'stats.Intellect', amount: 4, overridden: false },
        { field: 'skill', source: 'request', amount: 1, overridden: false },
        { field: 'fatigue', source: 'fatigue', amount: 2, overridden: false },
      ]);

      // No Archsoul sheet: intellect and skill are required (400, missing), as before.
      const missing = await roll(c.auth, { characterId: bare.id });
      expectProblem(missing, 400, 'VALIDATION_FAILED', 'intellect');
      expect(missing.body.errors).toEqual([
        expect.objectContaining({ field: 'intellect', reason: 'missing' }),
        expect.objectContaining({ field: 'skill', reason: 'missing' }),
      ]);
      expect(missing.body.detail).toBe('Missing required fields: intellect, skill.');
      const handmade = (
        await roll(c.auth, { characterId: 'Nobody', intellect: 2, skill: 1, fatigue: 'fatigued' }).expect(201)
      ).body;
      expect(handmade.pool).toBe(3);
      expect(handmade.modifiers).toEqual([
        { field: 'intellect', source: 'request', amount: 2, overridden: false },
        { field: 'skill', source: 'request', amount: 1, overridden: false },
        { field: 'fatigue', source: 'request', amount: 1, overridden: false },
      ]);
      // An unknown name is 404 naming the field.
      expectProblem(await roll(c.auth, { characterId: 'Zed' }), 404, 'NOT_FOUND', 'characterId');
    });

    it('GraphQL: a sent number overrides the sheet and is named; the stateless roll still requires both', async () => {
      const { c, smith, project } = await table();
      const res = await gql(
        t.server,
        `mutation($c: ID!, $p: ID!) { craftingProjectRoll(campaignId: $c, projectId: $p,
           input: { characterId: "Hild", skillName: "Smithing", intellect: 5, fatigue: fatigued, seed: "craft-2" })
           { characterId pool difficulty { requested } modifiers { field source amount overridden } } }`,
        { c: c.id, p: project.id },
        c.auth,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.craftingProjectRoll).toEqual({
        characterId: smith.id,
        pool: 7,
        difficulty: { requested: project.complexity + 1 },
        modifiers: [
          { field: 'intellect', source: 'stats.Intellect', amount: 3, overridden: true },
          { field: 'intellect', source: 'request', amount: 5, overridden: false },
          { field: 'skill', source: 'stats.Smithing', amount: 2, overridden: false },
          { field: 'fatigue', source: 'fatigue', amount: 0, overridden: true },
          { field: 'fatigue', source: 'request', amount: 1, overridden: false },
        ],
      });
      const stateless = await t.http.post('/v1/crafting/rolls').send({ skill: 2, complexity: 5 });
      expectProblem(stateless, 400, 'VALIDATION_FAILED', 'intellect');
    });
  });

  describe('G&M campaign contest: sides named by character or NPC read the G&M sheet', () => {
    const ABILITIES = { strength: 12, agility: 14, endurance: 13, intelligence: 10, wisdom: 11, charisma: 9 };
    const HERO = {
      abilities: ABILITIES,
      archetypes: [{ archetype: 'warrior', level: 2 }],
      survival: { current: 10, max: 10 },
      injuries: { current: 2, max: 10 },
    };

    async function table() {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Toromeen' });
      const friend = await createCharacter(t.server, c, { name: 'Gralen' });
      const plain = await createCharacter(t.server, c, { name: 'Sheetless' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id, plain.id] });
      const heroSheet = await putSheet(t.server, c, hero.id, 'gm', HERO);
      await putSheet(t.server, c, friend.id, 'gm', { ...HERO, injuries: { current: 0, max: 10 } });
      const ogre = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Grey Ogre', kind: 'monster', visibility: 'players', showNumbers: false })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${ogre.id}/sheets/gm`)
        .set(c.auth)
        .send({ sheet: { abilities: { ...ABILITIES, strength: 18 }, survival: { current: 20, max: 20 } } })
        .expect(200);
      return { c, hero, friend, plain, player, ogre, heroSheet };
    }
    const contestUrl = (c: CampaignFixture) => `/v1/campaigns/${c.id}/checks/contest`;

    it('REST: reads the attribute and the injury penalty, by name and by id, names overrides, replays like the numbers', async () => {
      const { c, hero, player, ogre, heroSheet } = await table();
      const contest = (auth: object, body: object) =>
        t.http
          .post(contestUrl(c))
          .set(auth as { Authorization: string })
          .send({ seed: 'contest-1', ...body });

      const read = (
        await contest(c.auth, {
          acting: { characterId: 'toromeen', attribute: 'strength' },
          resisting: { npcId: 'Grey Ogre', attribute: 'Strength' },
        }).expect(201)
      ).body;
      expect(read.modifiers).toEqual({
        acting: [
          { field: 'score', source: 'abilities.strength', amount: 12, overridden: false },
          { field: 'penalty', source: 'injuries', amount: -2, overridden: false },
        ],
        resisting: [{ field: 'score', source: 'abilities.strength', amount: 18, overridden: false }],
      });
      // The same numbers sent by hand roll the same contest.
      const byHand = (
        await contest(c.auth, { acting: { score: 12, penalty: 2 }, resisting: { score: 18 } }).expect(201)
      ).body;
      expect(read.rounds).toEqual(byHand.rounds);
      expect(read.winner).toBe(byHand.winner);
      expect(byHand).not.toHaveProperty('modifiers');
      // The ogre's numbers are hidden: the roll is sealed for players; it replays without the sheets.
      const asPlayer = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${read.rollId}`).set(player.auth).expect(200)
      ).body;
      expect(asPlayer.sealed).toBe(true);
      const replay = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${read.rollId}/replay`).set(c.auth).expect(200)
      ).body;
      expect(replay.matches).toBe(true);
      // The log names whom each side read, the names resolved to ids.
      const logged = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${read.rollId}`).set(c.auth).expect(200))
        .body;
      expect(logged.effects).toMatchObject({
        acting: { characterId: hero.id, attribute: 'strength' },
        resisting: { npcId: ogre.id, attribute: 'strength' },
        modifiers: read.modifiers,
      });

      // A player rolls for its own character by id; a sent score and penalty win and are named.
      const over = (
        await contest(player.auth, {
          acting: { characterId: hero.id, attribute: 'strength', score: 15, penalty: 0 },
          resisting: { score: 10 },
        }).expect(201)
      ).body;
      expect(over.modifiers.acting).toEqual([
        { field: 'score', source: 'abilities.strength', amount: 12, overridden: true },
        { field: 'score', source: 'request', amount: 15, overridden: false },
        { field: 'penalty', source: 'injuries', amount: -2, overridden: true },
        { field: 'penalty', source: 'request', amount: 0, overridden: false },
      ]);
      expect(over.modifiers.resisting).toEqual([]);
      const plainOver = (
        await contest(c.auth, { acting: { score: 15 }, resisting: { score: 10 } }).expect(201)
      ).body;
      expect(over.rounds).toEqual(plainOver.rounds);

      // A reaction as the sheet answers it (the warrior's level bonuses included).
      const evasion = (
        await contest(player.auth, {
          acting: { characterId: 'Toromeen', reaction: 'evasion' },
          resisting: { score: 10 },
        }).expect(201)
      ).body;
      expect(evasion.modifiers.acting[0]).toEqual({
        field: 'score',
        source: 'reactions.evasion',
        amount: heroSheet.reactions.evasion,
        overridden: false,
      });
    });

    it('REST: refusals name the side’s field', async () => {
      const { c, hero, friend, plain, player, ogre } = await table();
      const contest = (auth: object, acting: object, resisting: object = { score: 10 }) =>
        t.http
          .post(contestUrl(c))
          .set(auth as { Authorization: string })
          .send({ acting, resisting, seed: 'contest-2' });
      const forbidden = await contest(player.auth, { score: 10 }, { npcId: ogre.id, attribute: 'strength' });
      expectProblem(forbidden, 403, 'FORBIDDEN', 'resisting.npcId');
      expectProblem(
        await contest(player.auth, { characterId: friend.id, attribute: 'strength' }),
        403,
        'FORBIDDEN',
        'acting.characterId',
      );
      expectProblem(
        await contest(c.auth, { characterId: 'Nobody', attribute: 'strength' }),
        404,
        'NOT_FOUND',
        'acting.characterId',
      );
      expectProblem(
        await contest(c.auth, { characterId: plain.id, attribute: 'strength' }),
        422,
        'SHEET_MISSING',
        'acting.characterId',
      );
      expectProblem(
        await contest(c.auth, { characterId: hero.id, attribute: 'luck' }),
        400,
        'VALIDATION_FAILED',
        'acting.attribute',
      );
      expectProblem(
        await contest(c.auth, { characterId: hero.id }),
        400,
        'VALIDATION_FAILED',
        'acting.reaction',
      );
      expectProblem(
        await contest(c.auth, { attribute: 'strength', score: 3 }),
        400,
        'VALIDATION_FAILED',
        'acting.attribute',
      );
      expectProblem(
        await contest(c.auth, { characterId: hero.id, npcId: ogre.id, attribute: 'strength' }),
        400,
        'VALIDATION_FAILED',
        'acting.npcId',
      );
      const missing = await contest(c.auth, { characterId: hero.id, attribute: 'strength' }, {});
      expectProblem(missing, 400, 'VALIDATION_FAILED', 'resisting.score');
      expect(missing.body.errors[0].reason).toBe('missing');
      // A character who cannot act (unconscious, kept by harm) is refused by harm's own rule, named
      // under the side.
      const out = await createCharacter(t.server, c, { name: 'Sleeper' });
      await putSheet(t.server, c, out.id, 'gm', {
        ...HERO,
        survival: { current: 0, max: 10 },
        injuries: { current: 3, max: 3 },
        harm: { state: 'unconscious' },
      });
      expectProblem(
        await contest(c.auth, { score: 10 }, { characterId: 'Sleeper', reaction: 'evasion' }),
        409,
        'CONFLICT',
        'resisting.characterId',
      );
      // Two characters of one name: 409 listing both.
      const twin = await createCharacter(t.server, c, { name: 'toromeen' });
      const ambiguous = await contest(c.auth, { characterId: 'Toromeen', attribute: 'strength' });
      expectProblem(ambiguous, 409, 'CONFLICT', 'acting.characterId');
      expect(ambiguous.body.detail).toContain(twin.id);
    });

    it('GraphQL: the campaign twin reads the sheet; without a campaign a side names no sheet', async () => {
      const { c, hero } = await table();
      const query = `mutation($c: ID, $s: String) { contestCheck(campaignId: $c,
          input: { acting: { characterId: "Toromeen", attribute: "strength", bonus: 1 }, resisting: { score: 10 }, seed: $s })
          { winner rollId modifiers { acting { field source amount overridden } resisting { field } } } }`;
      const res = await gql(t.server, query, { c: c.id, s: 'contest-3' }, c.auth);
      expect(res.errors).toBeUndefined();
      expect(res.data!.contestCheck.modifiers).toEqual({
        acting: [
          { field: 'score', source: 'abilities.strength', amount: 12, overridden: false },
          { field: 'penalty', source: 'injuries', amount: -2, overridden: false },
          { field: 'bonus', source: 'request', amount: 1, overridden: false },
        ],
        resisting: [],
      });
      const byId = await gql(
        t.server,
        `mutation($c: ID, $h: ID) { contestCheck(campaignId: $c, input: { acting: { characterId: $h, reaction: "fortitude" }, resisting: { score: 10 }, seed: "contest-4" }) { modifiers { acting { source } } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(byId.errors).toBeUndefined();
      expect(byId.data!.contestCheck.modifiers.acting[0].source).toBe('reactions.fortitude');
      const stateless = await gql(t.server, query, { c: null, s: 'contest-3' });
      expect(stateless.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(stateless.errors?.[0].extensions?.errors)).toEqual(['acting.characterId']);
      const noScore = await gql(
        t.server,
        `mutation { contestCheck(input: { acting: { score: 10 }, resisting: { bonus: 2 } }) { winner } }`,
      );
      expect(fieldsOf(noScore.errors?.[0].extensions?.errors)).toEqual(['resisting.score']);
      const plain = await gql(
        t.server,
        `mutation { contestCheck(input: { acting: { score: 10 }, resisting: { score: 9 }, seed: "x" }) { winner modifiers { acting { field } } } }`,
      );
      expect(plain.errors).toBeUndefined();
      expect(plain.data!.contestCheck.modifiers).toBeNull();
    });
  });
});
