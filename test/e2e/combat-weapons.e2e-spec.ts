import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  putSheet,
  sheetOf,
} from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 42: weapons on the sheet, and stored attacks that read them. For each system: a sheet with
 * weapons, an attack naming one (REST and GraphQL), the fallback to the first, an explicit die,
 * dice or skill winning, an unknown weapon refused naming the field, and the logged roll replaying
 * without the sheet (its inputs hold the resolved die).
 */

type Auth = { Authorization: string };

const WEAPON_FIELDS =
  'weapon { name overridden die bulky blast itemId skill ranged traits dice kind attackBonus }';

describe(`weapons from the sheet in stored combats (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const combats = (c: CampaignFixture, rest = '') => `/v1/campaigns/${c.id}/combats${rest}`;
  const nextRound = (c: CampaignFixture, combatId: string) =>
    t.http
      .post(combats(c, `/${combatId}/rounds`))
      .set(c.auth)
      .send({})
      .expect(200);
  const act = (c: CampaignFixture, combatId: string, auth: Auth, body: object) =>
    t.http
      .post(combats(c, `/${combatId}/actions`))
      .set(auth)
      .send(body);
  const rollOf = async (c: CampaignFixture, rollId: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}`).set(c.auth).expect(200)).body;
  const replays = async (c: CampaignFixture, rollId: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}/replay`).set(c.auth).expect(200)).body.matches;

  async function npcWith(c: CampaignFixture, system: string, name: string, sheet: object, shown = true) {
    const row = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name, kind: 'monster', visibility: shown ? 'players' : 'referee', showNumbers: shown })
        .expect(201)
    ).body as { id: string };
    await t.http
      .put(`/v1/campaigns/${c.id}/npcs/${row.id}/sheets/${system}`)
      .set(c.auth)
      .send({ sheet })
      .expect(200);
    return row;
  }

  async function fight(c: CampaignFixture, system: string, ids: { characters: string[]; npcs: string[] }) {
    return (
      await t.http
        .post(combats(c))
        .set(c.auth)
        .send({
          system,
          combatants: [
            ...ids.characters.map((id) => ({ characterId: id, side: 'party' })),
            ...ids.npcs.map((id) => ({ npcId: id, side: 'foes' })),
          ],
        })
        .expect(201)
    ).body as { id: string };
  }

  describe('Cairn', () => {
    const BODY = { str: { max: 12 }, dex: { max: 10 }, wil: { max: 9 }, maxHp: 6, hp: 6 };
    const weaponsWith = (hammerId: string) => [
      { name: 'Longsword', die: 'd8' },
      // The warhammer names its item (two slots): bulky comes from it.
      { name: 'Warhammer', die: 'd10', itemId: hammerId },
      { name: 'Fire pot', die: 'd6', blast: true },
    ];
    const addItem = async (c: CampaignFixture, characterId: string, name: string, slots: number) =>
      (
        await t.http
          .post(`/v1/campaigns/${c.id}/characters/${characterId}/inventory`)
          .set(c.auth)
          .send({ name, kind: 'gear', slots })
          .expect(201)
      ).body as { id: string };

    async function table() {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Osk' });
      const bare = await createCharacter(t.server, c, { name: 'Bare' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id, bare.id] });
      // The bound player sets the weapons (a base value).
      const stored = (
        await t.http
          .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/cairn`)
          .set(c.auth)
          .send({ sheet: BODY })
          .expect(200)
      ).body.sheet;
      expect(stored).not.toHaveProperty('weapons');
      const hammer = await addItem(c, hero.id, 'Warhammer', 2);
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/cairn`)
        .set(player.auth)
        .send({ sheet: { weapons: weaponsWith(hammer.id) } })
        .expect(200);
      await putSheet(t.server, c, bare.id, 'cairn', BODY);
      const goblin = await npcWith(c, 'cairn', 'Goblin', { ...BODY, maxHp: 60, hp: 60, str: { max: 18 } });
      const lurker = await npcWith(c, 'cairn', 'Lurker', { ...BODY, maxHp: 60, hp: 60 }, false);
      const combat = await fight(c, 'cairn', {
        characters: [hero.id, bare.id],
        npcs: [goblin.id, lurker.id],
      });
      return { c, hero, bare, player, goblin, lurker, combat, hammer };
    }

    it('keeps the weapons on the sheet and refuses a bad one naming it', async () => {
      const { c, hero, player, hammer } = await table();
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).weapons).toEqual([
        { name: 'Longsword', die: 'd8' },
        { name: 'Warhammer', die: 'd10', bulky: true, itemId: hammer.id },
        { name: 'Fire pot', die: 'd6', blast: true },
      ]);
      expectProblem(
        await t.http
          .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/cairn`)
          .set(player.auth)
          .send({ sheet: { weapons: [{ name: 'Axe', die: 'd20' }] } }),
        400,
        'VALIDATION_FAILED',
        'sheet.weapons[0].die',
      );
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { putCharacterSheet(campaignId: $c, characterId: $h, system: cairn,
           input: { sheet: { weapons: [{ name: "Axe", die: "d6" }, { name: "axe", die: "d8" }] } }) { system } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(viaGql.errors?.[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'sheet.weapons[1].name' }],
      });
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).weapons).toHaveLength(3);
    });

    it('checks a weapon’s itemId against the inventory and reads bulky from the item’s slots', async () => {
      const { c, hero, bare, player, goblin, hammer, combat } = await table();
      const put = (auth: Auth, id: string, weapons: object[]) =>
        t.http
          .put(`/v1/campaigns/${c.id}/characters/${id}/sheets/cairn`)
          .set(auth)
          // The referee's PUT replaces the sheet; the player's sets base values only.
          .send({ sheet: auth === c.auth ? { ...BODY, weapons } : { weapons } });
      // An item the character does not carry (another's, or none): 409 naming the field.
      const dagger = await addItem(c, bare.id, 'Dagger', 1);
      const others = await put(player.auth, hero.id, [
        ...weaponsWith(hammer.id),
        { name: 'Dagger', die: 'd6', itemId: dagger.id },
      ]);
      expectProblem(others, 409, 'CONFLICT', 'sheet.weapons[3].itemId');
      expectProblem(
        await put(c.auth, hero.id, [{ name: 'Axe', die: 'd6', itemId: 'nothing' }]),
        409,
        'CONFLICT',
        'sheet.weapons[0].itemId',
      );
      // A bulky weapon whose item takes one slot: 422 naming bulky.
      expectProblem(
        await put(c.auth, bare.id, [{ name: 'Dagger', die: 'd6', bulky: true, itemId: dagger.id }]),
        422,
        'UNPROCESSABLE',
        'sheet.weapons[0].bulky',
      );
      // An NPC carries no inventory.
      expectProblem(
        await t.http
          .put(`/v1/campaigns/${c.id}/npcs/${goblin.id}/sheets/cairn`)
          .set(c.auth)
          .send({ sheet: { ...BODY, weapons: [{ name: 'Club', die: 'd6', itemId: hammer.id }] } }),
        422,
        'UNPROCESSABLE',
        'sheet.weapons[0].itemId',
      );
      // Nothing changed.
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).weapons).toHaveLength(3);
      expect((await sheetOf(t.server, c, bare.id, 'cairn')).weapons).toBeUndefined();
      // Its own item, one slot: kept, not bulky.
      const ok = (await put(c.auth, bare.id, [{ name: 'Dagger', die: 'd6', itemId: dagger.id }]).expect(200))
        .body;
      expect(ok.sheet.weapons).toEqual([{ name: 'Dagger', die: 'd6', itemId: dagger.id }]);
      // Over GraphQL: the same refusal, naming the field.
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $s: JSON!) { putCharacterSheet(campaignId: $c, characterId: $h, system: cairn,
           input: { sheet: $s }) { system } }`,
        { c: c.id, h: hero.id, s: { ...BODY, weapons: [{ name: 'Dagger', die: 'd6', itemId: dagger.id }] } },
        c.auth,
      );
      expect(viaGql.errors?.[0].extensions).toMatchObject({
        code: 'CONFLICT',
        errors: [{ field: 'sheet.weapons[0].itemId' }],
      });
      // A bulky item read over GraphQL: the hammer's two slots make its weapon bulky.
      const bulky = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $i: JSON!) { putCharacterSheet(campaignId: $c, characterId: $h, system: cairn,
           input: { sheet: $i }) { sheet { ... on CairnSheet { weapons { name bulky itemId } } } } }`,
        { c: c.id, h: hero.id, i: { ...BODY, weapons: [{ name: 'Maul', die: 'd10', itemId: hammer.id }] } },
        c.auth,
      );
      expect(bulky.errors).toBeUndefined();
      expect(bulky.data!.putCharacterSheet.sheet.weapons).toEqual([
        { name: 'Maul', bulky: true, itemId: hammer.id },
      ]);
      // The item dropped: the weapon no longer strikes (409 naming the weapon), over REST and GraphQL;
      // the sheet keeps it, and an unrelated PUT still passes.
      await put(c.auth, hero.id, weaponsWith(hammer.id)).expect(200);
      await t.http
        .delete(`/v1/campaigns/${c.id}/characters/${hero.id}/inventory/${hammer.id}`)
        .set(c.auth)
        .expect(200);
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/cairn`)
        .set(player.auth)
        .send({ sheet: { weapons: weaponsWith(hammer.id) } })
        .expect(200);
      expectProblem(
        await act(c, combat.id, player.auth, {
          actor: hero.id,
          kind: 'attack',
          targets: [goblin.id],
          cairn: { weapon: 'Warhammer' },
        }),
        409,
        'CONFLICT',
        'cairn.weapon',
      );
      const gone = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: attack, targets: [$t], cairn: { weapon: "Warhammer" } }) { rollId } }`,
        { c: c.id, k: combat.id, a: hero.id, t: goblin.id },
        player.auth,
      );
      expect(gone.errors?.[0].extensions).toMatchObject({
        code: 'CONFLICT',
        errors: [{ field: 'cairn.weapon' }],
      });
      // The longsword names no item: it still strikes.
      const sword = await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'attack',
        targets: [goblin.id],
        cairn: { weapon: 'Longsword' },
        seed: 'w-9',
      });
      expect(sword.status).toBe(201);
    });

    it('the attack route takes a weapon by name, falls back to the first, lets a die win, refuses an unknown one', async () => {
      const { c, hero, bare, player, goblin, combat } = await table();
      const attack = (auth: Auth, body: object) =>
        t.http
          .post(combats(c, `/${combat.id}/attacks`))
          .set(auth)
          .send({ attacker: hero.id, target: goblin.id, ...body });

      // By name, ignoring case: the warhammer's d10.
      const named = (await attack(player.auth, { weapon: 'WARHAMMER', seed: 'w-1' }).expect(201)).body;
      expect(named.weapon).toEqual({
        name: 'Warhammer',
        overridden: [],
        die: 'd10',
        bulky: true,
        blast: false,
        itemId: expect.any(String),
        skill: null,
        ranged: null,
        traits: null,
        dice: null,
        kind: null,
        attackBonus: null,
      });
      expect(named.attack.targets[0].rolls[0]).toMatchObject({ weapon: 'd10' });
      // The logged inputs hold the resolved die: the replay needs no sheet.
      const roll = await rollOf(c, named.rollId);
      expect(roll.inputs.attackers[0]).toMatchObject({ name: 'Osk', die: 'd10' });
      expect(await replays(c, named.rollId)).toBe(true);

      // Neither weapon nor die: the sheet's first weapon.
      await nextRound(c, combat.id);
      const first = (await attack(player.auth, { seed: 'w-2' }).expect(201)).body;
      expect(first.weapon).toMatchObject({ name: 'Longsword', die: 'd8', overridden: [] });
      expect(first.attack.targets[0].rolls[0].weapon).toBe('d8');

      // A die sent wins over the weapon's; the answer says so.
      await nextRound(c, combat.id);
      const over = (await attack(player.auth, { weapon: 'Longsword', die: 'd4', seed: 'w-3' }).expect(201))
        .body;
      expect(over.weapon).toMatchObject({ name: 'Longsword', overridden: ['die'] });
      expect(over.attack.targets[0].rolls[0].weapon).toBe('d4');
      // A die alone reads no weapon.
      await nextRound(c, combat.id);
      const plain = (await attack(player.auth, { die: 'd6', seed: 'w-4' }).expect(201)).body;
      expect(plain.weapon).toBeNull();
      expect(plain.attack.targets[0].rolls[0].weapon).toBe('d6');

      // Refusals name the field and change nothing.
      await nextRound(c, combat.id);
      const hp = (await t.http.get(`/v1/campaigns/${c.id}/npcs/${goblin.id}/sheets/cairn`).set(c.auth)).body
        .sheet.hp;
      const unknown = await attack(player.auth, { weapon: 'Halberd' });
      expectProblem(unknown, 422, 'UNPROCESSABLE', 'weapon');
      expect(unknown.body.detail).toContain('Longsword, Warhammer, Fire pot');
      expectProblem(
        await attack(player.auth, { weapon: 'Warhammer', secondDie: 'd6' }),
        422,
        'UNPROCESSABLE',
        'secondDie',
      );
      expectProblem(
        await attack(player.auth, { weapon: 'Longsword', unarmed: true }),
        400,
        'VALIDATION_FAILED',
        'weapon',
      );
      // No weapon on the sheet and no die: refused; bare hands only when asked.
      expectProblem(await attack(player.auth, { attacker: bare.id }), 422, 'UNPROCESSABLE', 'die');
      expect(
        (await t.http.get(`/v1/campaigns/${c.id}/npcs/${goblin.id}/sheets/cairn`).set(c.auth)).body.sheet.hp,
      ).toBe(hp);
      const fists = (await attack(player.auth, { attacker: bare.id, unarmed: true, seed: 'w-5' }).expect(201))
        .body;
      expect(fists.weapon).toBeNull();
      expect(fists.attack.targets[0].rolls[0]).toMatchObject({ weapon: 'd4', rolled: 'd4' });
    });

    it('the action takes cairn.weapon over REST and GraphQL; a blast weapon strikes as a blast', async () => {
      const { c, hero, bare, player, goblin, lurker, combat } = await table();
      const fields = `rollId ${WEAPON_FIELDS} cairn { attack { blast targets { rolls { weapon rolled } } } }`;
      const viaGql = (cairn: string) =>
        gql(
          t.server,
          `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
             input: { actor: $a, kind: attack, targets: [$t], ${cairn} seed: "g-1" }) { ${fields} } }`,
          { c: c.id, k: combat.id, a: hero.id, t: goblin.id },
          player.auth,
        );
      const unknown = await viaGql('cairn: { weapon: "Halberd" }');
      expect(unknown.errors?.[0].extensions).toMatchObject({
        code: 'UNPROCESSABLE',
        errors: [{ field: 'cairn.weapon' }],
      });
      const pot = await viaGql('cairn: { weapon: "fire pot" }');
      expect(pot.errors).toBeUndefined();
      expect(pot.data!.combatAction.weapon).toMatchObject({ name: 'Fire pot', blast: true, die: 'd6' });
      expect(pot.data!.combatAction.cairn.attack.blast).toBe(true);
      expect(pot.data!.combatAction.cairn.attack.targets[0].rolls[0].weapon).toBe('d6');
      expect((await rollOf(c, pot.data!.combatAction.rollId)).inputs).toMatchObject({
        blast: true,
        attackers: [{ die: 'd6' }],
      });

      // No `cairn` at all: the first weapon (REST).
      await nextRound(c, combat.id);
      const first = (
        await act(c, combat.id, player.auth, { actor: hero.id, kind: 'attack', targets: [goblin.id] }).expect(
          201,
        )
      ).body;
      expect(first.weapon).toMatchObject({ name: 'Longsword', overridden: [] });
      expect(first.cairn.attack.blast).toBe(false);
      expect(first.cairn.attack.targets[0].rolls[0].weapon).toBe('d8');
      expect(await replays(c, first.rollId)).toBe(true);

      // The override over GraphQL.
      await nextRound(c, combat.id);
      const over = await viaGql('cairn: { weapon: "Longsword", die: d12 }');
      expect(over.errors).toBeUndefined();
      expect(over.data!.combatAction.weapon).toMatchObject({ name: 'Longsword', overridden: ['cairn.die'] });
      expect(over.data!.combatAction.cairn.attack.targets[0].rolls[0].weapon).toBe('d12');

      // Against a hidden NPC the action is sealed for the player, but its own weapon is still named.
      await nextRound(c, combat.id);
      const hidden = (
        await act(c, combat.id, player.auth, {
          actor: hero.id,
          kind: 'attack',
          targets: [lurker.id],
          cairn: { weapon: 'warhammer' },
        }).expect(201)
      ).body;
      expect(hidden).toMatchObject({ sealed: true, cairn: null, weapon: { name: 'Warhammer', die: 'd10' } });

      // Joining attackers read their own sheets: Bare holds no weapon, so it needs a die or bare hands.
      await nextRound(c, combat.id);
      const join = (cairn: object) =>
        act(c, combat.id, player.auth, { actor: hero.id, kind: 'attack', targets: [goblin.id], cairn });
      expectProblem(
        await join({ withAttackers: [{ id: bare.id }] }),
        422,
        'UNPROCESSABLE',
        'cairn.withAttackers[0].die',
      );
      expectProblem(
        await join({ weapon: 'Fire pot', withAttackers: [{ id: bare.id, unarmed: true }] }),
        422,
        'UNPROCESSABLE',
        'cairn.weapon',
      );
      const together = (await join({ withAttackers: [{ id: bare.id, unarmed: true }] }).expect(201)).body;
      expect(together.weapon).toMatchObject({ name: 'Longsword' });
      expect(
        together.cairn.attack.targets[0].rolls.map((r: { weapon: string; rolled: string }) => r.rolled),
      ).toEqual(['d8', 'd4']);

      // A move takes no weapon.
      expectProblem(
        await act(c, combat.id, player.auth, {
          actor: hero.id,
          kind: 'move',
          cairn: { feet: 10, weapon: 'Longsword' },
        }),
        400,
        'VALIDATION_FAILED',
        'cairn.weapon',
      );
    });
  });

  describe('G&M', () => {
    const ABILITIES = {
      strength: 14,
      agility: 13,
      endurance: 14,
      intelligence: 12,
      wisdom: 10,
      charisma: 14,
    };
    const WARRIOR = { abilities: ABILITIES, archetypes: [{ archetype: 'warrior', level: 2 }] };
    const BIG = { survival: { max: 200, current: 200 }, verve: { max: 30, current: 30 } };
    const WEAPONS = [
      { name: 'Mace', dice: 'd8' },
      { name: 'Spear', dice: 'd6', kind: 'close', attackBonus: 2 },
    ];

    async function table() {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      const bare = await createCharacter(t.server, c, { name: 'Bare' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id, bare.id] });
      const stored = await putSheet(t.server, c, hero.id, 'gm', { ...WARRIOR, weapons: WEAPONS });
      expect(stored.weapons).toEqual([
        { name: 'Mace', dice: 'd8', kind: 'close' },
        { name: 'Spear', dice: 'd6', kind: 'close', attackBonus: 2 },
      ]);
      await putSheet(t.server, c, bare.id, 'gm', WARRIOR);
      const yeti = await npcWith(c, 'gm', 'Yeti', { ...WARRIOR, ...BIG });
      const combat = await fight(c, 'gm', { characters: [hero.id, bare.id], npcs: [yeti.id] });
      return { c, hero, bare, player, yeti, combat };
    }

    it('refuses a bad weapon on the sheet naming it', async () => {
      const { c, hero } = await table();
      expectProblem(
        await t.http
          .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/gm`)
          .set(c.auth)
          .send({ sheet: { ...WARRIOR, weapons: [{ name: 'Club', dice: 'eight' }] } }),
        400,
        'VALIDATION_FAILED',
        'sheet.weapons[0].dice',
      );
      expectProblem(
        await t.http
          .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/gm`)
          .set(c.auth)
          .send({ sheet: { ...WARRIOR, weapons: [{ name: 'Club', dice: 'd6', kind: 'hurled' }] } }),
        400,
        'VALIDATION_FAILED',
        'sheet.weapons[0].kind',
      );
    });

    it('an attack takes gm.weapon by name, falls back to the first, lets gm.dice win, refuses an unknown one', async () => {
      const { c, hero, bare, player, yeti, combat } = await table();
      const attack = (gm: object, actor = hero.id) =>
        act(c, combat.id, player.auth, { actor, kind: 'attack', targets: [yeti.id], gm, seed: 'gm-1' });

      const named = (await attack({ weapon: 'spear' }).expect(201)).body;
      expect(named.weapon).toMatchObject({
        name: 'Spear',
        dice: 'd6',
        kind: 'close',
        attackBonus: 2,
        overridden: [],
        die: null,
        skill: null,
      });
      // The weapon's bonus is the attack's extra; its dice (with the sheet's damage bonus) are rolled.
      expect(named.gm.read.attacker.extra).toBe(2);
      expect(named.gm.read.damageDice).toMatch(/^1d6/);
      const roll = await rollOf(c, named.rollId);
      expect(JSON.stringify(roll.inputs)).toContain(`"damage":"${named.gm.read.damageDice}"`);
      expect(await replays(c, named.rollId)).toBe(true);

      await nextRound(c, combat.id);
      const first = (await attack({}).expect(201)).body;
      expect(first.weapon).toMatchObject({ name: 'Mace', dice: 'd8', attackBonus: 0 });
      expect(first.gm.read.damageDice).toMatch(/^1d8/);
      expect(first.gm.read.attacker.extra).toBe(0);

      await nextRound(c, combat.id);
      const over = (await attack({ weapon: 'Spear', dice: 'd4', attackBonus: 0 }).expect(201)).body;
      expect(over.weapon).toMatchObject({ name: 'Spear', overridden: ['gm.dice', 'gm.attackBonus'] });
      expect(over.gm.read.damageDice).toMatch(/^1d4/);
      expect(over.gm.read.attacker.extra).toBe(0);

      await nextRound(c, combat.id);
      // The older spelling still reads dice sent in gm.weapon.
      const legacy = (await attack({ weapon: 'd10' }).expect(201)).body;
      expect(legacy.weapon).toBeNull();
      expect(legacy.gm.read.damageDice).toMatch(/^1d10/);

      await nextRound(c, combat.id);
      const unknown = await attack({ weapon: 'Halberd' });
      expectProblem(unknown, 422, 'UNPROCESSABLE', 'gm.weapon');
      expect(unknown.body.detail).toContain('Mace, Spear');
      expectProblem(await attack({ dice: 'lots' }), 400, 'VALIDATION_FAILED', 'gm.dice');
      expectProblem(await attack({}, bare.id), 422, 'UNPROCESSABLE', 'gm.weapon');
      const fists = (await attack({ unarmed: true }, bare.id).expect(201)).body;
      expect(fists.weapon).toBeNull();
      expect(fists.gm.read.damageDice).toMatch(/^1d3/);
    });

    it('the target’s armour and shield come from its sheet unless gm.armor is sent', async () => {
      const { c, hero, bare, player } = await table();
      // Bad pieces are refused naming the field.
      for (const [sheet, field] of [
        [{ armor: { kind: 'Mithril' } }, 'sheet.armor.kind'],
        [{ shield: { name: 'Buckler' } }, 'sheet.shield.defense'],
        [{ armor: { kind: 'Shield' } }, 'sheet.armor.kind'],
        [{ armor: { kind: 'Leather', defense: 21 } }, 'sheet.armor.defense'],
        [{ shield: { kind: 'Shield', colour: 'red' } }, 'sheet.shield.colour'],
      ] as const)
        expectProblem(
          await t.http
            .put(`/v1/campaigns/${c.id}/characters/${bare.id}/sheets/gm`)
            .set(c.auth)
            .send({ sheet: { ...WARRIOR, ...sheet } }),
          400,
          'VALIDATION_FAILED',
          field,
        );
      // The bound player sets its own armour (a base value): the list's row gives the defence.
      const worn = (
        await t.http
          .put(`/v1/campaigns/${c.id}/characters/${bare.id}/sheets/gm`)
          .set(player.auth)
          .send({ sheet: { armor: { kind: 'chain mail' }, shield: { name: 'Kite shield', kind: 'Shield' } } })
          .expect(200)
      ).body.sheet;
      expect(worn.armor).toEqual({ name: 'Chain Mail', kind: 'Chain Mail', defense: 5 });
      expect(worn.shield).toEqual({ name: 'Kite shield', kind: 'Shield', defense: 1 });
      const knight = await npcWith(c, 'gm', 'Knight', {
        ...WARRIOR,
        ...BIG,
        armor: { name: 'Blessed plate', kind: 'Plate Mail', defense: 8 },
        weapons: [{ name: 'Sword', dice: 'd8' }],
      });
      const fightK = await fight(c, 'gm', { characters: [hero.id, bare.id], npcs: [knight.id] });
      const attack = (gm: object, target: string, actor = hero.id) =>
        act(c, fightK.id, c.auth, { actor, kind: 'attack', targets: [target], gm, seed: 'gm-a' });

      const onSheet = (await attack({}, knight.id).expect(201)).body;
      const stored = onSheet.gm.read.defense.stored as number;
      expect(onSheet.gm.read.defense).toEqual({
        stored,
        armor: 8,
        armorFrom: 'sheet',
        worn: [{ piece: 'armor', name: 'Blessed plate', defense: 8 }],
      });
      // The logged roll holds the sum: it replays without the sheet.
      expect(JSON.stringify((await rollOf(c, onSheet.rollId)).inputs)).toContain(`"defense":${stored + 8}`);
      expect(await replays(c, onSheet.rollId)).toBe(true);

      await nextRound(c, fightK.id);
      // A value sent wins over the sheet's.
      const sent = (await attack({ armor: 2 }, knight.id).expect(201)).body;
      expect(sent.gm.read.defense).toEqual({ stored, armor: 2, armorFrom: 'sent', worn: [] });
      expect(JSON.stringify((await rollOf(c, sent.rollId)).inputs)).toContain(`"defense":${stored + 2}`);

      await nextRound(c, fightK.id);
      // Armour and shield add up; a sheet without either adds none.
      const both = (await attack({}, bare.id, knight.id).expect(201)).body;
      expect(both.gm.read.defense).toMatchObject({ armor: 6, armorFrom: 'sheet' });
      expect(both.gm.read.defense.worn.map((w: { piece: string }) => w.piece)).toEqual(['armor', 'shield']);
      await nextRound(c, fightK.id);
      const none = (await attack({ unarmed: true }, hero.id, bare.id).expect(201)).body;
      expect(none.gm.read.defense).toMatchObject({ armor: 0, armorFrom: 'none', worn: [] });

      // Over GraphQL: the sheet's pieces and the attack reading them.
      const sheet = await gql(
        t.server,
        `query($c: ID!, $id: ID!) { characterSheet(campaignId: $c, characterId: $id, system: gm) {
           sheet { ... on GmSheet { armor { name kind defense } shield { name kind defense } } } } }`,
        { c: c.id, id: bare.id },
        player.auth,
      );
      expect(sheet.errors).toBeUndefined();
      expect(sheet.data!.characterSheet.sheet).toEqual({
        armor: { name: 'Chain Mail', kind: 'Chain Mail', defense: 5 },
        shield: { name: 'Kite shield', kind: 'Shield', defense: 1 },
      });
      await nextRound(c, fightK.id);
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: attack, targets: [$t], gm: {}, seed: "gm-b" }) { rollId gm { read } } }`,
        { c: c.id, k: fightK.id, a: knight.id, t: bare.id },
        c.auth,
      );
      expect(viaGql.errors).toBeUndefined();
      expect(viaGql.data!.combatAction.gm.read.defense).toMatchObject({ armor: 6, armorFrom: 'sheet' });
    });

    it('the same over GraphQL', async () => {
      const { c, hero, player, yeti, combat } = await table();
      const viaGql = (gmInput: string) =>
        gql(
          t.server,
          `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
             input: { actor: $a, kind: attack, targets: [$t], gm: ${gmInput}, seed: "gm-2" }) { rollId ${WEAPON_FIELDS} gm { read } } }`,
          { c: c.id, k: combat.id, a: hero.id, t: yeti.id },
          player.auth,
        );
      const unknown = await viaGql('{ weapon: "Halberd" }');
      expect(unknown.errors?.[0].extensions).toMatchObject({
        code: 'UNPROCESSABLE',
        errors: [{ field: 'gm.weapon' }],
      });
      const named = await viaGql('{ weapon: "MACE" }');
      expect(named.errors).toBeUndefined();
      expect(named.data!.combatAction.weapon).toMatchObject({ name: 'Mace', dice: 'd8', kind: 'close' });
      await nextRound(c, combat.id);
      const over = await viaGql('{ dice: "2d4", weapon: "Mace" }');
      expect(over.errors).toBeUndefined();
      expect(over.data!.combatAction.weapon.overridden).toEqual(['gm.dice']);
      expect(over.data!.combatAction.gm.read.damageDice).toMatch(/^2d4/);
      await nextRound(c, combat.id);
      const first = await viaGql('{ }');
      expect(first.errors).toBeUndefined();
      expect(first.data!.combatAction.weapon.name).toBe('Mace');
    });
  });

  describe('COEAC', () => {
    const HERO = {
      skills: { Melee: 2, Archery: 1 },
      saves: { Agility: 1, Vigor: 1 },
      maxHp: 30,
      hp: 30,
      weapons: [
        { name: 'Spear', skill: 'Melee', traits: ['reach'] },
        { name: 'Longbow', skill: 'Archery', ranged: true },
        { name: 'Club' },
      ],
    };
    const NPC = { pool: 3, maxHp: 40, hp: 40 };

    async function table() {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      const bare = await createCharacter(t.server, c, { name: 'Bare' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id, bare.id] });
      const stored = await putSheet(t.server, c, hero.id, 'coeac', HERO);
      expect(stored.weapons).toEqual([
        { name: 'Spear', skill: 'Melee', traits: ['reach'] },
        { name: 'Longbow', skill: 'Archery', ranged: true },
        { name: 'Club', skill: 'Fighting' },
      ]);
      await putSheet(t.server, c, bare.id, 'coeac', { ...HERO, weapons: [] });
      const orc = await npcWith(c, 'coeac', 'Orc', NPC);
      // An armed NPC: its claws test Brawl (its 1 die); without them it rolls its Pool of 3.
      const ogre = await npcWith(c, 'coeac', 'Ogre', {
        ...NPC,
        skills: { Brawl: 1 },
        weapons: [{ name: 'Claws', skill: 'Brawl' }],
      });
      const combat = await fight(c, 'coeac', { characters: [hero.id, bare.id], npcs: [orc.id, ogre.id] });
      return { c, hero, bare, player, orc, ogre, combat };
    }

    it('an exchange takes coeac.weapon by name, falls back to the first, lets coeac.skill win, refuses an unknown one', async () => {
      const { c, hero, bare, player, orc, combat } = await table();
      const exchange = (coeac: object, actor = hero.id) =>
        act(c, combat.id, player.auth, { actor, kind: 'exchange', targets: [orc.id], coeac, seed: 'x-1' });

      // The spear tests Melee: 2 + 2 dice.
      const first = (await exchange({}).expect(201)).body;
      expect(first.weapon).toMatchObject({
        name: 'Spear',
        skill: 'Melee',
        ranged: false,
        traits: ['reach'],
        overridden: [],
        die: null,
        dice: null,
      });
      expect(first.coeac.exchange.attacker.dice).toBe(4);
      expect(await replays(c, first.rollId)).toBe(true);

      await nextRound(c, combat.id);
      // A skill sent wins over the weapon's: Archery's 2 + 1.
      const over = (await exchange({ weapon: 'spear', skill: 'Archery' }).expect(201)).body;
      expect(over.weapon).toMatchObject({ name: 'Spear', overridden: ['coeac.skill'] });
      expect(over.coeac.exchange.attacker.dice).toBe(3);

      await nextRound(c, combat.id);
      // The longbow is ranged and names no ammunition, and none is sent: refused naming the weapon
      // (003:807; test/e2e/sheet-reads-contest-crafting.e2e-spec.ts carries it).
      expectProblem(await exchange({ weapon: 'LONGBOW' }), 422, 'UNPROCESSABLE', 'coeac.weapon');
      // The club tests Fighting, which the sheet lacks: the weapon is named as the cause.
      expectProblem(await exchange({ weapon: 'Club' }), 422, 'UNPROCESSABLE', 'coeac.weapon');
      const unknown = await exchange({ weapon: 'Halberd' });
      expectProblem(unknown, 422, 'UNPROCESSABLE', 'coeac.weapon');
      expect(unknown.body.detail).toContain('Spear, Longbow, Club');
      // No weapon and no skill: refused naming the skill.
      expectProblem(await exchange({}, bare.id), 422, 'UNPROCESSABLE', 'coeac.skill');
      // Only an exchange takes a weapon.
      expectProblem(
        await act(c, combat.id, player.auth, { actor: hero.id, kind: 'defend', coeac: { weapon: 'Spear' } }),
        400,
        'VALIDATION_FAILED',
        'coeac.weapon',
      );
      // A skill alone reads no weapon.
      const plain = (await exchange({ skill: 'Melee' }, bare.id).expect(201)).body;
      expect(plain.weapon).toBeNull();
    });

    it('the defender tests its own first weapon’s skill unless coeac.defenderSkill is sent', async () => {
      const { c, hero, player, orc, ogre, combat } = await table();
      const exchange = (coeac: object, target: string) =>
        act(c, combat.id, player.auth, {
          actor: hero.id,
          kind: 'exchange',
          targets: [target],
          coeac,
          seed: 'x-3',
        });
      const armed = (await exchange({}, ogre.id).expect(201)).body;
      expect(armed.coeac).toMatchObject({
        defenderSkill: 'Brawl',
        defenderSkillFrom: 'weapon',
        defenderWeapon: 'Claws',
      });
      expect(armed.coeac.exchange.defender.dice).toBe(1);
      // The logged roll holds the pools: it replays without the sheet.
      expect(await replays(c, armed.rollId)).toBe(true);
      await nextRound(c, combat.id);
      // A skill sent wins: the ogre does not rate Melee, so it rolls its Pool.
      const sent = (await exchange({ defenderSkill: 'Melee' }, ogre.id).expect(201)).body;
      expect(sent.coeac).toMatchObject({
        defenderSkill: 'Melee',
        defenderSkillFrom: 'defenderSkill',
        defenderWeapon: null,
      });
      expect(sent.coeac.exchange.defender.dice).toBe(3);
      await nextRound(c, combat.id);
      // An unarmed defender tests the attacker's skill, as before.
      const bare = (await exchange({}, orc.id).expect(201)).body;
      expect(bare.coeac).toMatchObject({
        defenderSkill: 'Melee',
        defenderSkillFrom: 'skill',
        defenderWeapon: null,
      });
      expect(bare.coeac.exchange.defender.dice).toBe(3);
      await nextRound(c, combat.id);
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: exchange, targets: [$t], seed: "x-4" }) { rollId coeac { defenderSkill defenderSkillFrom defenderWeapon exchange { defender { dice } } } } }`,
        { c: c.id, k: combat.id, a: hero.id, t: ogre.id },
        player.auth,
      );
      expect(viaGql.errors).toBeUndefined();
      expect(viaGql.data!.combatAction.coeac).toMatchObject({
        defenderSkill: 'Brawl',
        defenderSkillFrom: 'weapon',
        defenderWeapon: 'Claws',
        exchange: { defender: { dice: 1 } },
      });
    });

    it('the same over GraphQL', async () => {
      const { c, hero, player, orc, combat } = await table();
      const viaGql = (coeac: string) =>
        gql(
          t.server,
          `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
             input: { actor: $a, kind: exchange, targets: [$t], coeac: ${coeac}, seed: "x-2" }) { rollId ${WEAPON_FIELDS} coeac { exchange { attacker { dice } } } } }`,
          { c: c.id, k: combat.id, a: hero.id, t: orc.id },
          player.auth,
        );
      const unknown = await viaGql('{ weapon: "Halberd" }');
      expect(unknown.errors?.[0].extensions).toMatchObject({
        code: 'UNPROCESSABLE',
        errors: [{ field: 'coeac.weapon' }],
      });
      const named = await viaGql('{ weapon: "spear" }');
      expect(named.errors).toBeUndefined();
      expect(named.data!.combatAction.weapon).toMatchObject({
        name: 'Spear',
        skill: 'Melee',
        traits: ['reach'],
      });
      expect(named.data!.combatAction.coeac.exchange.attacker.dice).toBe(4);
      await nextRound(c, combat.id);
      const over = await viaGql('{ weapon: "Spear", skill: "Archery" }');
      expect(over.errors).toBeUndefined();
      expect(over.data!.combatAction.weapon.overridden).toEqual(['coeac.skill']);
      expect(over.data!.combatAction.coeac.exchange.attacker.dice).toBe(3);
    });
  });
});
