import {
  ArbiterProblem,
  createArbiterClient,
  unwrap,
  type ArbiterClient,
  type components,
} from '@arbiter/client';
import {
  START_TIMEOUT_MS,
  startArbiter,
  type RunningArbiter,
} from '../../../clients/typescript/test/arbiter-server';
import { fitLines, LIMITS, type BotContext } from '../src/common';
import { handleAutocomplete, handleButton, handleCommand } from '../src/handlers';
import {
  attackLines,
  blockWays,
  contestWords,
  gmScore,
  gmScorePath,
  refusesWeapon,
  weaponPlan,
} from '../src/session';
import { weaponsOf } from '../src/sheets';
import { MemoryStore } from '../src/store';
import { eventTexts } from '../src/words';
import { buttonsOf, FakeChannel, fakeAutocomplete, fakeInteraction, fakePress, type FakeRun } from './fake';
import { addCharacter } from './table';

jest.setTimeout(60_000);

type ActionResult = components['schemas']['CombatActionResult'];

describe('Discord bot: weapons, events and a player’s choices (pure parts)', () => {
  const result = (extra: Partial<ActionResult> & Record<string, unknown>): ActionResult =>
    ({ sealed: false, targets: [], ...extra }) as unknown as ActionResult;
  const plan = {
    actor: { kind: 'npc' as const, id: 'o', name: 'Orc' },
    target: { kind: 'character' as const, id: 'v', name: 'Vess' },
    weaponLabel: 'Axe',
    byReferee: true,
  };

  it('posts the answer’s events as they are when it has them, else the bot’s own words', () => {
    const events = [
      { type: 'attack', text: 'Orc hits Vess with an axe for 3.', ownerName: 'Orc' },
      { type: 'harm', text: 'Vess is down.', ownerName: 'Vess' },
      { type: 'note', text: '  ', ownerName: 'Vess' },
    ];
    expect(eventTexts({ events })).toEqual(['Orc hits Vess with an axe for 3.', 'Vess is down.']);
    expect(eventTexts({ events: [] })).toEqual([]);
    expect(eventTexts({})).toEqual([]);
    const gmRoll = {
      gm: { attack: { roll: 7, target: 12, hit: true, damage: 3, damageDice: 'd8' } } as never,
    };
    expect(attackLines({ ...plan, byReferee: false }, result({ events, ...gmRoll }))).toEqual({
      shared: [
        '⚔️ **Orc** attacks **Vess** with Axe.',
        'd20 7 against 12: a hit for 3 (d8).', // the roll: events tell harm, not dice
        'Orc hits Vess with an axe for 3.',
        'Vess is down.',
      ],
      details: [],
    });
    // The referee's key reads every number: of a sealed action the table reads what happened to
    // the character (whose sheet it sees), the referee the rest.
    const sealedEvents = [
      { type: 'attack', text: 'Orc rolls 5 against 3.', ownerName: 'Orc' },
      { type: 'damaged', text: 'Vess takes 3.', ownerId: 'v', ownerName: 'Vess' },
      { type: 'damaged', text: 'Orc takes 1 back.', ownerId: 'o', ownerName: 'Orc' },
    ];
    expect(attackLines(plan, result({ events: sealedEvents, sealed: true, ...gmRoll }))).toEqual({
      shared: ['⚔️ **Orc** attacks **Vess** with Axe.', 'Vess takes 3.'],
      details: ['d20 7 against 12: a hit for 3 (d8).', 'Orc rolls 5 against 3.', 'Orc takes 1 back.'],
    });
    // A player's key: its events are what a player may read; a sealed answer has no dice for it.
    expect(
      attackLines({ ...plan, byReferee: false }, result({ events: sealedEvents, sealed: true })),
    ).toEqual({
      shared: [
        '⚔️ **Orc** attacks **Vess** with Axe.',
        'Orc rolls 5 against 3.',
        'Vess takes 3.',
        'Orc takes 1 back.',
      ],
      details: [],
    });
    // Events only on the harm (the engine's damage answer): they replace the harm words, the dice stay.
    const harm = {
      damage: 3,
      changes: [],
      conditionsAdded: [],
      stateBefore: 'up',
      state: 'up',
      pending: [],
      sheet: { sheet: {} },
    };
    const onHarm = attackLines(
      { ...plan, byReferee: false },
      result({
        gm: { attack: { roll: 7, target: 12, hit: true, damage: 3, damageDice: 'd8' } } as never,
        targets: [
          { id: 'v', damage: { ...harm, events: [{ type: 'damaged', text: 'Vess takes 3 from an axe.' }] } },
        ] as never,
      }),
    );
    expect(onHarm.shared).toEqual([
      '⚔️ **Orc** attacks **Vess** with Axe.',
      'd20 7 against 12: a hit for 3 (d8).',
      'Vess takes 3 from an axe.',
    ]);
    // Without them, the bot's words for the same harm.
    const plainHarm = attackLines(
      { ...plan, byReferee: false },
      result({ targets: [{ id: 'v', damage: harm }] as never }),
    );
    expect(plainHarm.shared).toEqual(['⚔️ **Orc** attacks **Vess** with Axe.', '**Vess** takes 3 damage.']);
    // No events (today's Arbiter): the words from the numbers.
    const words = attackLines(
      { ...plan, byReferee: false },
      result({
        events: [],
        gm: { attack: { roll: 7, target: 12, hit: true, damage: 4, damageDice: 'd8' } } as never,
      }),
    );
    expect(words.shared).toEqual([
      '⚔️ **Orc** attacks **Vess** with Axe.',
      'd20 7 against 12: a hit for 4 (d8).',
    ]);
  });

  it('says a change once: a field-changed event repeating its summary word for word is left out', () => {
    const bryn = { ownerId: 'b', ownerName: 'Bryn' };
    const rest = [
      { type: 'rested', text: 'Bryn rests (short): HP 0 → 2, STR 2 → 3.', ...bryn },
      { type: 'field-changed', text: 'Bryn: HP 0 → 2.', ...bryn },
      { type: 'field-changed', text: 'Bryn: STR 2 → 3.', ...bryn },
      // Not in the summary: kept.
      { type: 'field-changed', text: 'Bryn: DEX 12 → 11.', ...bryn },
      // Another one's change that reads the same: kept (the summary is Bryn's).
      { type: 'field-changed', text: 'Osk: HP 0 → 2.', ownerId: 'o', ownerName: 'Osk' },
      { type: 'state-changed', text: 'Bryn is back on their feet.', ...bryn },
    ];
    expect(eventTexts({ events: rest })).toEqual([
      'Bryn rests (short): HP 0 → 2, STR 2 → 3.',
      'Bryn: DEX 12 → 11.',
      'Osk: HP 0 → 2.',
      'Bryn is back on their feet.',
    ]);
    // A change said before its summary, or with no summary at all, is kept.
    expect(eventTexts({ events: [rest[1], rest[0]] })).toEqual([
      'Bryn: HP 0 → 2.',
      'Bryn rests (short): HP 0 → 2, STR 2 → 3.',
    ]);
  });

  it('keeps many events within a message, whole lines, and counts the rest', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `Event ${i}: something happened to somebody.`);
    const text = fitLines(lines);
    expect(text.length).toBeLessThanOrEqual(LIMITS.content);
    const kept = text.split('\n');
    expect(kept[kept.length - 1]).toBe(`(and ${300 - (kept.length - 1)} more)`);
    expect(kept.slice(0, -1)).toEqual(lines.slice(0, kept.length - 1));
    expect(fitLines(['short', 'lines'])).toBe('short\nlines');
    expect(fitLines(['x'.repeat(5000)])).toHaveLength(LIMITS.content);
  });

  it('a weapon on the sheet goes by name, with today’s die or skill as the fallback', () => {
    const weapons = weaponsOf({
      weapons: [
        { name: 'Longsword', damage: 'd8', bulky: false },
        { name: 'Knife', die: 'd6' },
        { name: 'Spear', skill: 'Fighter' },
        { nameless: true },
      ],
    });
    expect(weapons).toEqual([
      { name: 'Longsword', dice: 'd8' },
      { name: 'Knife', dice: 'd6' },
      { name: 'Spear', skill: 'Fighter' },
    ]);
    const sword = weaponPlan('cairn', 'longsword', weapons);
    expect(sword.label).toBe('Longsword');
    expect(sword.part).toEqual({ weapon: 'Longsword' });
    expect(sword.fallback!()).toEqual({ die: 'd8' });
    // Nothing typed: the sheet's first weapon.
    expect(weaponPlan('cairn', null, weapons).part).toEqual({ weapon: 'Longsword' });
    expect(weaponPlan('coeac', 'Spear', weapons).fallback!()).toEqual({ skill: 'Fighter' });
    expect(weaponPlan('gm', 'Knife', weapons).fallback!()).toEqual({ weapon: 'd6' });
    // Not on the sheet: today's die, skill or dice, no fallback.
    expect(weaponPlan('cairn', 'sword d10', [])).toMatchObject({ part: { die: 'd10' }, fallback: null });
    expect(weaponPlan('coeac', 'Fighter', [])).toMatchObject({ part: { skill: 'Fighter' } });
    expect(() => weaponPlan('cairn', 'sword', [])).toThrow('Name the weapon’s die: `weapon:d8`.');
    expect(() => weaponPlan('cairn', 'Spear', weapons).fallback!()).toThrow(
      'the sheet gives no die for Spear',
    );
    const problem = (status: number, field: string) =>
      new ArbiterProblem(status, {
        code: 'VALIDATION_FAILED',
        title: 'x',
        detail: 'x',
        errors: [{ field, message: 'x' }],
      });
    expect(refusesWeapon(problem(400, 'cairn.weapon'))).toBe(true);
    expect(refusesWeapon(problem(422, 'gm.weapon'))).toBe(true);
    expect(refusesWeapon(problem(400, 'cairn.die'))).toBe(false);
    expect(refusesWeapon(problem(403, 'cairn.weapon'))).toBe(false);
  });

  it('Block ways and G&M scores from the sheet; a contest in one line with its exact chances', () => {
    expect(blockWays({ armor: { kind: 'light', shield: true, blockUses: 2 } })).toEqual(['armor', 'shield']);
    expect(blockWays({ armor: { kind: 'light', shield: true, blockUses: 1 } })).toEqual(['armor']);
    expect(blockWays({ armor: { kind: 'none', shield: true, blockUses: 1 } })).toEqual(['shield']);
    expect(blockWays({ armor: { kind: 'heavy', blockUses: 0 } })).toEqual([]);
    expect(blockWays({})).toEqual([]);
    const sheet = { reactions: { fortitude: 13 }, abilities: { strength: 14 } };
    expect(gmScore(sheet, 'Fortitude')).toBe(13);
    expect(gmScore(sheet, 'strength')).toBe(14);
    expect(gmScore(sheet, 'evasion')).toBeNull();
    // The G&M sheet's `attributes` (the new name) first, `abilities` when it has none.
    expect(gmScore({ attributes: { strength: 15 }, abilities: { strength: 14 } }, 'strength')).toBe(15);
    // A server since issue 42 answers `attributes` (and the deprecated `abilities` beside it).
    const newer = { attributes: { strength: 16 }, abilities: { strength: 16 } };
    expect(gmScore(newer, 'strength')).toBe(16);
    expect(gmScorePath(newer, 'abilities.strength')).toBe('attributes.strength');
    expect(gmScorePath(sheet, 'attributes.strength')).toBe('abilities.strength'); // an older server
    expect(gmScorePath(sheet, 'reactions.fortitude')).toBe('reactions.fortitude');
    const line = contestWords(
      { name: 'Toro', what: 'strength', score: 14, modifier: 2 },
      { name: 'Pell', what: 'endurance', score: 12 },
      {
        winner: 'acting',
        rounds: [
          {
            acting: { roll: 3, target: 16, passed: true },
            resisting: { roll: 15, target: 12, passed: false },
            doubled: false,
          },
        ],
        faces: [3, 15],
        timeSteps: 0,
        odds: { acting: 0.5, resisting: 0.375, draw: 0.125 },
      } as unknown as components['schemas']['ContestCheckResult'],
    );
    expect(line).toBe(
      '⚖️ **Toro** (strength 14 +2) against **Pell** (endurance 12): d20 3✓ vs 15✗ → **Toro wins**. ' +
        'Chances were Toro 50.0%, Pell 37.5%, a draw 12.5%.',
    );
  });
});

const REFEREE = 'user-referee';
const DAIN_PLAYER = 'user-dain';
const TORO_PLAYER = 'user-toro';
const PELL_PLAYER = 'user-pell';
const BRYN_PLAYER = 'user-bryn';
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

describe('Discord bot: weapons, events and a player’s choices against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let referee: ArbiterClient;
  let campaignId: string;
  const store = new MemoryStore();
  const ids: Record<string, string> = {};
  /** The action bodies the bot sent, in order. */
  const sent: Array<Record<string, unknown>> = [];
  /** The G&M contest bodies the bot sent, in order. */
  const contests: Array<Record<string, unknown>> = [];
  /** Changes what Arbiter answers, to play an Arbiter with issue 42's sheets and events. */
  let rewrite: ((url: string, method: string, body: unknown) => unknown) | null = null;

  const fetcher = async (request: Request): Promise<Response> => {
    if (request.method === 'POST' && /\/combats\/[^/]+\/actions$/.test(request.url))
      sent.push((await request.clone().json()) as Record<string, unknown>);
    if (request.method === 'POST' && request.url.endsWith('/checks/contest'))
      contests.push((await request.clone().json()) as Record<string, unknown>);
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
    channel: FakeChannel,
  ): Promise<FakeRun> => {
    const run = fakeInteraction(command, options, { userId, channel });
    await handleCommand(ctx, run.interaction);
    return run;
  };
  const last = (run: FakeRun) => run.seen[run.seen.length - 1];

  async function character(name: string, system: string, sheet: Record<string, unknown>, user?: string) {
    const player = user ? { store, userId: user } : undefined;
    ids[name] = await addCharacter(referee, campaignId, { name, system, sheet }, player);
  }

  const npc = async (name: string, sheets: Record<string, unknown>) =>
    unwrap(
      referee.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: { name, kind: 'monster', sheets, visibility: 'players', showNumbers: true } as never,
      }),
    );

  beforeAll(async () => {
    arbiter = await startArbiter();
    ctx = { baseUrl: arbiter.baseUrl, store, retry: quick, fetch: fetcher };
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', { body: { name: 'Choices' } }),
    );
    campaignId = created.id;
    referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: created.refereeKey, retry: quick });
    store.linkGuild('guild-1', campaignId);
    store.linkPlayer('guild-1', REFEREE, { key: created.refereeKey, role: 'referee', characterId: null });
    await character(
      'Dain',
      'coeac',
      { class: 'Fighter', maxHp: 6, skills: { Fighter: 2 }, armor: { kind: 'light', shield: true } },
      DAIN_PLAYER,
    );
    const gm = (strength: number) => ({
      abilities: { strength, agility: 12, endurance: 15, intelligence: 10, wisdom: 11, charisma: 9 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
    });
    await character(
      'Toro',
      'gm',
      {
        ...gm(14),
        fields: [{ name: 'War Craft', bonus: 3, skills: ['Tactics'] }],
        specialties: [{ name: 'Axes', bonus: 2 }, { name: 'Dwarf' }],
      },
      TORO_PLAYER,
    );
    await character('Pell', 'gm', gm(12), PELL_PLAYER);
    await character(
      'Bryn',
      'cairn',
      { str: { max: 9 }, dex: { max: 12 }, wil: { max: 10 }, hp: 4, maxHp: 4 },
      BRYN_PLAYER,
    );
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await arbiter?.stop();
  });

  it('COEAC: the referee’s attack on a player’s character offers the Block to that player alone', async () => {
    const sheet = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId: ids.Dain, system: 'coeac' } },
      }),
    );
    const ways = blockWays(sheet.sheet);
    expect(ways.length).toBeGreaterThan(0);
    await npc('Orc', { coeac: { hp: 5, maxHp: 5, pool: 3 } });
    const channel = new FakeChannel();
    await as(REFEREE, 'fight', { sub: 'start', who: 'Dain, Orc' }, channel);
    const attack = await as(REFEREE, 'attack', { as: 'Orc', weapon: 'Fighter', target: 'Dain' }, channel);
    const prompt = last(attack);
    expect(prompt.ephemeral).toBe(false);
    expect(prompt.content).toBe(
      `⚔️ **Orc** attacks **Dain** with Fighter. <@${DAIN_PLAYER}>: does Dain Block?`,
    );
    const buttons = buttonsOf(prompt);
    expect(Object.keys(buttons)).toEqual([
      ...ways.map((w) => (w === 'armor' ? 'Block with armour' : 'Block with shield')),
      'Take the blow',
    ]);
    expect(sent).toHaveLength(0); // nothing rolled before the choice
    // Somebody else's press: refused privately, nothing sent.
    const intruder = fakePress(buttons['Take the blow'], BRYN_PLAYER);
    await handleButton(ctx, intruder.press);
    expect(intruder.deferred).toBe(false);
    expect(intruder.replies).toEqual([
      { content: 'Only Dain’s player chooses whether Dain Blocks.', embeds: [], ephemeral: true },
    ]);
    expect(sent).toHaveLength(0);
    // Dain's player Blocks: the exchange is sent with the Block, and the prompt becomes the result.
    const way = ways[0];
    const choice = fakePress(
      buttons[way === 'armor' ? 'Block with armour' : 'Block with shield'],
      DAIN_PLAYER,
    );
    await handleButton(ctx, choice.press);
    expect(choice.deferred).toBe(true); // acknowledged before calling Arbiter
    expect(choice.replies).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'exchange',
      actor: expect.any(String),
      coeac: { skill: 'Fighter', blocks: [{ id: ids.Dain, with: way }] },
    });
    expect(choice.updates).toHaveLength(1);
    expect(choice.updates[0].content).toMatch(
      /^⚔️ \*\*Orc\*\* attacks \*\*Dain\*\* with Fighter\.\n\d+ successes to \d+/,
    );
    expect(choice.updates[0].components).toEqual([]);
    // Made once: a second press finds it closed.
    const again = fakePress(buttons['Take the blow'], DAIN_PLAYER);
    await handleButton(ctx, again.press);
    expect(again.replies[0]).toMatchObject({
      ephemeral: true,
      content: expect.stringContaining('no longer open'),
    });
    expect(sent).toHaveLength(1);
    await as(REFEREE, 'fight', { sub: 'end' }, channel);
  });

  it('G&M group attack: each member’s player bids mojo by button, then the attack is rolled with the bids', async () => {
    sent.length = 0;
    const toro = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId: ids.Toro, system: 'gm' } },
      }),
    );
    const held = ((toro.sheet as { mojo?: { current: number } }).mojo as { current: number }).current;
    expect(held).toBeGreaterThan(0);
    await npc('Ogre', {
      gm: {
        abilities: { strength: 16, agility: 8, endurance: 16, intelligence: 6, wisdom: 8, charisma: 6 },
        archetypes: [{ archetype: 'warrior', level: 2 }],
      },
    });
    const channel = new FakeChannel();
    await as(REFEREE, 'fight', { sub: 'start', who: 'Toro, Pell, Ogre' }, channel);
    const attack = await as(TORO_PLAYER, 'attack', { weapon: 'd8', target: 'Ogre', with: 'Pell' }, channel);
    const prompt = last(attack);
    expect(prompt.content).toContain('leads a group attack on **Ogre**');
    expect(prompt.content).toContain(`<@${TORO_PLAYER}> for Toro (${held} held)`);
    const buttons = buttonsOf(prompt);
    expect(buttons).toHaveProperty(['Toro: bid 1']);
    expect(buttons).toHaveProperty(['Pell: no bid']);
    expect(buttons).toHaveProperty(['Roll now']);
    // Pell's player may not bid Toro's mojo.
    const wrong = fakePress(buttons['Toro: bid 1'], PELL_PLAYER);
    await handleButton(ctx, wrong.press);
    expect(wrong.replies[0]).toMatchObject({
      ephemeral: true,
      content: 'Only Toro’s player bids their mojo.',
    });
    const bid = fakePress(buttons['Toro: bid 1'], TORO_PLAYER);
    await handleButton(ctx, bid.press);
    expect(sent).toHaveLength(0); // Pell has not answered yet
    expect(bid.updates[0].content).toContain('Toro (');
    expect(bid.updates[0].content).toContain(': bids 1');
    expect(Object.keys(buttonsOf(bid.updates[0]))).not.toContain('Toro: bid 1');
    const pass = fakePress(buttons['Pell: no bid'], PELL_PLAYER);
    await handleButton(ctx, pass.press);
    expect(pass.replies).toEqual([]);
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'attack',
        gm: { weapon: 'd8', members: ['Pell'], mojo: [{ member: ids.Toro, bid: 1 }] },
      }),
    ]);
    expect(pass.updates[0].content).toMatch(
      /^⚔️ \*\*Toro\*\* attacks \*\*Ogre\*\* with d8\.\nd20 \d+ against \d+/,
    );
    await as(REFEREE, 'fight', { sub: 'end' }, channel);
  });

  it('weapons on the sheet: autocompleted, sent by name, and today’s die when Arbiter refuses `weapon`', async () => {
    sent.length = 0;
    // An Arbiter with issue 42's sheets: Bryn's sheet lists weapons.
    rewrite = (url, method, body) => {
      if (method === 'GET' && url.endsWith(`/characters/${ids.Bryn}`)) {
        const c = body as { sheets: { cairn: Record<string, unknown> } };
        c.sheets.cairn.weapons = [
          { name: 'Longsword', damage: 'd8' },
          { name: 'Dagger', damage: 'd6' },
        ];
      }
      return body;
    };
    try {
      await npc('Goblin', {
        cairn: { hp: 8, maxHp: 8, armor: 1, str: { max: 8 }, dex: { max: 12 }, wil: { max: 6 } },
      });
      const channel = new FakeChannel();
      await as(REFEREE, 'fight', { sub: 'start', who: 'Bryn, Goblin' }, channel);
      const typing = fakeAutocomplete('attack', { name: 'weapon', value: 'dag' }, { userId: BRYN_PLAYER });
      await handleAutocomplete(ctx, typing.request);
      expect(typing.answered).toEqual([[{ name: 'Dagger (d6)', value: 'Dagger' }]]);
      const all = fakeAutocomplete('attack', { name: 'weapon', value: '' }, { userId: BRYN_PLAYER });
      await handleAutocomplete(ctx, all.request);
      expect(all.answered[0].map((c) => c.value)).toEqual(['Longsword', 'Dagger']);
      const blow = await as(BRYN_PLAYER, 'attack', { weapon: 'longsword', target: 'Goblin' }, channel);
      // Sent by name first; this Arbiter refuses `cairn.weapon` (400), so the sheet's die goes instead.
      expect(sent.map((b) => b.cairn)).toEqual([{ weapon: 'Longsword' }, { die: 'd8' }]);
      expect(blow.seen[0]).toMatchObject({
        ephemeral: false,
        content: expect.stringMatching(/^⚔️ \*\*Bryn\*\* attacks \*\*Goblin\*\* with Longsword\.\nRolled \d/),
      });
      await as(REFEREE, 'fight', { sub: 'end' }, channel);
    } finally {
      rewrite = null;
    }
  });

  it('a Cairn weapon stored on the sheet goes by name', async () => {
    sent.length = 0;
    const document = (await (await fetch(`${arbiter.baseUrl}/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    // This repository's server takes a weapon by name (the fallback below serves older servers).
    expect(document.components.schemas.CairnCombatActionInput?.properties?.weapon).toBeDefined();
    await character(
      'Kell',
      'cairn',
      {
        str: { max: 10 },
        dex: { max: 10 },
        wil: { max: 10 },
        hp: 5,
        maxHp: 5,
        weapons: [{ name: 'Maul', die: 'd10' }],
      },
      'user-kell',
    );
    await npc('Wight', { cairn: { hp: 9, maxHp: 9, str: { max: 8 }, dex: { max: 8 }, wil: { max: 8 } } });
    const channel = new FakeChannel();
    await as(REFEREE, 'fight', { sub: 'start', who: 'Kell, Wight' }, channel);
    const typing = fakeAutocomplete('attack', { name: 'weapon', value: 'ma' }, { userId: 'user-kell' });
    await handleAutocomplete(ctx, typing.request);
    expect(typing.answered).toEqual([[{ name: 'Maul (d10)', value: 'Maul' }]]);
    // No weapon named: the sheet's first, by name, taken as it is (one request).
    const blow = await as('user-kell', 'attack', { target: 'Wight' }, channel);
    expect(sent.map((b) => b.cairn)).toEqual([{ weapon: 'Maul' }]);
    expect(last(blow).content).toMatch(/^⚔️ \*\*Kell\*\* attacks \*\*Wight\*\* with Maul\.\nRolled \d+/);
    await as(REFEREE, 'fight', { sub: 'end' }, channel);
  });

  it('G&M and COEAC weapons on the sheet fall back to their dice and skill against today’s API', async () => {
    sent.length = 0;
    rewrite = (url, method, body) => {
      const c = body as { sheets: Record<string, Record<string, unknown>> };
      if (method === 'GET' && url.endsWith(`/characters/${ids.Toro}`))
        c.sheets.gm.weapons = [{ name: 'Spear', damage: 'd8' }];
      if (method === 'GET' && url.endsWith(`/characters/${ids.Dain}`))
        c.sheets.coeac.weapons = [{ name: 'Axe', skill: 'Fighter' }];
      return body;
    };
    try {
      const gm = new FakeChannel();
      await as(REFEREE, 'fight', { sub: 'start', who: 'Toro, Ogre' }, gm);
      // No weapon named: the sheet's first.
      const spear = await as(TORO_PLAYER, 'attack', { target: 'Ogre' }, gm);
      expect(sent.map((b) => b.gm)).toEqual([{ weapon: 'Spear' }, { weapon: 'd8' }]);
      expect(spear.seen[0].content).toMatch(/^⚔️ \*\*Toro\*\* attacks \*\*Ogre\*\* with Spear\.\nd20 \d+/);
      await as(REFEREE, 'fight', { sub: 'end' }, gm);
      sent.length = 0;
      const coeac = new FakeChannel();
      await as(REFEREE, 'fight', { sub: 'start', who: 'Dain, Orc' }, coeac);
      const axe = await as(DAIN_PLAYER, 'attack', { weapon: 'Axe', target: 'Orc' }, coeac);
      expect(sent.map((b) => b.coeac)).toEqual([{ weapon: 'Axe' }, { skill: 'Fighter' }]);
      expect(axe.seen[0].content).toMatch(/^⚔️ \*\*Dain\*\* attacks \*\*Orc\*\* with Axe\.\n\d+ successes/);
      await as(REFEREE, 'fight', { sub: 'end' }, coeac);
    } finally {
      rewrite = null;
    }
  });

  it('answers with events: their text is what the table reads', async () => {
    rewrite = (url, method, body) =>
      method === 'POST' && url.endsWith('/rests')
        ? { ...(body as object), events: [{ type: 'rest', text: 'Bryn catches their breath: 2 HP back.' }] }
        : body;
    try {
      const rested = last(await as(BRYN_PLAYER, 'rest', { kind: 'short' }, new FakeChannel()));
      expect(rested).toMatchObject({ ephemeral: false, content: 'Bryn catches their breath: 2 HP back.' });
    } finally {
      rewrite = null;
    }
    // Without events (this Arbiter's own answer has none unless its rest answer's schema lists them),
    // the bot's own words as before.
    const document = (await (await fetch(`${arbiter.baseUrl}/openapi.json`)).json()) as {
      components?: { schemas?: Record<string, unknown> };
    };
    const plain = last(await as(BRYN_PLAYER, 'rest', { kind: 'short' }, new FakeChannel()));
    expect(plain.content).toMatch(
      (document.components?.schemas?.SheetRestResult as { properties?: Record<string, unknown> } | undefined)
        ?.properties?.events
        ? /^Bryn rests \(short\)/
        : /^😴 Bryn rests \(short\)/,
    );
  });

  it('/check against: a G&M contest, Arbiter reading the sheets it may name, with the exact chances', async () => {
    contests.length = 0;
    const run = await as(
      TORO_PLAYER,
      'check',
      { attribute: 'strength', against: 'Pell', resist: 'endurance' },
      new FakeChannel(),
    );
    const line = last(run);
    expect(line.ephemeral).toBe(false);
    // A player's key names its own character (Arbiter reads it); Pell, another player's, goes as the
    // score the bot reads from Pell's sheet.
    expect(contests).toEqual([
      { acting: { characterId: ids.Toro, attribute: 'strength' }, resisting: { score: 15 } },
    ]);
    const [first, read] = line.content.split('\n');
    expect(first).toMatch(
      /^⚖️ \*\*Toro\*\* \(strength 14\) against \*\*Pell\*\* \(endurance 15\): d20 .* → \*\*(Toro wins|Pell wins|a draw)\*\*\. Chances were Toro (\d+\.\d+)%, Pell (\d+\.\d+)%, a draw (\d+\.\d+)%\.$/,
    );
    // What Arbiter read for Toro's side, in its words.
    expect(read).toMatch(
      /^Read from the sheets: Toro: score 14 \((attributes|abilities)\.strength\)[^;]*\.$/,
    );
    const [, a, b, d] = /Toro (\d+\.\d+)%, Pell (\d+\.\d+)%, a draw (\d+\.\d+)%/.exec(first)!;
    expect(Math.abs(Number(a) + Number(b) + Number(d) - 100)).toBeLessThan(0.2);
    // The same chances as Arbiter's contest for those scores.
    const odds = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/checks/contest', {
        body: { acting: { score: 14 }, resisting: { score: 15 } },
      }),
    );
    expect(a).toBe((odds.odds.acting * 100).toFixed(1));
    // The referee names both sides, a reaction on one and an attribute on the other; Arbiter reads both.
    const refereed = last(
      await as(
        REFEREE,
        'check',
        { who: 'Toro', reaction: 'Fortitude', against: 'Pell', resist: 'strength', mode: 'same-goal' },
        new FakeChannel(),
      ),
    );
    expect(contests[1]).toEqual({
      acting: { characterId: ids.Toro, reaction: 'fortitude' },
      resisting: { characterId: ids.Pell, attribute: 'strength' },
      mode: 'same-goal',
    });
    expect(refereed.ephemeral).toBe(false);
    expect(refereed.content).toMatch(
      /^⚖️ \*\*Toro\*\* \(fortitude \d+\) against \*\*Pell\*\* \(strength 12\): [^\n]*\nRead from the sheets: Toro: score \d+ \(reactions\.fortitude\)[^;]*; Pell: score 12 \((attributes|abilities)\.strength\)[^;]*\.$/,
    );
    // Another game's character: said plainly, privately.
    const wrong = last(await as(BRYN_PLAYER, 'check', { save: 'STR', against: 'Pell' }, new FakeChannel()));
    expect(wrong).toMatchObject({ ephemeral: true, content: 'Contests (`against:`) are G&M’s.' });
  });

  it('/check for G&M: a skill of the sheet’s fields and a specialty (listed as the player types) add their bonuses', async () => {
    const all = fakeAutocomplete('check', { name: 'specialty', value: '' }, { userId: TORO_PLAYER });
    await handleAutocomplete(ctx, all.request);
    expect(all.answered).toEqual([
      [
        { name: 'Axes (+2)', value: 'Axes' },
        { name: 'Dwarf (+0)', value: 'Dwarf' },
      ],
    ]);
    // The referee's list is of the one named in `who:`; Pell has none.
    const forPell = fakeAutocomplete(
      'check',
      { name: 'specialty', value: '' },
      { userId: REFEREE, options: { who: 'Pell' } },
    );
    await handleAutocomplete(ctx, forPell.request);
    expect(forPell.answered).toEqual([[]]);
    // The check's line comes first (a failed archetypal roll's mojo bid may follow it).
    const checked = (
      await as(
        TORO_PLAYER,
        'check',
        { attribute: 'strength', skill: 'Tactics', specialty: 'axes' },
        new FakeChannel(),
      )
    ).seen[0];
    expect(checked.ephemeral).toBe(false);
    expect(checked.content).toMatch(/^🎲 \*\*Toro\*\* tests /);
    expect(checked.content).toMatch(/From: [^\n]*skill:Tactics \(field War Craft\)[^\n]*specialty:Axes/);
    // A specialty the sheet does not hold: Arbiter's refusal, privately, naming the field.
    expect(
      last(await as(TORO_PLAYER, 'check', { attribute: 'strength', specialty: 'Bows' }, new FakeChannel())),
    ).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^Arbiter refused \([A-Z_]+\): [^\n]*\n• specialty: /),
    });
  });
});
