import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

interface Key {
  id: string;
  auth: { Authorization: string };
}

const CAIRN = { str: { max: 12 }, dex: { max: 10 }, wil: { max: 9 }, maxHp: 6, hp: 6 };
const ATTACK_FIELDS = `combatId round rollId sealed
  attack { blast seed targets { kept harm { dealt hp } } }
  damage { ownerId damage state rollId entries { field delta valueAfter procedure } sheet { system sheet { __typename ... on CairnSheet { hp } } } }`;

describe(`campaign combats (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const url = (c: CampaignFixture, rest = '') => `/v1/campaigns/${c.id}/combats${rest}`;

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const other = await createCharacter(t.server, c, { name: 'Other' });
    const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    for (const id of [hero.id, other.id]) {
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${id}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: CAIRN })
        .expect(200);
    }
    const npc = async (name: string, visibility: string, showNumbers = false) => {
      const row = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name, kind: 'monster', visibility, showNumbers })
          .expect(201)
      ).body;
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${row.id}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: { ...CAIRN, maxHp: 40, hp: 40 } })
        .expect(200);
      return row as { id: string };
    };
    const wolf = await npc('Wolf', 'players', true);
    const lurker = await npc('Lurker', 'referee');
    const combat = (
      await t.http
        .post(url(c))
        .set(c.auth)
        .send({
          system: 'cairn',
          combatants: [
            { characterId: hero.id, side: 'party' },
            { characterId: other.id, side: 'party' },
            { npcId: wolf.id, side: 'foes' },
            { npcId: lurker.id, side: 'foes' },
          ],
        })
        .expect(201)
    ).body;
    return { c, hero, other, player, wolf, lurker, combat };
  }

  const hpOf = async (c: CampaignFixture, path: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/${path}/sheets/cairn`).set(c.auth).expect(200)).body.sheet.hp;

  it('begins at round 1, advances rounds, ends; players see only shown NPCs; REST and GraphQL agree', async () => {
    const { c, hero, player, wolf, lurker, combat } = await table();
    expect(combat).toMatchObject({ system: 'cairn', round: 1, status: 'active', secret: false });
    expect(combat.combatants).toHaveLength(4);
    const seen = (
      await t.http
        .get(url(c, `/${combat.id}`))
        .set(player.auth)
        .expect(200)
    ).body;
    expect(seen.combatants.map((x: { id: string }) => x.id).sort()).toEqual(
      [hero.id, wolf.id, combat.combatants[1].id].sort(),
    );
    expect(JSON.stringify(seen)).not.toContain(lurker.id);
    const listed = await gql(
      t.server,
      `query($c: ID!) { combats(campaignId: $c) { items { id round combatants { id kind side } } } }`,
      { c: c.id },
      player.auth,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.combats.items).toEqual([
      {
        id: combat.id,
        round: 1,
        combatants: seen.combatants.map((x: { id: string; kind: string; side: string }) => ({
          id: x.id,
          kind: x.kind,
          side: x.side,
        })),
      },
    ]);
    expectProblem(await t.http.post(url(c, `/${combat.id}/rounds`)).set(player.auth), 403, 'FORBIDDEN');
    const next = (
      await t.http
        .post(url(c, `/${combat.id}/rounds`))
        .set(c.auth)
        .expect(200)
    ).body;
    expect(next.round).toBe(2);
    const gqlNext = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!) { nextCombatRound(campaignId: $c, combatId: $k) { round } }`,
      { c: c.id, k: combat.id },
      c.auth,
    );
    expect(gqlNext.data?.nextCombatRound.round).toBe(3);
    const ended = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!) { endCombat(campaignId: $c, combatId: $k) { status } }`,
      { c: c.id, k: combat.id },
      c.auth,
    );
    expect(ended.data?.endCombat.status).toBe('ended');
    expectProblem(
      await t.http
        .post(url(c, `/${combat.id}/attacks`))
        .set(c.auth)
        .send({ attacker: hero.id, target: wolf.id, die: 'd6' }),
      409,
      'CONFLICT',
    );
  });

  it('an attack rolls the stateless procedure on the stored numbers and applies damage through the ledger; a retry applies once', async () => {
    const { c, hero, wolf, player, combat } = await table();
    const send = () =>
      t.http
        .post(url(c, `/${combat.id}/attacks`))
        .set(player.auth)
        .set('Idempotency-Key', `attack-${combat.id}`)
        .send({ attacker: hero.id, target: wolf.id, die: 'd8', seed: 'bite' });
    const first = (await send().expect(201)).body;
    const second = (await send().expect(201)).body;
    expect(second).toEqual(first);
    expect(first.sealed).toBe(false);
    const kept = first.attack.targets[0].kept;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThanOrEqual(8);
    expect(first.damage.ownerId).toBe(wolf.id);
    expect(first.damage.damage).toBe(kept);
    expect(await hpOf(c, `npcs/${wolf.id}`)).toBe(40 - kept);
    // The same inputs and seed on the stateless route give the same die.
    const stateless = (
      await t.http
        .post('/v1/combat/cairn/attacks')
        .send({
          attackers: [{ name: 'Hero', die: 'd8' }],
          target: { hp: 40, str: 12, dex: 10, wil: 9, maxHp: 40, maxDex: 10, maxWil: 9, armor: 0, npc: true },
          seed: 'bite',
        })
        .expect(200)
    ).body;
    expect(stateless.targets[0].kept).toBe(kept);
    const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${first.rollId}`).set(c.auth).expect(200))
      .body;
    // One roll carries the attack and the harm; the ledger entries name it.
    expect(roll.procedure).toBe('combat.cairn-action.v2');
    expect(first.damage.rollId).toBe(first.rollId);
    expect(
      first.damage.entries.every((e: { procedure: string }) => e.procedure === 'combat.cairn-action.v2'),
    ).toBe(true);
    const replay = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls/${first.rollId}/replay`).set(c.auth).expect(200)
    ).body;
    expect(replay.matches).toBe(true);
    const rolls = (
      await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200)
    ).body.items as Array<{ procedure: string }>;
    expect(rolls.filter((r) => r.procedure === 'combat.cairn-action.v2')).toHaveLength(1);
    expect(rolls.filter((r) => r.procedure === 'harm.sheet-damage')).toHaveLength(0);
    // The answer's events are the transition's, told once in the roll (issue 39: no second telling).
    expect(roll.outcome.events.flat().length).toBeGreaterThan(0);
    expect(roll.events).toEqual(roll.outcome.events.flat());
    expect(first.damage.events.slice(0, roll.events.length)).toEqual(roll.events);
    // One roll a blow, and the campaign's record checks out: every roll replays, every sheet folds.
    const audit = (await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200)).body;
    expect(audit.rolls).toEqual({ replayed: rolls.length, matched: rolls.length, differing: [] });
    expect(audit.sheets.differing).toEqual([]);
    expect(audit.ok).toBe(true);

    // GraphQL: the referee attacks the hero with the wolf.
    const hit = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAttack(campaignId: $c, combatId: $k,
         input: { attacker: $a, target: $t, die: d4, seed: "claw" }) { ${ATTACK_FIELDS} } }`,
      { c: c.id, k: combat.id, a: wolf.id, t: hero.id },
      c.auth,
    );
    expect(hit.errors).toBeUndefined();
    const dealt = hit.data?.combatAttack.attack.targets[0].kept as number;
    expect(
      hit.data?.combatAttack.damage.entries.find((e: { field: string }) => e.field === 'hp')?.delta ?? 0,
    ).toBe(-Math.min(dealt, 6));
  });

  it('players act only for their own characters; NPCs only through the referee', async () => {
    const { c, other, hero, wolf, player, combat } = await table();
    const attack = (auth: { Authorization: string }, body: object) =>
      t.http
        .post(url(c, `/${combat.id}/attacks`))
        .set(auth)
        .send(body);
    expectProblem(
      await attack(player.auth, { attacker: other.id, target: wolf.id, die: 'd6' }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await attack(player.auth, { attacker: wolf.id, target: hero.id, die: 'd6' }),
      403,
      'FORBIDDEN',
      'attacker',
    );
    expectProblem(
      await attack(c.auth, {
        attacker: hero.id,
        target: 'f'.repeat(8) + '-0000-4000-8000-' + '0'.repeat(12),
        die: 'd6',
      }),
      400,
      'VALIDATION_FAILED',
      'target',
    );
    expect(await hpOf(c, `npcs/${wolf.id}`)).toBe(40);
    // A combatant that cannot act is refused with a 409 naming the attacker; nothing changes.
    await t.http
      .put(`/v1/campaigns/${c.id}/characters/${other.id}/sheets/cairn`)
      .set(c.auth)
      .send({ sheet: { ...CAIRN, hp: 0, str: { max: 12, current: 0 }, harm: { state: 'dead' } } })
      .expect(200);
    expectProblem(
      await attack(c.auth, { attacker: other.id, target: wolf.id, die: 'd6' }),
      409,
      'CONFLICT',
      'attacker',
    );
    expect(await hpOf(c, `npcs/${wolf.id}`)).toBe(40);
    // A stored sheet beyond what the attack reads (HP over 1000) is a 422 naming the target.
    await t.http
      .put(`/v1/campaigns/${c.id}/npcs/${wolf.id}/sheets/cairn`)
      .set(c.auth)
      .send({ sheet: { ...CAIRN, maxHp: 5000, hp: 5000 } })
      .expect(200);
    expectProblem(
      await attack(c.auth, { attacker: hero.id, target: wolf.id, die: 'd6' }),
      422,
      'UNPROCESSABLE',
      'target',
    );
    expect(await hpOf(c, `npcs/${wolf.id}`)).toBe(5000);
  });

  it('a hidden NPC’s numbers never reach a player key', async () => {
    const { c, hero, lurker, player, combat } = await table();
    const res = (
      await t.http
        .post(url(c, `/${combat.id}/attacks`))
        .set(player.auth)
        .send({ attacker: hero.id, target: lurker.id, die: 'd10', seed: 'lurker-secret-seed' })
        .expect(201)
    ).body;
    expect(res).toMatchObject({ sealed: true, attack: null, damage: null });
    const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.rollId}`).set(player.auth).expect(200))
      .body;
    expect(roll.sealed).toBe(true);
    expect(JSON.stringify(roll)).not.toContain('lurker-secret-seed');
    const list = JSON.stringify(
      (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(player.auth).query({ limit: 100 }).expect(200))
        .body,
    );
    expect(list).not.toContain('lurker-secret-seed');
    expect(list).not.toContain('"changes"');
    // The referee sees it all; the damage was applied.
    const hp = await hpOf(c, `npcs/${lurker.id}`);
    expect(hp).toBeLessThan(40);
    const byReferee = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAttack(campaignId: $c, combatId: $k,
         input: { attacker: $a, target: $t, die: d6, seed: "back" }) { ${ATTACK_FIELDS} } }`,
      { c: c.id, k: combat.id, a: lurker.id, t: hero.id },
      c.auth,
    );
    expect(byReferee.data?.combatAttack.sealed).toBe(true);
    expect(byReferee.data?.combatAttack.attack.seed).toBe('back');
  });

  it('an attack on a critical target: the attack and the damage answers agree on its state (issue 39, B1)', async () => {
    const { c, hero, wolf, combat } = await table();
    await t.http
      .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/cairn`)
      .set(c.auth)
      .send({
        sheet: {
          ...CAIRN,
          hp: 0,
          str: { max: 12, current: 9 },
          harm: { state: 'critical', conditions: [], pending: [] },
        },
      })
      .expect(200);
    const res = (
      await t.http
        .post(url(c, `/${combat.id}/attacks`))
        .set(c.auth)
        .send({ attacker: wolf.id, target: hero.id, die: 'd4', seed: 'again' })
        .expect(201)
    ).body;
    expect(res.damage.stateBefore).toBe('critical');
    expect(['critical', 'dead']).toContain(res.damage.state);
    expect(res.attack.targets[0].harm.state).toBe(res.damage.state);
  });

  describe('actions (…/combats/{combatId}/actions)', () => {
    const ACTION_FIELDS = `combatId round kind actor rollId sealed
      targets { id damage { ownerId damage state sheet { system sheet { __typename ... on CairnSheet { hp } } } } }
      cairn { attack { seed targets { kept harm { dealt hp } } } routed destroyed fled }`;

    it('a Cairn attack action applies its kept die to the target through the ledger, one answer over REST and GraphQL', async () => {
      const { c, hero, player, wolf, combat } = await table();
      const before = await hpOf(c, `npcs/${wolf.id}`);
      const res = (
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({ actor: hero.id, kind: 'attack', targets: [wolf.id], cairn: { die: 'd8' }, seed: 'act-1' })
          .expect(201)
      ).body;
      expect(res).toMatchObject({
        combatId: combat.id,
        round: 1,
        kind: 'attack',
        actor: hero.id,
        sealed: false,
      });
      const kept = res.cairn.attack.targets[0].kept;
      expect(kept).toBeGreaterThanOrEqual(1);
      expect(kept).toBeLessThanOrEqual(8);
      expect(res.targets).toHaveLength(1);
      expect(res.targets[0].id).toBe(wolf.id);
      expect(res.targets[0].damage.sheet.sheet.hp).toBe(await hpOf(c, `npcs/${wolf.id}`));
      expect(await hpOf(c, `npcs/${wolf.id}`)).toBe(before - res.cairn.attack.targets[0].harm.dealt);
      const viaGqlOnce = () =>
        gql(
          t.server,
          `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: attack, targets: [$t], cairn: { die: d8 }, seed: "act-1" }) { ${ACTION_FIELDS} } }`,
          { c: c.id, k: combat.id, a: hero.id, t: wolf.id },
          player.auth,
        );
      // CA-17: one action a turn; the hero's second attack this round is refused, naming actor.
      const twice = await viaGqlOnce();
      expect(twice.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', errors: [{ field: 'actor' }] });
      await t.http
        .post(url(c, `/${combat.id}/rounds`))
        .set(c.auth)
        .expect(200);
      const viaGql = await viaGqlOnce();
      expect(viaGql.errors).toBeUndefined();
      expect(viaGql.data?.combatAction.round).toBe(2);
      // Same seed, same inputs: the same die kept (the target's HP differs, so the harm may).
      expect(viaGql.data?.combatAction.cairn.attack.targets[0].kept).toBe(kept);
      expect(viaGql.data?.combatAction.targets[0].id).toBe(wolf.id);
    });

    it('refuses what the combat or the key does not allow, and changes nothing', async () => {
      const { c, hero, other, player, wolf, combat } = await table();
      const before = await hpOf(c, `npcs/${wolf.id}`);
      const send = (auth: { Authorization: string }, body: object) =>
        t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(auth)
          .send({ kind: 'attack', cairn: { die: 'd6' }, ...body });
      expectProblem(await send(player.auth, { actor: other.id, targets: [wolf.id] }), 403, 'FORBIDDEN');
      expectProblem(
        await send(player.auth, { actor: wolf.id, targets: [hero.id] }),
        403,
        'FORBIDDEN',
        'actor',
      );
      expectProblem(
        await send(c.auth, { actor: hero.id, targets: ['nobody'] }),
        404, // read as a name (issue 42): no character or NPC is named so
        'NOT_FOUND',
        'targets[0]',
      );
      expectProblem(await send(c.auth, { actor: hero.id, targets: [] }), 400, 'VALIDATION_FAILED', 'targets');
      expectProblem(
        await send(c.auth, { actor: hero.id, targets: [wolf.id], kind: 'charge' }),
        400,
        'VALIDATION_FAILED',
        'kind',
      );
      // No die and no weapon on the sheet to fall back to (issue 42): a rule's refusal, naming the die.
      expectProblem(
        await send(c.auth, { actor: hero.id, targets: [wolf.id], cairn: undefined }),
        422,
        'UNPROCESSABLE',
        'cairn.die',
      );
      expect(await hpOf(c, `npcs/${wolf.id}`)).toBe(before);
    });

    it('an action reads its combatants with their sheets in one statement, with the same refusals when a sheet or an NPC is gone', async () => {
      const { c, hero, other, wolf, lurker, combat } = await table();
      const act = (actor: string, target: string) =>
        t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(c.auth)
          .send({ actor, kind: 'attack', targets: [target], cairn: { die: 'd6' }, seed: 'gone' });
      // The actor's Cairn sheet removed: refused for the missing sheet, nothing logged.
      await t.http
        .delete(`/v1/campaigns/${c.id}/characters/${other.id}/sheets/cairn`)
        .set(c.auth)
        .expect(200);
      expectProblem(await act(other.id, wolf.id), 422, 'SHEET_MISSING');
      // The target's sheet removed: refused for the target's missing sheet.
      await t.http.delete(`/v1/campaigns/${c.id}/npcs/${lurker.id}/sheets/cairn`).set(c.auth).expect(200);
      expectProblem(await act(hero.id, lurker.id), 422, 'SHEET_MISSING');
      // The NPC itself deleted: not found.
      await t.http.delete(`/v1/campaigns/${c.id}/npcs/${wolf.id}`).set(c.auth).expect(200);
      expectProblem(await act(hero.id, wolf.id), 404, 'NOT_FOUND');
      const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      expect(log.body.items.filter((r: { procedure: string }) => r.procedure.startsWith('combat.'))).toEqual(
        [],
      );
    });

    it('an actor that cannot act is refused with 409 naming actor, and nothing changes', async () => {
      const { c, hero, wolf, combat } = await table();
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: { ...CAIRN, hp: 0, str: { max: 12, current: 0 }, harm: { state: 'dead' } } })
        .expect(200);
      expectProblem(
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(c.auth)
          .send({ actor: hero.id, kind: 'attack', targets: [wolf.id], cairn: { die: 'd6' } }),
        409,
        'CONFLICT',
        'actor',
      );
      expect(await hpOf(c, `npcs/${wolf.id}`)).toBe(40);
    });

    it('a blast with no target listed catches the other side; a hidden NPC among them seals it and is not named to a player', async () => {
      const { c, hero, player, wolf, lurker, combat } = await table();
      const res = (
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({ actor: hero.id, kind: 'blast', cairn: { die: 'd6' }, seed: 'fireball-seed' })
          .expect(201)
      ).body;
      expect(res).toMatchObject({ sealed: true, cairn: null });
      expect(res.targets).toEqual([{ id: wolf.id, damage: null }]);
      expect(JSON.stringify(res)).not.toContain(lurker.id);
      expect(JSON.stringify(res)).not.toContain('fireball-seed');
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.rollId}`).set(c.auth).expect(200))
        .body;
      expect(roll.procedure).toBe('combat.cairn-action.v2');
      const caught = roll.outcome.attack.targetCount.caught as number;
      expect(roll.outcome.attack.targets).toHaveLength(caught);
      // The referee's replay of the sealed roll matches.
      const replay = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.rollId}/replay`).set(c.auth).expect(200)
      ).body;
      expect(replay.matches).toBe(true);
    });

    it('an action on a hidden NPC is sealed for the player: no numbers, no damage', async () => {
      const { c, hero, player, lurker, combat } = await table();
      const res = (
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({
            actor: hero.id,
            kind: 'attack',
            targets: [lurker.id],
            cairn: { die: 'd10' },
            seed: 'hidden-act-seed',
          })
          .expect(201)
      ).body;
      expect(res).toMatchObject({ sealed: true, cairn: null, targets: [{ id: lurker.id, damage: null }] });
      expect(JSON.stringify(res)).not.toContain('hidden-act-seed');
      expect(await hpOf(c, `npcs/${lurker.id}`)).toBeLessThan(40);
    });
  });

  describe('Cairn fights (blasts, several attackers, detachments, retreat, first-round saves)', () => {
    const FIGHT_FIELDS = `rollId sealed targets { id damage { rollId state entries { procedure rollId } sheet { system sheet { __typename ... on CairnSheet { hp } } } } }
      cairn { attack { blast targetCount { face caught } targets { kept keptFrom rolls { face rolled }
        detachment { routed destroyed } harm { dealt } } } retreat { results { passed } } routed destroyed fled }`;

    async function fight(extra: object = {}) {
      const c = await createCampaign(t.server);
      const pcs: string[] = [];
      for (const name of ['Ash', 'Birch', 'Cedar', 'Dale', 'Elm']) {
        const pc = await createCharacter(t.server, c, { name });
        await t.http
          .put(`/v1/campaigns/${c.id}/characters/${pc.id}/sheets/cairn`)
          .set(c.auth)
          .send({ sheet: { ...CAIRN, maxHp: 10, hp: 10, str: { max: 14 } } })
          .expect(200);
        pcs.push(pc.id);
      }
      const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [pcs[0]] });
      const npc = async (name: string, sheet: object) => {
        const row = (
          await t.http
            .post(`/v1/campaigns/${c.id}/npcs`)
            .set(c.auth)
            .send({ name, kind: 'monster', visibility: 'players', showNumbers: true })
            .expect(201)
        ).body as { id: string };
        await t.http
          .put(`/v1/campaigns/${c.id}/npcs/${row.id}/sheets/cairn`)
          .set(c.auth)
          .send({ sheet: { ...CAIRN, ...sheet } })
          .expect(200);
        return row.id;
      };
      const dragon = await npc('Dragon', { maxHp: 40, hp: 40 });
      const band = await npc('Goblin band', { maxHp: 4, hp: 0 });
      const combat = (
        await t.http
          .post(url(c))
          .set(c.auth)
          .send({
            system: 'cairn',
            combatants: [
              ...pcs.map((id) => ({ characterId: id, side: 'party' })),
              { npcId: dragon, side: 'foes' },
              { npcId: band, side: 'foes', detachment: true },
            ],
            ...extra,
          })
          .expect(201)
      ).body;
      const act = (auth: { Authorization: string }, body: object) =>
        t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(auth)
          .send(body);
      return { c, pcs, player, dragon, band, combat, act };
    }

    it('a detachment is routed, several attackers keep the highest, a blast hits five characters; one roll each, replayed', async () => {
      const { c, pcs, player, dragon, band, combat, act } = await fight();
      expect(combat.combatants.find((x: { id: string }) => x.id === band).detachment).toBe(true);
      // One against a detachment attacks impaired (d4); critical damage routs it (seed rout-3: d4 3, the STR save fails).
      const rout = (
        await act(player.auth, {
          actor: pcs[0],
          kind: 'attack',
          targets: [band],
          cairn: { die: 'd8' },
          seed: 'rout-3',
        }).expect(201)
      ).body;
      expect(rout.cairn.attack.targets[0]).toMatchObject({
        kept: 3,
        detachment: { routed: true, destroyed: false },
      });
      expect(rout.cairn.routed).toEqual([band]);
      expect(rout.targets[0].damage.state).toBe('critical');
      const after = (
        await t.http
          .get(url(c, `/${combat.id}`))
          .set(player.auth)
          .expect(200)
      ).body;
      expect(after.combatants.find((x: { id: string }) => x.id === band)).toMatchObject({
        routed: true,
        destroyed: false,
      });
      // A routed detachment no longer acts: 409 naming actor.
      expectProblem(
        await act(c.auth, { actor: band, kind: 'attack', targets: [pcs[1]], cairn: { die: 'd6' } }),
        409,
        'CONFLICT',
        'actor',
      );

      // Several attackers on one target: a player may not bring a character it does not hold.
      expectProblem(
        await act(player.auth, {
          actor: pcs[0],
          kind: 'attack',
          targets: [dragon],
          cairn: { die: 'd4', withAttackers: [{ id: pcs[1], die: 'd10' }] },
        }),
        403,
        'FORBIDDEN',
        'cairn.withAttackers[0].id',
      );
      expectProblem(
        await act(c.auth, {
          actor: pcs[0],
          kind: 'attack',
          targets: [dragon],
          cairn: { die: 'd4', withAttackers: [{ id: band, die: 'd10' }] },
        }),
        409,
        'CONFLICT',
        'cairn.withAttackers[0].id',
      );
      const gang = (
        await act(c.auth, {
          actor: pcs[0],
          kind: 'attack',
          targets: [dragon],
          // pcs[0] attacked this round: the referee grants another action (CA-17).
          cairn: { die: 'd4', withAttackers: [{ id: pcs[1], die: 'd10' }], extraAction: true },
          seed: 'gang-0',
        }).expect(201)
      ).body;
      expect(gang.cairn.attack.targets[0].rolls.map((r: { face: number }) => r.face)).toEqual([2, 10]);
      expect(gang.cairn.attack.targets[0]).toMatchObject({ kept: 10, keptFrom: 1 });
      expect(await hpOf(c, `npcs/${dragon}`)).toBe(30);

      // The dragon's breath: a blast on the five characters, each its own d8, one logged roll.
      const before: number[] = [];
      for (const id of pcs) before.push(await hpOf(c, `characters/${id}`));
      const blast = () =>
        act(c.auth, { actor: dragon, kind: 'blast', targets: pcs, cairn: { die: 'd8' }, seed: 'breath' }).set(
          'Idempotency-Key',
          `breath-${combat.id}`,
        );
      const breath = (await blast().expect(201)).body;
      // A retry with the same key answers the same and applies nothing twice.
      expect((await blast().expect(201)).body).toEqual(breath);
      expect(breath.cairn.attack.blast).toBe(true);
      expect(breath.cairn.attack.targets).toHaveLength(5);
      expect(breath.targets.map((x: { id: string }) => x.id)).toEqual(pcs);
      for (const [i, id] of pcs.entries()) {
        const dealt = breath.cairn.attack.targets[i].harm.dealt;
        const hp = await hpOf(c, `characters/${id}`);
        expect(hp).toBe(Math.max(0, before[i] - dealt));
        expect(breath.targets[i].damage.sheet.sheet.hp).toBe(hp);
        expect(breath.targets[i].damage.rollId).toBe(breath.rollId);
        for (const e of breath.targets[i].damage.entries)
          expect(e).toMatchObject({ procedure: 'combat.cairn-action.v2', rollId: breath.rollId });
      }
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${breath.rollId}`).set(c.auth).expect(200))
        .body;
      expect(roll.procedure).toBe('combat.cairn-action.v2');
      for (const rollId of [rout.rollId, gang.rollId, breath.rollId]) {
        const replay = (
          await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}/replay`).set(c.auth).expect(200)
        ).body;
        expect(replay.matches).toBe(true);
      }
      const rolls = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200)
      ).body.items as Array<{ procedure: string }>;
      expect(rolls.filter((r) => r.procedure === 'combat.cairn-action.v2')).toHaveLength(3);
      expect(rolls.filter((r) => r.procedure === 'harm.sheet-damage')).toHaveLength(0);

      // GraphQL: a blast whose targets are not listed rolls its die for how many it catches.
      const gqlBlast = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: blast, cairn: { die: d12, extraAction: true }, seed: "second-breath" }) { ${FIGHT_FIELDS} } }`,
        { c: c.id, k: combat.id, a: dragon },
        c.auth,
      );
      expect(gqlBlast.errors).toBeUndefined();
      const counted = gqlBlast.data?.combatAction;
      const caught = counted.cairn.attack.targetCount.caught;
      expect(caught).toBe(Math.min(counted.cairn.attack.targetCount.face, 5));
      expect(counted.cairn.attack.targets).toHaveLength(caught);
      expect(counted.targets).toHaveLength(5);
      expect(counted.targets.filter((x: { damage: unknown }) => x.damage !== null)).toHaveLength(caught);
    });

    it('morale: the round after a side of NPCs takes its first casualty (and is half down) it saves once on the best WIL', async () => {
      const { c, pcs, player, dragon, band, combat, act } = await fight();
      // No casualty yet: no morale save.
      const calm = (
        await t.http
          .post(url(c, `/${combat.id}/rounds`))
          .set(c.auth)
          .expect(200)
      ).body;
      expect(calm.morale).toEqual([]);
      await act(player.auth, {
        actor: pcs[0],
        kind: 'attack',
        targets: [band],
        cairn: { die: 'd8' },
        seed: 'rout-3',
      }).expect(201);
      const advanced = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!) { nextCombatRound(campaignId: $c, combatId: $k) {
           round morale { side triggers rollId wil passed fled } combatants { id fled } } }`,
        { c: c.id, k: combat.id },
        c.auth,
      );
      expect(advanced.errors).toBeUndefined();
      const view = advanced.data?.nextCombatRound;
      expect(view.round).toBe(3);
      expect(view.morale).toHaveLength(1);
      const [save] = view.morale;
      expect(save).toMatchObject({ side: 'foes', triggers: ['first-casualty', 'half'], wil: 9 });
      expect(save.fled).toEqual(save.passed ? [] : [dragon]);
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${save.rollId}`).set(c.auth).expect(200))
        .body;
      expect(roll.procedure).toBe('encounters.morale');
      expect(roll.outcome.passed).toBe(save.passed);
      expect(view.combatants.find((x: { id: string }) => x.id === dragon).fled).toBe(!save.passed);
      // Each trigger is saved for once: the next round asks nothing more.
      const again = (
        await t.http
          .post(url(c, `/${combat.id}/rounds`))
          .set(c.auth)
          .expect(200)
      ).body;
      expect(again.morale).toEqual([]);
      const attempt = await act(c.auth, {
        actor: dragon,
        kind: 'attack',
        targets: [pcs[1]],
        cairn: { die: 'd6' },
      });
      if (save.passed) expect(attempt.status).toBe(201);
      else expectProblem(attempt, 409, 'CONFLICT', 'actor');
    });

    it('a retreat is a DEX save; who got away acts no more (REST and GraphQL)', async () => {
      const { c, pcs, player, act } = await fight();
      // DEX 10: find both outcomes over fixed seeds.
      const res = (await act(player.auth, { actor: pcs[0], kind: 'retreat', seed: 'run-1' }).expect(201))
        .body;
      const passed = res.cairn.retreat.results[0].passed as boolean;
      expect(res.cairn.fled).toEqual(passed ? [pcs[0]] : []);
      const replay = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.rollId}/replay`).set(c.auth).expect(200)
      ).body;
      expect(replay.matches).toBe(true);
      expect(replay.roll.procedure).toBe('combat.cairn-dex-saves');
      const second = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: retreat, seed: "run-1" }) { ${FIGHT_FIELDS} } }`,
        { c: c.id, k: res.combatId, a: pcs[1] },
        c.auth,
      );
      expect(second.errors).toBeUndefined();
      // The same seed and DEX give the same save.
      expect(second.data?.combatAction.cairn.retreat.results[0].passed).toBe(passed);
      // Fled, or its action of the round taken (CA-17): either way a second retreat this round is 409.
      expectProblem(
        await act(player.auth, { actor: pcs[0], kind: 'retreat', seed: 'run-2' }),
        409,
        'CONFLICT',
        'actor',
      );
      expectProblem(
        await act(c.auth, { actor: pcs[2], kind: 'retreat', targets: [pcs[3]] }),
        400,
        'VALIDATION_FAILED',
        'targets',
      );
    });

    it('the turn allowance (CA-17): a move of 40 ft and one action a round, a second move as the action, reset by the round', async () => {
      const { c, pcs, player, dragon, combat, act } = await fight();
      const TURN = 'turn { round moved action extra feetLeft actionLeft }';
      // A move of 30 ft, then 10 more: the turn's move; the action is still there.
      const first = (await act(player.auth, { actor: pcs[0], kind: 'move', cairn: { feet: 30 } }).expect(201))
        .body;
      expect(first.cairn.turn).toEqual({
        round: 1,
        moved: 30,
        action: null,
        extra: 0,
        feetLeft: 50,
        actionLeft: true,
      });
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${first.rollId}`).set(c.auth).expect(200))
        .body;
      expect(roll.procedure).toBe('combat.cairn-move');
      expect(roll.outcome).toEqual({ feet: 30, moved: 30, secondMove: false });
      await act(player.auth, { actor: pcs[0], kind: 'move', cairn: { feet: 10 } }).expect(201);
      // The attack is its action; after it, no move beyond the 40 ft and no second action.
      const hit = (
        await act(player.auth, {
          actor: pcs[0],
          kind: 'attack',
          targets: [dragon],
          cairn: { die: 'd6' },
        }).expect(201)
      ).body;
      expect(hit.cairn.turn).toMatchObject({ moved: 40, action: 'attack', feetLeft: 0, actionLeft: false });
      const hpAfter = await hpOf(c, `npcs/${dragon}`);
      expectProblem(
        await act(player.auth, { actor: pcs[0], kind: 'attack', targets: [dragon], cairn: { die: 'd6' } }),
        409,
        'CONFLICT',
        'actor',
      );
      expectProblem(
        await act(player.auth, { actor: pcs[0], kind: 'move', cairn: { feet: 5 } }),
        409,
        'CONFLICT',
        'cairn.feet',
      );
      // The attack route is the same action: 409 naming its own field.
      expectProblem(
        await t.http
          .post(url(c, `/${combat.id}/attacks`))
          .set(player.auth)
          .send({ attacker: pcs[0], target: dragon, die: 'd6' }),
        409,
        'CONFLICT',
        'attacker',
      );
      // Only the referee grants an action beyond the turn.
      expectProblem(
        await act(player.auth, {
          actor: pcs[0],
          kind: 'attack',
          targets: [dragon],
          cairn: { die: 'd6', extraAction: true },
        }),
        403,
        'FORBIDDEN',
        'cairn.extraAction',
      );
      expect(await hpOf(c, `npcs/${dragon}`)).toBe(hpAfter);
      // A second move is the action: 70 ft in all, then no attack.
      const run = (await act(c.auth, { actor: pcs[1], kind: 'move', cairn: { feet: 70 } }).expect(201)).body;
      expect(run.cairn.turn).toMatchObject({ moved: 70, action: 'move', feetLeft: 10, actionLeft: false });
      expectProblem(
        await act(c.auth, { actor: pcs[1], kind: 'move', cairn: { feet: 11 } }),
        409,
        'CONFLICT',
        'cairn.feet',
      );
      expectProblem(
        await act(c.auth, { actor: pcs[1], kind: 'attack', targets: [dragon], cairn: { die: 'd6' } }),
        409,
        'CONFLICT',
        'actor',
      );
      // A joining attacker spends its own action: pcs[0] has used its own.
      expectProblem(
        await act(c.auth, {
          actor: pcs[2],
          kind: 'attack',
          targets: [dragon],
          cairn: { die: 'd6', withAttackers: [{ id: pcs[0], die: 'd6' }] },
        }),
        409,
        'CONFLICT',
        'cairn.withAttackers[0].id',
      );
      // Bad input is 400 whatever the turn: a move needs its feet, at most 80.
      expectProblem(
        await act(c.auth, { actor: pcs[3], kind: 'move' }),
        400,
        'VALIDATION_FAILED',
        'cairn.feet',
      );
      expectProblem(
        await act(c.auth, { actor: pcs[3], kind: 'move', cairn: { feet: 81 } }),
        400,
        'VALIDATION_FAILED',
        'cairn.feet',
      );
      // The referee's creature with two attacks: the second is an extra action, counted.
      await act(c.auth, { actor: dragon, kind: 'attack', targets: [pcs[3]], cairn: { die: 'd4' } }).expect(
        201,
      );
      const again = (
        await act(c.auth, {
          actor: dragon,
          kind: 'attack',
          targets: [pcs[4]],
          cairn: { die: 'd4', extraAction: true },
        }).expect(201)
      ).body;
      expect(again.cairn.turn).toMatchObject({ action: 'attack', extra: 1 });
      // The combat shows each combatant's turn (REST and GraphQL); the round advance resets it.
      const view = (
        await t.http
          .get(url(c, `/${combat.id}`))
          .set(player.auth)
          .expect(200)
      ).body;
      const turnOf = (list: Array<{ id: string; turn: unknown }>, id: string) =>
        list.find((x) => x.id === id)?.turn;
      expect(turnOf(view.combatants, pcs[0])).toMatchObject({ round: 1, moved: 40, action: 'attack' });
      expect(turnOf(view.combatants, pcs[3])).toMatchObject({ moved: 0, action: null, feetLeft: 80 });
      await t.http
        .post(url(c, `/${combat.id}/rounds`))
        .set(c.auth)
        .expect(200);
      const gqlView = await gql(
        t.server,
        `query($c: ID!, $k: ID!) { combat(campaignId: $c, combatId: $k) { round combatants { id ${TURN} } } }`,
        { c: c.id, k: combat.id },
        player.auth,
      );
      expect(gqlView.errors).toBeUndefined();
      expect(turnOf(gqlView.data?.combat.combatants, pcs[0])).toEqual({
        round: 2,
        moved: 0,
        action: null,
        extra: 0,
        feetLeft: 80,
        actionLeft: true,
      });
      // Round 2: pcs[0] acts again, here through GraphQL.
      const gqlHit = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: attack, targets: [$t], cairn: { die: d6 } }) { round cairn { ${TURN} } } }`,
        { c: c.id, k: combat.id, a: pcs[0], t: dragon },
        player.auth,
      );
      expect(gqlHit.errors).toBeUndefined();
      expect(gqlHit.data?.combatAction.cairn.turn).toMatchObject({ round: 2, action: 'attack', moved: 0 });
      const gqlMove = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: move, cairn: { feet: 45 } }) { cairn { ${TURN} } } }`,
        { c: c.id, k: combat.id, a: pcs[0] },
        player.auth,
      );
      expect(gqlMove.errors?.[0].extensions).toMatchObject({
        code: 'CONFLICT',
        errors: [{ field: 'cairn.feet' }],
      });
    });

    it('first-round DEX saves: each character saves when the combat begins; a failure loses round 1 only', async () => {
      const { c, pcs, dragon, combat, act } = await fight({ firstRoundSaves: true, seed: 'ambush-1' });
      const savers = combat.combatants.filter((x: { kind: string }) => x.kind === 'character');
      expect(savers).toHaveLength(5);
      const rollId = savers[0].firstRoundRollId as string;
      expect(savers.every((x: { firstRoundRollId: string }) => x.firstRoundRollId === rollId)).toBe(true);
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}`).set(c.auth).expect(200)).body;
      expect(roll.procedure).toBe('combat.cairn-dex-saves');
      const lost = savers.map((x: { lostFirstTurn: boolean }) => x.lostFirstTurn);
      expect(lost).toEqual(roll.outcome.results.map((r: { passed: boolean }) => !r.passed));
      expect(combat.combatants.find((x: { id: string }) => x.id === dragon).firstRoundRollId).toBeNull();
      const loser = pcs.find((_, i) => lost[i]);
      const winner = pcs.find((_, i) => !lost[i]);
      if (loser) {
        expectProblem(
          await act(c.auth, { actor: loser, kind: 'attack', targets: [dragon], cairn: { die: 'd6' } }),
          409,
          'CONFLICT',
          'actor',
        );
      }
      if (winner)
        await act(c.auth, { actor: winner, kind: 'attack', targets: [dragon], cairn: { die: 'd6' } }).expect(
          201,
        );
      await t.http
        .post(url(c, `/${combat.id}/rounds`))
        .set(c.auth)
        .expect(200);
      await act(c.auth, {
        actor: loser ?? pcs[0],
        kind: 'attack',
        targets: [dragon],
        cairn: { die: 'd6' },
      }).expect(201);
      // GraphQL twin of the combat's creation with a joint save: the lowest DEX rolls for all.
      const joint = await gql(
        t.server,
        `mutation($c: ID!, $a: ID!, $b: ID!) { createCombat(campaignId: $c, input: { system: cairn,
           combatants: [{ characterId: $a, side: "party" }, { characterId: $b, side: "party" }],
           jointFirstRoundSave: true, seed: "joint-1" }) { combatants { id lostFirstTurn firstRoundRollId } } }`,
        { c: c.id, a: pcs[0], b: pcs[1] },
        c.auth,
      );
      expect(joint.errors).toBeUndefined();
      const both = joint.data?.createCombat.combatants;
      expect(both[0].lostFirstTurn).toBe(both[1].lostFirstTurn);
      expect(both[0].firstRoundRollId).toBe(both[1].firstRoundRollId);
    });
  });

  describe('the die from the fiction (CA-19) and struggles (CA-02)', () => {
    const STRUGGLE = `struggle { attribute saver saverName score roll passed automatic prevails meaning odds { pass fail } seed rng faces steps { name } }`;

    it('range very-distant and a weak position impair (d4), a strong position enhances (d12), each named: stateless, action and attack route (REST and GraphQL)', async () => {
      const { c, hero, other, player, wolf, combat } = await table();
      const stateless = (
        await t.http
          .post('/v1/combat/cairn/attacks')
          .send({
            attackers: [{ die: 'd10', range: 'very-distant' }],
            target: { hp: 5, str: 10 },
            seed: 'far',
          })
          .expect(200)
      ).body;
      expect(stateless.targets[0].rolls[0]).toMatchObject({ weapon: 'd10', rolled: 'd4' });
      expect(stateless.targets[0].modifiers.map((m: { name: string }) => m.name)).toContain('very-distant');
      const viaGql = await gql(
        t.server,
        `mutation { cairnAttack(input: { attackers: [{ die: d6, position: strong }], target: { hp: 5, str: 10 }, seed: "far" }) {
           targets { rolls { rolled } modifiers { name } } } }`,
      );
      expect(viaGql.errors).toBeUndefined();
      expect(viaGql.data!.cairnAttack.targets[0].rolls[0].rolled).toBe('d12');
      expect(viaGql.data!.cairnAttack.targets[0].modifiers.map((m: { name: string }) => m.name)).toContain(
        'strong-position',
      );
      expectProblem(
        await t.http
          .post('/v1/combat/cairn/attacks')
          .send({ attackers: [{ die: 'd6', range: 'far' }], target: { hp: 5, str: 10 } }),
        400,
        'VALIDATION_FAILED',
        'attackers[0].range',
      );
      // The stored action: the die kept is the impaired d4, the modifier named.
      const act = (
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({
            actor: hero.id,
            kind: 'attack',
            targets: [wolf.id],
            cairn: { die: 'd10', range: 'very-distant' },
          })
          .expect(201)
      ).body;
      expect(act.cairn.attack.targets[0].rolls[0].rolled).toBe('d4');
      expect(act.cairn.attack.targets[0].kept).toBeLessThanOrEqual(4);
      expect(act.cairn.attack.targets[0].modifiers.map((m: { name: string }) => m.name)).toContain(
        'very-distant',
      );
      // The attack route (GraphQL): a weak position, d4.
      const route = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAttack(campaignId: $c, combatId: $k,
           input: { attacker: $a, target: $t, die: d12, position: weak }) { attack { targets { rolls { rolled } modifiers { name } } } } }`,
        { c: c.id, k: combat.id, a: other.id, t: wolf.id },
        c.auth,
      );
      expect(route.errors).toBeUndefined();
      expect(route.data!.combatAttack.attack.targets[0].rolls[0].rolled).toBe('d4');
      expect(
        route.data!.combatAttack.attack.targets[0].modifiers.map((m: { name: string }) => m.name),
      ).toContain('weak-position');
    });

    it('a struggle: the target saves by default (atRisk: actor the actor), one logged roll, exact odds; the action of the turn; stateless twin (REST and GraphQL)', async () => {
      const { c, hero, other, player, wolf, lurker, combat } = await table();
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${wolf.id}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: { ...CAIRN, str: { max: 15 }, maxHp: 40, hp: 40 } })
        .expect(200);
      const body = {
        actor: hero.id,
        kind: 'struggle',
        targets: [wolf.id],
        cairn: { attribute: 'str' },
        seed: 'shove',
      };
      const res = (
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .set('Idempotency-Key', `s-${combat.id}`)
          .send(body)
          .expect(201)
      ).body;
      expect(res.cairn.struggle).toMatchObject({
        attribute: 'str',
        saver: 'target',
        saverName: 'Wolf',
        score: 15,
      });
      expect(res.cairn.struggle.odds.pass).toBeCloseTo(15 / 20, 12);
      expect(res.cairn.struggle.prevails).toBe(res.cairn.struggle.passed ? 'target' : 'actor');
      expect(res.targets).toEqual([{ id: wolf.id, damage: null }]);
      expect(res.cairn.turn).toMatchObject({ action: 'struggle', actionLeft: false });
      const again = (
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .set('Idempotency-Key', `s-${combat.id}`)
          .send(body)
          .expect(201)
      ).body;
      expect(again).toEqual(res);
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.rollId}`).set(c.auth).expect(200))
        .body;
      expect(roll.procedure).toBe('combat.cairn-struggle');
      expect(roll.outcome.roll).toBe(res.cairn.struggle.roll);
      // The same inputs on the stateless route give the same save.
      const stateless = (
        await t.http
          .post('/v1/combat/cairn/struggles')
          .send({
            attribute: 'str',
            actor: { name: 'Hero', score: 12 },
            target: { name: 'Wolf', score: 15 },
            seed: 'shove',
          })
          .expect(200)
      ).body;
      expect(stateless).toMatchObject({
        roll: res.cairn.struggle.roll,
        passed: res.cairn.struggle.passed,
        saver: 'target',
      });
      // CA-17: the struggle was the hero's action.
      expectProblem(
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({ ...body, seed: 'again' }),
        409,
        'CONFLICT',
        'actor',
      );
      // GraphQL: the actor most at risk saves (the referee acts for another character).
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: struggle, targets: [$t], cairn: { attribute: dex, atRisk: actor }, seed: "leap" }) { rollId cairn { ${STRUGGLE} } } }`,
        { c: c.id, k: combat.id, a: other.id, t: wolf.id },
        c.auth,
      );
      expect(viaGql.errors).toBeUndefined();
      expect(viaGql.data!.combatAction.cairn.struggle).toMatchObject({
        saver: 'actor',
        saverName: 'Other',
        score: 10,
      });
      const statelessGql = await gql(
        t.server,
        `mutation { cairnStruggle(input: { attribute: dex, actor: { score: 10 }, target: { score: 10 }, atRisk: actor, seed: "leap" }) { saver roll passed odds { pass } } }`,
      );
      expect(statelessGql.errors).toBeUndefined();
      expect(statelessGql.data!.cairnStruggle).toMatchObject({
        saver: 'actor',
        roll: viaGql.data!.combatAction.cairn.struggle.roll,
        odds: { pass: 0.5 },
      });
      // Refusals name the field and change nothing.
      await t.http
        .post(url(c, `/${combat.id}/rounds`))
        .set(c.auth)
        .expect(200);
      const bad = (extra: object) =>
        t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({ actor: hero.id, kind: 'struggle', targets: [wolf.id], ...extra });
      expectProblem(await bad({ cairn: {} }), 400, 'VALIDATION_FAILED', 'cairn.attribute');
      expectProblem(
        await bad({ cairn: { attribute: 'str', die: 'd6' } }),
        400,
        'VALIDATION_FAILED',
        'cairn.die',
      );
      expectProblem(
        await bad({ targets: [], cairn: { attribute: 'str' } }),
        400,
        'VALIDATION_FAILED',
        'targets',
      );
      expectProblem(await bad({ cairn: { attribute: 'cha' } }), 400, 'VALIDATION_FAILED', 'cairn.attribute');
      expectProblem(
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({
            actor: hero.id,
            kind: 'attack',
            targets: [wolf.id],
            cairn: { die: 'd6', attribute: 'str' },
          }),
        400,
        'VALIDATION_FAILED',
        'cairn.attribute',
      );
      // A struggle with a hidden NPC is sealed for the player.
      const sealed = (
        await t.http
          .post(url(c, `/${combat.id}/actions`))
          .set(player.auth)
          .send({ actor: hero.id, kind: 'struggle', targets: [lurker.id], cairn: { attribute: 'wil' } })
          .expect(201)
      ).body;
      expect(sealed).toMatchObject({ sealed: true, cairn: null, targets: [{ id: lurker.id, damage: null }] });
    });
  });
});
