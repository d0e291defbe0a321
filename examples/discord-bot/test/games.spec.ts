import { createArbiterClient, unwrap, type ArbiterClient } from '@arbiter/client';
import {
  START_TIMEOUT_MS,
  startArbiter,
  type RunningArbiter,
} from '../../../clients/typescript/test/arbiter-server';
import { NO_ADVANCEMENT } from '../src/advance';
import { COMMANDS } from '../src/commands';
import { handleButton, handleCommand } from '../src/handlers';
import { ARCHSOUL_NO_CASTING } from '../src/session';
import type { BotContext } from '../src/common';
import { MemoryStore } from '../src/store';
import {
  buttonsOf,
  FakeChannel,
  fakeInteraction,
  fakePress,
  overDiscordLimits,
  render,
  type FakeRun,
  type Seen,
} from './fake';
import { addCharacter } from './table';

/**
 * One scripted session per game against a real Arbiter: a fight to the end with a hidden monster, a
 * spell where the bot casts for that game, a rest, and the game's advancement (`/advance`). Every
 * message a player could see (public answers, the channel's tracker, the player's own private
 * answers) is checked as it comes: a hidden monster appears there in words, never with a number.
 */

jest.setTimeout(60_000);

const REFEREE = 'user-referee';
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

/** The lines of a text that name one of the monsters and carry a number (dice like d8 aside). */
export function numbersAbout(text: string, monsters: string[]): string[] {
  return text
    .split('\n')
    .filter((line) => monsters.some((m) => line.includes(m)))
    .filter((line) => /\d/.test(line.replace(/\b\d*d\d+([+-]\d+)?\b/gi, '')));
}

describe('Discord bot: a scripted session per game against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let referee: ArbiterClient;
  let campaignId: string;
  const store = new MemoryStore();
  const ids: Record<string, string> = {};
  /** The hidden monsters so far: no player-visible message may give a number about them. */
  const monsters: string[] = [];
  /** Every message a player could read, for the checks at the end of each game. */
  const playerSaw: string[] = [];
  /** How many payloads were held to Discord's limits. */
  let checkedPayloads = 0;

  /** One context for the whole session: the bot keeps its open choices (buttons) per context. */
  let botContext: BotContext | null = null;
  const ctx = (): BotContext => (botContext ??= { baseUrl: arbiter.baseUrl, store, retry: quick });
  const last = (run: FakeRun): Seen => run.seen[run.seen.length - 1];

  /** A table in one channel: commands run there, and what players see there is checked. */
  function table(channelId: string) {
    const channel = new FakeChannel();
    const as = async (
      userId: string,
      command: string,
      options: Record<string, string | number | boolean> = {},
    ): Promise<FakeRun> => {
      const run = fakeInteraction(command, options, { userId, channel, channelId });
      await handleCommand(ctx(), run.interaction);
      expect(run.seen.length).toBeGreaterThanOrEqual(1);
      // Every answer (the referee's private ones too) and the channel's tracker fit in Discord.
      for (const payload of [...run.seen, ...channel.messages.values()]) {
        expect(overDiscordLimits(payload)).toEqual([]);
        checkedPayloads++;
      }
      // What players see: public answers (anyone's), a player's own private ones, the tracker.
      const seen = run.seen.filter((s) => !s.ephemeral || userId !== REFEREE).map(render);
      seen.push(channel.text());
      for (const text of seen) {
        expect(numbersAbout(text, monsters)).toEqual([]);
        playerSaw.push(text);
      }
      return run;
    };
    return { channel, as: Object.assign(as, { channel }) };
  }

  async function character(name: string, system: string, sheet: Record<string, unknown>) {
    const userId = `user-${name.toLowerCase()}`;
    ids[name] = await addCharacter(referee, campaignId, { name, system, sheet }, { store, userId });
    return userId;
  }

  /** A monster's harm state as the referee reads it. */
  async function npcState(name: string, system: string): Promise<string> {
    const npc = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/npcs/{npcId}', {
        params: { path: { campaignId, npcId: name } },
      }),
    );
    const sheet = (npc.sheets?.[system as 'cairn'] ?? {}) as { harm?: { state?: string }; state?: string };
    return sheet.harm?.state ?? sheet.state ?? 'up';
  }

  /**
   * The player's character attacks the monster round after round until it is out of the fight;
   * answers the player's lines about it (each already checked for numbers).
   */
  async function fightToTheEnd(
    as: ReturnType<typeof table>['as'],
    player: string,
    monster: string,
    system: string,
    weapon: string,
  ): Promise<string[]> {
    // A player's key finds no hidden NPC (the API never lets it see one): the referee shows it in
    // words only (its numbers stay hidden), as a table sees a monster step out of the dark.
    await as(REFEREE, 'npc', { sub: 'reveal', name: monster });
    await as(REFEREE, 'npc', { sub: 'state', name: monster, words: 'snarling' });
    expect(as.channel.text()).toContain(`**${monster}** — “snarling”`);
    const said: string[] = [];
    for (let round = 0; round < 40; round++) {
      const blow = await as(player, 'attack', { weapon, target: monster });
      said.push(...blow.seen.map((s) => s.content));
      if ((await npcState(monster, system)) !== 'up') return said;
      await as(REFEREE, 'fight', { sub: 'next' });
    }
    throw new Error(`${monster} still stands after 40 rounds:\n${said.join('\n')}`);
  }

  beforeAll(async () => {
    arbiter = await startArbiter();
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', {
        body: { name: 'Bot: one session per game' },
      }),
    );
    campaignId = created.id;
    referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: created.refereeKey, retry: quick });
    store.linkGuild('guild-1', campaignId);
    store.linkPlayer('guild-1', REFEREE, { key: created.refereeKey, role: 'referee', characterId: null });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await arbiter?.stop();
  });

  it('registers /advance with its options', () => {
    const advance = COMMANDS.find((c) => c.name === 'advance')!;
    expect((advance.options ?? []).map((o) => o.name)).toEqual([
      'who',
      'system',
      'xp',
      'boons',
      'archetype',
      'reason',
    ]);
  });

  it('Cairn: a hidden monster fought to the end, a spellbook cast, a short rest, and no levels to gain', async () => {
    const { channel, as } = table('channel-cairn');
    const ash = await character('Ash', 'cairn', {
      str: { max: 12 },
      dex: { max: 12 },
      wil: { max: 12 },
      hp: 6,
      maxHp: 6,
    });
    const made = last(
      await as(REFEREE, 'npc', {
        sub: 'hand',
        name: 'Gnoll',
        system: 'cairn',
        hp: 3,
        str: 5,
        dex: 8,
        wil: 5,
        armor: 0,
      }),
    );
    monsters.push('Gnoll');
    expect(made).toMatchObject({ ephemeral: true, content: expect.stringContaining('Hidden') });
    // The referee's own answer has the numbers the players never get.
    expect(render(made)).toContain('HP: 3/3');

    await as(REFEREE, 'fight', { sub: 'start', who: 'Ash, Gnoll' });
    expect(channel.text()).toMatch(/Cairn fight — round 1[\s\S]*\*\*Ash\*\* — HP 6\/6/);
    expect(channel.text()).not.toContain('Gnoll');
    // The gnoll strikes first, from hiding: the table hears what happens to Ash, the referee the dice.
    const strike = await as(REFEREE, 'attack', { as: 'Gnoll', weapon: 'd4', target: 'Ash' });
    expect(strike.seen[0]).toMatchObject({
      ephemeral: false,
      content: expect.stringMatching(/^⚔️ \*\*Gnoll\*\* attacks \*\*Ash\*\* with d4\./),
    });
    expect(last(strike)).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^🤫 Sealed for the players:\nRolled \d, kept \d\./),
    });
    const said = await fightToTheEnd(as, ash, 'Gnoll', 'cairn', 'd8');
    expect(said[0]).toMatch(/^⚔️ \*\*Ash\*\* attacks \*\*Gnoll\*\* with d8\./);
    // The end of the gnoll in words: how it looks, not its numbers.
    expect(said.join('\n')).toMatch(
      /Gnoll (is hit and looks (down|dead|out of the fight)|.*(out|dead|down))/i,
    );
    const referee = last(await as(REFEREE, 'fight', { sub: 'view' }));
    expect(render(referee)).toMatch(/\*\*Gnoll\*\* — HP 0\/3/);
    const end = last(await as(REFEREE, 'fight', { sub: 'end' }));
    expect(end).toMatchObject({ ephemeral: false, content: expect.stringContaining('The fight is over') });
    expect(channel.text()).toMatch(/Cairn fight — over/);

    // A spell from a spellbook Ash carries: a Fatigue taken, said to the table.
    const spells = await unwrap(referee_().GET('/v1/magic/cairn/spells', {}));
    const spell = spells.items[0];
    await unwrap(
      referee_().POST('/v1/campaigns/{campaignId}/characters/{characterId}/magic/cairn/items', {
        params: { path: { campaignId, characterId: ids.Ash } },
        body: { kind: 'spellbook', spell: spell.id },
      }),
    );
    const cast = last(await as(ash, 'cast', { spell: spell.name }));
    expect(cast.ephemeral).toBe(false);
    expect(cast.content).toMatch(new RegExp(`^✨ \\*\\*Ash\\*\\* casts ${spell.name}`));
    // Its Fatigue in the engine's event's words.
    expect(cast.content.split('\n')).toContain(`Ash gains 1 Fatigue from casting ${spell.name}.`);

    const rest = last(await as(ash, 'rest', { kind: 'short' }));
    expect(rest).toMatchObject({ ephemeral: false, content: expect.stringMatching(/^Ash rests \(short\)/) });
    const sheet = await unwrap(
      referee_().GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId: ids.Ash, system: 'cairn' } },
      }),
    );
    expect(sheet.system === 'cairn' && sheet.sheet.hp).toBe(6);

    // Cairn has no levels: the bot says so, to the asker alone, to the player and the referee alike.
    expect(last(await as(ash, 'advance'))).toEqual({
      content: `Ash: ${NO_ADVANCEMENT.cairn}`,
      embeds: [],
      ephemeral: true,
    });
    const run = await as(REFEREE, 'advance', { who: 'Ash', xp: 100 });
    expect(last(run)).toMatchObject({ ephemeral: true, content: `Ash: ${NO_ADVANCEMENT.cairn}` });
  });

  const referee_ = () => referee;

  it('COEAC: a hidden adversary fought to the end, a channeling, a long rest, and a Boon', async () => {
    const { channel, as } = table('channel-coeac');
    const vess = await character('Vess', 'coeac', {
      class: 'Fighter',
      maxHp: 8,
      skills: { Fighter: 4 },
    });
    const mira = await character('Mira', 'coeac', {
      class: 'Sorcerer',
      maxHp: 6,
      skills: { Ruin: 2 },
      classResources: { Control: { current: 3, max: 3 }, Disintegrate: { current: 1, max: 1 } },
    });
    const made = last(
      await as(REFEREE, 'npc', { sub: 'hand', name: 'Bandit', system: 'coeac', hp: 2, pool: 1 }),
    );
    monsters.push('Bandit');
    expect(render(made)).toMatch(/Hidden[\s\S]*HP: 2\/2/);
    await as(REFEREE, 'fight', { sub: 'start', who: 'Vess, Bandit' });
    expect(channel.text()).toMatch(/COEAC fight — round 1[\s\S]*\*\*Vess\*\* — HP \d+\/8/);
    expect(channel.text()).not.toContain('Bandit');
    const said = await fightToTheEnd(as, vess, 'Bandit', 'coeac', 'Fighter');
    expect(said[0]).toMatch(/^⚔️ \*\*Vess\*\* attacks \*\*Bandit\*\* with Fighter\./);
    // Sealed for the player: no exchange's successes.
    expect(said.join('\n')).not.toMatch(/successes/);
    expect(render(last(await as(REFEREE, 'fight', { sub: 'view' })))).toMatch(/\*\*Bandit\*\* — HP 0\/2/);
    await as(REFEREE, 'fight', { sub: 'end' });
    expect(channel.text()).toMatch(/COEAC fight — over/);

    const cast = last(await as(mira, 'cast', { spell: 'Disintegrate' }));
    expect(cast.ephemeral).toBe(false);
    expect(cast.content).toMatch(
      /^✨ \*\*Mira\*\* channels Disintegrate: \d+ dice \[[\d, ]+\] → Potency \d+\./,
    );

    const rest = last(await as(vess, 'rest', { kind: 'long' }));
    expect(rest).toMatchObject({ ephemeral: false, content: expect.stringMatching(/^Vess rests \(long\)/) });

    // Boons come at the end of a session: none has started yet, said with the API's code.
    const early = last(await as(REFEREE, 'advance', { who: 'Vess', boons: 1 }));
    expect(early).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^Arbiter refused \(NO_SESSION_IN_PROGRESS\)/),
    });
    await unwrap(referee.POST('/v1/campaigns/{campaignId}/sessions', { params: { path: { campaignId } } }));
    // A player may not award: the API refuses, privately, with its code.
    const player = await as(vess, 'advance', { boons: 1 });
    expect(player.deferred).toEqual([{ ephemeral: false }]);
    expect(last(player)).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^Arbiter refused \(FORBIDDEN\)/),
    });
    const boon = last(await as(REFEREE, 'advance', { who: 'Vess', boons: 1, reason: 'the bandit' }));
    expect(boon).toEqual({
      content: '🏅 **Vess** earns 1 Boon (the bandit): 1 in all.',
      embeds: [],
      ephemeral: false,
    });
    // Once per session: the API's code and field, to the referee alone.
    const again = last(await as(REFEREE, 'advance', { who: 'Vess', boons: 1 }));
    expect(again.ephemeral).toBe(true);
    expect(again.content).toMatch(/^Arbiter refused \(ALREADY_USED_THIS_SESSION\): .*\n• awards\[0\]/s);
    expect(last(await as(vess, 'advance'))).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^🏅 \*\*Vess\*\* holds 1 Boon\./),
    });
    // COEAC has no experience points.
    expect(last(await as(REFEREE, 'advance', { who: 'Vess', xp: 10 }))).toMatchObject({
      ephemeral: true,
      content: expect.stringContaining('COEAC has no experience points'),
    });
  });

  it('G&M: a hidden monster fought to the end, a memorised spell cast (once), a night’s rest, and a level from experience', async () => {
    const { channel, as } = table('channel-gm');
    const toro = await character('Toro', 'gm', {
      abilities: { strength: 16, agility: 14, endurance: 15, intelligence: 10, wisdom: 11, charisma: 9 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
    });
    await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: {
          name: 'Ghoul',
          kind: 'monster',
          sheets: {
            gm: {
              abilities: { strength: 8, agility: 6, endurance: 3, intelligence: 3, wisdom: 3, charisma: 3 },
              archetypes: [{ archetype: 'warrior', level: 1 }],
            },
          },
        },
      }),
    );
    monsters.push('Ghoul');
    await as(REFEREE, 'fight', { sub: 'start', who: 'Toro, Ghoul' });
    expect(channel.text()).toMatch(/Gods & Monsters fight — round 1[\s\S]*\*\*Toro\*\* — Survival \d+\/\d+/);
    expect(channel.text()).not.toContain('Ghoul');
    const said = await fightToTheEnd(as, toro, 'Ghoul', 'gm', 'd10');
    expect(said[0]).toMatch(/^⚔️ \*\*Toro\*\* attacks \*\*Ghoul\*\* with d10\./);
    expect(said.join('\n')).not.toMatch(/d20 \d+/);
    expect(render(last(await as(REFEREE, 'fight', { sub: 'view' })))).toMatch(
      /\*\*Ghoul\*\* — Survival \d+\/\d+/,
    );
    await as(REFEREE, 'fight', { sub: 'end' });

    // A G&M sorceror casts a memorised spell through the campaign cast route. Memorising is the
    // referee's (the sheet's memorizedSpells), who writes the sheet here; one slot of Sleepfall.
    const sable = await character('Sable', 'gm', {
      abilities: { strength: 9, agility: 12, endurance: 11, intelligence: 16, wisdom: 13, charisma: 10 },
      archetypes: [{ archetype: 'sorceror', level: 1 }],
      spellBook: [{ name: 'Sleepfall', level: 1 }],
      memorizedSpells: [{ name: 'Sleepfall', level: 1 }],
    });
    const spell = await as(sable, 'cast', { spell: 'Sleepfall', target: 'the gate guards' });
    // The table reads the event's sentence, as the live feed shows it.
    expect(spell.seen).toEqual([
      { content: 'Sable casts Sleepfall (level 1) on the gate guards.', embeds: [], ephemeral: false },
    ]);
    // The slot is spent: a second cast is refused to the caster alone, with Arbiter's code and field.
    const again = last(await as(sable, 'cast', { spell: 'Sleepfall' }));
    expect(again.ephemeral).toBe(true);
    expect(again.content).toMatch(
      /^Arbiter refused \(UNPROCESSABLE\): Sleepfall was already cast[^\n]*\n• spell: /,
    );
    expect(playerSaw.filter((text) => text.includes('Sable casts Sleepfall'))).toHaveLength(1);
    const rest = last(await as(toro, 'rest', { kind: 'night' }));
    expect(rest).toMatchObject({ ephemeral: false, content: expect.stringMatching(/^Toro rests \(night\)/) });

    // Experience is the referee's to award: the API refuses a player, with its code.
    expect(last(await as(toro, 'advance', { xp: 1000 }))).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^Arbiter refused \(FORBIDDEN\)/),
    });
    // 1,000 experience reaches level 2 (500 × L × (L − 1)): rolled and applied by Arbiter, told to the table.
    const award = await as(REFEREE, 'advance', { who: 'Toro', xp: 1000, reason: 'the ghoul' });
    expect(award.deferred).toEqual([{ ephemeral: false }]);
    expect(last(award).ephemeral).toBe(false);
    expect(last(award).content).toMatch(
      /^📈 \*\*Toro\*\* gains 1000 experience \(0 → 1000\): level 1 → 2\.\n⬆️ \*\*Toro\*\* reaches warrior level 2: verve \+\d+ \(d10 \d+[^)]*\), mojo \+12/,
    );
    const standing = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/advancement', {
        params: { path: { campaignId, characterId: ids.Toro } },
      }),
    );
    expect(standing).toMatchObject({ experience: 1000, level: 2 });
    expect(standing.archetypes).toEqual([{ archetype: 'warrior', level: 2 }]);
    // The player reads the standing privately.
    expect(last(await as(toro, 'advance'))).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(
        /^📈 \*\*Toro\*\*: 1000 experience \(level 2 by experience; warrior 2\), \d+ mojo/,
      ),
    });

    // A failed strength roll (a warrior's archetypal attribute): Toro's player alone gets the buttons
    // to bid the mojo that turns it; Sable's player may not press them; the bid turns the roll.
    const sheetOf = async () =>
      (
        await unwrap(
          referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
            params: { path: { campaignId, characterId: ids.Toro, system: 'gm' } },
          }),
        )
      ).sheet as { mojo: { current: number } };
    const held = (await sheetOf()).mojo.current;
    let missed: { run: FakeRun; needed: number } | null = null;
    for (let tries = 0; tries < 60 && !missed; tries++) {
      const run = await as(toro, 'check', { attribute: 'strength' });
      const m = /d20 \[(\d+)\] vs (-?\d+): \*\*failed\*\*/.exec(run.seen[0].content);
      const needed = m ? Number(m[1]) - Number(m[2]) : 0;
      if (m && needed <= held) missed = { run, needed };
      else expect(run.seen).toHaveLength(1); // a pass (or a miss beyond the mojo held): no buttons
    }
    expect(missed).not.toBeNull();
    const { run: failed, needed } = missed!;
    expect(failed.seen[1]).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(new RegExp(`^\\*\\*Toro\\*\\* missed the strength roll by ${needed} `)),
    });
    const bidButton = buttonsOf(failed.seen[1])[`Bid ${needed} mojo to turn it`];
    const intruder = fakePress(bidButton, sable);
    await handleButton(ctx(), intruder.press);
    expect(intruder.replies).toEqual([
      { content: 'Only Toro’s player bids Toro’s mojo.', embeds: [], ephemeral: true },
    ]);
    expect((await sheetOf()).mojo.current).toBe(held);
    const bid = fakePress(bidButton, toro);
    await handleButton(ctx(), bid.press);
    expect(bid.replies).toEqual([]);
    for (const payload of [...bid.updates, ...failed.seen]) expect(overDiscordLimits(payload)).toEqual([]);
    expect(bid.updates[0].content).toMatch(
      new RegExp(
        `^🪙 \\*\\*Toro\\*\\* spends ${needed} mojo: the strength roll .* is \\*\\*turned into a pass\\*\\*`,
      ),
    );
    // The table reads the turned roll.
    expect(last(failed)).toMatchObject({ ephemeral: false, content: bid.updates[0].content });
    playerSaw.push(bid.updates[0].content);
    expect((await sheetOf()).mojo.current).toBe(held - needed);
  });

  it('Archsoul: a hidden monster fought to the end attack by attack, no spellcasting in its rules, a night’s rest, and no advancement in the API', async () => {
    const { as } = table('channel-archsoul');
    const ilka = await character('Ilka', 'archsoul', { stats: { Endurance: 3, Athletics: 2 }, maxHp: 10 });
    await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: {
          name: 'Wraith',
          kind: 'monster',
          sheets: { archsoul: { hp: 4, maxHp: 4, stats: { Endurance: 1 } } },
        },
      }),
    );
    monsters.push('Wraith');
    // Arbiter keeps no Archsoul fight: a stored fight is refused, each attack stands alone.
    expect(last(await as(REFEREE, 'fight', { sub: 'start', who: 'Ilka, Wraith' }))).toMatchObject({
      ephemeral: true,
      content: 'Stored fights are Cairn, COEAC or G&M.',
    });
    // The wraith strikes from hiding: the table hears it and what happens to Ilka; the dice are the referee's.
    const strike = await as(REFEREE, 'attack', {
      as: 'Wraith',
      target: 'Ilka',
      pool: 4,
      difficulty: 4,
      defence: 0,
      damage: 2,
    });
    expect(strike.deferred).toEqual([{ ephemeral: false }]);
    expect(strike.seen[0].ephemeral).toBe(false);
    expect(strike.seen[0].content).toMatch(
      /^⚔️ \*\*Wraith\*\* attacks \*\*Ilka\*\*\.\n(The blow misses Ilka\.|.*Ilka)/,
    );
    expect(last(strike)).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(
        /^🤫 Sealed for the players:\n4 dice \[[\d, ]+\] at difficulty 4: \d+ success(es)? against defence 0, a (hit|miss)/,
      ),
    });
    // Attacks are the referee's in the API: a player's is refused with its code, privately.
    await as(REFEREE, 'npc', { sub: 'reveal', name: 'Wraith' });
    const refused = last(
      await as(ilka, 'attack', { target: 'Wraith', pool: 4, difficulty: 3, defence: 0, damage: 3 }),
    );
    expect(refused).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^Arbiter refused \(FORBIDDEN\)/),
    });
    // The referee rolls Ilka's blows until the wraith falls; the table reads it in words only.
    const said: string[] = [];
    for (let blow = 0; (await npcState('Wraith', 'archsoul')) === 'up'; blow++) {
      if (blow >= 30) throw new Error(`The wraith still stands:\n${said.join('\n')}`);
      const run = await as(REFEREE, 'attack', {
        as: 'Ilka',
        target: 'Wraith',
        weapon: 'spear',
        pool: 6,
        difficulty: 3,
        defence: 0,
        damage: 3,
      });
      said.push(...run.seen.filter((x) => !x.ephemeral).map((x) => x.content));
      expect(last(run)).toMatchObject({
        ephemeral: true,
        content: expect.stringMatching(/\d+ success(es)? against defence 0/),
      });
    }
    expect(said[0]).toMatch(/^⚔️ \*\*Ilka\*\* attacks \*\*Wraith\*\* with spear\.\n/);
    expect(said.join('\n')).toMatch(/Wraith is hit: it is (?!still)/);
    expect(said.join('\n')).not.toMatch(/success|damage|\[/);

    // Archsoul's rules have no spellcasting: said plainly, to the asker alone.
    expect(last(await as(ilka, 'cast', { spell: 'Anything' }))).toMatchObject({
      ephemeral: true,
      content: ARCHSOUL_NO_CASTING,
    });
    const rest = last(await as(ilka, 'rest', { kind: 'night' }));
    expect(rest).toMatchObject({ ephemeral: false, content: expect.stringMatching(/^Ilka rests \(night\)/) });
    expect(last(await as(ilka, 'advance'))).toMatchObject({
      ephemeral: true,
      content: `Ilka: ${NO_ADVANCEMENT.archsoul}`,
    });
  });

  it('every answer and tracker fitted Discord’s limits, and the check itself can fail', () => {
    expect(checkedPayloads).toBeGreaterThan(50);
    expect(overDiscordLimits({ content: 'x'.repeat(2000), embeds: [{ title: 't'.repeat(256) }] })).toEqual(
      [],
    );
    expect(
      overDiscordLimits({
        content: 'x'.repeat(2001),
        embeds: [
          {
            title: 't'.repeat(257),
            description: 'd'.repeat(4097),
            fields: Array.from({ length: 26 }, () => ({ name: 'n'.repeat(257), value: 'v'.repeat(1025) })),
          },
        ],
      }),
    ).toEqual(
      expect.arrayContaining([
        'content: 2001 > 2000',
        'embed 0 title: 257 > 256',
        'embed 0 description: 4097 > 4096',
        'embed 0 fields: 26 > 25',
        'embed 0 field 0 name: 257 > 256',
        'embed 0 field 0 value: 1025 > 1024',
        expect.stringMatching(/^all embeds: \d+ > 6000$/),
      ]),
    );
  });

  it('no player-visible message gave a hidden monster’s number, and the check itself can fail', () => {
    expect(monsters).toEqual(['Gnoll', 'Bandit', 'Ghoul', 'Wraith']);
    expect(playerSaw.length).toBeGreaterThan(20);
    for (const text of playerSaw) expect(numbersAbout(text, monsters)).toEqual([]);
    expect(numbersAbout('**Gnoll** — HP 2/3\n⚔️ **Ash** attacks **Gnoll** with d8.', ['Gnoll'])).toEqual([
      '**Gnoll** — HP 2/3',
    ]);
  });
});
