import { record } from '../checks/validate';
import type { Dice } from '../random';
import { sheetPath, type SheetChange } from './campaign';
import { coeacEating, type CoeacEatingInput, type EatenCut } from './coeac-eating';
import type { HarmStep } from './harm-steps';

/** A Monster Menu cut eaten (or kept) by a stored COEAC character: the sheet's numbers as input. */
export interface SheetEatingInput extends CoeacEatingInput {
  hp: number;
  maxHp: number;
  skills: string[];
  saves: string[];
}

export interface SheetEatingOutcome {
  cut: EatenCut;
  preserved: boolean | null;
  steps: HarmStep[];
  /** By the sheet's path: `hp` and `maxHp` through the ledger, `skills.X` and `saves.X` as base values. */
  changes: SheetChange[];
  odds: Record<string, unknown>;
  faces: number[];
  detail: Record<string, unknown>;
}

/**
 * The Monster Menu's eating effects on a stored COEAC sheet (003:493–505): the stateless `coeacEating`
 * on the sheet's HP, max HP, Skills and Saves, its changes mapped to the sheet's paths.
 */
export function sheetEating(input: SheetEatingInput, dice: Dice): SheetEatingOutcome {
  const body = record(input, 'input') as unknown as SheetEatingInput;
  const outcome = coeacEating(body, dice);
  const changes: SheetChange[] = [];
  for (const change of outcome.changes) {
    const target = sheetPath('coeac', change.field);
    if (target && change.delta !== 0) changes.push({ ...{}, ...target, delta: change.delta });
  }
  const odds: Record<string, unknown> = {};
  outcome.steps.forEach((step, i) => {
    if (step.odds) odds[`${i}:${step.name}`] = step.odds;
  });
  const { steps, changes: _changes, faces, ...detail } = outcome;
  // Brain and rare organ: what the route stores (a spell learned, an organ kept); only for those cuts.
  for (const change of outcome.changes) {
    if (change.field.startsWith('spell:'))
      (detail as Record<string, unknown>).learnedSpell = change.field.slice(6);
    if (change.field.startsWith('organ:')) (detail as Record<string, unknown>).organ = change.field.slice(6);
  }
  return {
    cut: outcome.cut,
    preserved: outcome.preserved,
    steps,
    changes,
    odds,
    faces,
    detail: { coeacEating: detail },
  };
}
