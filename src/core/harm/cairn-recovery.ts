import { MAX_SAVE_ATTRIBUTE } from '../checks/roll-under-save';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { HarmLog, type FieldChange, type HarmStep } from './harm-steps';

export const CAIRN_REST_KINDS = ['short', 'night', 'week'] as const;
export type CairnRestKind = (typeof CAIRN_REST_KINDS)[number];

export interface CairnAttributePair {
  current: number;
  max: number;
}

export interface CairnRestInput {
  kind: CairnRestKind;
  hp: number;
  maxHp: number;
  fatigue?: number | null;
  deprived?: boolean | null;
  /** A night counts only somewhere safe. */
  safe?: boolean | null;
  /** A week's rest restores attributes with a healer's help. */
  healer?: boolean | null;
  str?: CairnAttributePair | null;
  dex?: CairnAttributePair | null;
  wil?: CairnAttributePair | null;
}

export interface CairnRestOutcome {
  kind: CairnRestKind;
  hp: number;
  fatigue: number;
  str: number | null;
  dex: number | null;
  wil: number | null;
  /** Deprived: nothing came back. */
  blocked: boolean;
  steps: HarmStep[];
  changes: FieldChange[];
}

function pair(value: unknown, field: string): CairnAttributePair | null {
  if (value === undefined || value === null) return null;
  const body = record(value, field);
  const max = wholeNumber(body.max, `${field}.max`, 0, MAX_SAVE_ATTRIBUTE);
  const current = wholeNumber(body.current, `${field}.current`, 0, max);
  return { current, max };
}

/**
 * Cairn recovery (seed 004, "Healing & Recovery", "Deprivation & Fatigue"): a short rest and a drink
 * restore all lost HP; a full night somewhere safe also clears every Fatigue; a week's rest with a
 * healer also restores lost attributes (all of them, our reading of "usually"). A Deprived character
 * recovers nothing.
 */
export function cairnRest(input: CairnRestInput): CairnRestOutcome {
  const body = record(input, 'input');
  const kind = body.kind as CairnRestKind;
  if (!CAIRN_REST_KINDS.includes(kind)) throw invalid('`kind` is short, night or week.', 'kind');
  const maxHp = wholeNumber(body.maxHp, 'maxHp', 0, 1000);
  const hp = wholeNumber(body.hp, 'hp', 0, maxHp);
  const fatigue = optionalWholeNumber(body.fatigue, 'fatigue', 0, 0, 100);
  const deprived = optionalFlag(body.deprived, 'deprived');
  const safe = body.safe === undefined || body.safe === null ? true : optionalFlag(body.safe, 'safe');
  const healer = optionalFlag(body.healer, 'healer');
  const attrs = { str: pair(body.str, 'str'), dex: pair(body.dex, 'dex'), wil: pair(body.wil, 'wil') };
  const log = new HarmLog();
  const out: CairnRestOutcome = {
    kind,
    hp,
    fatigue,
    str: attrs.str?.current ?? null,
    dex: attrs.dex?.current ?? null,
    wil: attrs.wil?.current ?? null,
    blocked: deprived,
    steps: log.steps,
    changes: log.changes,
  };
  if (deprived) {
    log.step('deprived', 'Deprived: no HP, attributes or Fatigue slots come back.');
    return out;
  }
  out.hp = maxHp;
  log.step('hp', `HP ${hp} → ${maxHp}`);
  log.change('hp', maxHp - hp, maxHp);
  if (kind === 'night' || kind === 'week') {
    if (safe) {
      out.fatigue = 0;
      log.step('fatigue', `Fatigue ${fatigue} → 0`);
      log.change('fatigue', -fatigue, 0);
    } else log.step('fatigue', 'Not somewhere safe: Fatigue stays.');
  }
  if (kind === 'week') {
    if (!healer) log.step('attributes', 'Without a healer (or like expertise) attributes stay as they are.');
    else
      for (const name of ['str', 'dex', 'wil'] as const) {
        const a = attrs[name];
        if (!a) continue;
        out[name] = a.max;
        log.step('attribute', `${name.toUpperCase()} ${a.current} → ${a.max}`);
        log.change(name, a.max - a.current, a.max);
      }
  }
  return out;
}

export interface CairnDeprivationInput {
  /** Whole days spent Deprived. */
  days: number;
  /** Fatigue added for other reasons (spells, the fiction). */
  extraFatigue?: number | null;
  /** Free inventory slots; Fatigue past them makes the character drop that many items. */
  freeSlots?: number | null;
}

export interface CairnDeprivationOutcome {
  /** Fatigue to add to the inventory. */
  fatigue: number;
  /** Items the character must drop for lack of slots (null when freeSlots was not sent). */
  itemsToDrop: number | null;
  steps: HarmStep[];
  changes: FieldChange[];
}

/**
 * Cairn deprivation (seed 004, "Deprivation & Fatigue"): the first day costs nothing; each day after
 * it adds one Fatigue (our reading of "more than a day … one for each day"). Each Fatigue fills a
 * slot; with none free an item is dropped.
 */
export function cairnDeprivation(input: CairnDeprivationInput): CairnDeprivationOutcome {
  const body = record(input, 'input');
  const days = wholeNumber(body.days, 'days', 0, 1000);
  const extra = optionalWholeNumber(body.extraFatigue, 'extraFatigue', 0, 0, 100);
  const free =
    body.freeSlots === undefined || body.freeSlots === null
      ? null
      : wholeNumber(body.freeSlots, 'freeSlots', 0, 100);
  const fromDays = Math.max(0, days - 1);
  const fatigue = fromDays + extra;
  const log = new HarmLog();
  log.step(
    'deprivation',
    `${days} day(s) Deprived: ${fromDays} Fatigue${extra ? `, plus ${extra} more` : ''}`,
  );
  log.change('fatigue', fatigue, null);
  const itemsToDrop = free === null ? null : Math.max(0, fatigue - free);
  if (itemsToDrop) log.step('drop', `No room for ${itemsToDrop} Fatigue: drop ${itemsToDrop} item(s).`);
  return { fatigue, itemsToDrop, steps: log.steps, changes: log.changes };
}
