import { rollUnderSave, saveSuccessChance, MAX_SAVE_ATTRIBUTE } from '../checks/roll-under-save';
import { fieldPath, invalid, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { CombatLog, type CombatModifier, type CombatStep } from './combat-steps';

export const CAIRN_ATTRIBUTES = ['str', 'dex', 'wil'] as const;
export type CairnAttribute = (typeof CAIRN_ATTRIBUTES)[number];
export const CAIRN_STRUGGLE_SIDES = ['actor', 'target'] as const;
export type CairnStruggleSide = (typeof CAIRN_STRUGGLE_SIDES)[number];

export interface CairnStruggleSideInput {
  name?: string | null;
  /** The side's current score in the attribute the struggle tests. */
  score: number;
}

export interface CairnStruggleInput {
  /** STR for force, DEX for poise and speed, WIL for will and wits (seed 004, "Attributes"). */
  attribute: CairnAttribute;
  /** The one who starts the struggle (pushes, grabs, tries to get past). */
  actor: CairnStruggleSideInput;
  /** The one it struggles against. */
  target: CairnStruggleSideInput;
  /** The side most at risk, who saves (our reading: the target unless told otherwise). */
  atRisk?: CairnStruggleSide | null;
}

export interface CairnStruggleOutcome {
  attribute: CairnAttribute;
  /** Who saved: `actor` or `target`. */
  saver: CairnStruggleSide;
  saverName: string | null;
  /** The saver's score, the d20 target. */
  score: number;
  roll: number;
  passed: boolean;
  automatic: 'always-passes' | 'always-fails' | null;
  /** The side that gets its way: the saver on a pass, the other side on a failure. */
  prevails: CairnStruggleSide;
  /** What the result means, in a sentence. */
  meaning: string;
  odds: { pass: number; fail: number };
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
}

const ATTRIBUTE_NAMES: Record<CairnAttribute, string> = { str: 'STR', dex: 'DEX', wil: 'WIL' };

/**
 * CA-02 in a struggle (seed 004, "Saves"): when two opponents each try to overcome the other, only
 * the side most at risk saves, d20 at or under its attribute (1 always passes, 20 always fails). A
 * pass means the saver holds its ground against the other; a failure means the other side has its
 * way. One d20; the odds are exact.
 */
export function cairnStruggle(input: CairnStruggleInput, dice: Dice): CairnStruggleOutcome {
  const body = record(input, 'input');
  if (!CAIRN_ATTRIBUTES.includes(body.attribute as CairnAttribute))
    throw invalid('`attribute` is str, dex or wil.', 'attribute');
  const attribute = body.attribute as CairnAttribute;
  const atRisk = body.atRisk ?? 'target';
  if (!CAIRN_STRUGGLE_SIDES.includes(atRisk as CairnStruggleSide))
    throw invalid('`atRisk` is actor or target.', 'atRisk');
  const saver = atRisk as CairnStruggleSide;
  const sides = (['actor', 'target'] as const).map((side) => {
    const s = record(body[side], side);
    return {
      name: s.name === undefined || s.name === null ? null : String(s.name),
      score: wholeNumber(s.score, fieldPath(side, 'score'), 0, MAX_SAVE_ATTRIBUTE),
    };
  });
  const [actor, target] = sides;
  const saving = saver === 'actor' ? actor : target;
  const other = saver === 'actor' ? target : actor;
  const label = (s: { name: string | null }, side: string) => s.name ?? `the ${side}`;
  const saverLabel = label(saving, saver);
  const otherSide: CairnStruggleSide = saver === 'actor' ? 'target' : 'actor';
  const otherLabel = label(other, otherSide);
  const log = new CombatLog();
  const start = dice.faces.length;
  const attr = ATTRIBUTE_NAMES[attribute];
  log.modifier(
    'at-risk',
    0,
    body.atRisk
      ? `${saverLabel} is the side most at risk (as the request says): it saves`
      : `${saverLabel}, the one struggled against, is the side most at risk: it saves`,
  );
  log.modifier(attribute, saving.score, `${saverLabel}'s ${attr} ${saving.score}`);
  const save = rollUnderSave({ attribute: saving.score }, dice);
  const pass = saveSuccessChance(saving.score);
  const prevails: CairnStruggleSide = save.passed ? saver : otherSide;
  const meaning = save.passed
    ? `${saverLabel} holds out: ${otherLabel} does not get its way this time`
    : `${saverLabel} gives way: ${otherLabel} gets what it struggled for`;
  log.step(
    'struggle-save',
    `${attr} save of ${saverLabel}: ${save.roll} against ${saving.score}${save.automatic ? ` (${save.automatic})` : ''}: ${save.passed ? 'passed' : 'failed'}`,
    save.faces,
    { pass, fail: 1 - pass },
  );
  log.step('struggle-outcome', meaning);
  return {
    attribute,
    saver,
    saverName: saving.name,
    score: saving.score,
    roll: save.roll,
    passed: save.passed,
    automatic: save.automatic,
    prevails,
    meaning,
    odds: { pass, fail: 1 - pass },
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
  };
}
