import { createArbiterClient, unwrap, type ArbiterClient, type components } from '@arbiter/client';
import {
  START_TIMEOUT_MS,
  startArbiter,
  type RunningArbiter,
} from '../../../clients/typescript/test/arbiter-server';
import { bidWords, comeToWords, fellUnconscious, mojoNeeded } from '../src/after-roll';
import type { BotContext } from '../src/common';
import { handleButton, handleCommand } from '../src/handlers';
import { MemoryStore } from '../src/store';
import { buttonsOf, FakeChannel, fakeInteraction, fakePress, overDiscordLimits, type FakeRun } from './fake';
import { addCharacter } from './table';

jest.setTimeout(60_000);

const REFEREE = 'user-referee';
const TORO_PLAYER = 'user-toro';
const PELL_PLAYER = 'user-pell';
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

type Bid = components['schemas']['MojoBidOnRollResult'];
type ComeTo = components['schemas']['SheetSemiConsciousResult'];

describe('Discord bot: G&M choices after the dice (pure parts)', () => {
  it('offers the mojo Arbiter says a failed roll needs; nothing on a pass or a roll it does not offer', () => {
    expect(mojoNeeded({ mojoNeeded: 3, passed: false })).toBe(3);
    expect(mojoNeeded({ mojoNeeded: 1, passed: false })).toBe(1);
    expect(mojoNeeded({ mojoNeeded: null, passed: false })).toBeNull(); // not archetypal
    expect(mojoNeeded({ mojoNeeded: 3, passed: true })).toBeNull();
    expect(mojoNeeded({ passed: false })).toBeNull(); // an older server, or a pool
  });

  it('says a bid: turned, with what it cost and earned; not enough, with nothing lost', () => {
    const turned = {
      bid: 2,
      roll: 16,
      target: 14,
      needed: 2,
      passed: true,
      outcome: 'turned',
      mojoLost: 2,
      mojoLeft: 5,
      experienceGained: 100,
      improvementGained: false,
      experience: null,
    } as unknown as Bid;
    expect(bidWords('Toro', 'strength', turned)).toBe(
      '🪙 **Toro** spends 2 mojo: the strength roll (d20 16 against 14) is **turned into a pass**. +100 experience; 5 mojo left.',
    );
    expect(
      bidWords('Toro', 'strength', {
        ...turned,
        passed: false,
        outcome: 'not-enough',
        bid: 1,
        mojoLost: 0,
      } as Bid),
    ).toBe('🪙 **Toro** bids 1 mojo on the strength roll, not enough to turn it (2 needed): none is lost.');
  });

  it('finds who fell unconscious in an answer’s events, or in a target’s harm without them', () => {
    const events = [
      { type: 'state-changed', ownerId: 'p', from: 'up', to: 'unconscious', text: 'Pell falls.' },
      { type: 'state-changed', ownerId: 'o', from: 'up', to: 'dying', text: 'Ogre is dying.' },
      { type: 'damaged', ownerId: 'q', text: 'Quill takes 3.' },
    ];
    expect(fellUnconscious({ events })).toEqual(['p']);
    expect(
      fellUnconscious({
        targets: [
          { id: 't', damage: { state: 'unconscious', stateBefore: 'up' } },
          { id: 'u', damage: { state: 'unconscious', stateBefore: 'unconscious' } },
          { id: 'v', damage: { events: [events[0]] } },
        ],
      }),
    ).toEqual(['t', 'p']);
    expect(fellUnconscious({})).toEqual([]);
    expect(fellUnconscious(null)).toEqual([]);
  });

  it('says coming to: at once, or after the rounds the willpower roll left', () => {
    const woke = {
      willpower: { score: 12, injuries: 1, target: 11, roll: 4, passed: true },
      delayRounds: null,
      mojoLeft: 3,
    } as unknown as ComeTo;
    expect(comeToWords('Pell', woke)).toEqual([
      '🪙 **Pell** spends 1 mojo and comes to, semi-conscious; willpower d20 4 against 11: they can respond at once. 3 mojo left.',
    ]);
    expect(
      comeToWords('Pell', {
        ...woke,
        willpower: { ...woke.willpower!, roll: 15, passed: false },
        delayRounds: 2,
      } as ComeTo)[0],
    ).toContain('willpower d20 15 against 11: they cannot respond for 2 rounds.');
  });
});

describe('Discord bot: G&M choices after the dice, against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let referee: ArbiterClient;
  let campaignId: string;
  const store = new MemoryStore();
  const ids: Record<string, string> = {};
  /** The mojo-bid and semi-consciousness calls the bot made, in order. */
  const calls: string[] = [];
  /** Changes what Arbiter answers (an attack's events). */
  let rewrite: ((url: string, method: string, body: unknown) => unknown) | null = null;
  const fetcher = async (request: Request): Promise<Response> => {
    const tail = /\/(mojo-bids|semi-consciousness)$/.exec(request.url);
    if (request.method === 'POST' && tail) calls.push(tail[1]);
    const response = await fetch(request);
    if (!rewrite || !response.ok) return response;
    const body: unknown = await response.json();
    const changed = rewrite(request.url, request.method, body) ?? body;
    return new Response(JSON.stringify(changed), { status: response.status, headers: response.headers });
  };
  let ctx: BotContext;

  const as = async (
    userId: string,
    command: string,
    options: Record<string, string | number | boolean>,
    channel = new FakeChannel(),
  ): Promise<FakeRun> => {
    const run = fakeInteraction(command, options, { userId, channel });
    await handleCommand(ctx, run.interaction);
    for (const payload of run.seen) expect(overDiscordLimits(payload)).toEqual([]);
    return run;
  };

  async function character(name: string, sheet: Record<string, unknown>, user: string) {
    ids[name] = await addCharacter(
      referee,
      campaignId,
      { name, system: 'gm', sheet },
      { store, userId: user },
    );
  }

  const gmSheet = async (name: string) =>
    (
      await unwrap(
        referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
          params: { path: { campaignId, characterId: ids[name], system: 'gm' } },
        }),
      )
    ).sheet as Record<string, unknown>;
  const mojo = async (name: string) => ((await gmSheet(name)).mojo as { current: number }).current;

  /** Checks until one fails within the mojo held (a pass, or a miss by more, rolls again). */
  async function failedCheck(user: string, options: Record<string, string>, within: number) {
    for (let tries = 0; tries < 100; tries++) {
      const run = await as(user, 'check', options);
      const m = /d20 \[(\d+)\] vs (-?\d+): \*\*failed\*\*/.exec(run.seen[0].content);
      if (m && Number(m[1]) - Number(m[2]) <= within) return { run, needed: Number(m[1]) - Number(m[2]) };
      expect(run.seen).toHaveLength(1); // a pass, or a miss the mojo cannot turn: no buttons
    }
    throw new Error('no failed check in 100 tries');
  }

  beforeAll(async () => {
    arbiter = await startArbiter();
    ctx = { baseUrl: arbiter.baseUrl, store, retry: quick, fetch: fetcher };
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', {
        body: { name: 'After the dice' },
      }),
    );
    campaignId = created.id;
    referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: created.refereeKey, retry: quick });
    store.linkGuild('guild-1', campaignId);
    store.linkPlayer('guild-1', REFEREE, { key: created.refereeKey, role: 'referee', characterId: null });
    const gm = (strength: number) => ({
      abilities: { strength, agility: 12, endurance: 15, intelligence: 10, wisdom: 11, charisma: 9 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
    });
    await character('Toro', gm(14), TORO_PLAYER);
    await character('Pell', gm(12), PELL_PLAYER);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await arbiter?.stop();
  });

  it('a failed archetypal check: its player alone may bid the mojo that turns it, and the table reads the pass', async () => {
    const held = await mojo('Toro');
    expect(held).toBeGreaterThan(0);
    const { run, needed } = await failedCheck(TORO_PLAYER, { attribute: 'strength' }, held);
    expect(run.seen[0].ephemeral).toBe(false);
    const prompt = run.seen[1];
    // Toro's player asked: the choice is theirs alone to see.
    expect(prompt.ephemeral).toBe(true);
    expect(prompt.content).toBe(
      `**Toro** missed the strength roll by ${needed} (d20 ${needed + Number(/vs (-?\d+)/.exec(run.seen[0].content)![1])} against ${/vs (-?\d+)/.exec(run.seen[0].content)![1]}), an archetypal roll: ${needed} mojo turns it (${held} held; only the mojo needed is lost, 50 experience each).`,
    );
    const buttons = buttonsOf(prompt);
    expect(Object.keys(buttons)).toEqual([`Bid ${needed} mojo to turn it`, 'Keep the failure']);
    // Pell's player may not spend Toro's mojo: refused privately, nothing sent.
    const wrong = fakePress(buttons[`Bid ${needed} mojo to turn it`], PELL_PLAYER);
    await handleButton(ctx, wrong.press);
    expect(wrong.replies).toEqual([
      { content: 'Only Toro’s player bids Toro’s mojo.', embeds: [], ephemeral: true },
    ]);
    expect(calls).toEqual([]);
    const bid = fakePress(buttons[`Bid ${needed} mojo to turn it`], TORO_PLAYER);
    await handleButton(ctx, bid.press);
    expect(bid.deferred).toBe(true);
    expect(bid.replies).toEqual([]);
    expect(calls).toEqual(['mojo-bids']);
    const line = bid.updates[0].content;
    expect(line).toMatch(
      new RegExp(
        `^🪙 \\*\\*Toro\\*\\* spends ${needed} mojo: the strength roll \\(d20 \\d+ against -?\\d+\\) is \\*\\*turned into a pass\\*\\*\\. \\+${50 * needed} experience; ${held - needed} mojo left\\.$`,
      ),
    );
    expect(bid.updates[0].components).toEqual([]);
    // The table reads it too (the prompt was private).
    expect(run.seen[2]).toEqual({ content: line, embeds: [], ephemeral: false });
    expect(await mojo('Toro')).toBe(held - needed);
    // Made once.
    const again = fakePress(buttons['Keep the failure'], TORO_PLAYER);
    await handleButton(ctx, again.press);
    expect(again.replies[0].content).toContain('no longer open');
  });

  it('no bid is offered on a roll that is not archetypal, nor on a secret one', async () => {
    // Agility is not a warrior's archetypal attribute: a miss shows no buttons.
    let missed = false;
    for (let tries = 0; tries < 60 && !missed; tries++) {
      const run = await as(TORO_PLAYER, 'check', { attribute: 'agility' });
      missed = run.seen[0].content.includes('**failed**');
      expect(run.seen).toHaveLength(1);
    }
    expect(missed).toBe(true);
    for (let tries = 0; tries < 20; tries++) {
      const run = await as(REFEREE, 'check', { who: 'Toro', attribute: 'strength', secret: true });
      expect(run.seen).toHaveLength(1);
      expect(run.seen[0].ephemeral).toBe(true);
    }
  });

  it('the referee’s roll for a character offers the bid to its player by name; a refusal reaches the presser alone', async () => {
    const held = await mojo('Pell');
    calls.length = 0;
    const { run, needed } = await failedCheck(REFEREE, { who: 'Pell', attribute: 'strength' }, held);
    const prompt = run.seen[1];
    expect(prompt.ephemeral).toBe(false);
    expect(prompt.content).toMatch(
      new RegExp(`^<@${PELL_PLAYER}>: \\*\\*Pell\\*\\* missed the strength roll by ${needed} `),
    );
    const buttons = buttonsOf(prompt);
    // The referee rolled, but the mojo is the player's.
    const mine = fakePress(buttons[`Bid ${needed} mojo to turn it`], REFEREE);
    await handleButton(ctx, mine.press);
    expect(mine.replies[0]).toMatchObject({
      ephemeral: true,
      content: 'Only Pell’s player bids Pell’s mojo.',
    });
    // A later roll of Pell's: only the latest takes a bid, and Arbiter says so to the presser alone.
    await as(REFEREE, 'check', { who: 'Pell', reaction: 'health' });
    const late = fakePress(buttons[`Bid ${needed} mojo to turn it`], PELL_PLAYER);
    await handleButton(ctx, late.press);
    expect(calls).toEqual(['mojo-bids']);
    expect(late.updates).toEqual([]);
    expect(late.replies).toHaveLength(1);
    expect(late.replies[0].ephemeral).toBe(true);
    expect(late.replies[0].content).toMatch(
      /^Arbiter refused \(UNPROCESSABLE\): Only the character’s latest [^\n]*\n• rollId: /,
    );
    expect(await mojo('Pell')).toBe(held);
    // The choice stays open after a refusal: keeping the failure closes it.
    const keep = fakePress(buttons['Keep the failure'], PELL_PLAYER);
    await handleButton(ctx, keep.press);
    expect(keep.updates[0]).toMatchObject({
      content: 'Pell keeps the failure; no mojo spent.',
      components: [],
    });
  });

  it('a character knocked unconscious: its player may spend 1 mojo to come to, semi-conscious', async () => {
    await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: {
          name: 'Ogre',
          kind: 'monster',
          visibility: 'players',
          sheets: {
            gm: {
              abilities: { strength: 16, agility: 8, endurance: 16, intelligence: 6, wisdom: 8, charisma: 6 },
              archetypes: [{ archetype: 'warrior', level: 2 }],
            },
          },
        },
      }),
    );
    const channel = new FakeChannel();
    await as(REFEREE, 'fight', { sub: 'start', who: 'Pell, Ogre' }, channel);
    // The attack's answer as an Arbiter tells a fall (its events): Pell falls unconscious.
    rewrite = (url, method, body) =>
      method === 'POST' && /\/actions$/.test(url)
        ? {
            ...(body as object),
            events: [
              ...(((body as { events?: unknown[] }).events ?? []) as unknown[]),
              {
                type: 'state-changed',
                ownerId: ids.Pell,
                ownerName: 'Pell',
                from: 'up',
                to: 'unconscious',
                text: 'Pell falls unconscious.',
              },
            ],
          }
        : body;
    let attack: FakeRun;
    try {
      attack = await as(REFEREE, 'attack', { as: 'Ogre', weapon: 'd6', target: 'Pell' }, channel);
    } finally {
      rewrite = null;
    }
    const offered = attack.seen.find((s) => s.components?.length);
    expect(offered).toBeDefined();
    const held = await mojo('Pell');
    expect(offered!.ephemeral).toBe(false);
    expect(offered!.content).toBe(
      `<@${PELL_PLAYER}>: **Pell** is unconscious. 1 mojo (${held} held) brings Pell round, semi-conscious until it would have ended: movement only, no agility bonus to defense.`,
    );
    const buttons = buttonsOf(offered!);
    expect(Object.keys(buttons)).toEqual(['Spend 1 mojo to come to', 'Stay unconscious']);
    const wrong = fakePress(buttons['Spend 1 mojo to come to'], TORO_PLAYER);
    await handleButton(ctx, wrong.press);
    expect(wrong.replies[0]).toMatchObject({
      ephemeral: true,
      content: 'Only Pell’s player spends Pell’s mojo.',
    });
    // The sheet as the referee sets it (the fall above was told by the test's events): first up, so
    // Arbiter refuses the spend, to the presser alone, and the choice stays open.
    const harmState = async (state: 'up' | 'unconscious') => {
      const sheet = await gmSheet('Pell');
      await unwrap(
        referee.PUT('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
          params: { path: { campaignId, characterId: ids.Pell, system: 'gm' } },
          body: { sheet: { ...sheet, harm: { ...((sheet.harm ?? {}) as object), state } } },
        }),
      );
    };
    await harmState('up');
    calls.length = 0;
    const early = fakePress(buttons['Spend 1 mojo to come to'], PELL_PLAYER);
    await handleButton(ctx, early.press);
    expect(calls).toEqual(['semi-consciousness']);
    expect(early.updates).toEqual([]);
    expect(early.replies).toHaveLength(1);
    expect(early.replies[0].ephemeral).toBe(true);
    expect(early.replies[0].content).toMatch(
      /^Arbiter refused \(CONFLICT\): Pell is up, not unconscious[^\n]*\n• characterId: /,
    );
    expect(await mojo('Pell')).toBe(held);
    await harmState('unconscious');
    const spend = fakePress(buttons['Spend 1 mojo to come to'], PELL_PLAYER);
    await handleButton(ctx, spend.press);
    expect(calls).toEqual(['semi-consciousness', 'semi-consciousness']);
    expect(spend.replies).toEqual([]);
    expect(spend.updates[0].components).toEqual([]);
    expect(spend.updates[0].content).toMatch(
      new RegExp(
        `^🪙 \\*\\*Pell\\*\\* spends 1 mojo and comes to, semi-conscious; willpower d20 \\d+ against -?\\d+: they (can respond at once|cannot respond for \\d rounds?)\\. ${held - 1} mojo left\\.`,
      ),
    );
    expect((((await gmSheet('Pell')).harm ?? {}) as { state?: string }).state).toBe('semi-conscious');
    expect(await mojo('Pell')).toBe(held - 1);
    // Made once.
    const again = fakePress(buttons['Stay unconscious'], PELL_PLAYER);
    await handleButton(ctx, again.press);
    expect(again.replies[0].content).toContain('no longer open');
    await as(REFEREE, 'fight', { sub: 'end' }, channel);
  });
});
