import { createArbiterClient, type ArbiterClient, type RetryOptions } from '@arbiter/client';
import { MessageFlags } from 'discord.js';
import type { LinkStore, PlayerLink } from './store';

/** An embed as Discord's API takes it (discord.js accepts this plain shape as it is). */
export interface Embed {
  title?: string;
  description?: string;
  color?: number;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  footer?: { text: string };
}

/** A button as Discord's API takes it (type 2); `custom_id` comes back in the press. */
export interface Button {
  type: 2;
  style: 1 | 2 | 3 | 4;
  label: string;
  custom_id: string;
}

/** A row of up to five buttons (type 1); a message holds up to five rows. */
export interface ActionRow {
  type: 1;
  components: Button[];
}

/** What a handler answers: text, embeds, buttons, and whether only the asker sees it. */
export interface ReplyPayload {
  content?: string;
  embeds?: Embed[];
  components?: ActionRow[];
  flags?: number;
}

/** A message the bot posted in a channel (the fight tracker). */
export interface PostedMessage {
  id: string;
}

/**
 * The part of discord.js's `ChatInputCommandInteraction` the handlers use. A real interaction fits
 * it through main.ts's `adapt`; tests pass a fake one, so that nothing here needs Discord.
 */
export interface CommandInteraction {
  commandName: string;
  guildId: string | null;
  channelId: string | null;
  user: { id: string };
  options: {
    getInteger(name: string, required?: boolean): number | null;
    getString(name: string, required?: boolean): string | null;
    getBoolean(name: string, required?: boolean): boolean | null;
    getSubcommand(required?: boolean): string | null;
  };
  reply(options: ReplyPayload): Promise<unknown>;
  /** Acknowledges within Discord's 3 seconds; the answer follows through `editReply`. */
  deferReply?(options: { flags?: number }): Promise<unknown>;
  editReply?(options: ReplyPayload): Promise<unknown>;
  deleteReply?(): Promise<unknown>;
  followUp?(options: ReplyPayload): Promise<unknown>;
  /** The channel, to post the fight tracker and edit it in place later. */
  channel?: {
    send(options: ReplyPayload): Promise<PostedMessage>;
    edit(messageId: string, options: ReplyPayload): Promise<unknown>;
  } | null;
}

/** A press on one of the bot's buttons (discord.js's `ButtonInteraction`, narrowed like the above). */
export interface ButtonPress {
  customId: string;
  guildId: string | null;
  channelId: string | null;
  user: { id: string };
  /** Answers the press (ephemeral for a refusal). */
  reply(options: ReplyPayload): Promise<unknown>;
  /** Edits the message that holds the buttons (to say what was chosen and remove them). */
  update(options: ReplyPayload): Promise<unknown>;
  /**
   * Acknowledges the press within Discord's 3 seconds when what follows calls Arbiter; `update`
   * then edits the message later and `reply` follows up.
   */
  defer?(): Promise<unknown>;
}

/** Discord asking for an option's choices while the user types (discord.js's `AutocompleteInteraction`). */
export interface AutocompleteRequest {
  commandName: string;
  guildId: string | null;
  channelId: string | null;
  user: { id: string };
  options: {
    getFocused(): { name: string; value: string };
    getString(name: string): string | null;
  };
  respond(choices: Array<{ name: string; value: string }>): Promise<unknown>;
}

export interface BotContext {
  /** Where Arbiter runs (e.g. http://127.0.0.1:3000). */
  baseUrl: string;
  store: LinkStore;
  /** The client's retry policy (defaults to the client's own). */
  retry?: RetryOptions;
  /** A fetch for every call (tests point it elsewhere); defaults to the global one. */
  fetch?: (request: Request) => Promise<Response>;
}

export type Handler = (ctx: BotContext, interaction: CommandInteraction) => Promise<void>;

export const EPHEMERAL = MessageFlags.Ephemeral as number;

export const isEphemeral = (payload: { flags?: number }) => ((payload.flags ?? 0) & EPHEMERAL) !== 0;

/** A reply only the user who ran the command sees. */
export const privately = (content: string): ReplyPayload => ({ content: fitText(content), flags: EPHEMERAL });

/** Refusals the user can act on, said plainly and only to the asker. */
export class BotRefusal extends Error {}

export function client(ctx: BotContext, key?: string): ArbiterClient {
  return createArbiterClient({ baseUrl: ctx.baseUrl, key, retry: ctx.retry, fetch: ctx.fetch });
}

export function campaignOf(ctx: BotContext, interaction: CommandInteraction): string {
  const campaignId = interaction.guildId ? ctx.store.campaignFor(interaction.guildId) : null;
  if (!campaignId)
    throw new BotRefusal(
      'This server is not linked to a campaign yet: a moderator runs `/setup campaign:<id>`.',
    );
  return campaignId;
}

export function playerOf(ctx: BotContext, interaction: CommandInteraction): PlayerLink {
  const link = interaction.guildId ? ctx.store.playerFor(interaction.guildId, interaction.user.id) : null;
  if (!link)
    throw new BotRefusal('You have no campaign key here yet: run `/link key:<your key> character:<id>`.');
  return link;
}

export function refereeOf(ctx: BotContext, interaction: CommandInteraction, what: string): PlayerLink {
  const link = playerOf(ctx, interaction);
  if (link.role !== 'referee') throw new BotRefusal(`Only the referee may ${what}.`);
  return link;
}

export function characterOf(link: PlayerLink): string {
  if (!link.characterId)
    throw new BotRefusal('Your key is linked without a character: run `/link` again with `character:`.');
  return link.characterId;
}

export const percent = (p: number) => `${(p * 100).toFixed(p > 0 && p < 0.001 ? 4 : 1)}%`;

// Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
export const LIMITS = {
  content: 2000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embedTotal: 6000,
  embeds: 10,
  rows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  customId: 100,
} as const;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export const fitText = (text: string) => cut(text, LIMITS.content);

/**
 * Lines kept whole within `max` characters (a message's 2,000 by default): the ones that do not fit
 * are counted at the end instead of being cut in the middle.
 */
export function fitLines(lines: string[], max: number = LIMITS.content): string {
  const whole = lines.join('\n');
  if (whole.length <= max) return whole;
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    const note = `(and ${lines.length - kept.length - 1} more)`;
    // Room for this line, and for the note about the ones after it.
    if (size + line.length + 1 + note.length > max) break;
    kept.push(line);
    size += line.length + 1;
  }
  if (kept.length === 0) return cut(lines[0] ?? '', max);
  return `${kept.join('\n')}\n(and ${lines.length - kept.length} more)`;
}

/** An embed cut down to Discord's limits: each part, the number of fields, then the total. */
export function fitEmbed(embed: Embed): Embed {
  const fitted: Embed = { ...embed };
  if (fitted.title !== undefined) fitted.title = cut(fitted.title, LIMITS.title);
  if (fitted.footer) fitted.footer = { text: cut(fitted.footer.text, LIMITS.footer) };
  if (fitted.fields)
    fitted.fields = fitted.fields.slice(0, LIMITS.fields).map((f) => ({
      ...f,
      name: cut(f.name || '\u200b', LIMITS.fieldName),
      value: cut(f.value || '—', LIMITS.fieldValue),
    }));
  const fixed =
    (fitted.title?.length ?? 0) +
    (fitted.footer?.text.length ?? 0) +
    (fitted.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  if (fitted.description !== undefined)
    fitted.description = cut(
      fitted.description,
      Math.max(1, Math.min(LIMITS.description, LIMITS.embedTotal - fixed)),
    );
  // Still too long (many long fields): drop fields from the end until it fits.
  while (fitted.fields && fitted.fields.length > 0 && embedSize(fitted) > LIMITS.embedTotal)
    fitted.fields = fitted.fields.slice(0, -1);
  return fitted;
}

export function embedSize(embed: Embed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

/** A whole payload within Discord's limits. */
export function fit(payload: ReplyPayload): ReplyPayload {
  const out: ReplyPayload = { ...payload };
  if (out.content !== undefined) out.content = fitText(out.content);
  if (out.embeds) {
    const embeds = out.embeds.slice(0, LIMITS.embeds).map(fitEmbed);
    // Several embeds share the 6,000 characters: keep those that fit.
    const kept: Embed[] = [];
    let total = 0;
    for (const embed of embeds) {
      const size = embedSize(embed);
      if (total + size > LIMITS.embedTotal) break;
      kept.push(embed);
      total += size;
    }
    out.embeds = kept;
  }
  if (out.components)
    out.components = out.components.slice(0, LIMITS.rows).map((row) => ({
      ...row,
      components: row.components.slice(0, LIMITS.buttonsPerRow).map((b) => ({
        ...b,
        label: cut(b.label, LIMITS.buttonLabel),
        custom_id: b.custom_id.slice(0, LIMITS.customId),
      })),
    }));
  return out;
}
