import type { components } from '@arbiter/client';
import { percent } from './common';
import { stateWords, timerWords } from './sheets';

type Damage = components['schemas']['SheetDamageResult'];
type Rest = components['schemas']['SheetRestResult'];
type Check = components['schemas']['SheetCheckResult'];

/** A sheet path as a table says it: `str.current` is STR, `survival.current` survival. */
const fieldName = (path: string) => {
  const name = path.replace(/\.current$/, '');
  return name.length <= 3 ? name.toUpperCase() : name;
};

/** What a harm answer did to someone, in the bot's own words (never the engine's sentences). */
export function harmWords(name: string, harm: Damage): string[] {
  const lines: string[] = [];
  lines.push(
    harm.damage > 0 ? `**${name}** takes ${harm.damage} damage.` : `**${name}** shrugs the blow off.`,
  );
  for (const change of harm.changes) {
    if (change.path === 'hp' || change.delta === 0) continue;
    lines.push(`${name}’s ${fieldName(change.path)} ${change.delta > 0 ? '+' : ''}${change.delta}.`);
  }
  if (harm.scar) lines.push(`${name} will carry a scar: **${harm.scar}**.`);
  if (harm.conditionsAdded.length) lines.push(`${name} is now ${harm.conditionsAdded.join(', ')}.`);
  lines.push(...stateChange(name, harm.stateBefore, harm.state));
  const timers = timerWords(harm.sheet.sheet);
  if (timers.length && harm.state !== 'dead') lines.push(`⏳ ${name} ${timers.join('; ')}.`);
  if (harm.pending.length) lines.push(`Still to settle: ${harm.pending.join(', ')}.`);
  return lines;
}

function stateChange(name: string, before: string, after: string): string[] {
  if (before === after) return after === 'up' ? [] : [`${name} is still ${stateWords(after)}.`];
  switch (after) {
    case 'dead':
      return [`💀 **${name} is dead.**`];
    case 'critical':
      return [`🩸 **${name} is ${stateWords(after)}.**`];
    case 'down-and-out':
      return [`🩸 **${name} is Down and Out**: no more actions until they are tended or rest.`];
    case 'out':
      return [`🩸 **${name} is ${stateWords(after)}.**`];
    case 'up':
      return [`${name} is back on their feet.`];
    default:
      return [`${name} is now ${stateWords(after)}.`];
  }
}

/** A rest's answer in words. */
export function restWords(name: string, rest: Rest): string[] {
  if (!rest.rested) return [`😴 ${name} rests (${rest.kind}), but it restores nothing.`];
  const gains = rest.changes
    .filter((c) => c.delta !== 0)
    .map((c) => `${c.path.replace(/\.current$/, '')} ${c.delta > 0 ? '+' : ''}${c.delta}`);
  return [
    `😴 ${name} rests (${rest.kind})${gains.length ? `: ${gains.join(', ')}` : ''}.`,
    ...stateChange(name, rest.stateBefore, rest.state),
  ];
}

/** A sheet check in one line: what was rolled, against what, the result and the exact odds. */
export function checkWords(name: string, check: Check): string {
  const rolled = `[${check.faces.join(', ')}]`;
  const what = `${check.rating.name} ${check.rating.value}`;
  let against = `${rolled}`;
  const ob = check.objective !== undefined ? ` vs Ob ${check.objective}` : '';
  if (check.effectiveDifficulty !== undefined)
    against = `${check.dice ?? ''} dice ${rolled} at difficulty ${check.effectiveDifficulty} → ${check.successes ?? 0}${ob}`;
  else if (check.successes !== undefined)
    against = `${check.dice ?? ''} dice ${rolled} → ${check.successes}${ob}`;
  else if (check.target !== undefined) against = `d20 ${rolled} vs ${check.target}`;
  else if (check.attribute !== undefined) against = `d20 ${rolled} vs ${check.attribute}`;
  const extras = check.modifiers
    .filter((m) => m.source !== 'base')
    .map((m) => m.source)
    .join(', ');
  return (
    `🎲 **${name}** tests ${what}: ${against}: ${check.passed ? '**passed**' : '**failed**'}` +
    `${check.margin !== undefined ? ` (margin ${check.margin})` : ''}. Chance was ${percent(check.odds.success)}.` +
    (extras ? ` From: ${extras}.` : '')
  );
}

/** An event of an answer (issue 39/42's `events: [{ type, text, ownerId, … }]`): what the bot reads. */
export interface TextEvent {
  type: string;
  text: string;
  /** The character or NPC it happened to, when it names one. */
  ownerId?: string;
}

/**
 * The events with text an answer carries, in order; none when it has none (an older Arbiter). A
 * `field-changed` event whose change an earlier event about the same one already says word for word
 * ("Bryn rests (short): HP 0 → 2." then "Bryn: HP 0 → 2.") is left out: the table reads it once.
 */
export function eventsOf(answer: unknown): TextEvent[] {
  const events = (answer as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return [];
  const kept: Array<TextEvent & { owner: string }> = [];
  for (const e of events as unknown[]) {
    const o = (e ?? {}) as { type?: unknown; text?: unknown; ownerId?: unknown; ownerName?: unknown };
    if (typeof o.text !== 'string' || !o.text.trim()) continue;
    const event = {
      type: typeof o.type === 'string' ? o.type : '',
      text: o.text.trim(),
      ...(typeof o.ownerId === 'string' ? { ownerId: o.ownerId } : {}),
    };
    const owner = String(o.ownerId ?? o.ownerName ?? '');
    const name = typeof o.ownerName === 'string' ? o.ownerName : null;
    if (event.type === 'field-changed' && name && event.text.startsWith(`${name}: `)) {
      const change = event.text.slice(name.length + 2).replace(/\.$/, '');
      if (change && kept.some((k) => k.owner === owner && k.text.includes(change))) continue;
    }
    kept.push({ ...event, owner });
  }
  return kept.map(({ owner: _owner, ...event }) => event);
}

/**
 * The `text` of each event an answer carries, in order (harm, rests, casts); none when the answer
 * has no events, and the bot says it in its own words.
 */
export function eventTexts(answer: unknown): string[] {
  return eventsOf(answer).map((e) => e.text);
}
