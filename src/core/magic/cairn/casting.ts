import { MAX_SAVE_ATTRIBUTE, rollUnderSave, saveSuccessChance } from '../../checks/roll-under-save';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../../checks/validate';
import { RuleError } from '../../errors';
import {
  CAIRN_DAMAGE_DICE,
  cairnDamage,
  type CairnDamageDie,
  type CairnDamageOutcome,
} from '../../harm/cairn-damage';
import { HarmLog, type FieldChange, type HarmStep } from '../../harm/harm-steps';
import type { Dice } from '../../random';
import { requireCairnSpell, type CairnSpellEntry } from './spells';

export const CAIRN_CAST_SOURCES = ['spellbook', 'scroll', 'relic'] as const;
export type CairnCastSource = (typeof CAIRN_CAST_SOURCES)[number];

/** Most extra Fatigue a failed risky cast may add. */
export const MAX_FAILURE_FATIGUE = 3;
export const MAX_RELIC_CHARGES = 100;
export const MAX_FREE_SLOTS = 100;

/** What a failed risky-casting save does: the referee's call, our default one more Fatigue. */
export interface CairnCastFailureInput {
  /** Extra Fatigue (0–3, default 1). */
  fatigue?: number | null;
  /** A damage die rolled against the caster (none by default). */
  damage?: CairnDamageDie | null;
  /** The spellbook (or relic) is destroyed. */
  destroyed?: boolean | null;
}

export interface CairnCastInput {
  from: CairnCastSource;
  /** The spell cast: its d100 number, id or name (optional; relics may hold a power instead). */
  spell?: string | number | null;
  /** The caster is Deprived. */
  deprived?: boolean | null;
  /** The caster is in danger (combat, a chase…). */
  danger?: boolean | null;
  /**
   * Whether the referee calls for the WIL save: default yes when Deprived or in danger (for a
   * relic only when asked).
   */
  riskySave?: boolean | null;
  /** The caster's current WIL (needed when the save is rolled). */
  wil?: number | null;
  /** Free inventory slots before the cast. */
  freeSlots?: number | null;
  /** Slots the spellbook, scroll or relic itself takes (default: spellbook 1, scroll 0, relic 1). */
  carrierSlots?: number | null;
  /** A relic's uses left (null: not counted). */
  charges?: number | null;
  /** A relic's full charges, for the answer. */
  maxCharges?: number | null;
  /** What a failed save does. */
  failure?: CairnCastFailureInput | null;
  /** The caster's HP and STR: send them to have failure damage applied (HP, then STR, the save). */
  hp?: number | null;
  maxHp?: number | null;
  str?: number | null;
  dex?: number | null;
}

export interface CairnRiskySave {
  reason: 'deprived' | 'danger' | 'referee';
  wil: number;
  roll: number;
  passed: boolean;
  automatic: 'always-passes' | 'always-fails' | null;
  odds: { pass: number; fail: number };
}

export interface CairnCastFailure {
  fatigue: number;
  damageDie: CairnDamageDie | null;
  /** The damage rolled (null when no die was named). */
  damage: number | null;
  destroyed: boolean;
}

export interface CairnCastFatigue {
  /** From reading a spellbook: 1; scrolls and relics: 0. */
  fromCasting: number;
  /** From a failed risky save. */
  fromFailure: number;
  total: number;
  /** Free slots the Fatigue can use (after a used-up scroll or a destroyed book frees its own). */
  freeSlots: number | null;
  /** Items to drop for the Fatigue that finds no free slot (null when freeSlots was not sent). */
  drops: number | null;
  freeSlotsAfter: number | null;
}

export interface CairnRelicCharges {
  /** Null when the relic's uses are not counted. */
  before: number | null;
  after: number | null;
  max: number | null;
  /** No charge left: it works again only once its recharge condition is met. */
  exhausted: boolean;
}

/** Failure damage as the Cairn damage rules applied it (its steps are among the cast's). */
export type CairnCastHarm = Pick<
  CairnDamageOutcome,
  'damage' | 'hp' | 'str' | 'overflow' | 'strLost' | 'scar' | 'criticalSave' | 'state' | 'conditions'
> & { odds: CairnDamageOutcome['odds'] };

export interface CairnCastOdds {
  /** Chance the risky save passes (null when none is called). */
  savePasses: number | null;
  /** Chance the cast brings the failure's consequences. */
  failure: number;
  /** Chance at least one item must be dropped (null when freeSlots was not sent). */
  drop: number | null;
  /** Expected Fatigue added, an exact fraction as a number. */
  expectedFatigue: number;
}

export interface CairnCastOutcome {
  from: CairnCastSource;
  spell: CairnSpellEntry | null;
  riskySave: CairnRiskySave | null;
  /** What happened because the save failed (null when it passed or none was called). */
  failure: CairnCastFailure | null;
  fatigue: CairnCastFatigue;
  /** A scroll is gone after one use. */
  consumed: boolean;
  /** The spellbook or relic was destroyed by a failed save. */
  destroyed: boolean;
  relic: CairnRelicCharges | null;
  /** Failure damage applied to the HP and STR sent (null otherwise). */
  harm: CairnCastHarm | null;
  faces: number[];
  steps: HarmStep[];
  changes: FieldChange[];
  odds: CairnCastOdds;
}

function oneOf<T extends string>(value: unknown, values: readonly T[], field: string): T {
  if (typeof value !== 'string' || !values.includes(value as T))
    throw invalid(`\`${field}\` is one of: ${values.join(', ')}.`, field);
  return value as T;
}

function optionalBool(value: unknown, field: string): boolean | null {
  if (value === undefined || value === null) return null;
  return optionalFlag(value, field);
}

function optionalNumber(value: unknown, field: string, min: number, max: number): number | null {
  return value === undefined || value === null ? null : wholeNumber(value, field, min, max);
}

/** The failure's consequences as the request names them (defaults: 1 Fatigue, no damage, kept). */
export function castFailure(value: unknown): Required<{
  [K in keyof CairnCastFailureInput]: NonNullable<CairnCastFailureInput[K]> | null;
}> & {
  fatigue: number;
  destroyed: boolean;
} {
  const body = value === undefined || value === null ? {} : record(value, 'failure');
  const fatigue = optionalWholeNumber(body.fatigue, 'failure.fatigue', 1, 0, MAX_FAILURE_FATIGUE);
  const damage =
    body.damage === undefined || body.damage === null
      ? null
      : oneOf(body.damage, CAIRN_DAMAGE_DICE, 'failure.damage');
  const destroyed = optionalFlag(body.destroyed, 'failure.destroyed');
  return { fatigue, damage, destroyed };
}

/** Whether the referee's WIL save is rolled, and why: the default reading of 004:146. */
export function saveCall(
  from: CairnCastSource,
  deprived: boolean,
  danger: boolean,
  riskySave: boolean | null,
): CairnRiskySave['reason'] | null {
  if (riskySave === false) return null;
  const automatic = from !== 'relic' && (deprived || danger);
  if (automatic) return deprived ? 'deprived' : 'danger';
  return riskySave === true ? 'referee' : null;
}

/** Fatigue a cast can add at most, before any dice: what a caller must make room for. */
export function worstCaseFatigue(input: {
  from: CairnCastSource;
  deprived?: boolean | null;
  danger?: boolean | null;
  riskySave?: boolean | null;
  failure?: CairnCastFailureInput | null;
}): number {
  const call = saveCall(input.from, !!input.deprived, !!input.danger, input.riskySave ?? null);
  const base = input.from === 'spellbook' ? 1 : 0;
  return base + (call ? castFailure(input.failure).fatigue : 0);
}

/**
 * Cairn casting (seed 004:140–158). Reading a spellbook aloud adds 1 Fatigue; a scroll adds none and
 * is used up; a relic adds none and spends one of its uses. When the caster is Deprived or in danger
 * the referee may call a WIL save; its failure brings consequences as large as the spell (ours by
 * default: 1 more Fatigue; the request may name more Fatigue, a damage die, the book's destruction).
 * Each Fatigue takes a free slot; one that finds none forces a drop.
 */
export function cairnCast(input: CairnCastInput, dice: Dice): CairnCastOutcome {
  const body = record(input, 'input');
  const from = oneOf(body.from, CAIRN_CAST_SOURCES, 'from');
  const spell =
    body.spell === undefined || body.spell === null ? null : requireCairnSpell(body.spell, 'spell');
  const deprived = optionalFlag(body.deprived, 'deprived');
  const danger = optionalFlag(body.danger, 'danger');
  const riskySave = optionalBool(body.riskySave, 'riskySave');
  const wil = optionalNumber(body.wil, 'wil', 0, MAX_SAVE_ATTRIBUTE);
  const freeSlots = optionalNumber(body.freeSlots, 'freeSlots', 0, MAX_FREE_SLOTS);
  const carrierSlots = optionalWholeNumber(
    body.carrierSlots,
    'carrierSlots',
    from === 'scroll' ? 0 : 1,
    0,
    MAX_FREE_SLOTS,
  );
  const charges = optionalNumber(body.charges, 'charges', 0, MAX_RELIC_CHARGES);
  const maxCharges = optionalNumber(body.maxCharges, 'maxCharges', 1, MAX_RELIC_CHARGES);
  const failureAsked = castFailure(body.failure);
  const hp = optionalNumber(body.hp, 'hp', 0, 1000);
  const maxHp = optionalNumber(body.maxHp, 'maxHp', 0, 1000);
  const str = optionalNumber(body.str, 'str', 0, MAX_SAVE_ATTRIBUTE);
  const dex = optionalNumber(body.dex, 'dex', 0, MAX_SAVE_ATTRIBUTE);
  if (from !== 'relic') {
    for (const field of ['charges', 'maxCharges'] as const)
      if (body[field] !== undefined && body[field] !== null)
        throw invalid(`\`${field}\` belongs to a relic.`, field);
  }
  if (charges !== null && maxCharges !== null && charges > maxCharges)
    throw invalid('`charges` cannot exceed `maxCharges`.', 'charges');
  if (charges === 0)
    throw new RuleError(
      'INVALID_INPUT',
      'The relic has no charge left: it works again once its recharge condition is met.',
      'charges',
    );
  if ((hp === null) !== (str === null))
    throw invalid('Send `hp` and `str` together.', hp === null ? 'hp' : 'str');
  if (failureAsked.destroyed && from === 'scroll')
    throw invalid('A scroll is used up anyway: it cannot also be destroyed.', 'failure.destroyed');

  const log = new HarmLog();
  const start = dice.faces.length;
  if (spell) log.step('spell', `${spell.number}. ${spell.name}: ${spell.effect}`);
  log.step(
    'source',
    from === 'spellbook'
      ? 'Read aloud from a spellbook held in both hands: 1 Fatigue.'
      : from === 'scroll'
        ? 'Read from a scroll: no Fatigue, and the scroll is gone.'
        : 'Drawn from a relic: no Fatigue, one use spent.',
  );

  // The risky-casting save.
  const reason = saveCall(from, deprived, danger, riskySave);
  let save: CairnRiskySave | null = null;
  let failed = false;
  if (reason) {
    if (wil === null) throw invalid('Send `wil`: the referee calls for a WIL save.', 'wil');
    const rolled = rollUnderSave({ attribute: wil }, dice);
    const pass = saveSuccessChance(wil);
    save = {
      reason,
      wil,
      roll: rolled.roll,
      passed: rolled.passed,
      automatic: rolled.automatic,
      odds: { pass, fail: 1 - pass },
    };
    failed = !rolled.passed;
    log.step(
      'risky-save',
      `WIL save at ${wil} (${reason}): rolled ${rolled.roll}, ${rolled.passed ? 'passed' : 'failed'}`,
      rolled.faces,
      { pass, fail: 1 - pass },
    );
  }

  // What failure does.
  let failure: CairnCastFailure | null = null;
  let harm: CairnCastHarm | null = null;
  if (failed) {
    failure = {
      fatigue: failureAsked.fatigue,
      damageDie: failureAsked.damage,
      damage: null,
      destroyed: false,
    };
    if (failureAsked.damage) {
      if (hp !== null && str !== null) {
        const dealt = cairnDamage({ hp, maxHp, str, dex, wil, die: failureAsked.damage, armor: 0 }, dice);
        const { damage, overflow, strLost, scar, criticalSave, state, conditions, odds } = dealt;
        harm = {
          damage,
          hp: dealt.hp,
          str: dealt.str,
          overflow,
          strLost,
          scar,
          criticalSave,
          state,
          conditions,
          odds,
        };
        failure.damage = harm.damage;
        log.step(
          'failure-damage',
          `The spell turns on the caster: ${failureAsked.damage} rolled ${harm.damage}, past any Armor`,
          [harm.damage],
        );
        for (const step of dealt.steps.slice(1)) log.steps.push(step);
        for (const change of dealt.changes) log.change(change.field, change.delta, change.after);
      } else {
        const sides = Number(failureAsked.damage.slice(1));
        failure.damage = dice.die(sides);
        log.step(
          'failure-damage',
          `The spell turns on the caster: ${failureAsked.damage} rolled ${failure.damage} (apply it with the harm routes)`,
          [failure.damage],
          Object.fromEntries(Array.from({ length: sides }, (_, i) => [String(i + 1), 1 / sides])),
        );
      }
    }
    if (failureAsked.destroyed) {
      failure.destroyed = true;
      log.step('destroyed', `The ${from} is destroyed.`);
    }
    if (failure.fatigue > 0) log.step('failure-fatigue', `${failure.fatigue} more Fatigue.`);
  }

  // Fatigue into the inventory.
  const fromCasting = from === 'spellbook' ? 1 : 0;
  const fromFailure = failure?.fatigue ?? 0;
  const total = fromCasting + fromFailure;
  const freed = (from === 'scroll' ? carrierSlots : 0) + (failure?.destroyed ? carrierSlots : 0);
  const room = freeSlots === null ? null : freeSlots + freed;
  const drops = room === null ? null : Math.max(0, total - room);
  const freeAfter = room === null ? null : Math.max(0, room - total);
  if (total > 0) {
    log.step(
      'fatigue',
      room === null
        ? `${total} Fatigue to add, one slot each.`
        : drops
          ? `${total} Fatigue, ${room} free slot(s): drop ${drops} item(s) to make room.`
          : `${total} Fatigue into ${total} of ${room} free slot(s).`,
    );
    log.change('fatigue', total, null);
  }

  // A relic's charges.
  let relic: CairnRelicCharges | null = null;
  if (from === 'relic') {
    const after = charges === null ? null : charges - 1;
    relic = { before: charges, after, max: maxCharges, exhausted: after === 0 };
    log.step(
      'relic',
      charges === null
        ? 'A relic use (its charges are not counted here).'
        : `Relic charges ${charges} → ${after}${after === 0 ? ': spent until its recharge condition is met' : ''}`,
    );
    if (charges !== null) log.change('charges', -1, after);
  }
  if (from === 'scroll') log.step('consumed', 'The scroll crumbles away once read.');

  // Exact odds, before the dice.
  const pFail = save ? save.odds.fail : 0;
  const failFatigue = reason ? failureAsked.fatigue : 0;
  const failFreed =
    (from === 'scroll' ? carrierSlots : 0) + (reason && failureAsked.destroyed ? carrierSlots : 0);
  const baseRoom = freeSlots === null ? null : freeSlots + (from === 'scroll' ? carrierSlots : 0);
  const dropOdds =
    baseRoom === null
      ? null
      : (fromCasting > baseRoom ? 1 - pFail : 0) +
        (fromCasting + failFatigue > (freeSlots ?? 0) + failFreed ? pFail : 0);
  const odds: CairnCastOdds = {
    savePasses: save ? save.odds.pass : null,
    failure: pFail,
    drop: dropOdds,
    expectedFatigue: fromCasting + pFail * failFatigue,
  };

  return {
    from,
    spell,
    riskySave: save,
    failure,
    fatigue: { fromCasting, fromFailure, total, freeSlots: room, drops, freeSlotsAfter: freeAfter },
    consumed: from === 'scroll',
    destroyed: failure?.destroyed ?? false,
    relic,
    harm,
    faces: dice.faces.slice(start),
    steps: log.steps,
    changes: log.changes,
    odds,
  };
}
