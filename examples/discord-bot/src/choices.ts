import { randomBytes } from 'node:crypto';
import type { ActionRow, BotContext, Button, ButtonPress } from './common';

/**
 * A choice the API leaves to a player (a COEAC Block, a G&M mojo bid), offered as buttons to the
 * one Discord user whose character it is. The bot keeps it in memory until it is made: Discord lets
 * a command's answer be followed up for 15 minutes, so a choice lasts a little less.
 */
export interface Choice {
  /** Whether this user may press this option; a sentence saying why not otherwise. */
  mayPress(userId: string, option: string): true | string;
  /** What the press does; true when the choice is settled and its buttons go away. */
  press(press: ButtonPress, option: string): Promise<boolean>;
}

export const CHOICE_LIFETIME_MS = 14 * 60 * 1000;
const PREFIX = 'arbiter';

const open = new WeakMap<BotContext, Map<string, { choice: Choice; until: number }>>();

function choicesOf(ctx: BotContext) {
  let map = open.get(ctx);
  if (!map) open.set(ctx, (map = new Map()));
  return map;
}

/** Keeps a choice open; its id goes in every button's `custom_id`. */
export function offer(ctx: BotContext, choice: Choice, now = Date.now()): string {
  const map = choicesOf(ctx);
  for (const [id, c] of map) if (c.until < now) map.delete(id);
  const id = randomBytes(6).toString('hex');
  map.set(id, { choice, until: now + CHOICE_LIFETIME_MS });
  return id;
}

export function close(ctx: BotContext, id: string): void {
  choicesOf(ctx).delete(id);
}

export const button = (
  choiceId: string,
  option: string,
  label: string,
  style: Button['style'] = 2,
): Button => ({
  type: 2,
  style,
  label,
  custom_id: `${PREFIX}:${choiceId}:${option}`,
});

export const row = (...buttons: Button[]): ActionRow => ({ type: 1, components: buttons });

/** The open choice a button belongs to, and the option pressed (null when it has expired). */
export function choiceFor(
  ctx: BotContext,
  customId: string,
  now = Date.now(),
): { id: string; choice: Choice; option: string } | null {
  const [prefix, id, ...rest] = customId.split(':');
  if (prefix !== PREFIX || !id) return null;
  const held = choicesOf(ctx).get(id);
  if (!held) return null;
  if (held.until < now) {
    close(ctx, id);
    return null;
  }
  return { id, choice: held.choice, option: rest.join(':') };
}
