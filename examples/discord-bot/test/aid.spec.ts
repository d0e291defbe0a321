import { createArbiterClient, unwrap, type ArbiterClient, type components } from '@arbiter/client';
import {
  START_TIMEOUT_MS,
  startArbiter,
  type RunningArbiter,
} from '../../../clients/typescript/test/arbiter-server';
import { aidNeed, cairnAidWords, lastEffortWords, medicineAidWords } from '../src/aid';
import { COMMANDS } from '../src/commands';
import type { BotContext } from '../src/common';
import { handleAutocomplete, handleCommand } from '../src/handlers';
import { MemoryStore } from '../src/store';
import { eventTexts } from '../src/words';
import {
  FakeChannel,
  fakeAutocomplete,
  fakeInteraction,
  overDiscordLimits,
  render,
  type FakeRun,
} from './fake';
import { addCharacter } from './table';

jest.setTimeout(60_000);

const REFEREE = 'user-referee';
const BRYN_PLAYER = 'user-bryn';
const OSK_PLAYER = 'user-osk';
const VESS_PLAYER = 'user-vess';
const MIRA_PLAYER = 'user-mira';
const TORO_PLAYER = 'user-toro';
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

type CairnAid = components['schemas']['SheetAidResult'];
type MedicineAid = components['schemas']['SheetDamageResult'];
type HeroicEffort = components['schemas']['SheetHeroicEffortResult'];

describe('Discord bot: tending the fallen (pure parts)', () => {
  it('knows who needs the aid Arbiter gives: Cairn critical or an untended Mortal Wound, COEAC awaiting aid', () => {
    expect(aidNeed('cairn', { harm: { state: 'critical' } })).toBe('critically hurt: stabilise');
    expect(aidNeed('cairn', { harm: { state: 'out', conditions: ['dying'] } })).toBe(
      'a Mortal Wound: tend it',
    );
    expect(aidNeed('cairn', { harm: { state: 'out', conditions: ['stabilised'] } })).toBeNull();
    expect(aidNeed('coeac', { harm: { state: 'down-and-out', conditions: ['awaiting-aid'] } })).toBe(
      'Down and Out, awaiting aid',
    );
    expect(aidNeed('coeac', { harm: { state: 'down-and-out', conditions: [] } })).toBeNull();
    expect(aidNeed('gm', { harm: { state: 'dying' } })).toBeNull();
    expect(aidNeed('cairn', null)).toBeNull();
  });

  it('says an answer without events in the bot’s words, and an answer with events in theirs', () => {
    const cairn = {
      aided: 'critical',
      state: 'out',
      sheet: { sheet: { harm: { state: 'out' } } },
    } as unknown as CairnAid;
    expect(cairnAidWords('Bryn', 'Osk', 'bandages', cairn)).toEqual([
      '🩹 **Osk** tends **Bryn** (bandages).',
      'Bryn is stabilised: no longer dying, but out of the fight until a rest.',
    ]);
    expect(
      cairnAidWords('Bryn', null, 'herbs', {
        ...cairn,
        events: [{ type: 'state-changed', text: 'Bryn is stabilised.' }],
      } as unknown as CairnAid),
    ).toEqual(['🩹 **Bryn** is tended (herbs).', 'Bryn is stabilised.']);
    expect(
      cairnAidWords('Bryn', 'Osk', 'a healer’s care', {
        ...cairn,
        aided: 'mortal-wound',
        sheet: { sheet: { harm: { state: 'out', conditions: ['out-of-action'] } } },
      } as unknown as CairnAid),
    ).toEqual([
      '🩹 **Osk** tends **Bryn** (a healer’s care).',
      'Bryn’s Mortal Wound is tended: the hour no longer runs, but Bryn is out of action and deprived until a week’s rest.',
    ]);
    const medicine = {
      state: 'down-and-out',
      conditionsAdded: [],
      detail: {
        downAndOut: {
          aid: { dice: 4, faces: [6, 5, 2, 6], successes: 3, passed: true },
          roll: 7,
          name: 'Lingering Injury',
        },
      },
      sheet: { sheet: { harm: { state: 'down-and-out', conditions: [] } } },
    } as unknown as MedicineAid;
    expect(medicineAidWords('Vess', 'Mira', medicine)).toEqual([
      '🩹 **Mira** gives **Vess** Medicine aid.',
      'Medicine: 4 dice [6, 5, 2, 6] → 3 against Ob 3: aided.',
      'Down and Out table: 2d6 7 → **Lingering Injury**.',
      'Vess is aided: Down and Out, no longer dying for want of aid.',
    ]);
    // A newer Arbiter's `aided` event tells the test and the table: the bot adds only the faces.
    expect(
      medicineAidWords('Vess', 'Mira', {
        ...medicine,
        events: [
          {
            type: 'aided',
            text: 'Vess gets Medicine aid: 3 successes against Ob 3, aided; Down and Out 7, Lingering Injury (HP 0 → 1).',
          },
        ],
      } as unknown as MedicineAid),
    ).toEqual([
      '🩹 **Mira** gives **Vess** Medicine aid.',
      'Medicine: 4 dice [6, 5, 2, 6].',
      'Vess gets Medicine aid: 3 successes against Ob 3, aided; Down and Out 7, Lingering Injury (HP 0 → 1).',
    ]);
    // Not aided: the table is not rolled, the engine's events say only the harm, the bot the timer.
    const failed = {
      ...medicine,
      detail: { downAndOut: { aid: { dice: 2, faces: [1, 4], successes: 0, passed: false }, roll: null } },
      events: [{ type: 'damaged', text: 'Vess takes 0 damage.' }],
      sheet: {
        sheet: {
          harm: {
            state: 'down-and-out',
            conditions: ['awaiting-aid'],
            timers: [{ kind: 'coeac-aid', endsAt: { day: 1, watch: 1, turn: 2 } }],
          },
        },
      },
    } as unknown as MedicineAid;
    expect(medicineAidWords('Vess', null, failed)).toEqual([
      '🩹 **Vess** gets Medicine aid.',
      'Medicine: 2 dice [1, 4] → 0 against Ob 3: not aided.',
      'Vess takes 0 damage.',
      '⏳ Vess still awaits aid: dies without aid before the turn ends (by day 1, watch 1, turn 2).',
    ]);
    const effort = {
      rating: 'strength',
      roll: 4,
      target: 17,
      passed: true,
      mojo: 0,
      experienceEach: 0,
      contributions: [],
    } as unknown as HeroicEffort;
    expect(lastEffortWords('Toro', 'holds the gate.', effort)).toEqual([
      '⚔️ **Toro**’s heroic last effort: holds the gate.',
      'strength d20 4 against 17: **the deed is done**.',
      '💀 **Toro dies** at its end.',
    ]);
  });

  it('registers /aid (target autocompleted) and /last-effort (the rating a choice, the deed words)', () => {
    const byName = Object.fromEntries(COMMANDS.map((c) => [c.name, c]));
    const options = (name: string) =>
      (byName[name].options ?? []) as Array<{ name: string; required?: boolean; autocomplete?: boolean }>;
    expect(options('aid').map((o) => o.name)).toEqual(['target', 'as', 'means', 'pool', 'system']);
    expect(options('aid')[0]).toMatchObject({ required: true, autocomplete: true });
    expect(options('last-effort').map((o) => o.name)).toEqual(['rating', 'deed', 'mojo', 'who']);
    expect(
      options('last-effort')
        .filter((o) => o.required)
        .map((o) => o.name),
    ).toEqual(['rating', 'deed']);
  });
});

describe('Discord bot: /aid and /last-effort against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let referee: ArbiterClient;
  let campaignId: string;
  const store = new MemoryStore();
  const ids: Record<string, string> = {};
  /** The answers to the aid and last-effort routes the bot called (its events are checked against them). */
  const answers: Array<{ route: string; status: number; body: unknown }> = [];
  const fetcher = async (request: Request): Promise<Response> => {
    const response = await fetch(request);
    const route = /\/(aid|down-and-out-aid|heroic-last-effort)$/.exec(request.url);
    if (request.method === 'POST' && route)
      answers.push({ route: route[1], status: response.status, body: await response.clone().json() });
    return response;
  };
  let ctx: BotContext;
  const channel = new FakeChannel();

  const as = async (
    userId: string,
    command: string,
    options: Record<string, string | number | boolean>,
  ): Promise<FakeRun> => {
    const run = fakeInteraction(command, options, { userId, channel });
    await handleCommand(ctx, run.interaction);
    for (const payload of run.seen) expect(overDiscordLimits(payload)).toEqual([]);
    return run;
  };

  async function character(name: string, system: 'cairn' | 'coeac' | 'gm', sheet: object, user: string) {
    ids[name] = await addCharacter(referee, campaignId, { name, system, sheet }, { store, userId: user });
  }
  const putSheet = (name: string, system: 'cairn' | 'coeac' | 'gm', sheet: object) =>
    unwrap(
      referee.PUT('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId: ids[name], system } },
        body: { sheet: sheet as Record<string, unknown> },
      }),
    );
  const sheetOf = async (name: string, system: 'cairn' | 'coeac' | 'gm') =>
    (
      await unwrap(
        referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
          params: { path: { campaignId, characterId: ids[name], system } },
        }),
      )
    ).sheet as Record<string, unknown>;
  const harm = async (name: string, system: 'cairn' | 'coeac' | 'gm') =>
    (await sheetOf(name, system)).harm as { state: string; conditions?: string[] };

  const BRYN = { str: { max: 10 }, dex: { max: 12 }, wil: { max: 10 }, hp: 1, maxHp: 1 };

  beforeAll(async () => {
    arbiter = await startArbiter();
    ctx = { baseUrl: arbiter.baseUrl, store, retry: quick, fetch: fetcher };
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', { body: { name: 'Aid' } }),
    );
    campaignId = created.id;
    referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: created.refereeKey, retry: quick });
    store.linkGuild('guild-1', campaignId);
    store.linkPlayer('guild-1', REFEREE, { key: created.refereeKey, role: 'referee', characterId: null });
    await character('Bryn', 'cairn', BRYN, BRYN_PLAYER);
    await character('Osk', 'cairn', { ...BRYN, hp: 4, maxHp: 4 }, OSK_PLAYER);
    await character(
      'Vess',
      'coeac',
      { class: 'Fighter', hp: 5, maxHp: 5, skills: { Fighter: 2 } },
      VESS_PLAYER,
    );
    await character(
      'Mira',
      'coeac',
      { class: 'Fighter', hp: 5, maxHp: 5, skills: { Medicine: 3 } },
      MIRA_PLAYER,
    );
    await character(
      'Toro',
      'gm',
      {
        abilities: { strength: 14, agility: 12, endurance: 15, intelligence: 10, wisdom: 11, charisma: 9 },
        archetypes: [{ archetype: 'warrior', level: 1 }],
      },
      TORO_PLAYER,
    );
    await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: {
          name: 'Goblin',
          kind: 'monster',
          visibility: 'players',
          sheets: { cairn: { hp: 3, maxHp: 3, str: { max: 8 }, dex: { max: 12 }, wil: { max: 6 } } },
        },
      }),
    );
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await arbiter?.stop();
  });

  it('Cairn: Bryn is driven critical by a blow; Osk’s player stabilises Bryn, the table reads it and the tracker follows', async () => {
    await as(REFEREE, 'fight', { sub: 'start', who: 'Bryn, Osk, Goblin' });
    const trackerId = [...channel.messages.keys()][0];
    // A blow past HP harms STR; a failed STR save is critical damage (seeds tried in order).
    let critical = false;
    for (let i = 0; i < 40 && !critical; i++) {
      await putSheet('Bryn', 'cairn', BRYN);
      const hit = await unwrap(
        referee.POST('/v1/campaigns/{campaignId}/characters/{characterId}/damage', {
          params: { path: { campaignId, characterId: ids.Bryn } },
          body: { system: 'cairn', amount: 4, source: 'a goblin’s spear', seed: `crit-${i}` },
        }),
      );
      critical = hit.state === 'critical';
    }
    expect(critical).toBe(true);
    expect((await harm('Bryn', 'cairn')).state).toBe('critical');
    // Discord's autocomplete: who needs tending (not Osk's own character).
    const typing = fakeAutocomplete('aid', { name: 'target', value: '' }, { userId: OSK_PLAYER });
    await handleAutocomplete(ctx, typing.request);
    expect(typing.answered).toEqual([[{ name: 'Bryn (Cairn: critically hurt: stabilise)', value: 'Bryn' }]]);
    const edits = channel.edits.length;
    const run = await as(OSK_PLAYER, 'aid', { target: 'Bryn', means: 'bandages' });
    expect(run.deferred).toEqual([{ ephemeral: false }]);
    expect(run.seen).toHaveLength(1);
    const [said] = run.seen;
    expect(said.ephemeral).toBe(false);
    const answer = answers.at(-1)!;
    expect(answer).toMatchObject({ route: 'aid', status: 201 });
    const body = answer.body as CairnAid;
    expect(body).toMatchObject({ aided: 'critical', aidedBy: ids.Osk, stateBefore: 'critical' });
    expect(said.content).toBe(cairnAidWords('Bryn', 'Osk', 'bandages', body).join('\n'));
    expect(said.content.split('\n')[0]).toBe('🩹 **Osk** tends **Bryn** (bandages).');
    expect(said.content).not.toContain('dies unless tended');
    // The sheet: out of the fight, no longer dying; the tracker edited in place says so.
    expect((await harm('Bryn', 'cairn')).state).toBe('out');
    expect(channel.edits.length).toBe(edits + 1);
    expect(channel.edits.at(-1)).toBe(trackerId);
    expect(render(channel.messages.get(trackerId)!)).toMatch(
      /\*\*Bryn\*\* — HP 0\/1 · .* · out of the fight/,
    );
    // Nothing needs stopping now: Arbiter's 409, to Osk's player alone.
    const again = await as(OSK_PLAYER, 'aid', { target: 'Bryn' });
    expect(again.seen).toHaveLength(1);
    expect(again.seen[0].ephemeral).toBe(true);
    expect(again.seen[0].content).toMatch(
      /^Arbiter refused \(CONFLICT\): Bryn is out[^\n]*\n• characterId: /,
    );
    // The autocomplete has nobody left to offer.
    const after = fakeAutocomplete('aid', { name: 'target', value: 'b' }, { userId: OSK_PLAYER });
    await handleAutocomplete(ctx, after.request);
    expect(after.answered).toEqual([[]]);
    await as(REFEREE, 'fight', { sub: 'end' });
  });

  it('the referee’s own call needs no aider; an NPC is not tended; a player names no other aider', async () => {
    await putSheet('Bryn', 'cairn', { ...BRYN, hp: 0, harm: { state: 'critical' } });
    const npc = await as(REFEREE, 'aid', { target: 'Goblin' });
    expect(npc.seen[0]).toMatchObject({
      ephemeral: true,
      content: 'Goblin is an NPC: Arbiter tends characters only (the referee says what becomes of an NPC).',
    });
    const other = await as(OSK_PLAYER, 'aid', { target: 'Bryn', as: 'Vess' });
    expect(other.seen[0]).toMatchObject({ ephemeral: true, content: 'Only the referee acts for Vess.' });
    const sent = answers.length;
    const run = await as(REFEREE, 'aid', { target: 'Bryn' });
    expect(answers.length).toBe(sent + 1);
    expect(answers.at(-1)!.body).toMatchObject({ aided: 'critical', aidedBy: null });
    expect(run.seen[0].ephemeral).toBe(false);
    expect(run.seen[0].content.split('\n')[0]).toBe('🩹 **Bryn** is tended (first aid).');
  });

  it('COEAC: Vess falls Down and Out unaided; Mira gives Medicine aid and the table reads the engine’s events', async () => {
    // A blow to 0 HP with a Medicine pool of nothing: Down and Out, awaiting aid.
    const blow = await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/characters/{characterId}/damage', {
        params: { path: { campaignId, characterId: ids.Vess } },
        body: { system: 'coeac', amount: 6, medicine: { pool: 0 }, source: 'a bandit’s axe', seed: 'down' },
      }),
    );
    expect(blow.state).toBe('down-and-out');
    expect((await harm('Vess', 'coeac')).conditions).toContain('awaiting-aid');
    const typing = fakeAutocomplete('aid', { name: 'target', value: 've' }, { userId: MIRA_PLAYER });
    await handleAutocomplete(ctx, typing.request);
    expect(typing.answered).toEqual([[{ name: 'Vess (COEAC: Down and Out, awaiting aid)', value: 'Vess' }]]);
    // Neither a pool nor an aider from the referee: said before anything is sent.
    const sent = answers.length;
    const bare = await as(REFEREE, 'aid', { target: 'Vess' });
    expect(bare.seen[0]).toMatchObject({ ephemeral: true });
    expect(bare.seen[0].content).toContain('`as:Osk`');
    expect(answers.length).toBe(sent);
    // The referee's pool of nothing cannot reach Ob 3: the table reads that Vess still waits.
    const none = await as(REFEREE, 'aid', { target: 'Vess', pool: 0 });
    expect(answers.at(-1)).toMatchObject({ route: 'down-and-out-aid', status: 201 });
    const noneLines = none.seen[0].content.split('\n');
    expect(none.seen[0].ephemeral).toBe(false);
    expect(noneLines[0]).toBe('🩹 **Vess** gets Medicine aid.');
    // Arbiter's `aided` event tells the test: the bot adds only the (no) faces.
    expect(noneLines[1]).toBe('Medicine: 0 dice [].');
    expect(noneLines.slice(2, -1)).toEqual(eventTexts(answers.at(-1)!.body));
    expect(noneLines.at(-1)).toMatch(/^⏳ Vess still awaits aid: dies without aid before the turn ends/);
    expect((await harm('Vess', 'coeac')).conditions).toContain('awaiting-aid');
    // Mira's player gives the aid (Arbiter takes it from the aider's key, issue 44): Arbiter reads
    // her Medicine (2 + 3 dice) from her sheet.
    const run = await as(MIRA_PLAYER, 'aid', { target: 'Vess' });
    expect(run.seen).toHaveLength(1);
    expect(run.seen[0].ephemeral).toBe(false);
    const answer = answers.at(-1)!;
    expect(answer).toMatchObject({ route: 'down-and-out-aid', status: 201 });
    const body = answer.body as MedicineAid;
    expect(body.detail).toMatchObject({ downAndOut: { aid: { dice: 5 } } });
    const events = eventTexts(body);
    expect(events.length).toBeGreaterThan(0);
    const test = (
      body.detail as { downAndOut: { aid: { faces: number[]; successes: number; passed: boolean } } }
    ).downAndOut.aid;
    const lines = run.seen[0].content.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '🩹 **Mira** gives **Vess** Medicine aid.',
      `Medicine: 5 dice [${test.faces.join(', ')}].`,
    ]);
    // Every event's text, in order, after the dice: the first tells the test (and the table).
    const told = lines.slice(2);
    // (The aid is unseeded: one success reads "1 success".)
    expect(told[0]).toContain(`${test.successes} success${test.successes === 1 ? '' : 'es'} against Ob 3`);
    expect(told.slice(0, events.length)).toEqual(events);
    const now = await harm('Vess', 'coeac');
    if (test.passed) {
      // The table was rolled (the event says it); a success lifts `awaiting-aid` (its timer stops).
      expect(told[0]).toMatch(/Down and Out \d+, /);
      expect(now.conditions ?? []).not.toContain('awaiting-aid');
      expect(told).toHaveLength(events.length);
    } else {
      expect(now.conditions).toContain('awaiting-aid');
      expect(told.at(-1)).toMatch(/^⏳ Vess still awaits aid: dies without aid before the turn ends/);
    }
  });

  it('G&M: /aid says there is none; a last effort before dying is refused privately; a dying Toro’s is told and Toro dies', async () => {
    const none = await as(TORO_PLAYER, 'aid', { target: 'Toro', system: 'gm' });
    expect(none.seen[0].ephemeral).toBe(true);
    expect(none.seen[0].content).toContain('no Gods & Monsters aid');
    const early = await as(TORO_PLAYER, 'last-effort', { rating: 'strength', deed: 'holds the gate.' });
    expect(early.seen).toHaveLength(1);
    expect(early.seen[0].ephemeral).toBe(true);
    expect(early.seen[0].content).toMatch(
      /^Arbiter refused \(CONFLICT\): Toro is up, not dying[^\n]*\n• characterId: /,
    );
    expect(answers.at(-1)).toMatchObject({ route: 'heroic-last-effort', status: 409 });
    // The referee writes the sheet dying (the death roll's outcome), as a table would.
    const sheet = await sheetOf('Toro', 'gm');
    await putSheet('Toro', 'gm', { ...sheet, harm: { state: 'dying' } });
    const mojo = (sheet.mojo as { current: number }).current;
    expect(mojo).toBeGreaterThan(0);
    // Only the referee speaks for another's character.
    const other = await as(MIRA_PLAYER, 'last-effort', { rating: 'strength', deed: 'x', who: 'Toro' });
    expect(other.seen[0]).toMatchObject({ ephemeral: true, content: 'Only the referee acts for Toro.' });
    const run = await as(TORO_PLAYER, 'last-effort', {
      rating: 'strength',
      deed: 'Toro holds the gate while the others run.',
      mojo: 1,
    });
    expect(run.seen).toHaveLength(1);
    expect(run.seen[0].ephemeral).toBe(false);
    const answer = answers.at(-1)!;
    expect(answer).toMatchObject({ route: 'heroic-last-effort', status: 201 });
    const body = answer.body as HeroicEffort;
    expect(body).toMatchObject({ rating: 'strength', mojo: 1, state: 'dead', experienceEach: 50 });
    const lines = run.seen[0].content.split('\n');
    expect(lines[0]).toBe('⚔️ **Toro**’s heroic last effort: Toro holds the gate while the others run.');
    expect(lines[1]).toBe(
      `strength d20 ${body.roll} against ${body.target}: ${body.passed ? '**the deed is done**' : '**it falls short**'}.`,
    );
    expect(lines[2]).toBe('1 mojo behind it; 50 experience to the one who gave it.');
    // The engine's events tell the rest (issue 44), its death among them.
    const told = eventTexts(body);
    expect(told).toContain('Toro is dead.');
    expect(lines.slice(3)).toEqual(told);
    expect((await harm('Toro', 'gm')).state).toBe('dead');
  });
});
