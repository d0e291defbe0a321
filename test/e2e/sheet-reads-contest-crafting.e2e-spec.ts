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
});
