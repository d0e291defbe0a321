import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { DATABASE_KIND, startApp, TestApp } from './harness';

const toromeen = { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 };
const toromeenRolled = { ...toromeen, endurance: 14, charisma: 9 };

describe(`character builder, NPC makers and check helpers over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('G&M builder', () => {
    it('rolls six 4d6-keep-3 scores, the same for the same seed, in both APIs', async () => {
      const res = await t.http.post('/v1/characters/gm/ability-rolls').send({ seed: 'toromeen' }).expect(200);
      expect(res.body.scores).toHaveLength(6);
      expect(res.body.faces).toHaveLength(24);
      expect(res.body.distribution).toHaveLength(16);
      expect(res.body).toMatchObject({ seed: 'toromeen', rng: 'xoroshiro128plus@1', rollId: null });
      expect(res.body.receipt.document.procedure).toBe('characters.gm-ability-rolls');
      const q = await gql(
        t.server,
        'mutation { gmAbilityRolls(input: { seed: "toromeen" }) { scores { faces kept dropped total } faces seed } }',
      );
      expect(q.data?.gmAbilityRolls.scores).toEqual(res.body.scores);
    });

    it('derives Toromeen (001:328–404) with species data and the mojo trade', async () => {
      const body = {
        abilities: toromeenRolled,
        archetype: 'warrior',
        abilityAdjustments: { endurance: 1, charisma: -1 },
        specials: { reactions: { health: 2 }, baseMovement: 8 },
        startingPurchases: 27,
      };
      const res = await t.http.post('/v1/characters/gm/derivations').send(body).expect(200);
      expect(res.body).toMatchObject({
        abilities: toromeen,
        mojo: 16,
        survival: 7,
        verve: 7,
        reactions: { health: 10, fortitude: 10, willpower: 6, evasion: 4, reason: 6, perception: 3 },
        defense: 0,
        attack: { close: 2, thrown: 0, propelled: 0 },
        damage: { close: 4, thrown: 2 },
        movement: 10,
        maxItemBulk: 18,
        startingSilver: 18,
        startingMoney: { silver: 18, cost: 27, mojoTraded: 1, silverLeft: 21, mojoLeft: 15 },
      });
      const q = await gql(
        t.server,
        `query($input: GmDerivationInput!) { gmDerivation(input: $input) {
          mojo survival verve reactions { health fortitude willpower evasion reason perception }
          movement startingMoney { silverLeft mojoLeft } } }`,
        { input: body },
      );
      expect(q.data?.gmDerivation).toEqual({
        mojo: 16,
        survival: 7,
        verve: 7,
        reactions: res.body.reactions,
        movement: 10,
        startingMoney: { silverLeft: 21, mojoLeft: 15 },
      });
    });

    it('rolls age, height and weight from species numbers', async () => {
      const body = {
        abilities: toromeen,
        speciesBody: { baseAge: 120, ageDice: 8, baseHeight: 41, heightDice: 2, baseWeight: 80 },
        seed: 'body',
      };
      const res = await t.http.post('/v1/characters/gm/body-rolls').send(body).expect(200);
      const heightDice = res.body.rolls.height.reduce((a: number, b: number) => a + b, 0);
      expect(res.body.height).toBe(41 + heightDice + 1 + 4);
      expect(res.body.weight).toBe(80 + 10 * (heightDice + 2 + 2));
      const q = await gql(
        t.server,
        'mutation($input: GmBodyRollInput!) { gmBodyRoll(input: $input) { age height weight } }',
        { input: body },
      );
      expect(q.data?.gmBodyRoll).toEqual({
        age: res.body.age,
        height: res.body.height,
        weight: res.body.weight,
      });
      const bad = await t.http
        .post('/v1/characters/gm/body-rolls')
        .send({ ...body, speciesBody: { baseAge: 1 } });
      expectProblem(bad, 400, 'VALIDATION_FAILED', 'speciesBody.baseHeight');
      const shipped = await t.http
        .post('/v1/characters/gm/body-rolls')
        .send({ abilities: toromeen, species: 'dwarf', seed: 'body' })
        .expect(200);
      expect(shipped.body.height).toBe(res.body.height);
      const none = await t.http.post('/v1/characters/gm/body-rolls').send({ abilities: toromeen });
      expectProblem(none, 422, 'INVALID_INPUT', 'species');
    });

    it('lists the shipped dwarf and builds Toromeen from it', async () => {
      const list = await t.http.get('/v1/characters/gm/species').expect(200);
      expect(list.body.items.map((s: { id: string }) => s.id)).toEqual(['dwarf']);
      const q = await gql(t.server, '{ gmSpecies { items { id baseMovement body { baseAge ageDice } } } }');
      expect(q.data?.gmSpecies.items).toEqual([
        { id: 'dwarf', baseMovement: 8, body: { baseAge: 120, ageDice: 8 } },
      ]);
      const res = await t.http
        .post('/v1/characters/gm/derivations')
        .send({ abilities: toromeenRolled, archetype: 'warrior', species: 'dwarf' })
        .expect(200);
      expect(res.body).toMatchObject({ species: 'dwarf', abilities: toromeen, movement: 10 });
      expect(res.body.reactions.health).toBe(10);
      expectProblem(
        await t.http
          .post('/v1/characters/gm/derivations')
          .send({ abilities: toromeen, archetype: 'warrior', species: 'elf' }),
        400,
        'VALIDATION_FAILED',
        'species',
      );
    });

    it('names archetype on an unknown one (400) in both APIs', async () => {
      const res = await t.http
        .post('/v1/characters/gm/derivations')
        .send({ abilities: toromeen, archetype: 'bard' });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'archetype');
      const bad = await t.http
        .post('/v1/characters/gm/derivations')
        .send({ abilities: { ...toromeen, wisdom: 0 }, archetype: 'monk' });
      // A refusal names the field by its new name (`attributes`), whichever name was sent.
      expectProblem(bad, 400, 'VALIDATION_FAILED', 'attributes.wisdom');
      const q = await gql(
        t.server,
        '{ gmDerivation(input: { abilities: { strength: 1, agility: 1, endurance: 1, intelligence: 1, wisdom: 1, charisma: 1 }, archetype: bard }) { mojo } }',
      );
      expect(q.errors?.length).toBeGreaterThan(0);
    });
  });

  describe('NPC makers', () => {
    it('rolls a Cairn hireling as an NPC sheet, the same in both APIs', async () => {
      const res = await t.http
        .post('/v1/characters/cairn/hirelings')
        .send({ role: 'Torchbearer', seed: 'hire-1' })
        .expect(200);
      expect(res.body.kind).toBe('hireling');
      const { str, hp, maxHp, armor } = res.body.sheets.cairn;
      expect(str.current).toBe(res.body.rolls.str.reduce((a: number, b: number) => a + b, 0));
      expect(str.max).toBe(str.current);
      expect(hp).toBe(maxHp);
      expect(armor).toBe(0);
      const q = await gql(
        t.server,
        'mutation { cairnHireling(input: { role: "Torchbearer", seed: "hire-1" }) { sheets { cairn { str { current max } dex { current max } wil { current max } hp maxHp armor } } } }',
      );
      expect(q.data?.cairnHireling.sheets).toEqual(res.body.sheets);
      expectProblem(
        await t.http.post('/v1/characters/cairn/hirelings').send({ armor: 4 }),
        400,
        'VALIDATION_FAILED',
        'armor',
      );
    });

    it('hires a COEAC Porter: Pool 2, 2 HP, 3 slots', async () => {
      const res = await t.http.post('/v1/characters/coeac/hirelings').send({ item: 'porter' }).expect(200);
      expect(res.body.sheets.coeac).toEqual({ pool: 2, hp: 2, maxHp: 2, role: 'Porter', carrierSlots: 3 });
      expect(res.body.morale.check).toBe('versus');
      const q = await gql(
        t.server,
        '{ coeacHireling(input: { item: "porter" }) { kind sheets { coeac { pool hp maxHp role carrierSlots } } } }',
      );
      expect(q.data?.coeacHireling).toEqual({ kind: 'hireling', sheets: res.body.sheets });
      expectProblem(
        await t.http.post('/v1/characters/coeac/hirelings').send({ item: 'Warhorse' }),
        422,
        'INVALID_INPUT',
        'item',
      );
      expectProblem(
        await t.http.post('/v1/characters/coeac/hirelings').send({}),
        400,
        'VALIDATION_FAILED',
        'item',
      );
    });

    it('makes followers and animals with their morale rule, and refills a Feat follower', async () => {
      const squire = await t.http
        .post('/v1/characters/coeac/followers')
        .send({ kind: 'follower', pool: 3, hp: 3, role: 'Squire' })
        .expect(200);
      expect(squire.body.morale.check).toBe('none');
      const mule = await t.http
        .post('/v1/characters/coeac/followers')
        .send({ kind: 'animal', pool: 2, hp: 4, role: 'Mule', packAnimal: true })
        .expect(200);
      expect(mule.body).toMatchObject({
        morale: { check: 'rating' },
        sheets: { coeac: { carrierSlots: 6 } },
      });
      const morale = await t.http
        .post('/v1/characters/coeac/morale-checks')
        .send({ subject: 'trained-animal', rating: 3, seed: 'mule' })
        .expect(200);
      expect(morale.body).toMatchObject({ rolled: true, target: 3, odds: { pass: 0.5 }, seed: 'mule' });
      const gm = await gql(
        t.server,
        'mutation { npcMoraleCheck(input: { subject: trained_animal, rating: 3, seed: "mule" }) { passed faces } follower: npcMoraleCheck(input: { subject: follower }) { rolled passed } }',
      );
      expect(gm.data).toEqual({
        npcMoraleCheck: { passed: morale.body.passed, faces: morale.body.faces },
        follower: { rolled: false, passed: true },
      });
      expectProblem(
        await t.http.post('/v1/characters/coeac/morale-checks').send({ subject: 'ghost' }),
        400,
        'VALIDATION_FAILED',
        'subject',
      );
      const loss = await t.http
        .post('/v1/characters/coeac/follower-losses')
        .send({ source: 'feat', lostInSession: 4 })
        .expect(200);
      expect(loss.body).toEqual({ replaceable: true, recruitDays: 7, availableFromSession: 5 });
      const q = await gql(
        t.server,
        '{ followerLoss(input: { source: fiction, lostInSession: 4 }) { replaceable } coeacFollower(input: { kind: follower, pool: 3, hp: 3, role: "Squire" }) { morale { check } } }',
      );
      expect(q.data).toEqual({
        followerLoss: { replaceable: false },
        coeacFollower: { morale: { check: 'none' } },
      });
      expectProblem(
        await t.http.post('/v1/characters/coeac/follower-losses').send({ source: 'luck', lostInSession: 1 }),
        400,
        'VALIDATION_FAILED',
        'source',
      );
    });
  });

  describe('check helpers', () => {
    it('labels an Objective from its Factors', async () => {
      const body = {
        factors: [
          { name: 'darkness' },
          { name: 'time', baseline: true },
          { name: 'guards' },
          { name: 'rain' },
          { name: 'wounds' },
        ],
      };
      const res = await t.http.post('/v1/checks/objective').send(body).expect(200);
      expect(res.body).toMatchObject({ objective: 4, label: 'Hard' });
      const q = await gql(
        t.server,
        'query($input: ObjectiveFromFactorsInput!) { coeacObjective(input: $input) { objective label } }',
        { input: body },
      );
      expect(q.data?.coeacObjective).toEqual({ objective: 4, label: 'Hard' });
      expectProblem(
        await t.http.post('/v1/checks/objective').send({ factors: [{}] }),
        400,
        'VALIDATION_FAILED',
        'factors[0].name',
      );
    });

    it('rolls a pool test with the critical flag and exact odds', async () => {
      const res = await t.http
        .post('/v1/checks/pool-critical')
        .send({ pool: 8, objective: 2, seed: 'crit' })
        .expect(200);
      expect(['success', 'failure', null]).toContain(res.body.critical);
      expect(res.body.odds.criticalSuccess).toBeGreaterThan(0);
      const q = await gql(
        t.server,
        'mutation { criticalPoolCheck(input: { pool: 8, objective: 2, seed: "crit" }) { faces critical odds { success criticalSuccess criticalFailure } } }',
      );
      expect(q.data?.criticalPoolCheck).toEqual({
        faces: res.body.faces,
        critical: res.body.critical,
        odds: res.body.odds,
      });
    });

    it('runs an extended test toward a ratio', async () => {
      const body = {
        pool: 4,
        objective: 2,
        tests: 6,
        goal: { ratio: { passes: 2, failures: 1 } },
        seed: 'ext',
      };
      const res = await t.http.post('/v1/checks/extended').send(body).expect(200);
      expect(res.body.passesNeeded).toBe(4);
      const q = await gql(
        t.server,
        'mutation($input: ExtendedCheckInput!) { extendedCheck(input: $input) { passes passed odds { success } } }',
        { input: body },
      );
      expect(q.data?.extendedCheck).toEqual({
        passes: res.body.passes,
        passed: res.body.passed,
        odds: res.body.odds,
      });
      expectProblem(
        await t.http.post('/v1/checks/extended').send({ ...body, tests: 0 }),
        400,
        'VALIDATION_FAILED',
        'tests',
      );
    });

    it('halves a damage result after adding +Ns', async () => {
      const res = await t.http
        .post('/v1/checks/damage-halving')
        .send({ rolled: 4, freeSuccesses: 1 })
        .expect(200);
      expect(res.body).toEqual({ rolled: 4, freeSuccesses: 1, total: 5, halved: 3 });
      const q = await gql(t.server, '{ damageHalving(input: { rolled: 4, freeSuccesses: 1 }) { halved } }');
      expect(q.data?.damageHalving).toEqual({ halved: 3 });
      expectProblem(
        await t.http.post('/v1/checks/damage-halving').send({ rolled: -1 }),
        400,
        'VALIDATION_FAILED',
        'rolled',
      );
    });

    it('reproduces the herbalist’s assistance (001:738)', async () => {
      const body = {
        score: 12,
        fieldBonus: 0,
        carefulSteps: 1,
        assistedBy: { score: 15, fieldBonus: 2, helping: 3 },
        seed: 'herb',
      };
      const res = await t.http.post('/v1/checks/gm-task').send(body).expect(200);
      expect(res.body.assistance).toMatchObject({ target: 16, odds: { success: 0.8 } });
      expect(res.body.modifiers.careful).toBe(1);
      const q = await gql(
        t.server,
        'mutation($input: GmTaskCheckInput!) { gmTaskCheck(input: $input) { roll target passed assistance { roll target } } }',
        { input: body },
      );
      expect(q.data?.gmTaskCheck).toMatchObject({ roll: res.body.roll, target: res.body.target });
      expectProblem(
        await t.http.post('/v1/checks/gm-task').send({ score: 10, carefulSteps: 9 }),
        400,
        'VALIDATION_FAILED',
        'carefulSteps',
      );
    });

    it('runs a three-way race with exact odds', async () => {
      const body = {
        sides: [
          { name: 'Ana', score: 14 },
          { name: 'Bo', score: 12 },
          { name: 'Cy', score: 9 },
        ],
        seed: 'race',
      };
      const res = await t.http.post('/v1/checks/gm-multi-contest').send(body).expect(200);
      const total =
        res.body.odds.wins.reduce((s: number, w: { probability: number }) => s + w.probability, 0) +
        res.body.odds.noWinner;
      expect(total).toBeCloseTo(1, 10);
      const q = await gql(
        t.server,
        'mutation($input: MultiContestCheckInput!) { gmMultiContestCheck(input: $input) { winner faces } }',
        { input: body },
      );
      expect(q.data?.gmMultiContestCheck).toEqual({ winner: res.body.winner, faces: res.body.faces });
      expectProblem(
        await t.http.post('/v1/checks/gm-multi-contest').send({ sides: [{ name: 'A', score: 3 }] }),
        400,
        'VALIDATION_FAILED',
        'sides',
      );
      const dup = await gql(
        t.server,
        'mutation { gmMultiContestCheck(input: { sides: [{ name: "A", score: 3 }, { name: "A", score: 4 }] }) { winner } }',
      );
      expect(codes(dup)).toContain('INVALID_INPUT');
    });
  });
});
