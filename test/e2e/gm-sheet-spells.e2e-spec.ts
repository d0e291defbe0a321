import { DATABASE_KIND, startApp, TestApp } from './harness';
import { createCharacter, createKey, putSheet, sheetOf } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';
import { characterPath, gmHarmTable, gmWarriorSheet } from '../factories/gm-harm';

/*
 * Issue 42: the G&M sheet's fields and skills, specialties, spell book and memorised spells, and its
 * helmet, typed in both contracts; sheet checks that read a skill or a specialty; a stored
 * sorceror's cast of a memorised spell (POST …/gm-casts, `characterGmCast`), with its refusals.
 * REST and GraphQL, SQLite and PostgreSQL; every answer checked against the document.
 */

/** A 5th-level sorceror with a spell book and three memorised spells, one already cast. */
const sorceror = (extra: object = {}) =>
  gmWarriorSheet({
    archetypes: [{ archetype: 'sorceror', level: 5 }],
    survival: { current: 60, max: 60 },
    fields: [
      { name: 'Arcane Lore', bonus: 3, skills: ['Spell Lore'] },
      { name: 'History', skills: ['Old Empires'] },
    ],
    specialties: [{ name: 'Dwarf', bonus: 2 }],
    spellBook: [
      { name: 'Sleepfall', level: 1 },
      { name: 'Fighting Prowess', level: 2 },
      { name: 'Fireball', level: 4 },
    ],
    memorizedSpells: [{ name: 'Sleepfall', cast: true }, { name: 'Fighting Prowess' }, { name: 'Fireball' }],
    ...extra,
  });

const GM_SHEET_LORE = `... on GmSheet { helmet { name kind } fullHelmet fields { name bonus skills }
  specialties { name bonus } spellBook { name level } memorizedSpells { name level cast } }`;
const CAST_FIELDS = `characterId spell level casterLevel injuries highestLevel target
  memorizedSpells { name level cast } events { type text ownerId ownerName source } rollId`;

describe(`G&M sheet: skills, specialties, spells, helmet; G&M casts (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('the sheet', () => {
    it('REST: stores and answers them typed; the helmet takes the old fullHelmet boolean too', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      const stored = await putSheet(t.server, c, hero.id, 'gm', sorceror({ fullHelmet: true }));
      expect(stored).toMatchObject({
        helmet: { name: 'Full Helmet', kind: 'full' },
        fullHelmet: true,
        fields: [
          { name: 'Arcane Lore', bonus: 3, skills: ['Spell Lore'] },
          { name: 'History', bonus: 1, skills: ['Old Empires'] },
        ],
        specialties: [{ name: 'Dwarf', bonus: 2 }],
        memorizedSpells: [
          { name: 'Sleepfall', level: 1, cast: true },
          { name: 'Fighting Prowess', level: 2, cast: false },
          { name: 'Fireball', level: 4, cast: false },
        ],
      });
      // The answer written back as it is (the deprecated boolean beside the helmet) changes nothing.
      await putSheet(t.server, c, hero.id, 'gm', stored);
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toEqual(stored);
      // An open helmet: no fullHelmet, and no −1 on perception.
      const open = await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        sorceror({ helmet: { kind: 'open', name: 'Cap' } }),
      );
      expect(open.helmet).toEqual({ name: 'Cap', kind: 'open' });
      expect(open).not.toHaveProperty('fullHelmet');
    });

    it('REST: refuses a malformed member with 400 naming it, and changes nothing', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', sorceror());
      const before = await sheetOf(t.server, c, hero.id, 'gm');
      const put = (sheet: object) =>
        t.http
          .put(`${characterPath(c, hero.id)}/sheets/gm`)
          .set(c.auth)
          .send({ sheet });
      for (const [sheet, field] of [
        [sorceror({ fields: [{ name: 'History', bonus: 99 }] }), 'sheet.fields[0].bonus'],
        [sorceror({ specialties: [{ name: 'Dwarf' }, { name: 'dwarf' }] }), 'sheet.specialties[1].name'],
        [sorceror({ spellBook: [{ name: 'Sleepfall' }] }), 'sheet.spellBook[0].level'],
        [sorceror({ memorizedSpells: [{ name: 'Lightning' }] }), 'sheet.memorizedSpells[0].name'],
        [sorceror({ helmet: { kind: 'great' } }), 'sheet.helmet.kind'],
        [sorceror({ helmet: { kind: 'open' }, fullHelmet: true }), 'sheet.fullHelmet'],
      ] as const)
        expectProblem(await put(sheet), 400, 'VALIDATION_FAILED', field);
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toEqual(before);
    });

    it('a bound player may write its fields and spell book, not its memorised spells', async () => {
      const { c, hero, player } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', sorceror());
      const auth = { Authorization: `Bearer ${player.key}` };
      await t.http
        .put(`${characterPath(c, hero.id)}/sheets/gm`)
        .set(auth)
        .send({ sheet: { fields: [{ name: 'War Craft', skills: ['Weaponsmith'] }] } })
        .expect(200);
      expectProblem(
        await t.http
          .put(`${characterPath(c, hero.id)}/sheets/gm`)
          .set(auth)
          .send({ sheet: { memorizedSpells: [{ name: 'Sleepfall' }] } }),
        403,
        'FORBIDDEN',
        'sheet.memorizedSpells',
      );
    });

    it('GraphQL: answers the same typed members', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      const rest = await putSheet(t.server, c, hero.id, 'gm', sorceror({ helmet: { name: 'Sallet' } }));
      const g = await gql(
        t.server,
        `query($c: ID!, $h: ID!) { characterSheet(campaignId: $c, characterId: $h, system: gm) { sheet { ${GM_SHEET_LORE} } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(g.errors).toBeUndefined();
      expect(g.data!.characterSheet.sheet).toEqual({
        helmet: { name: 'Sallet', kind: 'full' },
        fullHelmet: true,
        fields: rest.fields,
        specialties: rest.specialties,
        spellBook: rest.spellBook,
        memorizedSpells: rest.memorizedSpells,
      });
    });
  });

  describe('sheet checks read skills and specialties', () => {
    it('REST and GraphQL: a skill adds its field’s bonus, a specialty its own, each named in modifiers', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', sorceror());
      const check = await t.http
        .post(`${characterPath(c, hero.id)}/checks`)
        .set(c.auth)
        .send({
          system: 'gm',
          attribute: 'intelligence',
          skill: 'spell lore',
          specialty: 'dwarf',
          seed: 'lore',
        })
        .expect(201);
      expect(check.body.modifiers).toEqual([
        { source: 'ability:intelligence', amount: 10 },
        { source: 'skill:Spell Lore (field Arcane Lore)', amount: 3 },
        { source: 'specialty:Dwarf', amount: 2 },
      ]);
      expectProblem(
        await t.http
          .post(`${characterPath(c, hero.id)}/checks`)
          .set(c.auth)
          .send({ system: 'gm', attribute: 'intelligence', specialty: 'Elf' }),
        400,
        'VALIDATION_FAILED',
        'specialty',
      );
      const g = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h,
          input: { system: gm, reaction: "reason", skill: "Old Empires", seed: "lore" }) { modifiers { source amount } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(g.errors).toBeUndefined();
      expect(g.data!.characterCheck.modifiers).toContainEqual({
        source: 'skill:Old Empires (field History)',
        amount: 1,
      });
      const bad = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h,
          input: { system: gm, reaction: "reason", skill: "Swimming" }) { passed } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
      expect(fieldsOf(bad.errors![0].extensions?.errors)).toContain('skill');
    });
  });

  describe('POST …/gm-casts', () => {
    it('REST: casts a memorised spell, marks it cast, logs one roll with its event, refuses a second cast', async () => {
      const { c, hero, player } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', sorceror());
      const auth = { Authorization: `Bearer ${player.key}` };
      const cast = await t.http
        .post(`${characterPath(c, hero.id)}/gm-casts`)
        .set(auth)
        .send({ spell: 'fighting prowess', target: 'Gralen' })
        .expect(201);
      expect(cast.body).toMatchObject({
        characterId: hero.id,
        spell: 'Fighting Prowess',
        level: 2,
        casterLevel: 5,
        injuries: 0,
        highestLevel: 5,
        target: 'Gralen',
        events: [
          {
            type: 'spell-cast',
            text: 'Toromeen casts Fighting Prowess (level 2) on Gralen.',
            ownerId: hero.id,
            ownerName: 'Toromeen',
            source: 'Fighting Prowess',
          },
        ],
      });
      const sheet = await sheetOf(t.server, c, hero.id, 'gm');
      expect(sheet.memorizedSpells).toEqual([
        { name: 'Sleepfall', level: 1, cast: true },
        { name: 'Fighting Prowess', level: 2, cast: true },
        { name: 'Fireball', level: 4, cast: false },
      ]);
      expect(cast.body.memorizedSpells).toEqual(sheet.memorizedSpells);
      // The log (what the live feed sends) carries the event; the roll replays.
      const roll = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${cast.body.rollId}`)
        .set(c.auth)
        .expect(200);
      expect(roll.body).toMatchObject({ procedure: 'magic.gm.cast.v1', events: cast.body.events });
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${cast.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // Spent: refused, naming the spell; so are a spell not memorised and one of another character.
      const again = await t.http
        .post(`${characterPath(c, hero.id)}/gm-casts`)
        .set(auth)
        .send({ spell: 'Fighting Prowess' });
      expectProblem(again, 422, 'UNPROCESSABLE', 'spell');
      expect(again.body.detail).toMatch(/already cast/);
      expectProblem(
        await t.http
          .post(`${characterPath(c, hero.id)}/gm-casts`)
          .set(auth)
          .send({ spell: 'Sleepfall' }),
        422,
        'UNPROCESSABLE',
        'spell',
      );
      expectProblem(
        await t.http
          .post(`${characterPath(c, hero.id)}/gm-casts`)
          .set(auth)
          .send({ spell: 'Lightning' }),
        422,
        'UNPROCESSABLE',
        'spell',
      );
      expectProblem(
        await t.http
          .post(`${characterPath(c, hero.id)}/gm-casts`)
          .set(c.auth)
          .send({}),
        400,
        'VALIDATION_FAILED',
        'spell',
      );
      expect((await sheetOf(t.server, c, hero.id, 'gm')).memorizedSpells).toEqual(sheet.memorizedSpells);
    });

    it('REST: refuses a spell above level less injuries, a non-sorceror, the dead, and a surprised caster', async () => {
      const { c, hero, friend } = await gmHarmTable(t.server);
      // Level 5 with 2 injuries: up to level 3; Fireball is 4 (001:601).
      await putSheet(t.server, c, hero.id, 'gm', sorceror({ injuries: { current: 2, max: 10 } }));
      const hurt = await t.http
        .post(`${characterPath(c, hero.id)}/gm-casts`)
        .set(c.auth)
        .send({ spell: 'Fireball' });
      expectProblem(hurt, 422, 'UNPROCESSABLE', 'spell');
      expect(hurt.body.detail).toMatch(/up to level 3/);
      await t.http
        .post(`${characterPath(c, hero.id)}/gm-casts`)
        .set(c.auth)
        .send({ spell: 'Fighting Prowess' })
        .expect(201);
      // A warrior: no sorceror archetype.
      await putSheet(
        t.server,
        c,
        friend.id,
        'gm',
        sorceror({ archetypes: [{ archetype: 'warrior', level: 5 }] }),
      );
      expectProblem(
        await t.http
          .post(`${characterPath(c, friend.id)}/gm-casts`)
          .set(c.auth)
          .send({ spell: 'Fireball' }),
        422,
        'UNPROCESSABLE',
        'characterId',
      );
      // The dead cast nothing (can-act.ts).
      const ghost = await createCharacter(t.server, c, { name: 'Osk' });
      await putSheet(t.server, c, ghost.id, 'gm', sorceror({ harm: { state: 'dead' } }));
      const dead = await t.http
        .post(`${characterPath(c, ghost.id)}/gm-casts`)
        .set(c.auth)
        .send({ spell: 'Fireball' });
      expectProblem(dead, 409, 'CONFLICT', 'characterId');
      expect(dead.body.detail).toMatch(/dead/);
      // Surprised in a running G&M combat (001:754): no spell until it snaps out of it.
      const mage = await createCharacter(t.server, c, { name: 'Vessa' });
      await putSheet(t.server, c, mage.id, 'gm', sorceror());
      const orc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Orc', kind: 'monster' })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${orc.id}/sheets/gm`)
        .set(c.auth)
        .send({ sheet: gmWarriorSheet() })
        .expect(200);
      const combat = (
        await t.http
          .post(`/v1/campaigns/${c.id}/combats`)
          .set(c.auth)
          .send({
            system: 'gm',
            combatants: [
              { characterId: mage.id, side: 'party' },
              { npcId: orc.id, side: 'foes' },
            ],
          })
          .expect(201)
      ).body as { id: string };
      await t.http
        .post(`/v1/campaigns/${c.id}/combats/${combat.id}/actions`)
        .set(c.auth)
        .send({
          actor: orc.id,
          kind: 'attack',
          targets: [mage.id],
          gm: { weapon: 'd4', targetSurprised: true },
          seed: 'ambush',
        })
        .expect(201);
      const before = await sheetOf(t.server, c, mage.id, 'gm');
      const surprised = await t.http
        .post(`${characterPath(c, mage.id)}/gm-casts`)
        .set(c.auth)
        .send({ spell: 'Fireball' });
      expectProblem(surprised, 409, 'CONFLICT', 'characterId');
      expect(surprised.body.detail).toMatch(/surprised/);
      expect((await sheetOf(t.server, c, mage.id, 'gm')).memorizedSpells).toEqual(before.memorizedSpells);
    });

    it('GraphQL: characterGmCast casts over the same service and refuses with the same codes', async () => {
      const { c, hero, friend } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', sorceror());
      // A player key bound to another character may not cast for this one.
      const other = await createKey(t.server, c, { role: 'player', characterIds: [friend.id] });
      const mutation = (spell: string) =>
        `mutation($c: ID!, $h: ID!) { characterGmCast(campaignId: $c, characterId: $h, input: { spell: "${spell}" }) { ${CAST_FIELDS} } }`;
      const g = await gql(t.server, mutation('Fireball'), { c: c.id, h: hero.id }, c.auth);
      expect(g.errors).toBeUndefined();
      expect(g.data!.characterGmCast).toMatchObject({
        spell: 'Fireball',
        level: 4,
        target: null,
        events: [{ type: 'spell-cast', text: 'Toromeen casts Fireball (level 4).', source: 'Fireball' }],
      });
      expect((await sheetOf(t.server, c, hero.id, 'gm')).memorizedSpells[2]).toEqual({
        name: 'Fireball',
        level: 4,
        cast: true,
      });
      const again = await gql(t.server, mutation('Fireball'), { c: c.id, h: hero.id }, c.auth);
      expect(codes(again)).toEqual(['UNPROCESSABLE']);
      expect(fieldsOf(again.errors![0].extensions?.errors)).toContain('spell');
      const stranger = await gql(
        t.server,
        mutation('Fighting Prowess'),
        { c: c.id, h: hero.id },
        {
          Authorization: `Bearer ${other.key}`,
        },
      );
      expect(codes(stranger)).toEqual(['FORBIDDEN']);
    });
  });
});
