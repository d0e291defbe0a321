import { ArbiterProblem, createArbiterClient, unwrap, type ArbiterClient } from '@arbiter/client';
import {
  START_TIMEOUT_MS,
  startArbiter,
  type RunningArbiter,
} from '../../../clients/typescript/test/arbiter-server';
import type { BotContext } from '../src/common';
import { handleAutocomplete, handleCommand } from '../src/handlers';
import { ARCHSOUL_NO_CASTING, isMissingRoute } from '../src/session';
import { MemoryStore } from '../src/store';
import { FakeChannel, fakeAutocomplete, fakeInteraction, type FakeRun } from './fake';
import { addCharacter } from './table';

/**
 * `/cast` in every game against a running Arbiter: COEAC and Cairn spells listed from the sheet as
 * the user types; G&M's memorised spells listed the same way and cast through the campaign cast
 * route (for real, and by a fake answer in the client's `fetch` for what an older server says: its
 * 404); and Archsoul, whose rules have no spellcasting, said plainly to the asker.
 */

jest.setTimeout(60_000);

const REFEREE = 'user-referee';
const MIRA_PLAYER = 'user-mira';
const OSK_PLAYER = 'user-osk';
const TORO_PLAYER = 'user-toro';
const ILKA_PLAYER = 'user-ilka';
const BRAK_PLAYER = 'user-brak';
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

const GM_CASTS = /\/v1\/campaigns\/[^/]+\/characters\/([^/]+)\/gm-casts$/;

describe('Discord bot: /cast for every game', () => {
  let arbiter: RunningArbiter;
  let referee: ArbiterClient;
  let campaignId: string;
  const store = new MemoryStore();
  const ids: Record<string, string> = {};
  /** The G&M cast requests the bot sent: the character in the path and the body. */
  const gmSent: Array<{ characterId: string; body: unknown }> = [];
  /** How the fake answers a G&M cast (null: the real server answers). */
  let gmAnswer: (() => Response) | null = null;

  /** Every POST the bot sent, by path. */
  const posts: string[] = [];

  const fetcher = async (request: Request): Promise<Response> => {
    if (request.method === 'POST') posts.push(new URL(request.url).pathname);
    const gm = request.method === 'POST' ? GM_CASTS.exec(new URL(request.url).pathname) : null;
    if (gm) {
      gmSent.push({ characterId: gm[1], body: await request.clone().json() });
      if (gmAnswer) return gmAnswer();
    }
    return fetch(request);
  };
  let ctx: BotContext;

  const as = async (userId: string, options: Record<string, string | number | boolean>): Promise<FakeRun> => {
    const run = fakeInteraction('cast', options, { userId, channel: new FakeChannel() });
    await handleCommand(ctx, run.interaction);
    return run;
  };
  const last = (run: FakeRun) => run.seen[run.seen.length - 1];
  const problem = (status: number, code: string, detail: string) =>
    new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, detail }), {
      status,
      headers: { 'content-type': 'application/problem+json' },
    });

  async function character(name: string, system: string, sheet: Record<string, unknown>, user: string) {
    ids[name] = await addCharacter(referee, campaignId, { name, system, sheet }, { store, userId: user });
  }

  beforeAll(async () => {
    arbiter = await startArbiter();
    ctx = { baseUrl: arbiter.baseUrl, store, retry: quick, fetch: fetcher };
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', { body: { name: 'Casts' } }),
    );
    campaignId = created.id;
    referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: created.refereeKey, retry: quick });
    store.linkGuild('guild-1', campaignId);
    store.linkPlayer('guild-1', REFEREE, { key: created.refereeKey, role: 'referee', characterId: null });
    await character(
      'Mira',
      'coeac',
      {
        class: 'Sorcerer',
        maxHp: 6,
        skills: { Ruin: 2, Reveal: 1 },
        // Control is a class resource but no spell; the other two are spells learnt (by name and by id).
        classResources: {
          Control: { current: 3, max: 3 },
          Disintegrate: { current: 1, max: 1 },
          'death-mask': { current: 0, max: 1 },
        },
      },
      MIRA_PLAYER,
    );
    await character(
      'Osk',
      'cairn',
      { str: { max: 10 }, dex: { max: 10 }, wil: { max: 12 }, hp: 4, maxHp: 4 },
      OSK_PLAYER,
    );
    // A 1st-level sorceror: two slots of Sleepfall (level 1) and one of Mind Fog (level 2, above its
    // level); memorising is the referee's, who writes the sheet here.
    await character(
      'Toro',
      'gm',
      {
        abilities: { strength: 14, agility: 12, endurance: 15, intelligence: 10, wisdom: 11, charisma: 9 },
        archetypes: [{ archetype: 'sorceror', level: 1 }],
        spellBook: [
          { name: 'Sleepfall', level: 1 },
          { name: 'Mind Fog', level: 2 },
          { name: 'Glimmer', level: 1 },
        ],
        memorizedSpells: [
          { name: 'Sleepfall', level: 1 },
          { name: 'Mind Fog', level: 2 },
          { name: 'Sleepfall', level: 1 },
          { name: 'Glimmer', level: 1, cast: true },
        ],
      },
      TORO_PLAYER,
    );
    await character(
      'Brak',
      'gm',
      {
        abilities: { strength: 15, agility: 12, endurance: 14, intelligence: 9, wisdom: 10, charisma: 9 },
        archetypes: [{ archetype: 'warrior', level: 1 }],
      },
      BRAK_PLAYER,
    );
    await character('Ilka', 'archsoul', { stats: { Endurance: 3 }, maxHp: 10 }, ILKA_PLAYER);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await arbiter?.stop();
  });

  it('COEAC: the spells learnt (class resources named by a catalogue spell) as the player types, then cast', async () => {
    const all = fakeAutocomplete('cast', { name: 'spell', value: '' }, { userId: MIRA_PLAYER });
    await handleAutocomplete(ctx, all.request);
    // Control is not a spell: it is not offered. What is left today is shown beside each.
    expect(all.answered).toEqual([
      [
        { name: 'Disintegrate (1/1 today)', value: 'Disintegrate' },
        { name: 'Death Mask (0/1 today)', value: 'Death Mask' },
      ],
    ]);
    const typing = fakeAutocomplete('cast', { name: 'spell', value: 'disin' }, { userId: MIRA_PLAYER });
    await handleAutocomplete(ctx, typing.request);
    expect(typing.answered).toEqual([[{ name: 'Disintegrate (1/1 today)', value: 'Disintegrate' }]]);
    // The value chosen is what /cast sends.
    const cast = last(await as(MIRA_PLAYER, { spell: typing.answered[0][0].value }));
    expect(cast.ephemeral).toBe(false);
    expect(cast.content).toMatch(/^✨ \*\*Mira\*\* channels Disintegrate: \d+ dice/);
    // The referee's autocomplete reads the caster named in `as:`.
    const forMira = fakeAutocomplete(
      'cast',
      { name: 'spell', value: 'mask' },
      { userId: REFEREE, options: { as: 'Mira' } },
    );
    await handleAutocomplete(ctx, forMira.request);
    expect(forMira.answered).toEqual([[{ name: 'Death Mask (0/1 today)', value: 'Death Mask' }]]);
  });

  it('Cairn: the spellbooks and scrolls carried as the player types, then cast', async () => {
    const none = fakeAutocomplete('cast', { name: 'spell', value: '' }, { userId: OSK_PLAYER });
    await handleAutocomplete(ctx, none.request);
    expect(none.answered).toEqual([[]]);
    const spells = await unwrap(referee.GET('/v1/magic/cairn/spells', {}));
    const [book, scroll] = [spells.items[0], spells.items[1]];
    for (const [kind, spell] of [
      ['spellbook', book],
      ['scroll', scroll],
    ] as const)
      await unwrap(
        referee.POST('/v1/campaigns/{campaignId}/characters/{characterId}/magic/cairn/items', {
          params: { path: { campaignId, characterId: ids.Osk } },
          body: { kind, spell: spell.id },
        }),
      );
    const all = fakeAutocomplete('cast', { name: 'spell', value: '' }, { userId: OSK_PLAYER });
    await handleAutocomplete(ctx, all.request);
    expect(all.answered).toEqual([
      [
        { name: `${book.name} (spellbook)`, value: book.name },
        { name: `${scroll.name} (scroll)`, value: scroll.name },
      ],
    ]);
    const typing = fakeAutocomplete(
      'cast',
      { name: 'spell', value: scroll.name.slice(0, 3).toLowerCase() },
      { userId: OSK_PLAYER },
    );
    await handleAutocomplete(ctx, typing.request);
    expect(typing.answered[0]).toContainEqual({ name: `${scroll.name} (scroll)`, value: scroll.name });
    const cast = last(await as(OSK_PLAYER, { spell: scroll.name }));
    expect(cast.ephemeral).toBe(false);
    expect(cast.content).toMatch(
      new RegExp(`^✨ \\*\\*Osk\\*\\* casts ${scroll.name} \\(the scroll is spent\\)`),
    );
  });

  it('G&M: a server without the cast route (404 for the route) is said plainly, to the asker alone', async () => {
    gmSent.length = 0;
    gmAnswer = () => problem(404, 'NOT_FOUND', 'No such route.');
    try {
      const run = await as(TORO_PLAYER, { spell: ' Sleep ' });
      // Deferred publicly (a cast is the table's), then the placeholder gives way to a private answer.
      expect(run.deferred).toEqual([{ ephemeral: false }]);
      expect(run.deleted).toBe(1);
      expect(run.seen).toEqual([
        {
          content:
            'This Arbiter has no Gods & Monsters casting yet (it does not know the G&M cast route): nothing was cast.',
          embeds: [],
          ephemeral: true,
        },
      ]);
      // The route and the memorized spell by name, as the cast route takes them.
      expect(gmSent).toEqual([{ characterId: ids.Toro, body: { spell: 'Sleep' } }]);
      // A 404 that is not Arbiter's problem+json (a proxy's page) means the same.
      gmAnswer = () => new Response('<html>Not Found</html>', { status: 404 });
      expect(last(await as(TORO_PLAYER, { spell: 'Sleep' })).content).toMatch(
        /^This Arbiter has no Gods & Monsters casting yet/,
      );
    } finally {
      gmAnswer = null;
    }
  });

  it('G&M: a 404 about the spell is Arbiter’s refusal; an answer without events gets the bot’s words', async () => {
    gmAnswer = () => problem(404, 'NOT_FOUND', 'Toro has no memorized spell called Sleep.');
    try {
      expect(last(await as(TORO_PLAYER, { spell: 'Sleep' }))).toEqual({
        content: 'Arbiter refused (NOT_FOUND): Toro has no memorized spell called Sleep.',
        embeds: [],
        ephemeral: true,
      });
      gmAnswer = () =>
        new Response(
          JSON.stringify({
            characterId: ids.Toro,
            spell: 'Sleepfall',
            level: 1,
            target: 'the goblins',
            events: [],
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      expect(
        last(await as(REFEREE, { spell: 'sleepfall', as: 'Toro', target: 'the goblins' })),
      ).toMatchObject({
        content: '✨ **Toro** casts Sleepfall (level 1) on the goblins.',
        ephemeral: false,
      });
    } finally {
      gmAnswer = null;
    }
  });

  it('G&M: the memorised spells not yet cast as the player types, with their level', async () => {
    const all = fakeAutocomplete('cast', { name: 'spell', value: '' }, { userId: TORO_PLAYER });
    await handleAutocomplete(ctx, all.request);
    // Glimmer's one slot is spent: not offered. Sleepfall fills two slots, listed once.
    expect(all.answered).toEqual([
      [
        { name: 'Sleepfall (level 1, 2 memorised)', value: 'Sleepfall' },
        { name: 'Mind Fog (level 2)', value: 'Mind Fog' },
      ],
    ]);
    const typing = fakeAutocomplete('cast', { name: 'spell', value: 'fog' }, { userId: TORO_PLAYER });
    await handleAutocomplete(ctx, typing.request);
    expect(typing.answered).toEqual([[{ name: 'Mind Fog (level 2)', value: 'Mind Fog' }]]);
    // A warrior has nothing memorised.
    const none = fakeAutocomplete('cast', { name: 'spell', value: '' }, { userId: BRAK_PLAYER });
    await handleAutocomplete(ctx, none.request);
    expect(none.answered).toEqual([[]]);
  });

  it('G&M against this server: a memorised spell cast for the table in the events’ words; refusals privately with the code and field', async () => {
    gmSent.length = 0;
    const first = await as(TORO_PLAYER, { spell: 'sleepfall', target: 'the goblins' });
    expect(first.seen).toEqual([
      { content: 'Toro casts Sleepfall (level 1) on the goblins.', embeds: [], ephemeral: false },
    ]);
    expect(gmSent).toEqual([{ characterId: ids.Toro, body: { spell: 'sleepfall', target: 'the goblins' } }]);
    // The first slot is marked cast on the sheet; one is left, and the list says so.
    const sheet = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId: ids.Toro, system: 'gm' } },
      }),
    );
    expect((sheet.sheet as { memorizedSpells: unknown[] }).memorizedSpells).toEqual([
      { name: 'Sleepfall', level: 1, cast: true },
      { name: 'Mind Fog', level: 2, cast: false },
      { name: 'Sleepfall', level: 1, cast: false },
      { name: 'Glimmer', level: 1, cast: true },
    ]);
    const after = fakeAutocomplete('cast', { name: 'spell', value: 'sleep' }, { userId: TORO_PLAYER });
    await handleAutocomplete(ctx, after.request);
    expect(after.answered).toEqual([[{ name: 'Sleepfall (level 1)', value: 'Sleepfall' }]]);
    expect(last(await as(TORO_PLAYER, { spell: 'Sleepfall' }))).toEqual({
      content: 'Toro casts Sleepfall (level 1).',
      embeds: [],
      ephemeral: false,
    });
    // Both slots spent: refused, to the caster alone, with Arbiter's code and the field it names.
    const spent = last(await as(TORO_PLAYER, { spell: 'Sleepfall' }));
    expect(spent.ephemeral).toBe(true);
    expect(spent.content).toMatch(
      /^Arbiter refused \(UNPROCESSABLE\): Sleepfall was already cast[^\n]*\n• spell: /,
    );
    // Above the caster's level (a 1st-level sorceror, no injuries): refused the same way.
    const high = last(await as(TORO_PLAYER, { spell: 'Mind Fog' }));
    expect(high.ephemeral).toBe(true);
    expect(high.content).toMatch(
      /^Arbiter refused \(UNPROCESSABLE\): Mind Fog is a level 2 spell[^\n]*\n• spell: /,
    );
    // Not memorised, and not a sorceror at all.
    expect(last(await as(TORO_PLAYER, { spell: 'Fireball' }))).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(
        /^Arbiter refused \(UNPROCESSABLE\): Fireball is not memorised[^\n]*\n• spell: /,
      ),
    });
    expect(last(await as(BRAK_PLAYER, { spell: 'Sleepfall' }))).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(
        /^Arbiter refused \(UNPROCESSABLE\): Only a sorceror casts[^\n]*\n• characterId: /,
      ),
    });
  });

  it('Archsoul has no spellcasting: said plainly, to the asker alone, and nothing is sent', async () => {
    posts.length = 0;
    const run = await as(ILKA_PLAYER, { spell: 'Fireball' });
    expect(posts).toEqual([]);
    expect(run.seen).toEqual([{ content: ARCHSOUL_NO_CASTING, embeds: [], ephemeral: true }]);
    expect(ARCHSOUL_NO_CASTING).toMatch(/^Archsoul has no spellcasting/);
    const typing = fakeAutocomplete('cast', { name: 'spell', value: '' }, { userId: ILKA_PLAYER });
    await handleAutocomplete(ctx, typing.request);
    expect(typing.answered).toEqual([[]]);
  });

  it('tells a missing route from a missing thing', () => {
    expect(isMissingRoute(new ArbiterProblem(404, { code: 'NOT_FOUND', detail: 'No such route.' }))).toBe(
      true,
    );
    expect(isMissingRoute(new ArbiterProblem(404, '<html>'))).toBe(true);
    expect(isMissingRoute(new ArbiterProblem(404, { code: 'NOT_FOUND', detail: 'No character x.' }))).toBe(
      false,
    );
    expect(isMissingRoute(new ArbiterProblem(405, { code: 'X', detail: 'No such route.' }))).toBe(false);
  });
});
