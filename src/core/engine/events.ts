import { STATES_THAT_CANNOT_ACT, type HarmState, type SheetChange } from '../harm/campaign';
import type { SheetDamageOutcome, SheetRestOutcome } from '../harm/campaign';
import type { HarmTimer } from '../harm/timers';
import { DOWN_AND_OUT_AID_OBJECTIVE } from '../harm/coeac-down-and-out';
import { valueAt, type EngineState } from './state';

/*
 * The engine's events (issue 39, 42): what a transition did, in order, each with a short sentence in
 * our own words a bot can post as it is, and the structured fields a program reads. The same events
 * go to the answer of the action and to the live feed; `playerView` takes out what a key may not see.
 */

export const ENGINE_EVENT_TYPES = [
  'damaged',
  'rested',
  'field-changed',
  'scar',
  'condition-added',
  'condition-removed',
  'state-changed',
  'died',
  'timer-started',
  'timer-ended',
  'timer-expired',
  'spell-cast',
  'aided',
  'last-effort',
] as const;
export type EngineEventType = (typeof ENGINE_EVENT_TYPES)[number];

/** How an owner looks to a key that may not see its numbers. */
export const LOOKS = ['unhurt', 'wounded', 'badly wounded', 'down', 'dead'] as const;
export type Looks = (typeof LOOKS)[number];

export interface EngineEvent {
  type: EngineEventType;
  /** A sentence a bot can post as it is. */
  text: string;
  ownerId: string | null;
  ownerName: string;
  /** damaged: the damage dealt before anything absorbed it; and what Block, bonus HP, Armor or a pool took. */
  amount?: number;
  absorbed?: number;
  /** damaged, rested: what took the harm or brought the rest (`hazard:fall`, a weapon, a spell); spell-cast: the spell. */
  source?: string | null;
  /** field-changed: the sheet path, its value before and after (null when the state holds no value there), the change. */
  path?: string;
  before?: number | null;
  after?: number | null;
  delta?: number;
  /** state-changed, died: the harm states. */
  from?: HarmState;
  to?: HarmState;
  /** condition-added, condition-removed. */
  condition?: string;
  /** scar: its name. */
  scar?: string;
  /** rested: the rest's kind and whether it restored anything. */
  restKind?: string;
  rested?: boolean;
  /** timer-started, timer-ended, timer-expired: the timer's kind. */
  timer?: string;
  /** timer-expired: what it did (death, wakes, sleeps-on, lapses, responds). */
  effect?: string;
  /** last-effort: whether the roll succeeded. */
  passed?: boolean;
  /** damaged, rested, aided, last-effort, state-changed, died: how the owner looks after, in words. */
  looks?: Looks;
}

const LABELS: Record<string, string> = {
  hp: 'HP',
  maxHp: 'max HP',
  bonusHp: 'bonus HP',
  belowZero: 'HP below 0',
  'armor.blockUses': 'Block uses',
  'armor.shieldBlockUses': 'shield Block uses',
  boons: 'boons',
  'str.current': 'STR',
  'dex.current': 'DEX',
  'wil.current': 'WIL',
  'str.max': 'max STR',
  'dex.max': 'max DEX',
  'wil.max': 'max WIL',
  'survival.current': 'survival',
  'verve.current': 'verve',
  'injuries.current': 'injuries',
  temporarySurvival: 'temporary survival',
  'mojo.current': 'mojo',
  fatigue: 'fatigue',
  enduranceLoss: 'Endurance lost',
};

/** A sheet path in words (`saves.Vigor` → `Vigor save`). */
export function pathLabel(path: string): string {
  if (LABELS[path]) return LABELS[path];
  if (path.startsWith('saves.')) return `${path.slice(6)} save`;
  if (path.startsWith('skills.')) return `${path.slice(7)} skill`;
  if (path.startsWith('classResources.')) return path.slice(15).replace(/\.current$/, '');
  return path;
}

const STATE_WORDS: Record<HarmState, string> = {
  up: 'back on their feet',
  'down-and-out': 'down and out',
  critical: 'critically wounded',
  out: 'out of action',
  paralysed: 'paralysed',
  delirious: 'delirious',
  unconscious: 'unconscious',
  'semi-conscious': 'semi-conscious',
  dying: 'dying',
  dead: 'dead',
};

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** How the owner of `state` looks (the words `npcLooks` gives a hidden NPC's sheet). */
export function looksOf(state: EngineState): Looks {
  const harm = state.harm.state;
  if (harm === 'dead') return 'dead';
  if (STATES_THAT_CANNOT_ACT.includes(harm)) return 'down';
  let current: number;
  let max: number;
  let injured = false;
  if (state.system === 'gm') {
    current = state.values['survival.current'];
    max = state.values['survival.max'];
    injured = state.values['injuries.current'] > 0;
  } else {
    current = state.values.hp - (state.system === 'archsoul' ? state.values.belowZero : 0);
    max = state.values.maxHp;
  }
  if (max <= 0) return injured ? 'wounded' : 'unhurt';
  if (current <= 0) return 'down';
  if (current >= max) return injured ? 'wounded' : 'unhurt';
  return current * 2 <= max ? 'badly wounded' : 'wounded';
}

function owner(state: EngineState) {
  return { ownerId: state.ownerId ?? null, ownerName: state.name };
}

/** One field-changed event per change (its delta summed when a path changes twice). */
function fieldEvents(
  before: EngineState,
  afterState: EngineState,
  changes: readonly SheetChange[],
): EngineEvent[] {
  const byPath = new Map<string, number>();
  for (const c of changes) byPath.set(c.path, (byPath.get(c.path) ?? 0) + c.delta);
  const out: EngineEvent[] = [];
  for (const [path, delta] of byPath) {
    if (delta === 0) continue;
    const was = valueAt(before, path);
    const now = was === null ? null : valueAt(afterState, path);
    const label = pathLabel(path);
    out.push({
      type: 'field-changed',
      ...owner(before),
      text:
        was === null || now === null
          ? `${before.name}: ${label} ${signed(delta)}.`
          : `${before.name}: ${label} ${was} → ${now}.`,
      path,
      before: was,
      after: now,
      delta,
    });
  }
  return out;
}

/** The changes in a sentence (`HP 7 → 3, STR 12 → 10`), or null when nothing changed. */
function summary(events: readonly EngineEvent[]): string | null {
  const parts = events
    .filter((e) => e.type === 'field-changed')
    .map((e) =>
      e.before === null || e.after === null
        ? `${pathLabel(e.path!)} ${signed(e.delta!)}`
        : `${pathLabel(e.path!)} ${e.before} → ${e.after}`,
    );
  return parts.length > 0 ? parts.join(', ') : null;
}

function stateEvents(before: EngineState, from: HarmState, to: HarmState, looks: Looks): EngineEvent[] {
  if (from === to) return [];
  if (to === 'dead')
    return [{ type: 'died', ...owner(before), text: `${before.name} is dead.`, from, to, looks }];
  return [
    {
      type: 'state-changed',
      ...owner(before),
      text: `${before.name} is ${STATE_WORDS[to]}.`,
      from,
      to,
      looks,
    },
  ];
}

function conditionEvents(state: EngineState, added: readonly string[], removed: readonly string[]) {
  const out: EngineEvent[] = [];
  for (const condition of added)
    if (!state.harm.conditions.includes(condition))
      out.push({
        type: 'condition-added',
        ...owner(state),
        text: `${state.name} is now ${condition.replace(/-/g, ' ')}.`,
        condition,
      });
  for (const condition of removed)
    if (state.harm.conditions.includes(condition))
      out.push({
        type: 'condition-removed',
        ...owner(state),
        text: `${state.name} is no longer ${condition.replace(/-/g, ' ')}.`,
        condition,
      });
  return out;
}

/** What the blows took before they reached the owner's own pools (Block, bonus HP, Armor, a temporary pool). */
function absorbedOf(outcome: SheetDamageOutcome): number {
  const d = outcome.detail;
  if (outcome.system === 'coeac') {
    const c = d.coeacDamage as { blocked?: number; bonusHpLost?: number } | undefined;
    return (c?.blocked ?? 0) + (c?.bonusHpLost ?? 0);
  }
  if (outcome.system === 'cairn') {
    const c = d.cairnDamage as { damage?: number; dealt?: number } | undefined;
    return Math.max(0, (c?.damage ?? 0) - (c?.dealt ?? 0));
  }
  if (outcome.system === 'gm') {
    const pool = d.temporaryPool as { absorbed?: number } | undefined;
    return pool?.absorbed ?? 0;
  }
  return 0;
}

/**
 * The events of a damage outcome on `before` (the state the transition read), `after` the state it
 * left: damaged, then each field changed, a scar, conditions, the new state.
 */
export function damageEvents(
  before: EngineState,
  after: EngineState,
  outcome: SheetDamageOutcome,
  source: string | null = null,
  aid = false,
): EngineEvent[] {
  const fields = fieldEvents(before, after, outcome.changes);
  const absorbed = absorbedOf(outcome);
  const looks = looksOf(after);
  const what = summary(fields);
  const head =
    outcome.damage === 0 && fields.length === 0
      ? `${before.name} takes no damage.`
      : `${before.name} takes ${outcome.damage} damage${absorbed > 0 ? ` (${absorbed} absorbed)` : ''}${
          what ? `: ${what}` : ''
        }.`;
  const events: EngineEvent[] = [
    aid
      ? { type: 'aided', ...owner(before), text: medicineAidText(before.name, outcome, what), source, looks }
      : { type: 'damaged', ...owner(before), text: head, amount: outcome.damage, absorbed, source, looks },
    ...fields,
  ];
  if (outcome.scar)
    events.push({
      type: 'scar',
      ...owner(before),
      text: `${before.name} gains a scar: ${outcome.scar}.`,
      scar: outcome.scar,
    });
  events.push(...conditionEvents(before, outcome.conditionsAdded, outcome.conditionsRemoved));
  events.push(...stateEvents(before, outcome.stateBefore, outcome.state, looks));
  return events;
}

/**
 * COEAC Medicine aid after the blow (003:201) in a sentence: the Medicine test against Ob 3 and, on a
 * success, the Down and Out table's roll and result (`Osk gets Medicine aid: 4 successes against Ob 3,
 * aided; Down and Out 9, Trauma: HP 0 → 1.`).
 */
function medicineAidText(name: string, outcome: SheetDamageOutcome, what: string | null): string {
  const table = outcome.detail.downAndOut as
    { aid?: { successes: number; passed: boolean } | null; roll?: number | null; name?: string } | undefined;
  const test = table?.aid;
  const medicine = test
    ? `${test.successes} success${test.successes === 1 ? '' : 'es'} against Ob ${DOWN_AND_OUT_AID_OBJECTIVE}, ${test.passed ? 'aided' : 'not aided'}`
    : null;
  const rolled =
    table && typeof table.roll === 'number' ? `Down and Out ${table.roll}, ${table.name ?? 'rolled'}` : null;
  const parts = [medicine, rolled].filter((x): x is string => x !== null).join('; ');
  return `${name} gets Medicine aid${parts ? `: ${parts}` : ''}${what ? ` (${what})` : ''}.`;
}

/**
 * The events of Cairn aid (`harm.sheet-aid`, CA-24): aided (who gave it and how), the conditions, the
 * new state, the timers it stopped. `after` is the state the aid left (its harm as written).
 */
export function aidEvents(
  before: EngineState,
  after: EngineState,
  outcome: {
    aided: string;
    stateBefore: HarmState;
    state: HarmState;
    conditionsAdded: readonly string[];
    conditionsRemoved: readonly string[];
  },
  aider: string | null,
  means: string,
): EngineEvent[] {
  const looks = looksOf(after);
  const by = aider ? ` by ${aider}` : '';
  const text =
    outcome.aided === 'mortal-wound'
      ? `${before.name}'s Mortal Wound is tended${by} (${means}).`
      : `${before.name} is stabilised${by} (${means}).`;
  return [
    { type: 'aided', ...owner(before), text, source: means, looks },
    ...conditionEvents(before, outcome.conditionsAdded, outcome.conditionsRemoved),
    ...stateEvents(before, outcome.stateBefore, outcome.state, looks),
    ...timerEvents(before, before.harm.timers, after.harm.timers),
  ];
}

/**
 * The events of a G&M heroic last effort (`harm.sheet-heroic-effort.v2`, 001:619): last-effort (the
 * roll against its target, the mojo behind it), the dying character's own mojo spent, its death, the
 * timers that end with it. `changes`: what the effort wrote to the dying character's sheet.
 */
export function lastEffortEvents(
  before: EngineState,
  after: EngineState,
  outcome: { rating: string; target: number; roll: number; passed: boolean; mojo: number },
  changes: readonly SheetChange[],
): EngineEvent[] {
  const looks = looksOf(after);
  const mojo = outcome.mojo > 0 ? `, ${outcome.mojo} mojo behind it` : '';
  return [
    {
      type: 'last-effort',
      ...owner(before),
      text: `${before.name} makes a heroic last effort (${outcome.rating}): ${outcome.roll} against ${outcome.target}${mojo}, ${
        outcome.passed ? 'success' : 'failure'
      }.`,
      passed: outcome.passed,
      looks,
    },
    ...fieldEvents(before, after, changes),
    ...stateEvents(before, before.harm.state, after.harm.state, looks),
    ...timerEvents(before, before.harm.timers, after.harm.timers),
  ];
}

/** The events of a rest: rested, each field changed (`changes`: everything the rest wrote), conditions, the new state. */
export function restEvents(
  before: EngineState,
  after: EngineState,
  outcome: SheetRestOutcome,
  changes: readonly SheetChange[] = outcome.changes,
): EngineEvent[] {
  const fields = fieldEvents(before, after, changes);
  const what = summary(fields);
  const looks = looksOf(after);
  const events: EngineEvent[] = [
    {
      type: 'rested',
      ...owner(before),
      text: outcome.rested
        ? `${before.name} rests (${outcome.kind})${what ? `: ${what}` : ''}.`
        : `${before.name} rests (${outcome.kind}) but nothing comes back.`,
      restKind: outcome.kind,
      rested: outcome.rested,
      looks,
    },
    ...fields,
  ];
  events.push(...conditionEvents(before, [], outcome.conditionsRemoved));
  events.push(...stateEvents(before, outcome.stateBefore, outcome.state, looks));
  return events;
}

/**
 * The events of a harm timer that ran out (`text`: the headline, the transition's words): timer-expired,
 * then each field changed (a pool lost), conditions, the new state, the timers ended or started.
 */
export function timerExpiryEvents(
  before: EngineState,
  after: EngineState,
  expiry: { timer: string; effect: string; text: string; changes: readonly SheetChange[] },
): EngineEvent[] {
  const looks = looksOf(after);
  const events: EngineEvent[] = [
    {
      type: 'timer-expired',
      ...owner(before),
      text: expiry.text,
      timer: expiry.timer,
      effect: expiry.effect,
      looks,
    },
    ...fieldEvents(before, after, expiry.changes),
  ];
  const had = before.harm.conditions;
  const has = after.harm.conditions;
  events.push(
    ...conditionEvents(
      before,
      has.filter((c) => !had.includes(c)),
      had.filter((c) => !has.includes(c)),
    ),
  );
  events.push(...stateEvents(before, before.harm.state, after.harm.state, looks));
  events.push(...timerEvents(before, before.harm.timers, after.harm.timers));
  return events;
}

/** Timers started and ended between two lists (by kind). */
export function timerEvents(
  state: Pick<EngineState, 'name' | 'ownerId'>,
  before: readonly HarmTimer[] | undefined,
  after: readonly HarmTimer[] | undefined,
): EngineEvent[] {
  const had = new Set((before ?? []).map((t) => t.kind));
  const has = new Set((after ?? []).map((t) => t.kind));
  const out: EngineEvent[] = [];
  const who = { ownerId: state.ownerId ?? null, ownerName: state.name };
  for (const kind of had)
    if (!has.has(kind))
      out.push({ type: 'timer-ended', ...who, text: `${state.name}'s ${kind} timer ends.`, timer: kind });
  for (const kind of has)
    if (!had.has(kind))
      out.push({
        type: 'timer-started',
        ...who,
        text: `A ${kind} timer starts for ${state.name}.`,
        timer: kind,
      });
  return out;
}

/**
 * Cairn Fatigue a cast added (004: each Fatigue takes a slot until a safe night's rest): one
 * field-changed event on `fatigue` (the items are the inventory's, so no count before or after), or
 * none for no Fatigue.
 */
export function fatigueEvents(
  state: Pick<EngineState, 'name' | 'ownerId'>,
  added: number,
  source: string | null = null,
): EngineEvent[] {
  if (added <= 0) return [];
  return [
    {
      type: 'field-changed',
      ownerId: state.ownerId ?? null,
      ownerName: state.name,
      text: `${state.name} gains ${added} Fatigue${source ? ` from ${source}` : ''}.`,
      path: 'fatigue',
      before: null,
      after: null,
      delta: added,
    },
  ];
}

/**
 * The events a key may see (issue 42; as boardgame.io strips a state per player): `hidden(ownerId)`
 * says whose numbers the key may not see. Such an owner's events become words only: a damaged,
 * rested, state-changed or died event keeps its type, owner, `looks` and a sentence without numbers;
 * every other event of it (fields, conditions, scars, timers) is left out.
 */
export function playerView(
  events: readonly EngineEvent[],
  hidden: (ownerId: string | null) => boolean,
): EngineEvent[] {
  const out: EngineEvent[] = [];
  for (const e of events) {
    if (!hidden(e.ownerId)) {
      out.push(e);
      continue;
    }
    const who = { ownerId: e.ownerId, ownerName: e.ownerName };
    const looks = e.looks ?? null;
    if (e.type === 'damaged')
      out.push({
        type: 'damaged',
        ...who,
        text: `${e.ownerName} is hit${looks ? ` and looks ${looks}` : ''}.`,
        ...(looks ? { looks } : {}),
      });
    else if (e.type === 'rested')
      out.push({
        type: 'rested',
        ...who,
        text: `${e.ownerName} rests${looks ? ` and looks ${looks}` : ''}.`,
        ...(looks ? { looks } : {}),
      });
    else if (e.type === 'died')
      out.push({ type: 'died', ...who, text: `${e.ownerName} is dead.`, looks: 'dead' });
    else if (e.type === 'state-changed' && (looks === 'down' || looks === 'dead'))
      out.push({ type: 'state-changed', ...who, text: `${e.ownerName} is down.`, looks });
  }
  return out;
}
