import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { cairnCast } from '../../src/core/magic/cairn';
import { sheetDamage } from '../../src/core/harm/campaign';
import { createRng, Dice } from '../../src/core/random';

/*
 * Issue 39, the campaign engine for Cairn and Archsoul (../shared/coverage/archsoul-cairn.md): every
 * change to a stored character goes through its system's one transition, over REST and GraphQL.
 */

type Via = 'rest' | 'graphql';
const VIAS: Via[] = ['rest', 'graphql'];

describe(`the campaign engine: Cairn and Archsoul (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const base = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;
  const replays = async (c: CampaignFixture, rollId: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}/replay`).set(c.auth).expect(200)).body.matches;
  const sheetOf = async (c: CampaignFixture, id: string, system: string) =>
    (
      await t.http
        .get(`${base(c, id)}/sheets/${system}`)
        .set(c.auth)
        .expect(200)
    ).body.sheet;
  const putSheet = (c: CampaignFixture, id: string, system: string, sheet: object) =>
    t.http
      .put(`${base(c, id)}/sheets/${system}`)
      .set(c.auth)
      .send({ sheet })
      .expect(200);

  describe('1. a failed Cairn cast’s harm goes through the transition (004:146)', () => {
    const CASTER = { str: { max: 10 }, dex: { max: 12 }, wil: { max: 3 }, maxHp: 4, hp: 1, deprived: true };
    const failure = { damage: 'd6', fatigue: 0 };
    const castInput = {
      from: 'spellbook',
      spell: 45,
      deprived: true,
      wil: 3,
      freeSlots: 9,
      carrierSlots: 1,
      failure,
    };

    it.each(VIAS)(
      'damage past HP is the transition’s: STR, the critical save, the state (%s)',
      async (via) => {
        const c = await createCampaign(t.server);
        const hero = await createCharacter(t.server, c, { name: 'Wren' });
        await putSheet(c, hero.id, 'cairn', CASTER);
        const book = (
          await t.http
            .post(`${base(c, hero.id)}/magic/cairn/items`)
            .set(c.auth)
            .send({ kind: 'spellbook', spell: 'Knock' })
            .expect(201)
        ).body;
        // A seed whose save fails and whose damage passes the 1 HP left (into STR).
        let seed = '';
        for (let i = 0; i < 500 && !seed; i++) {
          const o = cairnCast(castInput as never, new Dice(createRng(`knock-${via}-${i}`)));
          if (o.riskySave?.passed === false && (o.failure?.damage ?? 0) >= 3) seed = `knock-${via}-${i}`;
        }
        expect(seed).not.toBe('');
        // One roll (`magic.cairn-cast.v2`): the cast's draws, then the harm's on the same dice.
        const dice = new Dice(createRng(seed));
        const cast = cairnCast(castInput as never, dice);
        const damage = cast.failure!.damage!;
        // What the Cairn transition makes of that damage on this sheet, past Armor.
        const expected = sheetDamage(
          {
            system: 'cairn',
            hp: 1,
            maxHp: 4,
            str: 10,
            dex: 12,
            wil: 3,
            maxDex: 12,
            maxWil: 3,
            armor: 0,
            damage,
            die: null,
            target: 'hp',
            doomed: false,
            npc: false,
            stateBefore: 'up',
          },
          dice,
        );
        let answer: {
          rollId: string;
          failure: { damage: number };
          harm: { hp: number; str: number; strLost: number; state: string };
          harmRoll: { rollId: string; state: string };
        };
        if (via === 'rest') {
          answer = (
            await t.http
              .post(`${base(c, hero.id)}/magic/cairn/casts`)
              .set(c.auth)
              .send({ itemId: book.itemId, failure, seed })
              .expect(201)
          ).body;
        } else {
          const g = await gql(
            t.server,
            `mutation($c: ID!, $h: ID!, $input: CairnCampaignCastInput!) {
            characterCairnCast(campaignId: $c, characterId: $h, input: $input) {
              rollId failure { damage } harm { hp str strLost state } harmRoll { rollId state } } }`,
            { c: c.id, h: hero.id, input: { itemId: book.itemId, failure, seed } },
            c.auth,
          );
          expect(g.errors).toBeUndefined();
          answer = g.data!.characterCairnCast;
        }
        expect(answer.failure.damage).toBe(damage);
        expect(answer.harmRoll.state).toBe(expected.state);
        expect(answer.harm.state).toBe((expected.detail.cairnDamage as { state: string }).state);
        const sheet = await sheetOf(c, hero.id, 'cairn');
        expect(sheet.hp).toBe(0);
        expect(sheet.str.current).toBe(answer.harm.str);
        expect(sheet.str.current).toBe(10 - answer.harm.strLost);
        expect(sheet.harm.state).toBe(expected.state);
        const roll = (
          await t.http.get(`/v1/campaigns/${c.id}/rolls/${answer.harmRoll.rollId}`).set(c.auth).expect(200)
        ).body;
        // The harm is the cast's own roll, which logs the caster's state before the loss.
        expect(answer.harmRoll.rollId).toBe(answer.rollId);
        expect(roll.procedure).toBe('magic.cairn-cast.v2');
        expect(roll.inputs).toMatchObject({ harm: { system: 'cairn', armor: 0, hp: 1, str: 10 } });
        expect(await replays(c, answer.rollId)).toBe(true);
      },
    );
  });

  describe('2. M2: scar 6 keeps the new STR as rolled, its maximum raised (004:126)', () => {
    it.each(VIAS)('the answer and the stored sheet agree: STR 5/12 → 16/16 (%s)', async (via) => {
      const c = await createCampaign(t.server);
      const rook = await createCharacter(t.server, c, { name: 'Rook' });
      await putSheet(c, rook.id, 'cairn', {
        str: { max: 12, current: 5 },
        dex: { max: 10 },
        wil: { max: 10 },
        maxHp: 6,
        hp: 6,
      });
      let answer: { scar: string; changes: Array<{ path: string; delta: number }>; rollId: string };
      if (via === 'rest') {
        answer = (
          await t.http
            .post(`${base(c, rook.id)}/damage`)
            .set(c.auth)
            .send({ system: 'cairn', amount: 6, seed: 'rook-33' })
            .expect(201)
        ).body;
      } else {
        const g = await gql(
          t.server,
          `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
             input: { system: cairn, amount: 6, seed: "rook-33" }) { scar changes { path delta } rollId } }`,
          { c: c.id, h: rook.id },
          c.auth,
        );
        expect(g.errors).toBeUndefined();
        answer = g.data!.damageCharacter;
      }
      expect(answer.scar).toBe('Reorienting Head Wound');
      expect(answer.changes).toEqual([
        expect.objectContaining({ path: 'hp', delta: -6 }),
        expect.objectContaining({ path: 'str.max', delta: 4 }),
        expect.objectContaining({ path: 'str.current', delta: 11 }),
      ]);
      const sheet = await sheetOf(c, rook.id, 'cairn');
      expect(sheet.str).toMatchObject({ current: 16, max: 16 });
      expect(sheet.hp).toBe(0);
      expect(await replays(c, answer.rollId)).toBe(true);
    });
  });

  describe('3. M3: a scar’s deprivation is enforced (004:25, 123, 131)', () => {
    const damage = (c: CampaignFixture, id: string, amount: number, seed: string) =>
      t.http
        .post(`${base(c, id)}/damage`)
        .set(c.auth)
        .send({ system: 'cairn', amount, seed })
        .expect(201);
    async function rest(c: CampaignFixture, id: string, kind: string, via: Via) {
      if (via === 'rest')
        return (
          await t.http
            .post(`${base(c, id)}/rests`)
            .set(c.auth)
            .send({ system: 'cairn', kind, advanceClock: false })
            .expect(201)
        ).body as { rested: boolean; changes: Array<{ path: string; delta: number }> };
      const g = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
           input: { system: cairn, kind: ${kind}, advanceClock: false }) { rested changes { path delta } } }`,
        { c: c.id, h: id },
        c.auth,
      );
      expect(g.errors).toBeUndefined();
      return g.data!.restCharacter as { rested: boolean; changes: Array<{ path: string; delta: number }> };
    }

    it.each(VIAS)(
      'Walloped: a short rest heals nothing; a night ends the deprivation and heals (%s)',
      async (via) => {
        const c = await createCampaign(t.server);
        const hero = await createCharacter(t.server, c, { name: 'Wren' });
        await putSheet(c, hero.id, 'cairn', {
          str: { max: 10 },
          dex: { max: 10 },
          wil: { max: 10 },
          maxHp: 3,
          hp: 3,
        });
        expect((await damage(c, hero.id, 3, 'wallop')).body.scar).toBe('Walloped');
        expect((await sheetOf(c, hero.id, 'cairn')).harm.conditions).toContain('deprived');
        const short = await rest(c, hero.id, 'short', via);
        expect(short.rested).toBe(false);
        expect(short.changes).toEqual([]);
        let sheet = await sheetOf(c, hero.id, 'cairn');
        expect(sheet.hp).toBe(0);
        expect(sheet.harm.conditions).toContain('deprived');
        const night = await rest(c, hero.id, 'night', via);
        expect(night.rested).toBe(true);
        sheet = await sheetOf(c, hero.id, 'cairn');
        expect(sheet.harm.conditions).not.toContain('deprived');
        // The lost HP back, then Walloped's d6 (rolled at the blow) raises the maximum.
        expect(sheet.hp).toBe(3);
        expect(sheet.maxHp).toBeGreaterThan(3);
      },
    );

    it.each(VIAS)('a Mortal Wound: no rest heals it, and the hour kills the untended (%s)', async (via) => {
      const c = await createCampaign(t.server);
      const mara = await createCharacter(t.server, c, { name: 'Mara' });
      await putSheet(c, mara.id, 'cairn', {
        str: { max: 10 },
        dex: { max: 10 },
        wil: { max: 10 },
        maxHp: 11,
        hp: 11,
      });
      const blow = (await damage(c, mara.id, 11, 'mortal')).body;
      expect(blow.scar).toBe('Mortal Wound');
      expect(blow.state).toBe('out');
      for (const kind of ['short', 'night']) {
        const r = await rest(c, mara.id, kind, via);
        expect(r.rested).toBe(false);
        expect(r.changes).toEqual([]);
      }
      let sheet = await sheetOf(c, mara.id, 'cairn');
      expect(sheet.hp).toBe(0);
      expect(sheet.harm.state).toBe('out');
      expect(sheet.harm.conditions).toContain('dying');
      await t.http.post(`/v1/campaigns/${c.id}/clock/advance`).set(c.auth).send({ turns: 6 }).expect(200);
      sheet = await sheetOf(c, mara.id, 'cairn');
      expect(sheet.harm.state).toBe('dead');
      // Dead, and no longer dying: the death ends the condition (docs/decisions.md).
      expect(sheet.harm.conditions).not.toContain('dying');
    });
  });

  describe('4. CA-15 / M5: the results of a Cairn round are simultaneous (004:64)', () => {
    async function fight() {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Ash' });
      await putSheet(c, hero.id, 'cairn', {
        str: { max: 12 },
        dex: { max: 10 },
        wil: { max: 9 },
        maxHp: 6,
        hp: 6,
      });
      const goblin = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Goblin', kind: 'monster', visibility: 'players', showNumbers: true })
          .expect(201)
      ).body.id as string;
      // No HP and STR 1: any blow kills it (damage past 0 HP takes STR to 0).
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${goblin}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: { str: { max: 1 }, dex: { max: 10 }, wil: { max: 7 }, maxHp: 3, hp: 0 } })
        .expect(200);
      const combat = (
        await t.http
          .post(`/v1/campaigns/${c.id}/combats`)
          .set(c.auth)
          .send({
            system: 'cairn',
            combatants: [
              { characterId: hero.id, side: 'party' },
              { npcId: goblin, side: 'foes' },
            ],
          })
          .expect(201)
      ).body as { id: string };
      // Round 2: no first-round DEX save stands in the way.
      await t.http.post(`/v1/campaigns/${c.id}/combats/${combat.id}/rounds`).set(c.auth).send({}).expect(200);
      return { c, hero: hero.id, goblin, combat: combat.id };
    }

    async function attack(
      c: CampaignFixture,
      combat: string,
      actor: string,
      target: string,
      seed: string,
      via: Via,
    ) {
      if (via === 'rest')
        return t.http
          .post(`/v1/campaigns/${c.id}/combats/${combat}/actions`)
          .set(c.auth)
          .send({ actor, kind: 'attack', targets: [target], cairn: { die: 'd6' }, seed });
      return gql(
        t.server,
        `mutation($c: ID!, $k: ID!, $a: ID!, $t: ID!, $s: String) { combatAction(campaignId: $c, combatId: $k,
           input: { actor: $a, kind: attack, targets: [$t], cairn: { die: d6 }, seed: $s }) {
           rollId targets { id damage { state } } } }`,
        { c: c.id, k: combat, a: actor, t: target, s: seed },
        c.auth,
      );
    }

    it.each(VIAS)(
      'a goblin killed by the party still strikes back in that round, not the next (%s)',
      async (via) => {
        const { c, hero, goblin, combat } = await fight();
        const kill = await attack(c, combat, hero, goblin, 'first', via);
        const killed =
          via === 'rest'
            ? (kill as { status: number; body: { targets: Array<{ damage: { state: string } }> } })
            : null;
        if (killed) {
          expect(killed.status).toBe(201);
          expect(killed.body.targets[0].damage.state).toBe('dead');
        } else {
          const g = kill as {
            errors?: unknown;
            data?: { combatAction: { targets: Array<{ damage: { state: string } }> } };
          };
          expect(g.errors).toBeUndefined();
          expect(g.data!.combatAction.targets[0].damage.state).toBe('dead');
        }
        // The dead goblin's blow of the same round lands.
        const back = await attack(c, combat, goblin, hero, 'back', via);
        if (via === 'rest') {
          expect((back as { status: number }).status).toBe(201);
        } else {
          const g = back as { errors?: unknown; data?: { combatAction: { rollId: string } } };
          expect(g.errors).toBeUndefined();
          expect(typeof g.data!.combatAction.rollId).toBe('string');
        }
        const sheet = await sheetOf(c, hero, 'cairn');
        expect(sheet.hp).toBeLessThan(6);
        // Next round it is dead and does nothing: 409 naming actor.
        await t.http.post(`/v1/campaigns/${c.id}/combats/${combat}/rounds`).set(c.auth).send({}).expect(200);
        const late = await attack(c, combat, goblin, hero, 'late', via);
        if (via === 'rest') {
          expectProblem(late as never, 409, 'CONFLICT', 'actor');
        } else {
          expect(codes(late as never)).toEqual(['CONFLICT']);
        }
      },
    );
  });

  describe('5. CA-24: aid stabilises a critical character; tends a Mortal Wound (004:19, 88, 131)', () => {
    const SHEET = { str: { max: 10 }, dex: { max: 10 }, wil: { max: 10 }, maxHp: 4, hp: 0 };
    /** A seed on which 6 damage at 0 HP (STR 10 → 4) fails the critical-damage save. */
    function criticalSeed(prefix: string): string {
      for (let i = 0; i < 200; i++) {
        const seed = `${prefix}-${i}`;
        const out = sheetDamage(
          {
            system: 'cairn',
            hp: 0,
            maxHp: 4,
            str: 10,
            dex: 10,
            wil: 10,
            maxDex: 10,
            maxWil: 10,
            maxStr: 10,
            armor: 0,
            damage: 6,
            die: null,
            target: 'hp',
            doomed: false,
            npc: false,
            stateBefore: 'up',
          },
          new Dice(createRng(seed)),
        );
        if (out.state === 'critical') return seed;
      }
      throw new Error('no seed');
    }
    async function aid(c: CampaignFixture, id: string, body: object, via: Via) {
      if (via === 'rest')
        return t.http
          .post(`${base(c, id)}/aid`)
          .set(c.auth)
          .send(body);
      return gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $input: CairnAidInput!) { aidCharacter(campaignId: $c, characterId: $h, input: $input) {
           aided aidedBy stateBefore state conditionsAdded conditionsRemoved rollId events { type text ownerId ownerName source timer condition to looks }
           sheet { system sheet { __typename ... on CairnSheet { hp } } } } }`,
        { c: c.id, h: id, input: body },
        c.auth,
      );
    }
    const answerOf = (res: unknown, via: Via) => {
      if (via === 'rest') {
        expect((res as { status: number }).status).toBe(201);
        return (res as { body: Record<string, unknown> }).body;
      }
      const g = res as { errors?: unknown; data?: { aidCharacter: Record<string, unknown> } };
      expect(g.errors).toBeUndefined();
      return g.data!.aidCharacter;
    };

    it.each(VIAS)(
      'a critical character aided survives the hour and a rest brings it back (%s)',
      async (via) => {
        const c = await createCampaign(t.server);
        const hero = await createCharacter(t.server, c, { name: 'Wren' });
        const helper = await createCharacter(t.server, c, { name: 'Birch' });
        await putSheet(c, hero.id, 'cairn', SHEET);
        await putSheet(c, helper.id, 'cairn', { ...SHEET, hp: 4 });
        const blow = (
          await t.http
            .post(`${base(c, hero.id)}/damage`)
            .set(c.auth)
            .send({ system: 'cairn', amount: 6, seed: criticalSeed(via) })
            .expect(201)
        ).body;
        expect(blow.state).toBe('critical');
        const timers = (
          await t.http
            .get(`${base(c, hero.id)}/harm-timers`)
            .set(c.auth)
            .expect(200)
        ).body.items;
        expect(timers.map((x: { kind: string }) => x.kind)).toContain('cairn-critical');
        const aided = answerOf(await aid(c, hero.id, { means: 'bandages', aidedBy: helper.id }, via), via);
        expect(aided).toMatchObject({
          aided: 'critical',
          aidedBy: helper.id,
          stateBefore: 'critical',
          state: 'out',
          conditionsAdded: ['stabilised'],
        });
        let sheet = await sheetOf(c, hero.id, 'cairn');
        expect(sheet.harm.state).toBe('out');
        expect(sheet.state).toBe('out');
        expect(sheet.harm.timers ?? []).toEqual([]);
        expect(await replays(c, aided.rollId as string)).toBe(true);
        // Issue 44: the aid answers the engine's events, which say what the sheet after holds.
        const events = aided.events as Array<Record<string, unknown>>;
        expect(events).toEqual([
          expect.objectContaining({
            type: 'aided',
            ownerId: hero.id,
            text: 'Wren is stabilised by Birch (bandages).',
            source: 'bandages',
            looks: 'down',
          }),
          expect.objectContaining({
            type: 'condition-added',
            text: 'Wren is now stabilised.',
            condition: 'stabilised',
          }),
          expect.objectContaining({
            type: 'state-changed',
            text: 'Wren is out of action.',
            to: sheet.harm.state,
          }),
          expect.objectContaining({
            type: 'timer-ended',
            text: "Wren's cairn-critical timer ends.",
            timer: 'cairn-critical',
          }),
        ]);
        expect(sheet.harm.conditions).toContain('stabilised');
        const logged = (
          await t.http.get(`/v1/campaigns/${c.id}/rolls/${aided.rollId}`).set(c.auth).expect(200)
        ).body;
        expect(logged.events.map((e: { text: string }) => e.text)).toEqual(events.map((e) => e.text));
        // The hour passes: stabilised, it does not die.
        await t.http.post(`/v1/campaigns/${c.id}/clock/advance`).set(c.auth).send({ turns: 7 }).expect(200);
        expect((await sheetOf(c, hero.id, 'cairn')).harm.state).toBe('out');
        // Aid again: nothing left to stop (409 naming characterId).
        const again = await aid(c, hero.id, { means: 'more bandages' }, via);
        if (via === 'rest') expectProblem(again as never, 409, 'CONFLICT', 'characterId');
        else expect(codes(again as never)).toEqual(['CONFLICT']);
        // A rest ends the crawl.
        await t.http
          .post(`${base(c, hero.id)}/rests`)
          .set(c.auth)
          .send({ system: 'cairn', kind: 'short', advanceClock: false })
          .expect(201);
        sheet = await sheetOf(c, hero.id, 'cairn');
        expect(sheet.harm.state).toBe('up');
        expect(sheet.harm.conditions).not.toContain('stabilised');
        expect(sheet.hp).toBe(4);
      },
    );

    it.each(VIAS)('a Mortal Wound tended outlives the hour; a week of rest heals it (%s)', async (via) => {
      const c = await createCampaign(t.server);
      const mara = await createCharacter(t.server, c, { name: 'Mara' });
      await putSheet(c, mara.id, 'cairn', { ...SHEET, maxHp: 11, hp: 11 });
      const blow = (
        await t.http
          .post(`${base(c, mara.id)}/damage`)
          .set(c.auth)
          .send({ system: 'cairn', amount: 11, seed: 'mortal' })
          .expect(201)
      ).body;
      expect(blow.scar).toBe('Mortal Wound');
      const tended = answerOf(await aid(c, mara.id, { means: 'stitches' }, via), via);
      expect(tended).toMatchObject({ aided: 'mortal-wound', state: 'out', conditionsRemoved: ['dying'] });
      await t.http.post(`/v1/campaigns/${c.id}/clock/advance`).set(c.auth).send({ turns: 7 }).expect(200);
      let sheet = await sheetOf(c, mara.id, 'cairn');
      expect(sheet.harm.state).toBe('out');
      // Still deprived: a night heals nothing.
      const night = (
        await t.http
          .post(`${base(c, mara.id)}/rests`)
          .set(c.auth)
          .send({ system: 'cairn', kind: 'night', advanceClock: false })
          .expect(201)
      ).body;
      expect(night.rested).toBe(false);
      const week = (
        await t.http
          .post(`${base(c, mara.id)}/rests`)
          .set(c.auth)
          .send({ system: 'cairn', kind: 'week', advanceClock: false })
          .expect(201)
      ).body;
      expect(week.rested).toBe(true);
      sheet = await sheetOf(c, mara.id, 'cairn');
      expect(sheet.harm.state).toBe('up');
      expect(sheet.harm.conditions).not.toEqual(expect.arrayContaining(['deprived']));
      expect(sheet.hp).toBe(sheet.maxHp);
    });

    it('bad input names the field, over REST and GraphQL, and changes nothing', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Wren' });
      await putSheet(c, hero.id, 'cairn', { ...SHEET, hp: 4 });
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/aid`)
          .set(c.auth)
          .send({}),
        400,
        'VALIDATION_FAILED',
        'means',
      );
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/aid`)
          .set(c.auth)
          .send({ means: 'x', aidedBy: hero.id }),
        400,
        'VALIDATION_FAILED',
        'aidedBy',
      );
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/aid`)
          .set(c.auth)
          .send({ means: 'bandages' }),
        409,
        'CONFLICT',
        'characterId',
      );
      const g = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { aidCharacter(campaignId: $c, characterId: $h, input: { means: "" }) { state } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(g)).toEqual(['VALIDATION_FAILED']);
      expect((await sheetOf(c, hero.id, 'cairn')).harm?.state ?? 'up').toBe('up');
    });
  });

  describe('6. M8: both Archsoul rests read thirst and hunger alike; M9: weapon names; M4: petty scrolls', () => {
    const TAMSIN = { stats: { Endurance: 4 }, maxHp: 8, hp: 3, fatigue: 2 };

    it.each(VIAS)(
      '30 h without water: the hazards rest and the harm route’s night agree (fatigue 2 → 3) (%s)',
      async (via) => {
        const c = await createCampaign(t.server);
        const a = await createCharacter(t.server, c, { name: 'Tamsin' });
        const b = await createCharacter(t.server, c, { name: 'Tamsin again' });
        await putSheet(c, a.id, 'archsoul', TAMSIN);
        await putSheet(c, b.id, 'archsoul', TAMSIN);
        await t.http
          .post(`${base(c, a.id)}/hazards`)
          .set(c.auth)
          .send({ system: 'archsoul', hazard: 'rest', input: { sleepHours: 8, hoursWithoutWater: 30 } })
          .expect(201);
        let rest: { rested: boolean; changes: Array<{ path: string; delta: number }> };
        if (via === 'rest') {
          rest = (
            await t.http
              .post(`${base(c, b.id)}/rests`)
              .set(c.auth)
              .send({ system: 'archsoul', kind: 'night', hoursWithoutWater: 30, advanceClock: false })
              .expect(201)
          ).body;
        } else {
          const g = await gql(
            t.server,
            `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
             input: { system: archsoul, kind: night, hoursWithoutWater: 30, advanceClock: false }) { rested changes { path delta } } }`,
            { c: c.id, h: b.id },
            c.auth,
          );
          expect(g.errors).toBeUndefined();
          rest = g.data!.restCharacter;
        }
        expect(rest.changes).toEqual(
          expect.arrayContaining([expect.objectContaining({ path: 'fatigue', delta: 1 })]),
        );
        const [sa, sb] = [await sheetOf(c, a.id, 'archsoul'), await sheetOf(c, b.id, 'archsoul')];
        expect(sa.fatigue).toBe(3);
        expect(sb.fatigue).toBe(3);
        expect(sb.hp).toBe(sa.hp);
        // Thirst and hunger belong to Archsoul rests: 400 naming the field elsewhere.
        const cairn = await createCharacter(t.server, c, { name: 'Wren' });
        await putSheet(c, cairn.id, 'cairn', {
          str: { max: 10 },
          dex: { max: 10 },
          wil: { max: 10 },
          maxHp: 4,
        });
        expectProblem(
          await t.http
            .post(`${base(c, cairn.id)}/rests`)
            .set(c.auth)
            .send({ system: 'cairn', kind: 'night', hoursWithoutFood: 80 }),
          400,
          'VALIDATION_FAILED',
          'hoursWithoutFood',
        );
      },
    );

    it('M9: "Rope Dart", "Meteor Hammer", "Pistol" cannot be used; "Knives" and "Pikes" take no penalty (REST and GraphQL)', async () => {
      const cases: Array<[string, boolean, number]> = [
        ['Rope Dart', false, 0],
        ['Meteor Hammer', false, 0],
        ['Pistol', false, 0],
        ['Knives', true, 0],
        ['Pikes', true, 0],
        ['Sword', true, 1],
      ];
      for (const [weapon, allowed, difficulty] of cases) {
        const res = await t.http
          .post('/v1/hazards/archsoul/underwater-attacks')
          .send({ weapon, damagePool: 4 })
          .expect(200);
        expect(res.body).toMatchObject({ allowed, difficulty });
        const g = await gql(
          t.server,
          `mutation($w: String!) { archsoulUnderwaterAttack(input: { weapon: $w, damagePool: 4 }) { allowed difficulty } }`,
          { w: weapon },
        );
        expect(g.errors).toBeUndefined();
        expect(g.data!.archsoulUnderwaterAttack).toEqual({ allowed, difficulty });
      }
    });

    it('M4: a scroll found as treasure takes no slot (REST and GraphQL)', async () => {
      const scroll = await t.http
        .post('/v1/treasure/spellbooks')
        .send({ kind: 'scroll', seed: 'tome' })
        .expect(200);
      expect(scroll.body).toMatchObject({ kind: 'scroll', slots: 0, singleUse: true });
      const book = await t.http
        .post('/v1/treasure/spellbooks')
        .send({ kind: 'spellbook', seed: 'tome' })
        .expect(200);
      expect(book.body.slots).toBe(1);
      const g = await gql(
        t.server,
        'mutation { spellbookRoll(input: { kind: scroll, seed: "tome" }) { kind slots } }',
      );
      expect(g.errors).toBeUndefined();
      expect(g.data!.spellbookRoll).toEqual({ kind: 'scroll', slots: 0 });
    });
  });

  describe('7. AS-26: Knocked Down on the character’s own state (002:82–90)', () => {
    it.each(VIAS)('speed 1 while Knocked Down; standing up costs 1 AP and ends it (%s)', async (via) => {
      const c = await createCampaign(t.server);
      const h = await createCharacter(t.server, c, { name: 'Tamsin' });
      await putSheet(c, h.id, 'archsoul', {
        stats: { Endurance: 4 },
        maxHp: 8,
        move: 5,
        statuses: ['Knocked Down', 'Disabled'],
      });
      expect((await sheetOf(c, h.id, 'archsoul')).moveNow).toBe(1);
      let answer: { actionPoints: number; statuses: string[]; rollId: string };
      if (via === 'rest') {
        answer = (
          await t.http
            .post(`${base(c, h.id)}/stand-up`)
            .set(c.auth)
            .send({})
            .expect(201)
        ).body;
      } else {
        const g = await gql(
          t.server,
          `mutation($c: ID!, $h: ID!) { standUp(campaignId: $c, characterId: $h) { actionPoints statuses rollId } }`,
          { c: c.id, h: h.id },
          c.auth,
        );
        expect(g.errors).toBeUndefined();
        answer = g.data!.standUp;
      }
      expect(answer).toMatchObject({ actionPoints: 1, statuses: ['Disabled'] });
      const sheet = await sheetOf(c, h.id, 'archsoul');
      expect(sheet.statuses).toEqual(['Disabled']);
      expect(sheet.moveNow).toBeUndefined();
      expect(await replays(c, answer.rollId)).toBe(true);
      // Standing again: not Knocked Down (409 naming characterId).
      if (via === 'rest')
        expectProblem(
          await t.http
            .post(`${base(c, h.id)}/stand-up`)
            .set(c.auth)
            .send({}),
          409,
          'CONFLICT',
          'characterId',
        );
      else
        expect(
          codes(
            await gql(
              t.server,
              `mutation($c: ID!, $h: ID!) { standUp(campaignId: $c, characterId: $h) { rollId } }`,
              {
                c: c.id,
                h: h.id,
              },
              c.auth,
            ),
          ),
        ).toEqual(['CONFLICT']);
    });
  });
});
