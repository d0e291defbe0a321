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

/**
 * The mojo a failed G&M roll needs to be turned, as Arbiter answers it (`mojoNeeded`): Arbiter
 * decides whether the roll was archetypal (the archetypal ability or reaction, or a specialty), so
 * the bot keeps no archetype table. Null when there is nothing to offer.
 */
export function mojoNeeded(check: Pick<Check, 'mojoNeeded' | 'passed'>): number | null {
  if (check.passed) return null;
  return typeof check.mojoNeeded === 'number' && check.mojoNeeded > 0 ? check.mojoNeeded : null;
}

/**
 * After a G&M `/check` of a character: when it failed on an archetypal roll (Arbiter's `mojoNeeded`) and
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
