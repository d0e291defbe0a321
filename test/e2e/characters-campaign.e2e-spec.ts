import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  startSession,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/** Toromeen's final scores (001:308–386). */
const TOROMEEN = { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 };

describe(`characters in the campaign: G&M settings, several archetypes, followers, tasks (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const other = await createCharacter(t.server, c, { name: 'Other' });
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id, other.id] });
    return { c, hero, other, player };
  }
  const base = (c: CampaignFixture) => `/v1/campaigns/${c.id}`;
  const putSheet = (c: CampaignFixture, id: string, system: string, sheet: object) =>
    t.http
      .put(`${base(c)}/characters/${id}/sheets/${system}`)
      .set(c.auth)
      .send({ sheet });

  describe('G&M settings: the contributor table and species', () => {
    const HIGH_TABLE = {
      bands: [
        { upTo: 8, major: -1 },
        { upTo: 9, major: 0 },
        { upTo: 12, major: 1 },
        { upTo: 18, major: 3 },
      ],
      perPointAbove: 1,
    };
    const ELF = {
      id: 'Elf',
      name: 'Elf',
      abilityAdjustments: { agility: 1 },
      reactions: { perception: 2 },
      baseMovement: 12,
    };

    it('reads our defaults for any key; the referee sets them; sheets and the campaign derivation read them', async () => {
      const { c, hero, player } = await table();
      const defaults = (
        await t.http
          .get(`${base(c)}/gm-settings`)
          .set(player.auth)
          .expect(200)
      ).body;
      expect(defaults.contributorsSource).toBe('default');
      expect(defaults.contributors.bands).toHaveLength(9);
      expect(defaults.species.map((s: { id: string; source: string }) => [s.id, s.source])).toEqual([
        ['dwarf', 'ours'],
      ]);

      expectProblem(
        await t.http
          .put(`${base(c)}/gm-settings`)
          .set(player.auth)
          .send({ contributors: HIGH_TABLE }),
        403,
        'FORBIDDEN',
      );
      const bad = await t.http
        .put(`${base(c)}/gm-settings`)
        .set(c.auth)
        .send({
          contributors: {
            bands: [
              { upTo: 9, major: 0 },
              { upTo: 8, major: 1 },
            ],
            perPointAbove: 1,
          },
        });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
      expect(JSON.stringify(bad.body.errors)).toContain('contributors.bands[1].upTo');
      expectProblem(
        await t.http
          .put(`${base(c)}/gm-settings`)
          .set(c.auth)
          .send({ species: [ELF, { ...ELF, id: 'elf' }] }),
        400,
        'VALIDATION_FAILED',
        'species[1].id',
      );
      expect((await t.http.get(`${base(c)}/gm-settings`).set(c.auth)).body.contributorsSource).toBe(
        'default',
      );

      // A sheet before the settings: Toromeen's numbers.
      const sheet = {
        abilities: TOROMEEN,
        archetypes: [{ archetype: 'warrior', level: 1 }],
        species: 'dwarf',
      };
      const before = (await putSheet(c, hero.id, 'gm', sheet).expect(200)).body.sheet;
      expect(before.reactions).toEqual({
        health: 10,
        fortitude: 10,
        willpower: 6,
        evasion: 4,
        reason: 6,
        perception: 3,
      });
      expect(before.derived).toMatchObject({
        survival: 7,
        verve: 7,
        mojo: 16,
        species: 'dwarf',
        movement: 10,
      });

      const set = (
        await t.http
          .put(`${base(c)}/gm-settings`)
          .set(c.auth)
          .send({ contributors: HIGH_TABLE, species: [ELF] })
          .expect(200)
      ).body;
      expect(set.contributorsSource).toBe('campaign');
      expect(set.species.map((s: { id: string; source: string }) => [s.id, s.source])).toEqual([
        ['dwarf', 'ours'],
        ['elf', 'campaign'],
      ]);
      // The sheet now derives with the campaign's table: agility 10 → +1 major, 0 minor.
      const after = (
        await t.http
          .get(`${base(c)}/characters/${hero.id}/sheets/gm`)
          .set(player.auth)
          .expect(200)
      ).body.sheet;
      expect(after.derived.contributors.agility).toEqual({ major: 1, minor: 0 });
      expect(after.reactions.evasion).toBe(4 + 1 + 0); // agility major 1 + intelligence (12) minor 0

      // An elf sheet reads the campaign's species: perception +2, Movement 12 + strength minor (18 → 3 major, 1 minor).
      const elf = (await putSheet(c, hero.id, 'gm', { ...sheet, species: 'ELF' }).expect(200)).body.sheet;
      expect(elf.derived.species).toBe('elf');
      expect(elf.derived.movement).toBe(13);

      // The campaign derivation applies the species' adjustments, the stateless one knows no elf.
      const derived = (
        await t.http
          .post(`${base(c)}/gm-derivations`)
          .set(player.auth)
          .send({ abilities: TOROMEEN, archetype: 'thief', species: 'elf' })
          .expect(200)
      ).body;
      expect(derived.abilities.agility).toBe(11);
      expect(derived.species).toBe('elf');
      expect(derived.reactionParts.perception.special).toBe(2);
      expect(derived.contributors.agility).toEqual({ major: 1, minor: 0 });
      expectProblem(
        await t.http
          .post('/v1/characters/gm/derivations')
          .send({ abilities: TOROMEEN, archetype: 'thief', species: 'elf' }),
        400,
        'VALIDATION_FAILED',
        'species',
      );

      // GraphQL twins; resetting goes back to our table.
      const answer = await gql(
        t.server,
        `mutation($c: ID!) { updateGmSettings(campaignId: $c, input: { resetContributors: true, species: [] }) { contributorsSource species { id } } }`,
        { c: c.id },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.updateGmSettings).toEqual({
        contributorsSource: 'default',
        species: [{ id: 'dwarf' }],
      });
      const read = await gql(
        t.server,
        `query($c: ID!) { gmSettings(campaignId: $c) { contributors { perPointAbove bands { upTo major } } }
           campaignGmDerivation(campaignId: $c, input: { abilities: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 }, archetype: warrior, species: "dwarf" }) { reactions { health } mojo } }`,
        { c: c.id },
        player.auth,
      );
      expect(read.errors).toBeUndefined();
      expect(read.data!.gmSettings.contributors.bands[0]).toEqual({ upTo: 2, major: -4 });
      // Our dwarf adds endurance +1 to Toromeen's final 15: health 4 + 2 (16) + 2 (18 minor) + special 2.
      expect(read.data!.campaignGmDerivation).toEqual({ reactions: { health: 10 }, mojo: 16 });
      expect(
        codes(
          await gql(
            t.server,
            `mutation($c: ID!) { updateGmSettings(campaignId: $c, input: { resetContributors: true }) { contributorsSource } }`,
            { c: c.id },
            player.auth,
          ),
        ),
      ).toEqual(['FORBIDDEN']);
    });
  });

  describe('several archetypes on one G&M character', () => {
    it('derives reactions and Fighting Art by archetype level and the rest by overall level, REST and GraphQL', async () => {
      const { c, hero } = await table();
      const sheet = (
        await putSheet(c, hero.id, 'gm', {
          abilities: TOROMEEN,
          archetypes: [
            { archetype: 'warrior', level: 3 },
            { archetype: 'thief', level: 2 },
          ],
        }).expect(200)
      ).body.sheet;
      expect(sheet.derived).toMatchObject({
        level: 5,
        fightingArt: 4,
        verveArchetype: 'warrior',
        archetypes: [
          { archetype: 'warrior', level: 3, fightingArt: 3 },
          { archetype: 'thief', level: 2, fightingArt: 1 },
        ],
      });
      expect(sheet.reactions).toEqual({
        health: 10,
        fortitude: 13,
        willpower: 8,
        evasion: 7,
        reason: 8,
        perception: 5,
      });
      expectProblem(
        await putSheet(c, hero.id, 'gm', {
          abilities: TOROMEEN,
          archetypes: [
            { archetype: 'warrior', level: 3 },
            { archetype: 'warrior', level: 2 },
          ],
        }),
        400,
        'VALIDATION_FAILED',
        'sheet.archetypes[1].archetype',
      );
      const rest = (
        await t.http
          .post('/v1/characters/gm/derivations')
          .send({
            abilities: TOROMEEN,
            archetypes: [
              { archetype: 'warrior', level: 3 },
              { archetype: 'thief', level: 2 },
            ],
          })
          .expect(200)
      ).body;
      expect(rest.reactions).toEqual(sheet.reactions);
      expect(rest.level).toBe(5);
      const answer = await gql(
        t.server,
        `query { gmDerivation(input: { abilities: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 },
           archetypes: [{ archetype: warrior, level: 3 }, { archetype: thief, level: 2 }] }) { level fightingArt verveArchetype archetypes { archetype level fightingArt } reactions { fortitude evasion } } }`,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.gmDerivation).toEqual({
        level: 5,
        fightingArt: 4,
        verveArchetype: 'warrior',
        archetypes: [
          { archetype: 'warrior', level: 3, fightingArt: 3 },
          { archetype: 'thief', level: 2, fightingArt: 1 },
        ],
        reactions: { fortitude: 13, evasion: 7 },
      });
      expectProblem(
        await t.http
          .post('/v1/characters/gm/derivations')
          .send({ abilities: TOROMEEN, archetype: 'monk', archetypes: [{ archetype: 'monk', level: 1 }] }),
        422,
        'INVALID_INPUT',
        'archetype',
      );
    });
  });

  describe('followers and animals in the campaign', () => {
    async function follower(c: CampaignFixture, boundTo: string, extra: object = {}) {
      return (
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({
            name: 'Brannoc the loyal',
            kind: 'follower',
            boundTo,
            followerSource: 'feat',
            visibility: 'players',
            showNumbers: true,
            sheets: { coeac: { pool: 4, maxHp: 4 } },
            ...extra,
          })
          .expect(201)
      ).body;
    }

    it('a Feat-granted follower lost comes back at the next session’s start, HP full, logged', async () => {
      const { c, hero, player } = await table();
      await startSession(t.server, c);
      const npc = await follower(c, hero.id);
      expect(npc).toMatchObject({ followerSource: 'feat', lostInSession: null, returnsAtSession: null });
      await t.http
        .post(`${base(c)}/npcs/${npc.id}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'coeac', field: 'hp', delta: -4, reason: 'a goblin spear' })
        .expect(201);
      expectProblem(
        await t.http
          .post(`${base(c)}/npcs/${npc.id}/losses`)
          .set(player.auth)
          .send({}),
        403,
        'FORBIDDEN',
      );
      const send = () =>
        t.http
          .post(`${base(c)}/npcs/${npc.id}/losses`)
          .set(c.auth)
          .set('Idempotency-Key', `loss-${npc.id}`)
          .send({ reason: 'died' });
      const lost = (await send().expect(201)).body;
      expect(lost).toMatchObject({
        reason: 'died',
        replaceable: true,
        recruitDays: 7,
        lostInSession: 1,
        availableFromSession: 2,
        npc: { lostInSession: 1, returnsAtSession: 2 },
      });
      // A retry with the same key replays the answer; a new request is refused.
      expect((await send().expect(201)).body.rollId).toBe(lost.rollId);
      expectProblem(
        await t.http
          .post(`${base(c)}/npcs/${npc.id}/losses`)
          .set(c.auth)
          .send({}),
        409,
        'CONFLICT',
        'npcId',
      );
      // The loss is on the roll log, public since the follower's numbers are shown.
      const entry = (
        await t.http
          .get(`${base(c)}/rolls/${lost.rollId}`)
          .set(player.auth)
          .expect(200)
      ).body;
      expect(entry.procedure).toBe('characters.follower-loss');
      expect(entry.sealed ?? false).toBe(false);

      const session = await startSession(t.server, c);
      expect(session.number).toBe(2);
      const back = (
        await t.http
          .get(`${base(c)}/npcs/${npc.id}`)
          .set(player.auth)
          .expect(200)
      ).body;
      expect(back).toMatchObject({ lostInSession: null, returnsAtSession: null });
      expect(back.sheets.coeac.hp).toBe(4);
      const ledger = (
        await t.http
          .get(`${base(c)}/npcs/${npc.id}/conditions`)
          .set(c.auth)
          .expect(200)
      ).body.items;
      const last = ledger[ledger.length - 1];
      expect(last).toMatchObject({
        field: 'hp',
        delta: 4,
        valueAfter: 4,
        cause: 'procedure',
        procedure: 'characters.follower-return',
      });
      const returned = (
        await t.http
          .get(`${base(c)}/rolls/${last.rollId}`)
          .set(c.auth)
          .expect(200)
      ).body;
      expect(returned.procedure).toBe('characters.follower-return');
    });

    it('one gained through the fiction is lost for good; a referee-only follower’s loss stays sealed; GraphQL', async () => {
      const { c, hero, player } = await table();
      const npc = await follower(c, hero.id, {
        followerSource: 'fiction',
        visibility: 'referee',
        name: 'Secret Sable',
      });
      const answer = await gql(
        t.server,
        `mutation($c: ID!, $n: ID!) { loseFollower(campaignId: $c, npcId: $n, input: { reason: departed }) { replaceable availableFromSession lostInSession rollId npc { returnsAtSession } } }`,
        { c: c.id, n: npc.id },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.loseFollower).toMatchObject({
        replaceable: false,
        availableFromSession: null,
        lostInSession: 0,
        npc: { returnsAtSession: null },
      });
      const seen = (
        await t.http
          .get(`${base(c)}/rolls/${answer.data!.loseFollower.rollId}`)
          .set(player.auth)
          .expect(200)
      ).body;
      expect(seen.sealed).toBe(true);
      expect(JSON.stringify(seen)).not.toContain(npc.id);
      await startSession(t.server, c);
      const still = (
        await t.http
          .get(`${base(c)}/npcs/${npc.id}`)
          .set(c.auth)
          .expect(200)
      ).body;
      expect(still.lostInSession).toBe(0);
      // Only followers (and companion animals) bound to a character with a source are lost this way.
      const ogre = (
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({ name: 'Ogre', kind: 'monster' })
          .expect(201)
      ).body;
      expectProblem(
        await t.http
          .post(`${base(c)}/npcs/${ogre.id}/losses`)
          .set(c.auth)
          .send({}),
        422,
        'UNPROCESSABLE',
        'npcId',
      );
      const unsourced = (
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({ name: 'Pip', kind: 'follower', boundTo: hero.id })
          .expect(201)
      ).body;
      expectProblem(
        await t.http
          .post(`${base(c)}/npcs/${unsourced.id}/losses`)
          .set(c.auth)
          .send({}),
        422,
        'UNPROCESSABLE',
        'followerSource',
      );
      expectProblem(
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({ name: 'Rex', kind: 'hireling', training: 'trained' }),
        400,
        'VALIDATION_FAILED',
        'training',
      );
    });

    it('morale checks of stored NPCs by kind: hirelings against the master’s pool, exempt followers, trained animals', async () => {
      const { c, hero, player } = await table();
      await putSheet(c, hero.id, 'coeac', { skills: { Streetwise: 3, Diplomacy: 1 }, maxHp: 8 }).expect(200);
      const hireling = (
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({
            name: 'Merc',
            kind: 'hireling',
            boundTo: hero.id,
            sheets: { coeac: { pool: 4, maxHp: 4 } },
          })
          .expect(201)
      ).body;
      const url = (id: string) => `${base(c)}/npcs/${id}/morale-checks`;
      const checked = (await t.http.post(url(hireling.id)).set(c.auth).send({ seed: 'morale-1' }).expect(201))
        .body;
      expect(checked).toMatchObject({
        npcId: hireling.id,
        subject: 'hireling',
        check: 'versus',
        rolled: true,
        controllerPool: 5,
        hirelingPool: 4,
        seed: 'morale-1',
      });
      expect(checked.faces).toHaveLength(9);
      expect(checked.pass).toBeGreaterThan(0);
      expect(checked.pass).toBeLessThan(1);
      // Same seed, same answer, as the stateless procedure computes it.
      const stateless = (
        await t.http
          .post('/v1/characters/coeac/morale-checks')
          .send({ subject: 'hireling', controllerPool: 5, hirelingPool: 4, seed: 'morale-1' })
          .expect(200)
      ).body;
      expect(checked.faces).toEqual(stateless.faces);
      expect(checked.passed).toBe(stateless.passed);
      expect(checked.pass).toBe(stateless.odds.pass);
      const replay = (
        await t.http
          .get(`${base(c)}/rolls/${checked.rollId}/replay`)
          .set(c.auth)
          .expect(200)
      ).body;
      expect(replay.matches).toBe(true);
      // The hireling is referee-only: its roll is sealed for the player.
      expect(
        (
          await t.http
            .get(`${base(c)}/rolls/${checked.rollId}`)
            .set(player.auth)
            .expect(200)
        ).body.sealed,
      ).toBe(true);

      const loyal = await follower(c, hero.id);
      const exempt = (await t.http.post(url(loyal.id)).set(c.auth).send({}).expect(201)).body;
      expect(exempt).toMatchObject({
        subject: 'follower',
        check: 'none',
        rolled: false,
        passed: true,
        pass: 1,
        faces: [],
      });

      const dog = (
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({ name: 'Dog', kind: 'animal' })
          .expect(201)
      ).body;
      expectProblem(await t.http.post(url(dog.id)).set(c.auth).send({}), 422, 'UNPROCESSABLE', 'training');
      await t.http
        .patch(`${base(c)}/npcs/${dog.id}`)
        .set(c.auth)
        .send({ training: 'trained' })
        .expect(200);
      const answer = await gql(
        t.server,
        `mutation($c: ID!, $n: ID!) { campaignNpcMoraleCheck(campaignId: $c, npcId: $n, input: { rating: 4, seed: "dog" }) { subject check rolled faces target pass } }`,
        { c: c.id, n: dog.id },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.campaignNpcMoraleCheck).toMatchObject({
        subject: 'trained-animal',
        check: 'rating',
        rolled: true,
      });
      expect(
        codes(
          await gql(
            t.server,
            `mutation($c: ID!, $n: ID!) { campaignNpcMoraleCheck(campaignId: $c, npcId: $n, input: {}) { subject } }`,
            { c: c.id, n: dog.id },
            player.auth,
          ),
        ),
      ).toEqual(['FORBIDDEN']);
      // A hireling with no master and no controllerPool is refused naming controllerPool.
      const masterless = (
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({ name: 'Drifter', kind: 'hireling', sheets: { coeac: { pool: 3, maxHp: 3 } } })
          .expect(201)
      ).body;
      expectProblem(
        await t.http.post(url(masterless.id)).set(c.auth).send({}),
        400,
        'VALIDATION_FAILED',
        'controllerPool',
      );
    });
  });

  describe('no re-roll of a failed task unless it is reframed (G&M CH6)', () => {
    const GM = { abilities: TOROMEEN, archetypes: [{ archetype: 'thief', level: 1 }] };
    const check = (c: CampaignFixture, id: string, body: object, auth = c.auth) =>
      t.http
        .post(`${base(c)}/characters/${id}/checks`)
        .set(auth)
        .send({ system: 'gm', reaction: 'evasion', ...body });

    it('refuses the same failed task for every character in the session, unless reframed; a new session reopens it', async () => {
      const { c, hero, other, player } = await table();
      await putSheet(c, hero.id, 'gm', GM).expect(200);
      await putSheet(c, other.id, 'gm', GM).expect(200);
      await startSession(t.server, c);
      const failed = (
        await check(c, hero.id, { task: 'Climb the tower', modifier: -100 }, player.auth).expect(201)
      ).body;
      expect(failed.passed).toBe(false);
      const entry = (
        await t.http
          .get(`${base(c)}/rolls/${failed.rollId}`)
          .set(player.auth)
          .expect(200)
      ).body;
      expect(entry.effects).toMatchObject({ task: 'Climb the tower', framing: null });
      expectProblem(
        await check(c, hero.id, { task: 'climb the tower ' }, player.auth),
        409,
        'CONFLICT',
        'task',
      );
      // Not even another character (001:675).
      expectProblem(
        await check(c, other.id, { task: 'Climb the tower' }, player.auth),
        409,
        'CONFLICT',
        'task',
      );
      expectProblem(
        await check(c, other.id, { task: 'Climb the tower', reframed: true }),
        400,
        'VALIDATION_FAILED',
        'framing',
      );
      expectProblem(
        await check(c, other.id, { reframed: true, framing: 'x' }),
        400,
        'VALIDATION_FAILED',
        'task',
      );
      const gqlRefused = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: gm, reaction: "evasion", task: "Climb the tower" }) { passed } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(codes(gqlRefused)).toEqual(['CONFLICT']);
      // Reframed: allowed, and its framing is kept.
      const reframed = (
        await check(c, other.id, {
          task: 'Climb the tower',
          reframed: true,
          framing: 'By the ivy',
          modifier: -100,
        }).expect(201)
      ).body;
      expect(reframed.passed).toBe(false);
      expectProblem(
        await check(c, hero.id, { task: 'Climb the tower', reframed: true, framing: 'by the ivy' }),
        409,
        'CONFLICT',
        'framing',
      );
      const viaGraphql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: gm, reaction: "evasion", task: "Climb the tower", reframed: true, framing: "With a rope", modifier: 100 }) { passed rollId } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(viaGraphql.errors).toBeUndefined();
      expect(viaGraphql.data!.characterCheck.passed).toBe(true);
      // After a pass the task may be rolled again.
      await check(c, hero.id, { task: 'Climb the tower', modifier: -100 }).expect(201);
      expectProblem(await check(c, hero.id, { task: 'Climb the tower' }), 409, 'CONFLICT', 'task');
      // A new session: open again.
      await startSession(t.server, c);
      await check(c, hero.id, { task: 'Climb the tower' }).expect(201);
    });

    it('a sealed failure refuses only the referee; an NPC’s tasks are its own', async () => {
      const { c, hero, player } = await table();
      await putSheet(c, hero.id, 'gm', GM).expect(200);
      await check(c, hero.id, { task: 'Spot the trap', modifier: -100, secret: true }).expect(201);
      expectProblem(await check(c, hero.id, { task: 'Spot the trap' }), 409, 'CONFLICT', 'task');
      const played = (
        await check(c, hero.id, { task: 'Spot the trap', modifier: -100 }, player.auth).expect(201)
      ).body;
      expect(played.passed).toBe(false);
      expectProblem(await check(c, hero.id, { task: 'Spot the trap' }, player.auth), 409, 'CONFLICT', 'task');
      const npc = (
        await t.http
          .post(`${base(c)}/npcs`)
          .set(c.auth)
          .send({ name: 'Guard', kind: 'adversary', sheets: { gm: GM } })
          .expect(201)
      ).body;
      const npcCheck = (body: object) =>
        t.http
          .post(`${base(c)}/npcs/${npc.id}/checks`)
          .set(c.auth)
          .send({ system: 'gm', reaction: 'evasion', ...body });
      await npcCheck({ task: 'Open the gate', modifier: -100 }).expect(201);
      expectProblem(await npcCheck({ task: 'Open the gate' }), 409, 'CONFLICT', 'task');
      await check(c, hero.id, { task: 'Open the gate' }).expect(201);
    });
  });
});
