import type {
  ActionRow,
  AutocompleteRequest,
  ButtonPress,
  CommandInteraction,
  Embed,
  ReplyPayload,
} from '../src/common';
import { isEphemeral } from '../src/common';

/** What one user saw of one command: each answer, whether only they saw it. */
export interface Seen {
  content: string;
  embeds: Embed[];
  ephemeral: boolean;
  /** The buttons it carried (none for most answers). */
  components?: ActionRow[];
}

/** The channel's messages as everyone sees them (the tracker), edits applied in place. */
export class FakeChannel {
  readonly messages = new Map<string, ReplyPayload>();
  readonly edits: string[] = [];
  private next = 1;

  send = async (payload: ReplyPayload) => {
    const id = `message-${this.next++}`;
    this.messages.set(id, payload);
    return { id };
  };

  edit = async (id: string, payload: ReplyPayload) => {
    if (!this.messages.has(id)) throw new Error('Unknown Message');
    this.messages.set(id, payload);
    this.edits.push(id);
  };

  /** Every public message's text, embeds included. */
  text(): string {
    return [...this.messages.values()].map(render).join('\n');
  }
}

/** A payload flattened to the text a user reads. */
export function render(payload: ReplyPayload | Seen): string {
  const embeds = (payload.embeds ?? [])
    .map((e) =>
      [e.title, e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`), e.footer?.text]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
  return [payload.content ?? '', embeds].filter(Boolean).join('\n');
}

export interface FakeRun {
  interaction: CommandInteraction;
  /** The answers, in order: a deferred one counts once, as it ends up. */
  seen: Seen[];
  deferred: Array<{ ephemeral: boolean }>;
  deleted: number;
}

/**
 * A fake slash-command interaction with everything the handlers use: options by name (a
 * subcommand under `sub`), replies, deferral (edit, delete, follow-up) and the channel.
 */
export function fakeInteraction(
  commandName: string,
  options: Record<string, string | number | boolean> = {},
  who: { userId: string; guildId?: string; channelId?: string; channel?: FakeChannel | null },
): FakeRun {
  const seen: Seen[] = [];
  const deferred: Array<{ ephemeral: boolean }> = [];
  const run: FakeRun = {
    interaction: undefined as unknown as CommandInteraction,
    seen,
    deferred,
    deleted: 0,
  };
  const get = (name: string, required?: boolean) => {
    if (required && options[name] === undefined) throw new Error(`option ${name} is required`);
    return options[name] ?? null;
  };
  const record = (payload: ReplyPayload, ephemeral: boolean) =>
    seen.push({
      content: payload.content ?? '',
      embeds: payload.embeds ?? [],
      ephemeral,
      ...(payload.components ? { components: payload.components } : {}),
    });
  run.interaction = {
    commandName,
    guildId: who.guildId ?? 'guild-1',
    channelId: who.channelId ?? 'channel-1',
    user: { id: who.userId },
    options: {
      getInteger: (name, required) => get(name, required) as number | null,
      getString: (name, required) => get(name, required) as string | null,
      getBoolean: (name, required) => get(name, required) as boolean | null,
      getSubcommand: (required) => {
        if (required && options.sub === undefined) throw new Error('a subcommand is required');
        return (options.sub as string | undefined) ?? null;
      },
    },
    reply: async (payload) => {
      if (deferred.length) throw new Error('replied after deferring (Discord refuses this)');
      record(payload, isEphemeral(payload));
    },
    deferReply: async (o) => {
      deferred.push({ ephemeral: isEphemeral(o) });
    },
    editReply: async (payload) => {
      if (!deferred.length) throw new Error('editReply before deferReply');
      record(payload, deferred[0].ephemeral);
    },
    deleteReply: async () => {
      run.deleted++;
    },
    followUp: async (payload) => {
      record(payload, isEphemeral(payload));
    },
    channel: who.channel === undefined ? null : who.channel,
  };
  return run;
}

/** The `custom_id`s of a message's buttons, by label. */
export function buttonsOf(seen: Seen): Record<string, string> {
  return Object.fromEntries(
    (seen.components ?? []).flatMap((row) => row.components.map((b) => [b.label, b.custom_id])),
  );
}

export interface FakePressRun {
  press: ButtonPress;
  /** Private answers to the presser. */
  replies: Seen[];
  /** What the message with the buttons became. */
  updates: Seen[];
  /** Whether the press was acknowledged before calling Arbiter. */
  deferred: boolean;
}

/** A fake press on a button by a Discord user. */
export function fakePress(customId: string, userId: string, guildId = 'guild-1'): FakePressRun {
  const replies: Seen[] = [];
  const updates: Seen[] = [];
  const seen = (p: ReplyPayload, ephemeral: boolean): Seen => ({
    content: p.content ?? '',
    embeds: p.embeds ?? [],
    ephemeral,
    ...(p.components ? { components: p.components } : {}),
  });
  const run: FakePressRun = {
    replies,
    updates,
    deferred: false,
    press: {
      customId,
      guildId,
      channelId: 'channel-1',
      user: { id: userId },
      reply: async (p) => {
        replies.push(seen(p, isEphemeral(p)));
      },
      update: async (p) => {
        updates.push(seen(p, false));
      },
      defer: async () => {
        run.deferred = true;
      },
    },
  };
  return run;
}

/** A fake autocomplete request for one focused option. */
export function fakeAutocomplete(
  commandName: string,
  focused: { name: string; value: string },
  who: { userId: string; channelId?: string; options?: Record<string, string> },
): { request: AutocompleteRequest; answered: Array<{ name: string; value: string }>[] } {
  const answered: Array<{ name: string; value: string }>[] = [];
  return {
    answered,
    request: {
      commandName,
      guildId: 'guild-1',
      channelId: who.channelId ?? 'channel-1',
      user: { id: who.userId },
      options: { getFocused: () => focused, getString: (name) => who.options?.[name] ?? null },
      respond: async (choices) => {
        answered.push(choices);
      },
    },
  };
}

/**
 * What breaks Discord's limits in one message (none: it fits): 2,000 characters of text, 10 embeds;
 * an embed's title 256, description 4,096, 25 fields, a field's name 256 and value 1,024, footer
 * 2,048, and 6,000 characters over all the message's embeds; 5 rows of 5 buttons. Written out
 * here, apart from the bot's own `fit`, so that it checks it.
 */
export function overDiscordLimits(payload: {
  content?: string;
  embeds?: Embed[];
  components?: ActionRow[];
}): string[] {
  const over: string[] = [];
  const check = (what: string, length: number, max: number) => {
    if (length > max) over.push(`${what}: ${length} > ${max}`);
  };
  check('content', payload.content?.length ?? 0, 2000);
  const embeds = payload.embeds ?? [];
  check('embeds', embeds.length, 10);
  let total = 0;
  embeds.forEach((e, i) => {
    check(`embed ${i} title`, e.title?.length ?? 0, 256);
    check(`embed ${i} description`, e.description?.length ?? 0, 4096);
    check(`embed ${i} footer`, e.footer?.text.length ?? 0, 2048);
    check(`embed ${i} fields`, e.fields?.length ?? 0, 25);
    total += (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0);
    (e.fields ?? []).forEach((f, j) => {
      check(`embed ${i} field ${j} name`, f.name.length, 256);
      check(`embed ${i} field ${j} value`, f.value.length, 1024);
      total += f.name.length + f.value.length;
    });
  });
  check('all embeds', total, 6000);
  const rows = payload.components ?? [];
  check('rows', rows.length, 5);
  rows.forEach((r, i) => check(`row ${i} buttons`, r.components.length, 5));
  return over;
}
