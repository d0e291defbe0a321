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

interface Key {
  id: string;
  auth: { Authorization: string };
}

const HERO = {
  skills: { Melee: 2, Archery: 2, Bushcraft: 1 },
  saves: { Agility: 1, Vigor: 1 },
  maxHp: 12,
  hp: 12,
  armor: { kind: 'light' },
};
const NPC = { pool: 3, maxHp: 10, hp: 10 };

const ACTION_FIELDS = `combatId round kind actor rollId sealed
  targets { id damage { ownerId damage state rollId sheet { sheet { __typename ... on CoeacSheet { hp } } } } }
  coeac { action channelSpell channeling { damageToDefender backlashDamage attacker { successes } channeling { potency controlSpent backlash { damage plasmidLost } defence { damageTaken catastrophe { roll } } } odds { hit } } defender supporters helpless fullDefense ambushRound strayTarget defenseSkill surprised
    ammunition { itemId spent remaining removed }
    ambush { skill dice passed freeRound seed }
    exchange { winner margin damageToDefender damageToAttacker damageToEachSupporter supporters seed
      attacker { dice successes rolled } defender { dice successes rolled }
      modifiers { name value } odds { attackerWins tie defenderWins none } } }`;

describe(`COEAC campaign combats (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const url = (c: CampaignFixture, rest = '') => `/v1/campaigns/${c.id}/combats${rest}`;

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const friend = await createCharacter(t.server, c, { name: 'Friend' });
    const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    await putSheet(t.server, c, hero.id, 'coeac', HERO);
    await putSheet(t.server, c, friend.id, 'coeac', HERO);
    const npc = async (name: string, visibility: string, showNumbers = true) => {
      const row = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name, kind: 'monster', visibility, showNumbers })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${row.id}/sheets/coeac`)
        .set(c.auth)
        .send({ sheet: NPC })
        .expect(200);
      return row;
    };
    const orc = await npc('Orc', 'players');
    const goblin = await npc('Goblin', 'players');
    const shade = await npc('Shade', 'referee', false);
    const combat = (
      await t.http
        .post(url(c))
        .set(c.auth)
        .send({
          system: 'coeac',
          combatants: [
            { characterId: hero.id, side: 'party' },
            { characterId: friend.id, side: 'party' },
            { npcId: orc.id, side: 'foes' },
            { npcId: goblin.id, side: 'foes' },
            { npcId: shade.id, side: 'foes' },
          ],
        })
        .expect(201)
    ).body as { id: string; system: string; round: number };
    return { c, hero, friend, player, orc, goblin, shade, combat };
  }

  const hpOf = async (c: CampaignFixture, path: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/${path}/sheets/coeac`).set(c.auth).expect(200)).body.sheet.hp;

  /** A seed whose stateless exchange on these pools gives `winner` (the campaign rolls the same dice). */
  async function seedWhere(
    body: object,
    wanted: (answer: Record<string, unknown>) => boolean,
  ): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const seed = `coeac-seed-${i}`;
      const res = await t.http
        .post('/v1/combat/coeac/exchanges')
        .send({ ...body, seed })
        .expect(200);
      if (wanted(res.body)) return seed;
    }
    throw new Error('no seed found');
  }
  const seedFor = (body: object, winner: string) => seedWhere(body, (a) => a.winner === winner);

  const act = (c: CampaignFixture, combatId: string, auth: { Authorization: string }, body: object) =>
    t.http
      .post(url(c, `/${combatId}/actions`))
      .set(auth)
      .send(body);

  const nextRound = (c: CampaignFixture, combatId: string) =>
    t.http
      .post(url(c, `/${combatId}/rounds`))
      .set(c.auth)
      .expect(200);

  it('a whole fight: ganging up, a tie, full defence, a helpless target, a down-and-out combatant refused', async () => {
    const { c, hero, friend, player, orc, goblin, combat } = await table();
    expect(combat).toMatchObject({ system: 'coeac', round: 1 });

    // Round 1: the hero captains, its friend supports (the referee names the friend): 4 + 1 dice vs the
    // Orc's Pool 3. A tie costs everyone 1: the hero, its supporter and the Orc.
    const tieSeed = await seedFor({ attacker: { pool: 4, supporters: 1 }, defender: { pool: 3 } }, 'tie');
    const hpBefore = await hpOf(c, `characters/${hero.id}`);
    const usesBefore = (await sheetOf(t.server, c, hero.id, 'coeac')).armor.blockUses;
    const tie = (
      await act(c, combat.id, c.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee', supporters: [friend.id], blocks: [{ id: friend.id, with: 'armor' }] },
        seed: tieSeed,
      }).expect(201)
    ).body;
    expect(tie.coeac).toMatchObject({ action: 'exchange', defender: orc.id, supporters: [friend.id] });
    expect(tie.coeac.exchange).toMatchObject({
      winner: 'tie',
      damageToDefender: 1,
      damageToAttacker: 1,
      damageToEachSupporter: 1,
      supporters: 1,
      attacker: { dice: 5 },
      defender: { dice: 3 },
    });
    expect(tie.coeac.exchange.modifiers).toContainEqual({
      name: 'ganging-up',
      value: 1,
      detail: expect.any(String),
    });
    const odds = tie.coeac.exchange.odds;
    expect(odds.attackerWins + odds.tie + odds.defenderWins + odds.none).toBeCloseTo(1, 12);
    expect(tie.targets.map((x: { id: string }) => x.id).sort()).toEqual([hero.id, friend.id, orc.id].sort());
    expect(await hpOf(c, `npcs/${orc.id}`)).toBe(NPC.hp - 1);
    expect(await hpOf(c, `characters/${hero.id}`)).toBe(hpBefore - 1);
    // The friend Blocked with its armour: a Block use spent through the ledger, the blow taken by it.
    const friendSheet = await sheetOf(t.server, c, friend.id, 'coeac');
    expect(friendSheet.armor.blockUses).toBe(usesBefore - 1);
    expect(friendSheet.hp).toBe(
      tie.targets.find((x: { id: string }) => x.id === friend.id).damage.sheet.sheet.hp,
    );
    expect(friendSheet.hp).toBeGreaterThan(HERO.hp - 1);
    // The damage went through the condition ledger, each with its harm roll.
    for (const x of tie.targets) expect(x.damage.rollId).toEqual(expect.any(String));

    // One combat check per round: the hero and its supporter have made theirs.
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [goblin.id],
        coeac: { skill: 'Melee' },
      }),
      409,
      'CONFLICT',
      'actor',
    );
    // The Orc declares full defence for the round (GraphQL), the Goblin is declared helpless.
    const defend = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: defend, coeac: { skill: "Melee" } }) { ${ACTION_FIELDS} } }`,
      { c: c.id, k: combat.id, a: orc.id },
      c.auth,
    );
    expect(defend.errors).toBeUndefined();
    expect(defend.data?.combatAction.coeac).toMatchObject({ action: 'defend', defenseSkill: 'Melee' });
    expect(defend.data?.combatAction.targets).toEqual([]);

    // Round 2: the friend attacks the defending Orc: +1d, the better of Melee and Agility, no damage back.
    await nextRound(c, combat.id);
    const onDefender = (
      await act(c, combat.id, c.auth, {
        actor: friend.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee', freeSuccesses: 1 },
        seed: 'full-defence',
      }).expect(201)
    ).body;
    // Declared in round 1, the defence has lapsed: round 2 is a plain exchange.
    expect(onDefender.coeac.fullDefense).toBe(false);
    const declared = (
      await act(c, combat.id, c.auth, { actor: goblin.id, kind: 'defend', coeac: { skill: 'Melee' } }).expect(
        201,
      )
    ).body;
    expect(declared.coeac.action).toBe('defend');
    const full = (
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [goblin.id],
        coeac: { skill: 'Melee', freeSuccesses: 2 },
        seed: 'full-defence-2',
      }).expect(201)
    ).body;
    expect(full.coeac.fullDefense).toBe(true);
    expect(full.coeac.exchange.modifiers.map((m: { name: string }) => m.name)).toContain('full-defense');
    expect(full.coeac.exchange.defender.dice).toBe(NPC.pool + 1);
    expect(full.coeac.exchange.damageToAttacker).toBe(0);
    if (full.coeac.exchange.winner === 'attacker') {
      // +2s: two more damage on a win.
      expect(full.coeac.exchange.damageToDefender).toBe(full.coeac.exchange.margin + 2);
    }

    // Round 3: the Orc is knocked down and out by the referee's damage; it cannot act, and it is a
    // helpless target: it does not roll and takes the hero's successes.
    await nextRound(c, combat.id);
    const orcHp = await hpOf(c, `npcs/${orc.id}`);
    await t.http
      .post(`/v1/campaigns/${c.id}/npcs/${orc.id}/damage`)
      .set(c.auth)
      .send({ system: 'coeac', amount: orcHp, seed: 'down' })
      .expect(201);
    expectProblem(
      await act(c, combat.id, c.auth, { actor: orc.id, kind: 'exchange', targets: [hero.id] }),
      409,
      'CONFLICT',
      'actor',
    );
    const helplessSeed = await seedFor(
      { attacker: { pool: 4 }, defender: { pool: 0, helpless: true, vigorPool: 3 } },
      'attacker',
    );
    // Over GraphQL, as the stateless exchange rolls the same pools with the same seed.
    const stateless = (
      await t.http
        .post('/v1/combat/coeac/exchanges')
        .send({
          attacker: { pool: 4 },
          defender: { pool: 0, helpless: true, vigorPool: 3 },
          seed: helplessSeed,
        })
        .expect(200)
    ).body;
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!, $s: String!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: exchange, targets: [$t], coeac: { skill: "Melee" }, seed: $s }) { ${ACTION_FIELDS} } }`,
      { c: c.id, k: combat.id, a: hero.id, t: orc.id, s: helplessSeed },
      player.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    const onHelpless = viaGql.data?.combatAction;
    expect(onHelpless.coeac.helpless).toBe(true);
    expect(onHelpless.coeac.exchange.defender.rolled).toBe(false);
    expect(onHelpless.coeac.exchange.attacker).toEqual({
      dice: 4,
      successes: stateless.attacker.successes,
      rolled: true,
    });
    expect(onHelpless.coeac.exchange.damageToDefender).toBe(stateless.damageToDefender);
    expect(onHelpless.coeac.exchange.damageToDefender).toBe(onHelpless.coeac.exchange.attacker.successes);
    expect(onHelpless.targets[0].id).toBe(orc.id);

    // The referee declares the Goblin helpless (a player may not): no roll, a Vigor save against the damage.
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: friend.id,
        kind: 'exchange',
        targets: [goblin.id],
        coeac: { skill: 'Melee', helpless: true },
      }),
      403,
      'FORBIDDEN',
    );
    const bound = (
      await act(c, combat.id, c.auth, {
        actor: friend.id,
        kind: 'exchange',
        targets: [goblin.id],
        coeac: { skill: 'Melee', helpless: true },
        seed: 'bound',
      }).expect(201)
    ).body;
    expect(bound.coeac.helpless).toBe(true);
    expect(bound.coeac.exchange.defender.rolled).toBe(false);
  });

  it('a ranged exchange spends ammunition from the inventory and is refused when none is left', async () => {
    const { c, hero, player, orc, combat } = await table();
    const arrows = (
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/inventory`)
        .set(c.auth)
        .send({ name: 'Arrows', kind: 'material', dice: 2 })
        .expect(201)
    ).body as { id: string };
    const shoot = (seed: string) =>
      act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Archery', ranged: true, ammunition: arrows.id, defenderThreatens: false },
        seed,
      });
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Archery', ranged: true },
      }),
      400,
      'VALIDATION_FAILED',
      'coeac.ammunition',
    );
    const first = (await shoot('shot-1').expect(201)).body;
    expect(first.coeac.ammunition).toMatchObject({
      itemId: arrows.id,
      spent: 1,
      remaining: 1,
      removed: false,
    });
    // The Orc does not threaten a shooter: only a tie (1 to each) reaches the hero.
    expect(first.coeac.exchange.damageToAttacker).toBe(first.coeac.exchange.winner === 'tie' ? 1 : 0);
    await nextRound(c, combat.id);
    const second = (await shoot('shot-2').expect(201)).body;
    expect(second.coeac.ammunition).toMatchObject({ spent: 1, remaining: 0, removed: true });
    const inventory = (
      await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}/inventory`).set(c.auth).expect(200)
    ).body;
    expect(inventory.items.map((i: { id: string }) => i.id)).not.toContain(arrows.id);
    await nextRound(c, combat.id);
    const hpBefore = await hpOf(c, `npcs/${orc.id}`);
    expectProblem(await shoot('shot-3'), 409, 'CONFLICT', 'coeac.ammunition');
    expect(await hpOf(c, `npcs/${orc.id}`)).toBe(hpBefore);
  });

  it('an ambush: the scout fails, its side loses the free round and is hit without rolling', async () => {
    const { c, hero, friend, player, orc, shade } = await table();
    // A hidden NPC rides with the party: caught too, but a player is not told it is there.
    const combat = (
      await t.http
        .post(url(c))
        .set(c.auth)
        .send({
          system: 'coeac',
          combatants: [
            { characterId: hero.id, side: 'party' },
            { characterId: friend.id, side: 'party' },
            { npcId: shade.id, side: 'party' },
            { npcId: orc.id, side: 'foes' },
          ],
        })
        .expect(201)
    ).body as { id: string };
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'ambush',
        coeac: { place: 'wilderness' },
      }),
      400,
      'VALIDATION_FAILED',
      'coeac.objective',
    );
    const ambush = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: ambush, coeac: { place: wilderness, objective: 9 }, seed: "ambush" }) { ${ACTION_FIELDS} } }`,
      { c: c.id, k: combat.id, a: hero.id },
      player.auth,
    );
    expect(ambush.errors).toBeUndefined();
    const answer = ambush.data?.combatAction.coeac;
    expect(answer.ambush).toMatchObject({ skill: 'Bushcraft', dice: 3, passed: false, freeRound: true });
    expect([...answer.surprised].sort()).toEqual([hero.id, friend.id].sort());
    expectProblem(
      await act(c, combat.id, c.auth, { actor: shade.id, kind: 'exchange', targets: [orc.id] }),
      409,
      'CONFLICT',
      'actor',
    );
    expectProblem(
      await act(c, combat.id, c.auth, {
        actor: orc.id,
        kind: 'ambush',
        coeac: { place: 'town', objective: 1 },
      }),
      409,
      'CONFLICT',
      'kind',
    );
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee' },
      }),
      409,
      'CONFLICT',
      'actor',
    );
    const free = (
      await act(c, combat.id, c.auth, {
        actor: orc.id,
        kind: 'exchange',
        targets: [hero.id],
        seed: 'free',
      }).expect(201)
    ).body;
    expect(free.coeac).toMatchObject({ ambushRound: true, helpless: false });
    expect(free.coeac.exchange.defender.rolled).toBe(false);
    expect(free.coeac.exchange.damageToAttacker).toBe(0);
    // The next round, the party acts again.
    await nextRound(c, combat.id);
    await act(c, combat.id, player.auth, {
      actor: hero.id,
      kind: 'exchange',
      targets: [orc.id],
      coeac: { skill: 'Melee' },
    }).expect(201);
  });

  it('a player acts only for its own characters; a hidden NPC’s numbers are sealed', async () => {
    const { c, hero, friend, player, orc, shade, combat } = await table();
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: friend.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee' },
      }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await act(c, combat.id, player.auth, { actor: orc.id, kind: 'exchange', targets: [hero.id] }),
      403,
      'FORBIDDEN',
      'actor',
    );
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee', supporters: [friend.id] },
      }),
      403,
      'FORBIDDEN',
      'coeac.supporters[0]',
    );
    expectProblem(
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Sorcery' },
      }),
      422,
      'UNPROCESSABLE',
      'coeac.skill',
    );
    const shadeHp = await hpOf(c, `npcs/${shade.id}`);
    const sealed = (
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [shade.id],
        coeac: { skill: 'Melee' },
        seed: 'into-the-dark',
      }).expect(201)
    ).body;
    expect(sealed).toMatchObject({ sealed: true, coeac: null, cairn: null });
    for (const x of sealed.targets) expect(x.damage).toBeNull();
    const roll = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${sealed.rollId}`).set(player.auth).expect(200)
    ).body;
    expect(roll.sealed).toBe(true);
    expect(JSON.stringify(roll)).not.toContain('into-the-dark');
    const list = JSON.stringify(
      (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(player.auth).query({ limit: 100 }).expect(200))
        .body,
    );
    expect(list).not.toContain('into-the-dark');
    // The referee sees the roll; what it dealt is on the sheets.
    const byReferee = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${sealed.rollId}`).set(c.auth).expect(200)
    ).body;
    expect(byReferee.seed).toBe('into-the-dark');
    const dealt = byReferee.effects?.damageToDefender ?? byReferee.outcome?.damageToDefender;
    expect(await hpOf(c, `npcs/${shade.id}`)).toBe(Math.max(0, shadeHp - dealt));
    const hero2 = await sheetOf(t.server, c, hero.id, 'coeac');
    expect(hero2.hp).toBeLessThanOrEqual(HERO.hp);
  });

  it('refuses a COEAC action without its inputs, with two targets, or in a Cairn-only kind, changing nothing', async () => {
    const { c, hero, orc, goblin, combat } = await table();
    expectProblem(
      await act(c, combat.id, c.auth, { actor: hero.id, kind: 'exchange', targets: [orc.id] }),
      422,
      'UNPROCESSABLE',
      'coeac.skill',
    );
    expectProblem(
      await act(c, combat.id, c.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id, goblin.id],
        coeac: { skill: 'Melee' },
      }),
      400,
      'VALIDATION_FAILED',
      'targets',
    );
    expectProblem(
      await act(c, combat.id, c.auth, { actor: hero.id, kind: 'attack', targets: [orc.id] }),
      422,
      'UNPROCESSABLE',
      'kind',
    );
    expect(await hpOf(c, `npcs/${orc.id}`)).toBe(NPC.hp);
    // Nothing was spent: the hero may still act this round.
    await act(c, combat.id, c.auth, {
      actor: hero.id,
      kind: 'exchange',
      targets: [orc.id],
      coeac: { skill: 'Melee' },
    }).expect(201);
  });
  it('firing into a melee: a shot lost by more than 3 strays into an engaged ally', async () => {
    const { c, hero, friend, player, orc, combat } = await table();
    const body = {
      attacker: { pool: 4 },
      defender: { pool: 3, bonusDice: 5, threatens: false },
      firingIntoMelee: true,
      engagedAllies: 1,
    };
    const seed = await seedWhere(body, (a) => a.stray !== null);
    const before = await hpOf(c, `characters/${friend.id}`);
    const res = (
      await act(c, combat.id, player.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: {
          skill: 'Archery',
          firingIntoMelee: true,
          engaged: [friend.id],
          defenderBonusDice: 5,
          defenderThreatens: false,
        },
        seed,
      }).expect(201)
    ).body;
    expect(res.coeac.strayTarget).toBe(friend.id);
    expect(res.coeac.exchange.modifiers.map((m: { name: string }) => m.name)).toContain('firing-into-melee');
    expect(res.coeac.exchange.attacker.dice).toBe(3);
    const stray = res.targets.find((x: { id: string }) => x.id === friend.id);
    const strayDamage = stray?.damage?.damage ?? 0;
    expect(await hpOf(c, `characters/${friend.id}`)).toBe(before - strayDamage);
  });

  it('a channeler meets the attack with its channeling: Control spent through the ledger, damage applied', async () => {
    const { c, friend, orc, combat } = await table();
    await putSheet(t.server, c, friend.id, 'coeac', {
      ...HERO,
      skills: { Ruin: 3 },
      saves: { Vigor: 1, Discipline: 2 },
      classResources: { Control: { current: 2, max: 2 }, Hekaphage: { current: 1, max: 1 } },
    });
    expectProblem(
      await act(c, combat.id, c.auth, {
        actor: friend.id,
        kind: 'defend',
        coeac: { channel: { spell: 'nope' } },
      }),
      400,
      'VALIDATION_FAILED',
      'coeac.channel.spell',
    );
    expectProblem(
      await act(c, combat.id, c.auth, {
        actor: orc.id,
        kind: 'defend',
        coeac: { channel: { spell: 'hekaphage' } },
      }),
      422,
      'UNPROCESSABLE',
      'coeac.channel.spell',
    );
    const declared = (
      await act(c, combat.id, c.auth, {
        actor: friend.id,
        kind: 'defend',
        coeac: { channel: { spell: 'hekaphage' } },
      }).expect(201)
    ).body;
    expect(declared.coeac).toMatchObject({ action: 'defend', channelSpell: 'hekaphage' });
    const before = await sheetOf(t.server, c, friend.id, 'coeac');
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: exchange, targets: [$t], seed: "at-the-witch" }) { ${ACTION_FIELDS} } }`,
      { c: c.id, k: combat.id, a: orc.id, t: friend.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    const answer = viaGql.data?.combatAction.coeac;
    expect(answer.exchange).toBeNull();
    expect(answer.channeling.channeling.controlSpent).toBe(1);
    const margin = answer.channeling.attacker.successes - answer.channeling.channeling.potency;
    // A tie costs everyone in the exchange 1 (003:137, combat.coeac-action.v2).
    expect(answer.channeling.damageToDefender).toBe(margin === 0 ? 1 : Math.max(0, margin));
    expect(answer.channeling.backlashDamage).toBe(answer.channeling.channeling.backlash.damage);
    const after = await sheetOf(t.server, c, friend.id, 'coeac');
    expect(after.classResources.Control.current).toBe(1);
    expect(after.classResources.Hekaphage.current).toBe(
      answer.channeling.channeling.backlash.plasmidLost ? 0 : 1,
    );
    const total = answer.channeling.damageToDefender + answer.channeling.backlashDamage;
    expect(after.hp).toBe(Math.max(0, before.hp - total));
    // The channeler dealt nothing: the Orc is untouched but for a tie's point.
    expect(await hpOf(c, `npcs/${orc.id}`)).toBe(NPC.hp - (margin === 0 ? 1 : 0));
  });

  it('one roll per action: a tie harming three logs one combat.coeac-action roll that replays (REST and GraphQL)', async () => {
    const { c, hero, friend, orc, combat } = await table();
    const rollIds = async () =>
      (
        (await t.http.get(`/v1/campaigns/${c.id}/rolls?limit=100`).set(c.auth).expect(200)).body as {
          items: Array<{ id: string; procedure: string }>;
        }
      ).items;
    // Hero (Melee 2: 4 dice) captains Friend (+1d) against the Orc (pool 3): a tie costs all three 1.
    const seed = await seedFor({ attacker: { pool: 4, supporters: 1 }, defender: { pool: 3 } }, 'tie');
    const before = await rollIds();
    const res = (
      await act(c, combat.id, c.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee', supporters: [friend.id] },
        seed,
      }).expect(201)
    ).body;
    expect(res.coeac.exchange.winner).toBe('tie');
    expect(res.targets.map((x: { id: string }) => x.id)).toEqual([orc.id, hero.id, friend.id]);
    const after = await rollIds();
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    expect(added).toEqual([expect.objectContaining({ id: res.rollId, procedure: 'combat.coeac-action.v3' })]);
    // Every sheet's damage names the action's roll; the ledger entries too.
    for (const x of res.targets) {
      expect(x.damage.rollId).toBe(res.rollId);
      expect(x.damage.damage).toBe(1);
    }
    expect(await hpOf(c, `npcs/${orc.id}`)).toBe(NPC.hp - 1);
    expect(await hpOf(c, `characters/${hero.id}`)).toBe(HERO.hp - 1);
    expect(await hpOf(c, `characters/${friend.id}`)).toBe(HERO.hp - 1);
    const ledger = (
      await t.http.get(`/v1/campaigns/${c.id}/characters/${friend.id}/conditions`).set(c.auth).expect(200)
    ).body as {
      items: Array<{ field: string; delta: number; rollId: string | null; procedure: string | null }>;
    };
    expect(ledger.items.filter((e) => e.rollId === res.rollId)).toEqual([
      expect.objectContaining({ field: 'hp', delta: -1, procedure: 'combat.coeac-action.v3' }),
    ]);
    // Replay from (inputs, seed, rng): the same faces and outcome, harm included.
    const replay = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.rollId}/replay`).set(c.auth).expect(200)
    ).body;
    expect(replay.matches).toBe(true);
    expect(replay.outcome.harm.map((h: { role: string; amount: number }) => [h.role, h.amount])).toEqual([
      ['defender', 1],
      ['attacker', 1],
      ['supporter', 1],
    ]);
    // The events are the transition's, told once in the roll (issue 39), one list a harmed sheet; and
    // the campaign's record checks out: every roll replays, every sheet folds.
    const logged = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.rollId}`).set(c.auth).expect(200))
      .body;
    expect(logged.outcome.events).toHaveLength(3);
    expect(logged.events).toEqual(logged.outcome.events.flat());
    res.targets.forEach((x: { damage: { events: unknown[] } }, i: number) =>
      expect(x.damage.events.slice(0, logged.outcome.events[i].length)).toEqual(logged.outcome.events[i]),
    );
    const audit = (await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200)).body;
    expect(audit.rolls.differing).toEqual([]);
    expect(audit.rolls.matched).toBe(audit.rolls.replayed);
    expect(audit.sheets.differing).toEqual([]);
    expect(audit.ok).toBe(true);

    // GraphQL: the next round's exchange, again one roll of the log.
    await nextRound(c, combat.id);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: exchange, targets: [$t], seed: "${seed}", coeac: { skill: "Melee" } }) { ${ACTION_FIELDS} } }`,
      { c: c.id, k: combat.id, a: hero.id, t: orc.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    const gqlRoll = viaGql.data?.combatAction.rollId;
    const log = await gql(
      t.server,
      'query($c: ID!) { rolls(campaignId: $c, order: desc, limit: 3) { items { id procedure } } }',
      { c: c.id },
      c.auth,
    );
    expect(log.data?.rolls.items[0]).toEqual({ id: gqlRoll, procedure: 'combat.coeac-action.v3' });
    expect(log.data?.rolls.items[1].id).not.toBe(gqlRoll);
    for (const x of viaGql.data?.combatAction.targets ?? [])
      if (x.damage) expect(x.damage.rollId).toBe(gqlRoll);
  });

  it('a channeling defence becomes the channeler’s live spell instance, replacing an earlier one', async () => {
    const { c, friend, orc, goblin, combat } = await table();
    await putSheet(t.server, c, friend.id, 'coeac', {
      ...HERO,
      hp: 40,
      maxHp: 40,
      skills: { Ruin: 3 },
      saves: { Vigor: 1, Discipline: 2 },
      // Two plasmids: one lost to backlash leaves the spell for the second round.
      classResources: { Control: { current: 3, max: 3 }, Hekaphage: { current: 2, max: 2 } },
    });
    const live = async () =>
      (await t.http.get(`/v1/campaigns/${c.id}/characters/${friend.id}/coeac-spells`).set(c.auth).expect(200))
        .body.instances as Array<{ spellId: string; potency: number; objective: number; rollId: string }>;
    expect(await live()).toEqual([]);
    const declare = () =>
      act(c, combat.id, c.auth, {
        actor: friend.id,
        kind: 'defend',
        coeac: { channel: { spell: 'hekaphage' } },
      }).expect(201);
    await declare();
    const first = (
      await act(c, combat.id, c.auth, {
        actor: orc.id,
        kind: 'exchange',
        targets: [friend.id],
        seed: 'witch-1',
      }).expect(201)
    ).body;
    const instances = await live();
    expect(instances).toEqual([
      expect.objectContaining({
        spellId: 'hekaphage',
        bound: false,
        potency: first.coeac.channeling.channeling.potency,
        rollId: first.rollId,
      }),
    ]);
    // Next round, a second channeling defence (through GraphQL) replaces it: one instance of a spell.
    await nextRound(c, combat.id);
    await declare();
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: exchange, targets: [$t], seed: "witch-2" }) { ${ACTION_FIELDS} } }`,
      { c: c.id, k: combat.id, a: goblin.id, t: friend.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    const second = viaGql.data?.combatAction;
    const again = await live();
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      spellId: 'hekaphage',
      rollId: second.rollId,
      potency: second.coeac.channeling.channeling.potency,
    });
  });

  it('ordering the round: declared threats bind it, the view shows them, spells declared resolve at its end', async () => {
    const { c, hero, friend, player, orc, goblin, shade, combat } = await table();
    await putSheet(t.server, c, friend.id, 'coeac', {
      ...HERO,
      hp: 40,
      maxHp: 40,
      skills: { Ruin: 3 },
      saves: { Vigor: 1, Discipline: 2 },
      classResources: { Control: { current: 3, max: 3 }, Hekaphage: { current: 2, max: 2 } },
    });
    // Declarations (B1): whom each threatens. An ally is not an adversary.
    expectProblem(
      await act(c, combat.id, c.auth, { actor: hero.id, kind: 'declare', targets: [friend.id] }),
      400,
      'VALIDATION_FAILED',
      'targets[0]',
    );
    const declared = (
      await act(c, combat.id, player.auth, { actor: hero.id, kind: 'declare', targets: [orc.id] }).expect(201)
    ).body;
    expect(declared.coeac).toMatchObject({ action: 'declare', threatens: [orc.id] });
    await act(c, combat.id, c.auth, { actor: orc.id, kind: 'declare', targets: [friend.id] }).expect(201);
    await act(c, combat.id, c.auth, { actor: shade.id, kind: 'declare', targets: [hero.id] }).expect(201);
    await act(c, combat.id, c.auth, {
      actor: friend.id,
      kind: 'defend',
      coeac: { channel: { spell: 'hekaphage' } },
    }).expect(201);

    // The view: each combatant's round, for players too (the hidden Shade left out).
    const seen = (
      await t.http
        .get(url(c, `/${combat.id}`))
        .set(player.auth)
        .expect(200)
    ).body;
    const round = (id: string) => seen.combatants.find((x: { id: string }) => x.id === id)?.coeac;
    expect(round(hero.id)).toEqual({
      round: 1,
      acted: false,
      threatens: [orc.id],
      defense: null,
      channelSpell: null,
      channeled: false,
      surprised: false,
    });
    expect(round(friend.id)).toMatchObject({ defense: 'channeling', channelSpell: 'hekaphage', acted: true });
    expect(round(orc.id)).toMatchObject({ threatens: [friend.id] });
    expect(round(shade.id)).toBeUndefined();

    // The hero threatens the Orc only: the Goblin is refused, and nothing is rolled.
    expectProblem(
      await act(c, combat.id, c.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [goblin.id],
        coeac: { skill: 'Melee' },
      }),
      409,
      'CONFLICT',
      'targets[0]',
    );
    // The Orc threatens Friend, not the hero: winning the exchange, it deals the hero nothing.
    const seed = await seedFor(
      { attacker: { pool: 4 }, defender: { pool: 3, threatens: false } },
      'defender',
    );
    const lost = (
      await act(c, combat.id, c.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee' },
        seed,
      }).expect(201)
    ).body;
    expect(lost.coeac.exchange.winner).toBe('defender');
    expect(lost.coeac.exchange.damageToAttacker).toBe(0);
    expect(await hpOf(c, `characters/${hero.id}`)).toBe(HERO.hp);

    // The round ends: Friend's channeling, not met by an attack, resolves now through the cast.
    const before = await sheetOf(t.server, c, friend.id, 'coeac');
    const advanced = (await nextRound(c, combat.id)).body;
    expect(advanced.round).toBe(2);
    expect(advanced.coeacRoundEnd).toEqual([
      expect.objectContaining({ combatant: friend.id, spell: 'hekaphage', lapsed: null }),
    ]);
    const ended = advanced.coeacRoundEnd[0];
    const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${ended.rollId}`).set(c.auth).expect(200))
      .body;
    expect(roll.procedure).toBe('magic.coeac.cast.v1');
    expect(roll.outcome.channeling.potency).toBe(ended.potency);
    const after = await sheetOf(t.server, c, friend.id, 'coeac');
    expect(after.classResources.Control.current).toBe(before.classResources.Control.current - 1);
    const live = (await t.http.get(`/v1/campaigns/${c.id}/characters/${friend.id}/coeac-spells`).set(c.auth))
      .body.instances;
    expect(live).toEqual([expect.objectContaining({ spellId: 'hekaphage', rollId: ended.rollId })]);
    // Round 2: every declaration lapsed with the round.
    const fresh = advanced.combatants.find((x: { id: string }) => x.id === hero.id).coeac;
    expect(fresh).toMatchObject({ round: 2, threatens: null, acted: false });

    // GraphQL: a channeling met by an attack resolves as the defence, and the round's end casts nothing.
    await act(c, combat.id, c.auth, {
      actor: friend.id,
      kind: 'defend',
      coeac: { channel: { spell: 'hekaphage' } },
    }).expect(201);
    await act(c, combat.id, c.auth, { actor: goblin.id, kind: 'exchange', targets: [friend.id] }).expect(201);
    const viewed = await gql(
      t.server,
      `query($c: ID!, $k: ID!) { combat(campaignId: $c, combatId: $k) {
         combatants { id coeac { round acted threatens defense channelSpell channeled surprised } } } }`,
      { c: c.id, k: combat.id },
      c.auth,
    );
    expect(viewed.errors).toBeUndefined();
    const friendRound = viewed.data?.combat.combatants.find((x: { id: string }) => x.id === friend.id).coeac;
    expect(friendRound).toMatchObject({ round: 2, defense: 'channeling', channeled: true });
    const gqlAdvance = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!) { nextCombatRound(campaignId: $c, combatId: $k) {
         round coeacRoundEnd { combatant spell rollId potency lapsed } } }`,
      { c: c.id, k: combat.id },
      c.auth,
    );
    expect(gqlAdvance.errors).toBeUndefined();
    expect(gqlAdvance.data?.nextCombatRound).toEqual({ round: 3, coeacRoundEnd: [] });
  });

  it('a channeling declared by one who is down by the round’s end lapses, spending nothing', async () => {
    const { c, friend, combat } = await table();
    await putSheet(t.server, c, friend.id, 'coeac', {
      ...HERO,
      skills: { Ruin: 3 },
      classResources: { Control: { current: 2, max: 2 }, Hekaphage: { current: 1, max: 1 } },
    });
    await act(c, combat.id, c.auth, {
      actor: friend.id,
      kind: 'defend',
      coeac: { channel: { spell: 'hekaphage' } },
    }).expect(201);
    await putSheet(t.server, c, friend.id, 'coeac', {
      ...HERO,
      hp: 0,
      skills: { Ruin: 3 },
      classResources: { Control: { current: 2, max: 2 }, Hekaphage: { current: 1, max: 1 } },
      harm: { state: 'down-and-out', conditions: [], pending: [] },
    });
    const advanced = (await nextRound(c, combat.id)).body;
    expect(advanced.coeacRoundEnd).toEqual([
      { combatant: friend.id, spell: 'hekaphage', rollId: null, potency: null, lapsed: 'cannot-act' },
    ]);
    const after = await sheetOf(t.server, c, friend.id, 'coeac');
    expect(after.classResources.Control.current).toBe(2);
  });

  it('a secret combat’s declarations are the referee’s: players get a null round (REST and GraphQL)', async () => {
    const { c, hero, orc, player } = await table();
    const secret = (
      await t.http
        .post(url(c))
        .set(c.auth)
        .send({
          system: 'coeac',
          secret: true,
          combatants: [
            { characterId: hero.id, side: 'party' },
            { npcId: orc.id, side: 'foes' },
          ],
        })
        .expect(201)
    ).body as { id: string };
    await act(c, secret.id, c.auth, { actor: orc.id, kind: 'declare', targets: [hero.id] }).expect(201);
    const byReferee = (
      await t.http
        .get(url(c, `/${secret.id}`))
        .set(c.auth)
        .expect(200)
    ).body;
    const orcRound = byReferee.combatants.find((x: { id: string }) => x.id === orc.id).coeac;
    expect(orcRound).toMatchObject({ round: 1, threatens: [hero.id] });
    const byPlayer = (
      await t.http
        .get(url(c, `/${secret.id}`))
        .set(player.auth)
        .expect(200)
    ).body;
    for (const x of byPlayer.combatants) expect(x.coeac).toBeNull();
    const viaGql = await gql(
      t.server,
      `query($c: ID!, $k: ID!) { combat(campaignId: $c, combatId: $k) { combatants { id coeac { threatens } } } }`,
      { c: c.id, k: secret.id },
      player.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    for (const x of viaGql.data?.combat.combatants ?? []) expect(x.coeac).toBeNull();
    expect(viaGql.data?.combat.combatants.length).toBeGreaterThan(0);
  });

  it('replays an exchange under the same Idempotency-Key without rolling or harming twice', async () => {
    const { c, hero, orc, combat } = await table();
    const send = () =>
      act(c, combat.id, c.auth, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee', defenderThreatens: false },
      }).set('Idempotency-Key', 'coeac-exchange-once');
    const first = (await send().expect(201)).body;
    const hp = await hpOf(c, `npcs/${orc.id}`);
    const again = (await send().expect(201)).body;
    expect(again.rollId).toBe(first.rollId);
    expect(await hpOf(c, `npcs/${orc.id}`)).toBe(hp);
  });
});
