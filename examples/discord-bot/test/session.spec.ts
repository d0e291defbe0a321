import { createArbiterClient, unwrap, type ArbiterClient } from '@arbiter/client';
import {
  START_TIMEOUT_MS,
  startArbiter,
  type RunningArbiter,
} from '../../../clients/typescript/test/arbiter-server';
import { COMMANDS } from '../src/commands';
import { embedSize, fit, fitEmbed, LIMITS } from '../src/common';
import { handleCommand } from '../src/handlers';

import { setPath, systemFor, timerWords } from '../src/sheets';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonStore, MemoryStore } from '../src/store';
import { FakeChannel, fakeInteraction, render, type FakeRun, type Seen } from './fake';
import { addCharacter } from './table';
import { screenshot, type Shown } from './render-html';

/**
 * `BOT_SCREENSHOTS=<dir>` also renders what users saw at a few moments of the Cairn fight to PNG
 * (headless Chromium on an HTML rendering of the bot's own payloads), for the README.
 */
const SHOTS_DIR = process.env.BOT_SCREENSHOTS;
const shots: Record<string, Shown[]> = {};
const shoot = (name: string, ...shown: Shown[]) => {
  if (SHOTS_DIR) shots[name] = [...(shots[name] ?? []), ...structuredClone(shown)];
};
const asShown = (author: string, seen: Seen): Shown => ({
  author,
  payload: { content: seen.content, embeds: seen.embeds },
  ephemeral: seen.ephemeral,
});

jest.setTimeout(60_000);

const REFEREE = 'user-referee';
const BRYN_PLAYER = 'user-bryn';
const VESS_PLAYER = 'user-vess';
const OSK_PLAYER = 'user-osk';
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

describe('Discord bot: sheets, checks and a fight per channel against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let referee: ArbiterClient;
  let campaignId: string;
  let refereeKey: string;
  let store: MemoryStore;
  let channel: FakeChannel;
  const ids: Record<string, string> = {};

  const ctx = () => ({ baseUrl: arbiter.baseUrl, store, retry: quick });

  /** Runs a command as a Discord user; answers what that user saw. */
  async function as(
    userId: string,
    command: string,
    options: Record<string, string | number | boolean> = {},
  ): Promise<FakeRun> {
    const run = fakeInteraction(command, options, { userId, channel });
    await handleCommand(ctx(), run.interaction);
    expect(run.seen.length).toBeGreaterThanOrEqual(1);
    return run;
  }
  const last = (run: FakeRun): Seen => run.seen[run.seen.length - 1];
  const text = (run: FakeRun) => run.seen.map(render).join('\n');

  async function character(name: string, system: string, sheet: Record<string, unknown>) {
    ids[name] = await addCharacter(referee, campaignId, { name, system, sheet });
    return ids[name];
  }

  async function playerKey(characterId: string) {
    return (
      await unwrap(
        referee.POST('/v1/campaigns/{campaignId}/keys', {
          params: { path: { campaignId } },
          body: { role: 'player', characterIds: [characterId] },
        }),
      )
    ).key;
  }

  beforeAll(async () => {
    arbiter = await startArbiter();
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', {
        body: { name: 'Bot session' },
      }),
    );
    campaignId = created.id;
    refereeKey = created.refereeKey;
    referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: refereeKey, retry: quick });
    const document = (await (await fetch(`${arbiter.baseUrl}/openapi.json`)).json()) as {
      components?: { schemas?: Record<string, unknown> };
    };
    // This repository's server answers the engine's events; the bot's own words serve older servers.
    expect(
      Boolean(
        (
          document.components?.schemas?.SheetRestResult as
            { properties?: Record<string, unknown> } | undefined
        )?.properties?.events,
      ),
    ).toBe(true);
    store = new MemoryStore();
    channel = new FakeChannel();
    await character('Bryn', 'cairn', {
      str: { max: 6 },
      dex: { max: 12 },
      wil: { max: 10 },
      hp: 2,
      maxHp: 2,
    });
    await character('Vess', 'coeac', { class: 'Fighter', maxHp: 5, skills: { Fighter: 2, Stealth: 1 } });
    await character('Toro', 'gm', {
      abilities: { strength: 14, agility: 12, endurance: 15, intelligence: 10, wisdom: 11, charisma: 9 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
    });
    await character('Ilka', 'archsoul', { stats: { Endurance: 3, Athletics: 2 }, maxHp: 10 });
    const bryn = await playerKey(ids.Bryn);
    const vess = await playerKey(ids.Vess);
    store.linkGuild('guild-1', campaignId);
    store.linkPlayer('guild-1', REFEREE, { key: refereeKey, role: 'referee', characterId: null });
    store.linkPlayer('guild-1', BRYN_PLAYER, { key: bryn, role: 'player', characterId: ids.Bryn });
    store.linkPlayer('guild-1', VESS_PLAYER, { key: vess, role: 'player', characterId: ids.Vess });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await arbiter?.stop();
    if (SHOTS_DIR) for (const [name, shown] of Object.entries(shots)) screenshot(SHOTS_DIR, name, shown);
  });

  it('registers the session commands with their subcommands', () => {
    const byName = Object.fromEntries(COMMANDS.map((c) => [c.name, c]));
    for (const name of ['character', 'npc', 'check', 'rest', 'fight', 'attack', 'cast'])
      expect(byName[name]).toBeDefined();
    const subs = (name: string) => (byName[name].options ?? []).map((o) => o.name);
    expect(subs('fight')).toEqual(['start', 'next', 'end', 'view']);
    expect(subs('npc')).toEqual(expect.arrayContaining(['grade', 'hireling', 'hand', 'reveal', 'state']));
    expect(subs('character')).toEqual(['create', 'show', 'set']);
  });

  it('money reads only a COEAC sheet: a Cairn character is not called Destitute', async () => {
    const cairn = last(await as(BRYN_PLAYER, 'cash'));
    expect(cairn.ephemeral).toBe(true);
    expect(cairn.content).toContain('Bryn plays Cairn');
    expect(cairn.content).not.toMatch(/Destitute|Wealth \d/);
    const income = last(await as(BRYN_PLAYER, 'income'));
    expect(income).toMatchObject({ ephemeral: true, content: expect.stringContaining('Bryn plays Cairn') });
    // A COEAC character still has Cash and Wealth.
    const coeac = last(await as(VESS_PLAYER, 'cash'));
    expect(coeac.content).toMatch(/^Vess: \*\*0\*\* Cash, Wealth 0 \(/);
  });

  it('/character show: one embed per system the character has, no other system’s numbers', async () => {
    const run = await as(BRYN_PLAYER, 'character', { sub: 'show' });
    expect(run.deferred).toEqual([{ ephemeral: false }]);
    const shown = last(run);
    shoot(
      '1-sheet',
      { author: 'Bryn’s player', payload: { content: '/character show' } },
      asShown('Arbiter', shown),
    );
    expect(shown.ephemeral).toBe(false);
    expect(shown.embeds).toHaveLength(1);
    expect(shown.embeds[0].title).toBe('Bryn — Cairn');
    const fields = Object.fromEntries((shown.embeds[0].fields ?? []).map((f) => [f.name, f.value]));
    expect(fields).toMatchObject({
      HP: '2/2',
      STR: '6/6',
      DEX: '12/12',
      WIL: '10/10',
      State: 'on their feet',
    });
    expect(fields.Cash).toBeUndefined();
    const vess = last(await as(VESS_PLAYER, 'character', { sub: 'show' }));
    const vessFields = Object.fromEntries((vess.embeds[0].fields ?? []).map((f) => [f.name, f.value]));
    expect(vess.embeds[0].title).toBe('Vess — COEAC');
    expect(vessFields).toMatchObject({ Class: 'Fighter', HP: '5/5', Skills: 'Fighter 2, Stealth 1' });
    expect(vessFields.Cash).toMatch(/^0 \(Wealth 0/);
    // A player reads only their own through `who`.
    const other = last(await as(BRYN_PLAYER, 'character', { sub: 'show', who: 'Vess' }));
    expect(other).toEqual({ content: 'Only the referee acts for Vess.', embeds: [], ephemeral: true });
  });

  it('/character set: a player sets a base value; a tracked one is refused with the API’s code and field', async () => {
    const set = last(await as(VESS_PLAYER, 'character', { sub: 'set', field: 'skills.Stealth', value: '3' }));
    expect(set.ephemeral).toBe(true);
    expect(render(set)).toContain('Stealth 3');
    const sheet = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId: ids.Vess, system: 'coeac' } },
      }),
    );
    // The answer is typed by its system (a discriminated union): a COEAC sheet's skills need no cast.
    expect(sheet.system === 'coeac' && sheet.sheet.skills.Stealth).toBe(3);
    const refused = await as(VESS_PLAYER, 'character', { sub: 'set', field: 'hp', value: '3' });
    // Deferred publicly? No: `set` is deferred privately, and the refusal stays private.
    expect(last(refused).ephemeral).toBe(true);
    expect(last(refused).content).toMatch(/^Arbiter refused \(FORBIDDEN\): .*\n• sheet\.hp: /s);
  });

  it('/check from the sheet in every system, with the exact odds the server computed', async () => {
    const cairn = last(await as(BRYN_PLAYER, 'check', { save: 'DEX' }));
    expect(cairn.ephemeral).toBe(false);
    // d20 under a DEX of 12: 12 chances in 20.
    expect(cairn.content).toMatch(
      /^🎲 \*\*Bryn\*\* tests .*DEX.* 12: d20 \[\d+\] vs 12: \*\*(passed|failed)\*\*.*Chance was 60\.0%/,
    );
    const coeac = last(await as(VESS_PLAYER, 'check', { skill: 'Fighter', ob: 2 }));
    const odds = await unwrap(referee.GET('/v1/odds/pool', { params: { query: { dice: 4, objective: 2 } } }));
    expect(coeac.content).toContain('4 dice');
    expect(coeac.content).toContain(`Chance was ${(odds.probability * 100).toFixed(1)}%`);
    // The check's line comes first (a failed archetypal roll's mojo bid may follow it: after-roll.spec.ts).
    const gm = (await as(REFEREE, 'check', { who: 'Toro', reaction: 'fortitude', modifier: 2 })).seen[0];
    expect(gm.content).toMatch(/Toro.*fortitude.*d20 \[\d+\] vs \d+.*Chance was \d+\.\d%/i);
    const archsoul = last(
      await as(REFEREE, 'check', { who: 'Ilka', stats: 'Endurance,Athletics', difficulty: 4 }),
    );
    expect(archsoul.content).toMatch(/Ilka.*5 dice .* at difficulty 4.*Chance was \d+\.\d%/);
    // The wrong game for the character: said plainly, privately.
    const wrong = last(await as(BRYN_PLAYER, 'check', { skill: 'Fighter', system: 'coeac' }));
    expect(wrong).toMatchObject({ ephemeral: true, content: 'Bryn has no COEAC sheet (only Cairn).' });
    // The API's refusal, code and field, only to the asker.
    const unknown = last(await as(VESS_PLAYER, 'check', { skill: 'Juggling', ob: 1 }));
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.content).toMatch(/^Arbiter refused \(VALIDATION_FAILED\): .*\n• skill: /s);
  });

  it('secret rolls are the referee’s and answered only to the referee', async () => {
    const run = await as(REFEREE, 'check', { who: 'Bryn', save: 'WIL', secret: true });
    expect(run.deferred).toEqual([{ ephemeral: true }]);
    expect(last(run)).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(/^🤫 \(secret\) 🎲 \*\*Bryn\*\*/),
    });
    const player = last(await as(BRYN_PLAYER, 'check', { save: 'WIL', secret: true }));
    expect(player).toMatchObject({ ephemeral: true, content: 'Only the referee rolls in secret.' });
  });

  it('/npc adds from a COEAC grade, a Cairn hireling roll or by hand, hidden by default and answered privately', async () => {
    const graded = last(await as(REFEREE, 'npc', { sub: 'grade', name: 'Bandit', grade: 'moderate' }));
    expect(graded.ephemeral).toBe(true);
    expect(render(graded)).toMatch(/Added \*\*Bandit\*\* \(adversary\)\. Hidden/);
    expect(render(graded)).toMatch(/Pool: \d+/);
    const hireling = last(await as(REFEREE, 'npc', { sub: 'hireling', name: 'Mott', role: 'torchbearer' }));
    expect(render(hireling)).toMatch(/Mott — Cairn[\s\S]*STR: \d+\/\d+/);
    const goblin = last(
      await as(REFEREE, 'npc', {
        sub: 'hand',
        name: 'Goblin',
        system: 'cairn',
        hp: 8, // armour 1 against a d8: never out in one blow
        str: 8,
        dex: 12,
        wil: 6,
        armor: 1,
      }),
    );
    expect(render(goblin)).toContain('HP: 8/8');
    // The referee sets an NPC's value like a character's; the answer stays with the referee.
    const set = last(await as(REFEREE, 'character', { sub: 'set', who: 'Mott', field: 'armor', value: '1' }));
    expect(set.ephemeral).toBe(true);
    expect(render(set)).toMatch(/Mott: armor = 1\.[\s\S]*Armor: 1/);
    const shown = last(await as(REFEREE, 'character', { sub: 'show', who: 'Mott' }));
    expect(shown).toMatchObject({
      ephemeral: true,
      embeds: [expect.objectContaining({ title: 'Mott — Cairn' })],
    });
    // A player cannot see them, nor set them.
    const npcs = await unwrap(
      createArbiterClient({
        baseUrl: arbiter.baseUrl,
        key: store.playerFor('guild-1', BRYN_PLAYER)!.key,
      }).GET('/v1/campaigns/{campaignId}/npcs', { params: { path: { campaignId } } }),
    );
    expect(npcs.items).toEqual([]);
    expect(last(await as(BRYN_PLAYER, 'npc', { sub: 'grade', name: 'X', grade: 'minor' }))).toMatchObject({
      ephemeral: true,
      content: 'Only the referee may manage NPCs.',
    });
  });

  it('a Cairn fight: a tracker edited in place, hidden monsters only in words for the players, harm in the bot’s words', async () => {
    const start = await as(REFEREE, 'fight', { sub: 'start', who: 'Bryn, Goblin' });
    expect(start.deferred).toEqual([{ ephemeral: true }]);
    // The referee sees every number, privately.
    expect(last(start).ephemeral).toBe(true);
    expect(render(last(start))).toMatch(/\*\*Goblin\*\* — HP 8\/8/);
    // The channel's tracker is what a viewer key reads: the hidden goblin is not there.
    expect(channel.messages.size).toBe(1);
    const [trackerId] = [...channel.messages.keys()];
    shoot(
      '2-fight-start',
      { author: 'Referee', payload: { content: '/fight start who:Bryn, Goblin' } },
      { author: 'Arbiter', payload: channel.messages.get(trackerId)! },
      asShown('Arbiter', last(start)),
    );
    expect(channel.text()).toMatch(/Cairn fight — round 1/);
    expect(channel.text()).toMatch(/\*\*Bryn\*\* — HP 2\/2 · STR 6\/6/);
    expect(channel.text()).not.toContain('Goblin');

    // A second fight in the same channel is refused.
    expect(last(await as(REFEREE, 'fight', { sub: 'start', who: 'Bryn' })).content).toContain(
      'already has a fight',
    );

    // Revealed without numbers: in words only, in the same message.
    await as(REFEREE, 'npc', { sub: 'reveal', name: 'Goblin' });
    await as(REFEREE, 'npc', { sub: 'state', name: 'Goblin', words: 'snarling' });
    expect(channel.messages.size).toBe(1);
    expect(channel.edits).toContain(trackerId);
    expect(channel.text()).toContain('**Goblin** — “snarling”');
    expect(channel.text()).not.toMatch(/Goblin\*\* — HP/);

    // The player attacks the goblin: the dice about a numbers-hidden NPC are sealed for the player.
    const attack = await as(BRYN_PLAYER, 'attack', { weapon: 'd8', target: 'Goblin' });
    expect(last(attack).ephemeral).toBe(false);
    // With events, the player's key reads the goblin in words only (how it looks), never a number.
    expect(last(attack).content).toMatch(
      /^⚔️ \*\*Bryn\*\* attacks \*\*Goblin\*\* with d8\.\n(The dice are sealed: the referee tells what came of it\.|Goblin is hit and looks (unhurt|wounded|badly wounded|down|dead)\.)/,
    );
    expect(text(attack)).not.toMatch(/\d+ damage|HP/);
    // The player's own view of the fight has no goblin number either.
    const view = last(await as(BRYN_PLAYER, 'fight', { sub: 'view' }));
    shoot(
      '3-hidden-in-words',
      { author: 'Bryn’s player', payload: { content: '/attack weapon:d8 target:Goblin' } },
      asShown('Arbiter', last(attack)),
      { author: 'Bryn’s player', payload: { content: '/fight view' } },
      asShown('Arbiter', view),
    );
    expect(view.ephemeral).toBe(true);
    expect(render(view)).toContain('**Goblin** — “snarling”');
    // The referee's view has them.
    expect(render(last(await as(REFEREE, 'fight', { sub: 'view' })))).toMatch(/\*\*Goblin\*\* — HP \d+\/8/);

    // The goblin strikes back, once a round, until Bryn goes down. Its dice are sealed (its numbers
    // are hidden): the table reads what happens to Bryn, the referee alone reads the dice.
    const said: string[] = [];
    const toReferee: string[] = [];
    for (let round = 0; round < 12; round++) {
      await as(REFEREE, 'fight', { sub: 'next' });
      const blow = await as(REFEREE, 'attack', { as: 'Goblin', weapon: 'd6', target: 'Bryn' });
      said.push(...blow.seen.filter((x) => !x.ephemeral).map((x) => x.content));
      if (SHOTS_DIR)
        shots['4-harm'] = [
          { author: 'Referee', payload: { content: '/attack as:Goblin weapon:d6 target:Bryn' } },
          ...blow.seen.map((x) => asShown('Arbiter', x)),
        ];
      toReferee.push(...blow.seen.filter((x) => x.ephemeral).map((x) => x.content));
      const sheet = await unwrap(
        referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
          params: { path: { campaignId, characterId: ids.Bryn, system: 'cairn' } },
        }),
      );
      const harm = (sheet.sheet.harm ?? {}) as { state?: string };
      if ((harm.state ?? (sheet.system === 'cairn' ? sheet.sheet.state : undefined)) !== 'up') break;
    }
    const all = said.join('\n');
    expect(all).toMatch(/⚔️ \*\*Goblin\*\* attacks \*\*Bryn\*\* with d6\.\nBryn takes \d+ damage/);
    expect(all).not.toMatch(/Rolled|kept/);
    expect(toReferee.join('\n')).toMatch(/^🤫 Sealed for the players:\nRolled \d, kept \d\./);
    // Bryn went down: critical, out or dead, said in the bot's words (or the engine's events).
    expect(all).toMatch(/Bryn is (critically wounded|out of action|dead)\./);
    expect(channel.text()).toMatch(/\*\*Bryn\*\* — HP 0\/\d+ · STR \d\/6/);
    shoot('4-harm', { author: 'Arbiter (the tracker, edited)', payload: channel.messages.get(trackerId)! });
    expect(channel.messages.size).toBe(1);

    // Nobody but the referee runs the fight.
    expect(last(await as(BRYN_PLAYER, 'fight', { sub: 'next' }))).toMatchObject({
      ephemeral: true,
      content: 'Only the referee may run fights.',
    });

    const end = last(await as(REFEREE, 'fight', { sub: 'end' }));
    expect(end).toMatchObject({ ephemeral: false, content: expect.stringContaining('The fight is over') });
    expect(channel.text()).toMatch(/Cairn fight — over/);
    expect(store.fightIn('channel-1')).toBeNull();
    // After the fight, Bryn's player rests: the table reads what came back, each change once.
    const rested = last(await as(BRYN_PLAYER, 'rest', { kind: 'short' }));
    shoot(
      '6-rest',
      { author: 'Referee', payload: { content: '/fight end' } },
      asShown('Arbiter', end),
      { author: 'Bryn’s player', payload: { content: '/rest kind:short' } },
      asShown('Arbiter', rested),
    );
    expect(rested).toMatchObject({
      ephemeral: false,
      content: expect.stringMatching(/^(😴 )?Bryn rests \(short\)/),
    });
    // No line repeats a change another line already says ("Bryn: HP 0 → 2." after the summary).
    const restLines = rested.content.split('\n');
    for (const [i, line] of restLines.entries()) {
      const change = line.replace(/^Bryn: /, '').replace(/\.$/, '');
      expect(restLines.filter((other, j) => j !== i && other.includes(change))).toEqual([]);
    }
    expect(last(await as(BRYN_PLAYER, 'attack', { weapon: 'd8', target: 'Goblin' })).content).toContain(
      'No fight in this channel',
    );
  });

  it('/rest posts what the rest did in the bot’s words', async () => {
    const rested = last(await as(VESS_PLAYER, 'rest', { kind: 'long' }));
    expect(rested.ephemeral).toBe(false);
    // The engine's event when the answer has it, else the bot's words.
    expect(rested.content).toMatch(/^Vess rests \(long\)/);
  });

  it('a COEAC exchange from the sheets in a stored fight', async () => {
    const c = new FakeChannel();
    const run = async (
      userId: string,
      command: string,
      options: Record<string, string | number | boolean>,
    ) => {
      const r = fakeInteraction(command, options, { userId, channel: c, channelId: 'channel-2' });
      await handleCommand(ctx(), r.interaction);
      return r;
    };
    await run(REFEREE, 'npc', { sub: 'grade', name: 'Orc', grade: 'minor', shown: true });
    await run(REFEREE, 'fight', { sub: 'start', who: 'Vess, Orc' });
    expect(c.text()).toMatch(
      // The API words a shown NPC whose numbers are hidden (issue 42): its sheet looks unhurt.
      /COEAC fight — round 1[\s\S]*\*\*Vess\*\* — HP \d+\/\d+[\s\S]*\*\*Orc\*\* — “unhurt”/,
    );
    // The orc is shown but its numbers are not: the exchange's dice go to the referee alone.
    const referee = await run(REFEREE, 'attack', { as: 'Orc', weapon: 'Fighter', target: 'Vess' });
    expect(referee.seen[0]).toMatchObject({
      ephemeral: false,
      content: expect.stringMatching(/^⚔️ \*\*Orc\*\* attacks \*\*Vess\*\* with Fighter\./),
    });
    expect(referee.seen[0].content).not.toContain('successes');
    expect(last(referee)).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(
        /^🤫 Sealed for the players:\n\d+ successes to \d+: (Orc wins|Vess wins|a tie)\./,
      ),
    });
    // Vess's player exchanges with the orc: sealed for the player too.
    const player = await run(VESS_PLAYER, 'attack', { weapon: 'Fighter', target: 'Orc' });
    expect(player.seen).toHaveLength(1);
    expect(player.seen[0].content).toMatch(/^⚔️ \*\*Vess\*\* attacks \*\*Orc\*\* with Fighter\.\n/);
    expect(player.seen[0].content).not.toMatch(/successes|Orc takes \d|Orc: HP/);
    await run(REFEREE, 'fight', { sub: 'end' });
  });

  it('/cast from the sheet: a COEAC channeling that changes the sheet, a Cairn spellbook carried', async () => {
    await character('Mira', 'coeac', {
      class: 'Sorcerer',
      maxHp: 6,
      skills: { Ruin: 2 },
      classResources: { Control: { current: 3, max: 3 }, Disintegrate: { current: 1, max: 1 } },
    });
    const coeac = last(await as(REFEREE, 'cast', { spell: 'Disintegrate', as: 'Mira' }));
    expect(coeac.ephemeral).toBe(false);
    expect(coeac.content).toMatch(
      // The channeling, then its backlash in the engine's event (none: the bot says so).
      /^✨ \*\*Mira\*\* channels Disintegrate: \d+ dice \[[\d, ]+\] → Potency \d+\.\n(No backlash\.|Mira takes \d+ damage)/,
    );
    // What the cast changed is on the sheet now, as the answer said.
    const sheet = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
        params: { path: { campaignId, characterId: ids.Mira, system: 'coeac' } },
      }),
    );
    const changed = [...coeac.content.matchAll(/Mira: (\S+) → (\d+)\./g)];
    expect(changed.length).toBeGreaterThan(0);
    for (const [, field, after] of coeac.content.matchAll(/Mira: (\S+) → (\d+)\./g)) {
      const value = field
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], sheet.sheet);
      expect(value).toBe(Number(after));
    }

    await character('Osk', 'cairn', {
      str: { max: 10 },
      dex: { max: 10 },
      wil: { max: 12 },
      hp: 4,
      maxHp: 4,
    });
    const spells = await unwrap(referee.GET('/v1/magic/cairn/spells', {}));
    const spell = spells.items[0];
    await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/characters/{characterId}/magic/cairn/items', {
        params: { path: { campaignId, characterId: ids.Osk } },
        body: { kind: 'spellbook', spell: spell.id },
      }),
    );
    // Osk's player casts from the book Osk carries: the table reads it.
    store.linkPlayer('guild-1', OSK_PLAYER, {
      key: await playerKey(ids.Osk),
      role: 'player',
      characterId: ids.Osk,
    });
    const cairn = last(await as(OSK_PLAYER, 'cast', { spell: spell.name }));
    shoot(
      '5-cast',
      { author: 'Osk’s player', payload: { content: `/cast spell:${spell.name}` } },
      asShown('Arbiter', cairn),
    );
    expect(cairn.ephemeral).toBe(false);
    expect(cairn.content).toMatch(new RegExp(`^✨ \\*\\*Osk\\*\\* casts ${spell.name}`));
    expect(cairn.content).toContain(`\nOsk gains 1 Fatigue from casting ${spell.name}.`);
    expect(last(await as(REFEREE, 'cast', { spell: 'No Such Spell', as: 'Osk' }))).toMatchObject({
      ephemeral: true,
      content: 'Osk carries no spellbook, scroll or relic called “No Such Spell”.',
    });
  });

  it('a G&M fight with a hidden monster: the attack read from the sheets, its dice to the referee alone', async () => {
    const ogre = await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: {
          name: 'Ogre',
          kind: 'monster',
          sheets: {
            gm: {
              abilities: { strength: 16, agility: 8, endurance: 16, intelligence: 6, wisdom: 8, charisma: 6 },
              archetypes: [{ archetype: 'warrior', level: 2 }],
            },
          },
        },
      }),
    );
    expect(ogre.visibility).toBe('referee');
    const c = new FakeChannel();
    const run = async (command: string, options: Record<string, string | number | boolean>) => {
      const r = fakeInteraction(command, options, { userId: REFEREE, channel: c, channelId: 'channel-3' });
      await handleCommand(ctx(), r.interaction);
      return r;
    };
    await run('fight', { sub: 'start', who: 'Toro, Ogre' });
    expect(c.text()).toMatch(
      /Gods & Monsters fight — round 1[\s\S]*\*\*Toro\*\* — Survival \d+\/\d+ · Verve \d+\/\d+/,
    );
    expect(c.text()).not.toContain('Ogre');
    const blow = await run('attack', { as: 'Toro', weapon: 'd8', target: 'Ogre' });
    // The ogre is hidden: the table reads only that Toro attacked; the referee reads the rest.
    expect(blow.seen[0]).toEqual({
      content: '⚔️ **Toro** attacks **Ogre** with d8.',
      embeds: [],
      ephemeral: false,
    });
    expect(last(blow)).toMatchObject({
      ephemeral: true,
      content: expect.stringMatching(
        /^🤫 Sealed for the players:\nd20 \d+ against \d+: (a hit for \d+ \(\d*d8[+-]?\d*\)|a miss)\./,
      ),
    });
    await run('fight', { sub: 'end' });
  });

  it('/fight start saves:true rolls the Cairn first-round DEX saves; the tracker names who loses round 1', async () => {
    const c = new FakeChannel();
    const r = fakeInteraction(
      'fight',
      { sub: 'start', who: 'Osk, Mott', saves: true },
      { userId: REFEREE, channel: c, channelId: 'channel-4' },
    );
    await handleCommand(ctx(), r.interaction);
    const fight = store.fightIn('channel-4')!;
    const combat = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/combats/{combatId}', {
        params: { path: { campaignId, combatId: fight.combatId } },
      }),
    );
    const osk = combat.combatants.find((x) => x.id === ids.Osk)!;
    expect(osk.firstRoundRollId).not.toBeNull();
    expect(
      c.text().includes('**Osk** — HP 4/4 · STR 10/10 · DEX 10/10 · on their feet (loses round 1)'),
    ).toBe(osk.lostFirstTurn);
    const end = fakeInteraction(
      'fight',
      { sub: 'end' },
      { userId: REFEREE, channel: c, channelId: 'channel-4' },
    );
    await handleCommand(ctx(), end.interaction);
  });

  it('keeps every answer inside Discord’s limits', () => {
    const huge = {
      title: 'x'.repeat(400),
      description: 'y'.repeat(9000),
      fields: Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'z'.repeat(2000) })),
      footer: { text: 'w'.repeat(3000) },
    };
    const fitted = fitEmbed(huge);
    expect(fitted.title).toHaveLength(LIMITS.title);
    expect(fitted.fields!.length).toBeLessThanOrEqual(LIMITS.fields);
    expect(fitted.fields!.every((f) => f.value.length <= LIMITS.fieldValue)).toBe(true);
    expect(fitted.description!.length).toBeLessThanOrEqual(LIMITS.description);
    expect(embedSize(fitted)).toBeLessThanOrEqual(LIMITS.embedTotal);
    const payload = fit({ content: 'c'.repeat(5000), embeds: [huge, huge] });
    expect(payload.content).toHaveLength(LIMITS.content);
    expect(payload.embeds!.reduce((n, e) => n + embedSize(e), 0)).toBeLessThanOrEqual(LIMITS.embedTotal);
  });

  it('a refusal after a public deferral replaces the placeholder with a private answer', async () => {
    const run = await as(BRYN_PLAYER, 'attack', { weapon: 'sword', target: 'Goblin' });
    expect(run.deferred).toEqual([{ ephemeral: false }]);
    expect(run.deleted).toBe(1);
    expect(last(run)).toMatchObject({
      ephemeral: true,
      content: expect.stringContaining('No fight in this channel'),
    });
  });

  it('keeps the channel’s fight and the table key in the JSON store across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bot-store-'));
    try {
      const path = join(dir, 'store.json');
      const first = new JsonStore(path);
      first.setFight('c-1', { combatId: 'k-1', system: 'cairn', messageId: 'm-1' });
      first.setTableKey('g-1', 'arb_viewer');
      const again = new JsonStore(path);
      expect(again.fightIn('c-1')).toEqual({ combatId: 'k-1', system: 'cairn', messageId: 'm-1' });
      expect(again.tableKeyFor('g-1')).toBe('arb_viewer');
      again.setFight('c-1', null);
      expect(new JsonStore(path).fightIn('c-1')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names: Arbiter finds them (any case); an ambiguous one lists its candidates to the asker alone', async () => {
    const rats: string[] = [];
    for (let i = 0; i < 2; i++)
      rats.push(
        (
          await unwrap(
            referee.POST('/v1/campaigns/{campaignId}/npcs', {
              params: { path: { campaignId } },
              body: {
                name: 'Rat',
                kind: 'monster',
                sheets: { cairn: { hp: 2, maxHp: 2, str: { max: 3 }, dex: { max: 12 }, wil: { max: 4 } } },
              },
            }),
          )
        ).id,
      );
    const ambiguous = last(await as(REFEREE, 'character', { sub: 'show', who: 'rat' }));
    expect(ambiguous.ephemeral).toBe(true);
    // Arbiter's 409 lists them with their ids and says to send one.
    expect(ambiguous.content).toMatch(
      /^“rat” names more than one: 2 NPCs are named "rat": .*Send the id of one\.$/s,
    );
    for (const id of rats) expect(ambiguous.content).toContain(id);
    // The id the answer listed finds the one meant.
    const one = last(await as(REFEREE, 'character', { sub: 'show', who: rats[1] }));
    expect(one.embeds[0].title).toBe('Rat — Cairn');
    // Any case; and a hidden NPC is nobody to a player's key.
    expect(last(await as(REFEREE, 'character', { sub: 'show', who: 'BRYN' })).embeds[0].title).toBe(
      'Bryn — Cairn',
    );
    expect(last(await as(BRYN_PLAYER, 'character', { sub: 'show', who: 'Rat' }))).toMatchObject({
      ephemeral: true,
      content: 'Nobody called “Rat” that you can see.',
    });
  });

  it('sheets: a game named, timers in words, a dotted path set', () => {
    expect(() => systemFor('Bryn', { cairn: {} as never, coeac: {} as never })).toThrow('add `system:`');
    expect(
      timerWords({
        harm: {
          state: 'critical',
          timers: [
            {
              kind: 'cairn-critical',
              startedAt: { day: 1, watch: 2, turn: 0 },
              endsAt: { day: 1, watch: 2, turn: 6 },
            },
            { kind: 'archsoul-unconscious', endsAt: null, rounds: 3 },
          ],
        },
      }),
    ).toEqual([
      'dies unless tended within the hour (by day 1, watch 2, turn 6)',
      'is unconscious (3 rounds)',
    ]);
    expect(setPath({ skills: { A: 1 } }, 'skills.B', '2')).toEqual({ skills: { A: 1, B: 2 } });
    expect(() => setPath({}, '__proto__.x', '1')).toThrow('not a field');
  });
});
