import { DATABASE_KIND, startApp, TestApp } from './harness';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

describe(`combat, stateless (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const post = (path: string, body: object) => t.http.post(`/v1/combat/${path}`).send(body);
  const sum = (odds: Record<string, number>) => Object.values(odds).reduce((a, b) => a + b, 0);

  describe('COEAC', () => {
    it('an exchange: faces, winner, damage, every modifier named, exact odds; the same seed replays', async () => {
      const body = {
        attacker: { pool: 4, bonusDice: 1, freeSuccesses: 1, supporters: 2 },
        defender: { pool: 5 },
        seed: 'ex-1',
      };
      const res = await post('coeac/exchanges', body).expect(200);
      expect(res.body.attacker.dice).toBe(7);
      expect(res.body.modifiers.map((m: { name: string }) => m.name)).toEqual([
        'pool',
        'bonus-dice',
        'ganging-up',
        'free-successes',
        'defender-pool',
      ]);
      const { attacker, defender } = res.body;
      const a = attacker.successes;
      const d = defender.successes;
      if (a > d) expect(res.body.damageToDefender).toBe(a - d + 1);
      else if (a < d) expect(res.body.damageToEachSupporter).toBe(d - a);
      else expect([res.body.damageToDefender, res.body.damageToAttacker]).toEqual([1, 1]);
      const o = res.body.odds;
      expect(o.attackerWins + o.tie + o.defenderWins + o.none).toBeCloseTo(1, 12);
      expect(sum(o.damageToDefender)).toBeCloseTo(1, 12);
      expect(res.body.seed).toBe('ex-1');
      expect((await post('coeac/exchanges', body).expect(200)).body).toEqual(res.body);
    });

    it('a helpless target and the Vigor save; ambush', async () => {
      const res = await post('coeac/exchanges', {
        attacker: { pool: 6 },
        defender: { pool: 3, helpless: true, vigorPool: 2 },
        seed: 'h',
      }).expect(200);
      expect(res.body.defender.rolled).toBe(false);
      expect(res.body.damageToDefender).toBe(res.body.attacker.successes);
      const ambush = await post('coeac/ambushes', { place: 'town', pool: 3, objective: 2, seed: 'a' }).expect(
        200,
      );
      expect(ambush.body.skill).toBe('Streetwise');
      expect(ambush.body.odds.spotted).toBeCloseTo(0.5, 12);
    });

    it('refuses bad input naming the field, never a 5xx', async () => {
      expectProblem(
        await post('coeac/exchanges', { attacker: { pool: -1 }, defender: { pool: 2 } }),
        400,
        'VALIDATION_FAILED',
        'attacker.pool',
      );
      expectProblem(
        await post('coeac/exchanges', {
          attacker: { pool: 2, ranged: true, ammunition: 0 },
          defender: { pool: 2 },
        }),
        400,
        'VALIDATION_FAILED',
        'attacker.ammunition',
      );
      expectProblem(
        await post('coeac/exchanges', {
          attacker: { pool: 2 },
          defender: { pool: 2, helpless: true, fullDefense: true },
        }),
        400,
        'VALIDATION_FAILED',
        'defender.fullDefense',
      );
    });
  });

  describe('Cairn', () => {
    it('keeps the highest die, takes Armor, and answers the harm route’s own answer', async () => {
      const res = await post('cairn/attacks', {
        attackers: [{ die: 'd6' }, { die: 'd8' }],
        target: { hp: 3, str: 10, armor: 1 },
        seed: 'c1',
      }).expect(200);
      const [target] = res.body.targets;
      expect(target.kept).toBe(Math.max(...target.rolls.map((r: { face: number }) => r.face)));
      const harm = await t.http
        .post('/v1/harm/cairn/damage')
        .send({ hp: 3, str: 10, armor: 1, damage: target.kept, seed: 'c1' })
        .expect(200);
      expect(target.harm.hp).toBe(harm.body.hp);
      expect(target.harm.dealt).toBe(harm.body.dealt);
      expect(target.harm.str).toBe(harm.body.str);
      expect(sum(target.odds.kept)).toBeCloseTo(1, 12);
    });

    it('a blast on five characters, and a detachment routed or hurt', async () => {
      const five = [1, 2, 3, 4, 5].map((i) => ({ name: `pc${i}`, hp: 4, str: 10 }));
      const blast = await post('cairn/attacks', {
        attackers: [{ die: 'd10' }],
        targets: five,
        blast: true,
        seed: 'b',
      }).expect(200);
      expect(blast.body.targets).toHaveLength(5);
      const det = await post('cairn/attacks', {
        attackers: [{ die: 'd12' }],
        target: { hp: 0, str: 8, detachment: true },
        seed: 'd',
      }).expect(200);
      expect(det.body.targets[0].rolls[0].rolled).toBe('d4');
      expect(det.body.targets[0].detachment).toEqual({
        routed: det.body.targets[0].harm.state === 'critical',
        destroyed: det.body.targets[0].harm.str === 0,
      });
      const saves = await post('cairn/dex-saves', {
        kind: 'retreat',
        characters: [{ dex: 9 }, { dex: 14 }],
        joint: true,
        seed: 's',
      }).expect(200);
      expect(saves.body.saver).toBe(0);
      expectProblem(
        await post('cairn/attacks', { attackers: [{ die: 'd7' }], target: { hp: 1, str: 1 } }),
        400,
        'VALIDATION_FAILED',
        'attackers[0].die',
      );
      expectProblem(
        await post('cairn/attacks', { attackers: [{ die: 'd6' }], targets: five }),
        400,
        'VALIDATION_FAILED',
        'targets',
      );
    });
  });

  describe('G&M', () => {
    it('an attack with cover and a called shot, every modifier named', async () => {
      const res = await post('gm/attacks', {
        attackBonus: 4,
        defense: 3,
        cover: 'strong',
        calledShot: true,
        damage: 'd8+4',
        seed: 'g',
      }).expect(200);
      expect(res.body.target).toBe(11 + 4 - 3 - 1 - 3);
      expect(res.body.modifiers.map((m: { name: string }) => m.name)).toEqual([
        'base',
        'attack-bonus',
        'defense',
        'cover',
        'called-shot',
      ]);
      expect(res.body.odds.hit).toBe(8 / 20);
      expect(sum(res.body.odds.damage)).toBeCloseTo(1, 12);
      expectProblem(
        await post('gm/attacks', { attackBonus: 0, defense: 0, damage: 'banana' }),
        400,
        'VALIDATION_FAILED',
        'damage',
      );
    });

    it('group effort, mass conflict, psychic attack', async () => {
      const group = await post('gm/group-efforts', {
        members: [{ target: 17 }, { target: 17 }],
        seed: 'q',
      }).expect(200);
      expect(group.body.target).toBe(18);
      const unit = await post('gm/mass-conflicts', { size: 12, medianSurvival: 5, seed: 'q' }).expect(200);
      expect(unit.body).toMatchObject({ bonus: 3, survival: 20, extraActions: 3 });
      const psy = await post('gm/psychic-attacks', {
        action: 'attack',
        attacker: { charisma: 14, monkLevel: 2, verve: 5 },
        defender: { verve: 3, survival: 4 },
        seed: 'q',
      }).expect(200);
      expect(psy.body.target).toBe(11);
      const grab = await post('gm/maneuvers', {
        kind: 'grapple-hold',
        score: 10,
        opponentScore: 12,
        seed: 'q',
      }).expect(200);
      expect(grab.body.rolls).toHaveLength(2);
      expectProblem(await post('gm/maneuvers', { kind: 'quickdraw' }), 400, 'VALIDATION_FAILED', 'score');
    });
  });

  describe('GraphQL twins', () => {
    it('answer what REST answers', async () => {
      const rest = await post('coeac/exchanges', {
        attacker: { pool: 3 },
        defender: { pool: 3 },
        seed: 'twin',
      }).expect(200);
      const answer = await gql(
        t.server,
        `mutation($input: CoeacExchangeInput!) { coeacExchange(input: $input) {
           winner margin damageToDefender damageToAttacker faces seed rng
           attacker { dice faces successes } modifiers { name value detail }
           odds { attackerWins tie defenderWins none damageToDefender damageToAttacker stray downAndOut } } }`,
        { input: { attacker: { pool: 3 }, defender: { pool: 3 }, seed: 'twin' } },
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.coeacExchange).toMatchObject({
        winner: rest.body.winner,
        faces: rest.body.faces,
        odds: rest.body.odds,
        modifiers: rest.body.modifiers,
      });
      const all = await gql(
        t.server,
        `mutation {
          coeacAmbush(input: { place: wilderness, pool: 3, objective: 1, seed: "q" }) { skill freeRound }
          cairnAttack(input: { attackers: [{ die: d8 }], target: { hp: 3, str: 9 }, seed: "q" }) { targets { kept harm { hp state seed } odds { kept dealt } } }
          cairnDexSaves(input: { kind: first_round, characters: [{ dex: 10 }], seed: "q" }) { results { passed effect } }
          gmAttack(input: { attackBonus: 1, defense: 3, damage: "d8", seed: "q" }) { target hit odds { hit } }
          gmGroupEffort(input: { size: 12, target: 9, seed: "q" }) { bonus target }
          gmMassConflict(input: { size: 12, medianSurvival: 5 }) { survival }
          gmManeuver(input: { kind: multi_action, actions: 2 }) { rounds result }
          gmPsychicAttack(input: { action: exit, attacker: { charisma: 10, reason: 12, monkLevel: 1, verve: 1 }, seed: "q" }) { target }
        }`,
      );
      expect(all.errors).toBeUndefined();
      expect(all.data?.cairnAttack.targets[0].harm.seed).toBe('q');
      expect(all.data?.gmAttack.target).toBe(9);
      expect(all.data?.gmGroupEffort).toEqual({ bonus: 3, target: 12 });
      expect(all.data?.gmMassConflict.survival).toBe(20);
      expect(all.data?.gmManeuver).toEqual({ rounds: 1, result: 'rounds' });
      expect(all.data?.gmPsychicAttack.target).toBe(12);
      const bad = await gql(t.server, `mutation { gmAttack(input: { attackBonus: 0, defense: 0 }) { hit } }`);
      expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
    });
  });
});
