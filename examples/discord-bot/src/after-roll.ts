import { unwrap, type ArbiterClient, type components } from '@arbiter/client';
import { button, offer, row } from './choices';
import {
  BotRefusal,
  client,
  EPHEMERAL,
  fit,
  fitLines,
  type BotContext,
  type ButtonPress,
  type CommandInteraction,
} from './common';
import { eventTexts } from './words';

/**
 * G&M choices a player makes after the dice, offered as buttons to the players of the character
 * (only they may press): a mojo bid on a failed archetypal roll (`POST …/mojo-bids`), and 1 mojo
 * to come to when the character has fallen unconscious (`POST …/semi-consciousness`). The press
 * calls Arbiter with the presser's own key; Arbiter's refusal goes to the presser alone.
 */

type Check = components['schemas']['SheetCheckResult'];
type Sheet = Record<string, unknown>;

const mention = (userId: string) => `<@${userId}>`;

/** Mojo held on a G&M sheet (`mojo.current`), 0 when the sheet keeps none. */
export function mojoHeld(sheet: Sheet | null | undefined): number {
  const current = (sheet?.mojo as { current?: unknown } | undefined)?.current;
  return typeof current === 'number' ? current : 0;
}

/** The archetypes a G&M sheet lists (`archetypes: [{ archetype, level }]`), lower-cased. */
export function archetypesOf(sheet: Sheet | null | undefined): string[] {
  const list = Array.isArray(sheet?.archetypes) ? (sheet.archetypes as unknown[]) : [];
  return list
    .map((a) => (a as { archetype?: unknown } | null)?.archetype)
    .filter((a): a is string => typeof a === 'string')
    .map((a) => a.toLowerCase());
}

/**
 * Each archetype's archetypal attribute and reaction, as Arbiter's archetype table has them. The
 * table is the API's, not the bot's: the stateless G&M derivation answers an archetype's row, so
 * the bot asks once per archetype (any scores do) and keeps the answer for the process's life.
 */
const archetypeRows = new Map<string, Promise<string[]>>();

export async function archetypalRatings(ctx: BotContext, archetypes: string[]): Promise<Set<string>> {
  const ratings = new Set<string>();
  for (const archetype of archetypes) {
    const key = `${ctx.baseUrl} ${archetype}`;
    const row: Promise<string[]> = archetypeRows.get(key) ?? archetypeRow(ctx, archetype);
    if (!archetypeRows.has(key)) {
      // A failed look-up is not kept: the next check asks again.
      row.catch(() => archetypeRows.delete(key));
      archetypeRows.set(key, row);
    }
    for (const r of await row) ratings.add(r);
  }
  return ratings;
}

/** One archetype's archetypal attribute and reaction, lower-cased, from the stateless derivation. */
async function archetypeRow(ctx: BotContext, archetype: string): Promise<string[]> {
  const score = 10;
  const derived = await unwrap(
    client(ctx).POST('/v1/characters/gm/derivations', {
      body: {
        attributes: {
          strength: score,
          agility: score,
          endurance: score,
          intelligence: score,
          wisdom: score,
          charisma: score,
        },
        archetype: archetype as 'warrior',
      },
    }),
  );
  const row = derived.archetype as {
    archetypalAttribute?: string;
    archetypalAbility?: string;
    archetypalReaction?: string;
  };
  return [row.archetypalAttribute ?? row.archetypalAbility, row.archetypalReaction]
    .filter((r): r is string => typeof r === 'string' && r.length > 0)
    .map((r) => r.toLowerCase());
}

/** What a failed G&M roll needs to be turned: the mojo (d20 − target), or null when it passed. */
export function mojoNeeded(check: Pick<Check, 'roll' | 'target' | 'passed'>): number | null {
  if (check.passed || typeof check.roll !== 'number' || typeof check.target !== 'number') return null;
  const needed = check.roll - check.target;
  return needed > 0 ? needed : null;
}

/**
 * After a G&M `/check` of a character: when it failed on an archetypal attribute or reaction and
 * the character holds the mojo it needs, its players get "Bid N mojo" and "Keep the failure". The
 * asker, when it is the character's player, gets them privately; otherwise (the referee rolled
 * for the character) they are posted for the players, naming them. A secret roll is not offered.
 */
export async function offerMojoBid(
  ctx: BotContext,
  interaction: CommandInteraction,
  subject: { id: string; name: string; campaignId: string; sheet: Sheet | null | undefined },
  check: Check,
): Promise<boolean> {
  if (check.system !== 'gm' || check.check !== 'ability' || !interaction.guildId) return false;
  const needed = mojoNeeded(check);
  if (needed === null) return false;
  const held = mojoHeld(subject.sheet);
  if (held < needed) return false;
  const users = ctx.store.playersOf(interaction.guildId, subject.id);
  if (users.length === 0) return false;
  const rating = check.rating.name.toLowerCase();
  const archetypal = await archetypalRatings(ctx, archetypesOf(subject.sheet)).catch(() => new Set<string>());
  if (!archetypal.has(rating)) return false;
  const name = subject.name;
  const privately = users.includes(interaction.user.id);
  const id = offer(ctx, {
    mayPress: (userId) => (users.includes(userId) ? true : `Only ${name}’s player bids ${name}’s mojo.`),
    press: async (press, option) => {
      if (option === 'keep') {
        await press.update({ content: `${name} keeps the failure; no mojo spent.`, components: [] });
        return true;
      }
      await press.defer?.();
      const arbiter = presserClient(ctx, press);
      const bid = await unwrap(
        arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/mojo-bids', {
          params: { path: { campaignId: subject.campaignId, characterId: subject.id } },
          body: { rollId: check.rollId, bid: needed },
        }),
      );
      const line = bidWords(name, check.rating.name, bid);
      await press.update({ content: line, components: [] });
      // The prompt was the player's alone: the table reads the turned roll too.
      if (privately) await interaction.reply({ content: line });
      return true;
    },
  });
  const content =
    `${privately ? '' : `${users.map(mention).join(' ')}: `}**${name}** missed the ${check.rating.name} roll by ${needed} ` +
    `(d20 ${check.roll} against ${check.target}), an archetypal roll: ${needed} mojo turns it (${held} held; ` +
    `only the mojo needed is lost, 50 experience each).`;
  await interaction.reply(
    fit({
      content,
      components: [
        row(button(id, 'bid', `Bid ${needed} mojo to turn it`, 1), button(id, 'keep', 'Keep the failure', 2)),
      ],
      ...(privately ? { flags: EPHEMERAL } : {}),
    }),
  );
  return true;
}

type Bid = components['schemas']['MojoBidOnRollResult'];

/** A mojo bid's answer in one line the table reads. */
export function bidWords(name: string, rating: string, bid: Bid): string {
  if (!bid.passed)
    return `🪙 **${name}** bids ${bid.bid} mojo on the ${rating} roll, not enough to turn it (${bid.needed} needed): none is lost.`;
  const level = bid.experience?.levelUps?.length
    ? `, level ${bid.experience.levelBefore} → ${bid.experience.levelAfter}`
    : '';
  return (
    `🪙 **${name}** spends ${bid.mojoLost} mojo: the ${rating} roll (d20 ${bid.roll} against ${bid.target}) is **turned into a pass**. ` +
    `+${bid.experienceGained} experience${level}; ${bid.mojoLeft} mojo left.` +
    (bid.improvementGained ? ' The spend reaches the next improvement’s price: it is gained.' : '')
  );
}

/** The client with the presser's own key (mayPress let only a linked player through). */
function presserClient(ctx: BotContext, press: ButtonPress): ArbiterClient {
  const link = press.guildId ? ctx.store.playerFor(press.guildId, press.user.id) : null;
  if (!link) throw new BotRefusal('You have no campaign key here yet: run `/link` first.');
  return client(ctx, link.key);
}

/**
 * The characters an answer says fell unconscious just now: a `state-changed` event to
 * `unconscious` (on the answer or on a target's harm), or, for an answer without events, a
 * target's harm whose state became `unconscious`.
 */
export function fellUnconscious(answer: unknown): string[] {
  const found = new Set<string>();
  const read = (events: unknown) => {
    if (!Array.isArray(events)) return;
    for (const e of events as Array<{ type?: unknown; to?: unknown; from?: unknown; ownerId?: unknown }>)
      if (
        e?.type === 'state-changed' &&
        e.to === 'unconscious' &&
        e.from !== 'unconscious' &&
        typeof e.ownerId === 'string'
      )
        found.add(e.ownerId);
  };
  const a = (answer ?? {}) as { events?: unknown; targets?: unknown };
  read(a.events);
  for (const t of Array.isArray(a.targets) ? (a.targets as Array<{ id?: unknown; damage?: unknown }>) : []) {
    const harm = (t?.damage ?? null) as { events?: unknown; state?: unknown; stateBefore?: unknown } | null;
    if (!harm) continue;
    read(harm.events);
    if (harm.state === 'unconscious' && harm.stateBefore !== 'unconscious' && typeof t.id === 'string')
      found.add(t.id);
  }
  return [...found];
}

/**
 * G&M: for each character the answer says fell unconscious, whose player is linked here and whose
 * sheet (read with `key`) holds mojo, a message naming the player: "Spend 1 mojo to come to" (the
 * semi-consciousness route) or "Stay unconscious". `after` runs once a press changed a sheet (the
 * tracker's refresh).
 */
export async function offerComeTo(
  ctx: BotContext,
  interaction: CommandInteraction,
  campaignId: string,
  key: string,
  answer: unknown,
  after: () => Promise<void>,
): Promise<void> {
  if (!interaction.guildId) return;
  const arbiter = client(ctx, key);
  for (const characterId of fellUnconscious(answer)) {
    const users = ctx.store.playersOf(interaction.guildId, characterId);
    if (users.length === 0) continue; // an NPC, or a character nobody here plays
    const character = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
        params: { path: { campaignId, characterId } },
      }),
    ).catch(() => null);
    const sheet = (character?.sheets?.gm ?? null) as Sheet | null;
    const held = mojoHeld(sheet);
    if (!character || held < 1) continue;
    const name = character.name;
    const id = offer(ctx, {
      mayPress: (userId) => (users.includes(userId) ? true : `Only ${name}’s player spends ${name}’s mojo.`),
      press: async (press, option) => {
        if (option === 'stay') {
          await press.update({ content: `${name} stays unconscious; no mojo spent.`, components: [] });
          return true;
        }
        await press.defer?.();
        const woke = await unwrap(
          presserClient(ctx, press).POST(
            '/v1/campaigns/{campaignId}/characters/{characterId}/semi-consciousness',
            { params: { path: { campaignId, characterId } } },
          ),
        );
        await press.update({ content: fitLines(comeToWords(name, woke)), components: [] });
        await after();
        return true;
      },
    });
    await interaction.reply(
      fit({
        content:
          `${users.map(mention).join(' ')}: **${name}** is unconscious. 1 mojo (${held} held) brings ${name} round, ` +
          'semi-conscious until it would have ended: movement only, no agility bonus to defense.',
        components: [
          row(button(id, 'spend', 'Spend 1 mojo to come to', 1), button(id, 'stay', 'Stay unconscious', 2)),
        ],
      }),
    );
  }
}

type ComeTo = components['schemas']['SheetSemiConsciousResult'];

/** The semi-consciousness answer in lines: its events when it has them, else the bot's words. */
export function comeToWords(name: string, woke: ComeTo): string[] {
  const events = eventTexts(woke);
  const will = woke.willpower;
  const respond = !will
    ? 'the referee says when they can respond'
    : will.passed
      ? `willpower d20 ${will.roll} against ${will.target}: they can respond at once`
      : `willpower d20 ${will.roll} against ${will.target}: they cannot respond for ${woke.delayRounds} round${woke.delayRounds === 1 ? '' : 's'}`;
  return [
    `🪙 **${name}** spends 1 mojo and comes to, semi-conscious; ${respond}. ${woke.mojoLeft} mojo left.`,
    ...events,
  ];
}
