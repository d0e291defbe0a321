import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createArbiterClient, unwrap, type ArbiterClient } from '@arbiter/client';
import { MessageFlags } from 'discord.js';
import {
  freePort,
  START_TIMEOUT_MS,
  startArbiter,
  type RunningArbiter,
} from '../../../clients/typescript/test/arbiter-server';
import { COMMANDS } from '../src/commands';
import {
  describeEncounter,
  handleCommand,
  spellId,
  type BotContext,
  type CommandInteraction,
} from '../src/handlers';
import { JsonStore, MemoryStore } from '../src/store';

jest.setTimeout(30_000);

const GUILD = 'guild-1';
const PLAYER = 'user-player';
const REFEREE = 'user-referee';
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

interface Reply {
  content: string;
  ephemeral: boolean;
}

/** A fake slash-command interaction: options by name, replies collected. */
function fake(
  commandName: string,
  options: Record<string, string | number> = {},
  who: { userId?: string; guildId?: string | null } = {},
): { interaction: CommandInteraction; replies: Reply[] } {
  const replies: Reply[] = [];
  const get = (name: string, required?: boolean) => {
    if (required && options[name] === undefined) throw new Error(`option ${name} is required`);
    return options[name] ?? null;
  };
  return {
    replies,
    interaction: {
      commandName,
      guildId: who.guildId === undefined ? GUILD : who.guildId,
      channelId: 'channel-1',
      user: { id: who.userId ?? PLAYER },
      options: {
        getInteger: (name, required) => get(name, required) as number | null,
        getString: (name, required) => get(name, required) as string | null,
        getBoolean: (name, required) => get(name, required) as unknown as boolean | null,
        getSubcommand: () => null,
      },
      reply: async ({ content, flags }) => {
        replies.push({ content: content ?? '', ephemeral: ((flags ?? 0) & MessageFlags.Ephemeral) !== 0 });
      },
    },
  };
}

describe('Discord bot handlers against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let referee: ArbiterClient;
  let ctx: BotContext;
  let campaignId: string;
  let refereeKey: string;
  let playerKey: string;
  let characterId: string;

  /** Runs a command as the Discord user and returns its one reply. */
  async function run(
    commandName: string,
    options: Record<string, string | number> = {},
    who: { userId?: string; guildId?: string | null } = {},
    context: BotContext = ctx,
  ): Promise<Reply> {
    const { interaction, replies } = fake(commandName, options, who);
    await handleCommand(context, interaction);
    expect(replies).toHaveLength(1);
    return replies[0];
  }

  const character = () =>
    unwrap(
      referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
        params: { path: { campaignId, characterId } },
      }),
    );

  beforeAll(async () => {
    arbiter = await startArbiter();
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', { body: { name: 'Bot test' } }),
    );
    campaignId = created.id;
    refereeKey = created.refereeKey;
    referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: refereeKey, retry: quick });
    const made = await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/characters', {
        params: { path: { campaignId } },
        body: { name: 'Toromeen', wealth: 2, cash: 10 },
      }),
    );
    characterId = made.id;
    // Cash and Wealth are COEAC's: the money commands need a COEAC sheet.
    await unwrap(
      referee.PUT('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId, system: 'coeac' } },
        body: { sheet: { maxHp: 6, skills: { Fighter: 1 } } },
      }),
    );
    const key = await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/keys', {
        params: { path: { campaignId } },
        body: { role: 'player', characterIds: [characterId] },
      }),
    );
    playerKey = key.key;
    ctx = { baseUrl: arbiter.baseUrl, store: new MemoryStore(), retry: quick };
  }, START_TIMEOUT_MS);
  afterAll(() => arbiter?.stop());

  it('defines the slash commands of the issue, guild only', () => {
    const byName = Object.fromEntries(COMMANDS.map((c) => [c.name, c]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining([
        'roll',
        'odds',
        'attack',
        'advance',
        'cast',
        'buy',
        'income',
        'cash',
        'encounter',
        'draw',
        'link',
        'setup',
      ]),
    );
    const optionNames = (name: string) => (byName[name].options ?? []).map((o) => o.name);
    expect(optionNames('roll')).toEqual(['pool', 'ob']);
    expect(optionNames('odds')).toEqual(['dice', 'ob']);
    expect(optionNames('buy')).toEqual(['cost', 'wager', 'item']);
    expect(optionNames('cast')).toEqual(['spell', 'as', 'target', 'system', 'pool', 'vigor']);
    expect(optionNames('attack')).toEqual([
      'weapon',
      'target',
      'as',
      'block',
      'with',
      'pool',
      'foe',
      'plus',
      'difficulty',
      'defence',
      'damage',
      'ranged',
    ]);
  });

  it('refuses campaign commands until the server is linked, then links the server and each user', async () => {
    expect(await run('buy', { cost: 4, wager: 2 })).toEqual({
      content: expect.stringContaining('not linked to a campaign'),
      ephemeral: true,
    });
    expect(await run('setup', { campaign: campaignId })).toMatchObject({ ephemeral: true });
    expect(ctx.store.campaignFor(GUILD)).toBe(campaignId);

    expect(await run('cash')).toEqual({ content: expect.stringContaining('/link'), ephemeral: true });
    const bad = await run('link', { key: 'arb_wrong' });
    expect(bad).toEqual({ content: expect.stringContaining('UNAUTHORIZED'), ephemeral: true });

    expect(await run('link', { key: playerKey, character: characterId })).toEqual({
      content: 'Linked: you are the player playing Toromeen in this server’s campaign.',
      ephemeral: true,
    });
    expect(await run('link', { key: refereeKey }, { userId: REFEREE })).toEqual({
      content: expect.stringContaining('you are the referee'),
      ephemeral: true,
    });
    expect(ctx.store.playerFor(GUILD, PLAYER)).toEqual({ key: playerKey, role: 'player', characterId });
    expect(ctx.store.playerFor(GUILD, REFEREE)).toMatchObject({ role: 'referee', characterId: null });
  });

  it('/odds answers the exact chance the server computes, for everyone to see', async () => {
    const odds = await unwrap(referee.GET('/v1/odds/pool', { params: { query: { dice: 6, objective: 3 } } }));
    const reply = await run('odds', { dice: 6, ob: 3 });
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain(`${(odds.probability * 100).toFixed(1)}%`);
    expect(reply.content).toContain('at least 3 successes on 6 dice');
  });

  it('/attack resolves a COEAC exchange with its damage and exact chances, publicly', async () => {
    const reply = await run('attack', { pool: 5, foe: 3, plus: 1 });
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toMatch(
      /^⚔️ 5 dice \[(\d, ){4}\d\] vs 3 \[(\d, ){2}\d\]: \d to \d, \*\*(hit|lost|tie)\*\*/,
    );
    expect(reply.content).toMatch(/Chances: win \d+\.\d%, tie \d+\.\d%, loss \d+\.\d%\.$/);
  });

  it('/cast channels a catalogue spell by name: Potency, backlash and the exact odds the server computes', async () => {
    expect(spellId(' Death Mask ')).toBe('death-mask');
    expect(spellId('disintegrate')).toBe('disintegrate');
    const odds = await unwrap(
      referee.POST('/v1/magic/coeac/channelings', { body: { pool: 4, spell: 'death-mask', seed: 'x' } }),
    );
    const reply = await run('cast', { spell: 'Death Mask', pool: 4, vigor: 3 });
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toMatch(
      /^✨ Death Mask \(Produce, Ob 2\): 4 dice \[(\d, ){3}\d\] → Potency \d, \*\*(no )?backlash\*\*/,
    );
    expect(reply.content).toContain(
      `Chances: no backlash ${(odds.odds.noBacklash * 100).toFixed(1)}%, nothing succeeds ${(odds.odds.zeroSuccesses * 100).toFixed(1)}%.`,
    );
    const unknown = await run('cast', { spell: 'Not A Spell', pool: 4 });
    expect(unknown).toEqual({ content: expect.stringContaining('spell'), ephemeral: true });
    expect(unknown.content).toContain('Arbiter refused');
  });

  it('/roll rolls in the campaign (logged under the user’s key) when linked, publicly otherwise', async () => {
    const reply = await run('roll', { pool: 6, ob: 3 });
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toMatch(
      /^🎲 6 dice vs Ob 3: \[(\d, ){5}\d\] → \d success(es)?, \*\*(passed|failed)\*\*/,
    );
    const rollId = /Roll `([^`]+)`/.exec(reply.content)?.[1] as string;
    const roll = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/rolls/{rollId}', { params: { path: { campaignId, rollId } } }),
    );
    expect(roll.procedure).toContain('pool');
    expect(roll.faces).toHaveLength(6);
    expect(reply.content).toContain(`[${(roll.faces ?? []).join(', ')}]`);

    const stranger = await run('roll', { pool: 3, ob: 1 }, { userId: 'user-unlinked' });
    expect(stranger.content).toMatch(/^🎲 3 dice vs Ob 1: /);
    expect(stranger.content).not.toContain('Roll `');
  });

  it('/buy spends the wager from the character’s Cash, and a refusal names the field privately', async () => {
    const before = (await character()).cash;
    const reply = await run('buy', { cost: 4, wager: 3, item: 'Rope' });
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toMatch(/^(🛒 Bought|❌ Could not buy) \*\*Rope\*\* /);
    expect(reply.content).toContain(`Spent 3 Cash; ${before - 3} left.`);
    expect((await character()).cash).toBe(before - 3);

    const refused = await run('buy', { cost: 4, wager: 500 });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/^Arbiter refused \(INSUFFICIENT_CASH\): .*\n• wager: /s);
    expect((await character()).cash).toBe(before - 3);
  });

  it('/income needs a session in progress, then adds the income to Cash', async () => {
    const none = await run('income');
    expect(none).toEqual({ content: expect.stringContaining('NO_SESSION_IN_PROGRESS'), ephemeral: true });
    await unwrap(referee.POST('/v1/campaigns/{campaignId}/sessions', { params: { path: { campaignId } } }));
    const before = (await character()).cash;
    const reply = await run('income');
    expect(reply.ephemeral).toBe(false);
    const gained = Number(/\+(\d+) Cash; now (\d+)/.exec(reply.content)?.[1]);
    expect((await character()).cash).toBe(before + gained);
    expect(reply.content).toContain(`now ${before + gained}.`);
  });

  it('/cash shows the character’s Cash and Wealth to the user only', async () => {
    const now = await character();
    expect(await run('cash')).toEqual({
      content: `Toromeen: **${now.cash}** Cash, Wealth ${now.wealth} (${now.lifestyle}).`,
      ephemeral: true,
    });
  });

  it('/encounter is the referee’s, always private, and makes a check at the clock’s scale', async () => {
    expect(await run('encounter')).toEqual({
      content: 'Only the referee may check for encounters.',
      ephemeral: true,
    });
    const reply = await run('encounter', {}, { userId: REFEREE });
    expect(reply.ephemeral).toBe(true);
    // A new campaign's clock stands in a haven, where no check is made.
    expect(reply.content).toBe('🐉 Encounter check (haven): no check at this scale.');
  });

  it('/encounter calls POST /v1/campaigns/{id}/encounter-checks and describes an encounter in one line', async () => {
    const calls: string[] = [];
    const encounter = {
      scale: 'overland',
      checked: true,
      roll: 2,
      result: 'encounter',
      numberAppearing: { expression: 'players', count: 4, min: 4, max: 4 },
      siteTied: true,
      recurring: false,
      distance: { roll: 6, distance: 'very-far', label: 'Very far' },
      reaction: { roll: 5, reaction: 'diplomatic' },
      rollId: 'r-1',
    };
    const drawn = {
      ...encounter,
      entry: { tableId: 't-1', text: 'Bandit captain', kind: 'people' },
      adversary: { pool: 9, hp: 21, saveObjective: 4, count: 1, totalHp: 21 },
      recurring: true,
      recurringMember: { id: 'm-1', name: 'Old Wick' },
      rollId: 'r-2',
    };
    const withEncounters: BotContext = {
      ...ctx,
      fetch: async (request) => {
        const url = new URL(request.url);
        calls.push(`${request.method} ${url.pathname} ${request.headers.get('authorization') ?? ''}`);
        if (url.pathname.endsWith('/encounter-checks')) return Response.json(encounter, { status: 201 });
        return fetch(request);
      },
    };
    const reply = await run('encounter', {}, { userId: REFEREE }, withEncounters);
    expect(reply).toEqual({
      content:
        '🐉 Encounter check (overland), rolled 2: an **encounter**. 4 appear; Very far; reaction: diplomatic; ' +
        'tied to a nearby site. (roll r-1)',
      ephemeral: true,
    });
    expect(calls).toContain(`POST /v1/campaigns/${campaignId}/encounter-checks Bearer ${refereeKey}`);
    // With a referee table: the entry drawn, the adversary's numbers and the recurring face by name.
    expect(describeEncounter(drawn as Parameters<typeof describeEncounter>[0])).toBe(
      'Encounter check (overland), rolled 2: an **encounter** — Bandit captain. 4 appear; Very far; ' +
        'reaction: diplomatic; pool 9, 21 HP each (21 in all); tied to a nearby site; recurring: Old Wick. (roll r-2)',
    );
    // A site has no number appearing: the line says nothing about numbers.
    const site = {
      ...encounter,
      entry: { tableId: 't-1', text: 'Ruined watchtower', kind: 'site' },
      numberAppearing: null,
      reaction: null,
      rollId: 'r-3',
    };
    expect(describeEncounter(site as Parameters<typeof describeEncounter>[0])).toBe(
      'Encounter check (overland), rolled 2: an **encounter** — Ruined watchtower. Very far; ' +
        'tied to a nearby site. (roll r-3)',
    );
  });

  it('/draw finds a table by name and draws: shared tables for all to see, referee tables privately', async () => {
    const table = (name: string, visibility: 'players' | 'referee', entries: [number, number, string][]) =>
      unwrap(
        referee.POST('/v1/campaigns/{campaignId}/tables', {
          params: { path: { campaignId } },
          body: {
            name,
            formula: '1d2',
            visibility,
            entries: entries.map(([lo, hi, text]) => ({ range: [lo, hi], text })),
          },
        }),
      );
    await table('Rumours', 'players', [
      [1, 1, 'The mill is haunted'],
      [2, 2, 'The abbot hoards silver'],
    ]);
    await table('Secret road', 'referee', [[1, 2, 'Ambush at the ford']]);

    const shared = await run('draw', { table: 'rumours' });
    expect(shared.ephemeral).toBe(false);
    expect(shared.content).toMatch(
      /^🎲 Rumours \(1d2\): rolled [12] → \*\*(The mill is haunted|The abbot hoards silver)\*\* \(50\.0%\)$/,
    );
    // A referee-only table does not exist for the player; the referee's draw is sealed and private.
    expect(await run('draw', { table: 'Secret road' })).toEqual({
      content: 'No table called “Secret road” that you can see.',
      ephemeral: true,
    });
    const secret = await run('draw', { table: 'secret ROAD' }, { userId: REFEREE });
    expect(secret.ephemeral).toBe(true);
    expect(secret.content).toMatch(
      /^🎲 Secret road \(1d2\): rolled [12] → \*\*Ambush at the ford\*\* \(100\.0%\)$/,
    );
  });

  it('says so privately when Arbiter cannot be reached', async () => {
    const port = await freePort();
    const offline: BotContext = {
      ...ctx,
      baseUrl: `http://127.0.0.1:${port}`,
      retry: { ...quick, attempts: 2 },
    };
    expect(await run('odds', { dice: 3, ob: 1 }, {}, offline)).toEqual({
      content: 'Arbiter cannot be reached right now; try again in a moment.',
      ephemeral: true,
    });
  });

  it('keeps the links in a JSON file only its owner can read, and reads them back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bot-store-'));
    try {
      const path = join(dir, 'nested', 'store.json');
      const store = new JsonStore(path);
      expect(store.campaignFor('g')).toBeNull();
      store.linkGuild('g', 'c-1');
      store.linkPlayer('g', 'u', { key: 'arb_x', role: 'player', characterId: 'ch-1' });
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
        guilds: { g: { campaignId: 'c-1' } },
        players: { 'g/u': { key: 'arb_x', role: 'player', characterId: 'ch-1' } },
      });
      const again = new JsonStore(path);
      expect(again.campaignFor('g')).toBe('c-1');
      expect(again.playerFor('g', 'u')).toEqual({ key: 'arb_x', role: 'player', characterId: 'ch-1' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
