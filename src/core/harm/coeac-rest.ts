import { invalid, optionalFlag, record, wholeNumber } from '../checks/validate';
import { coeacArmor } from './coeac-damage';
import { MAX_SHEET_VALUE, HarmLog, type FieldChange, type HarmStep } from './harm-steps';

export const COEAC_REST_KINDS = ['short', 'long'] as const;
export type CoeacRestKind = (typeof COEAC_REST_KINDS)[number];

/** A short rest restores at most this much HP. */
export const SHORT_REST_HP = 3;

export interface CoeacRestInput {
  kind: CoeacRestKind;
  hp: number;
  maxHp: number;
  /** Rations were eaten: by the majority of the party for a short rest, by this character for a long one. */
  rations: boolean;
  /** Armour and shields carried, to reset their Block uses on a long rest. */
  armor?: string[] | null;
}

export interface CoeacRestOutcome {
  kind: CoeacRestKind;
  rested: boolean;
  hp: number;
  /** Class resource points the character may take back (one of their choice on a short rest). */
  classResource: number;
  /** Block uses per item after the rest (long rest), in the order sent. */
  blockUses: number[];
  /** Spells, Block and per-day powers come back (long rest). */
  dailyReset: boolean;
  /** The Rations eaten must now be checked for depletion (through the inventory). */
  rationsDepletionCheck: boolean;
  steps: HarmStep[];
  changes: FieldChange[];
}

/**
 * COEAC rests (seed 003, "Resting"): without Rations nothing comes back. A short rest (an hour) gives
 * up to 3 HP and one class resource point; a long rest (a night) gives all HP, Block uses, spells and
 * per-day powers. Bonus HP never comes back. The Rations are then checked for depletion.
 */
export function coeacRest(input: CoeacRestInput): CoeacRestOutcome {
  const body = record(input, 'input');
  const kind = body.kind as CoeacRestKind;
  if (!COEAC_REST_KINDS.includes(kind)) throw invalid('`kind` is short or long.', 'kind');
  const maxHp = wholeNumber(body.maxHp, 'maxHp', 0, MAX_SHEET_VALUE);
  const hp = wholeNumber(body.hp, 'hp', 0, maxHp);
  const rations = optionalFlag(body.rations, 'rations');
  const armor = Array.isArray(body.armor)
    ? body.armor.map((k, i) => coeacArmor(String(k), `armor.${i}`))
    : [];
  if (body.armor !== undefined && body.armor !== null && !Array.isArray(body.armor))
    throw invalid('`armor` is a list.', 'armor');
  const log = new HarmLog();
  if (!rations) {
    log.step('rations', 'No Rations eaten: the rest restores nothing.');
    return {
      kind,
      rested: false,
      hp,
      classResource: 0,
      blockUses: [],
      dailyReset: false,
      rationsDepletionCheck: false,
      steps: log.steps,
      changes: log.changes,
    };
  }
  const after = kind === 'short' ? Math.min(maxHp, hp + SHORT_REST_HP) : maxHp;
  log.step('hp', `HP ${hp} → ${after}`);
  log.change('hp', after - hp, after);
  if (kind === 'short') log.step('class-resource', 'One class resource point of the character’s choice.');
  const blockUses = kind === 'long' ? armor.map((row) => row.usesPerDay) : [];
  if (kind === 'long') log.step('daily-reset', 'Spells, Block and per-day powers come back.');
  log.step('rations', 'Check the Rations eaten for depletion.');
  return {
    kind,
    rested: true,
    hp: after,
    classResource: kind === 'short' ? 1 : 0,
    blockUses,
    dailyReset: kind === 'long',
    rationsDepletionCheck: true,
    steps: log.steps,
    changes: log.changes,
  };
}
