import { RuleError } from '../errors';
import type { SheetModifier } from './sheets-checks';
import { extendSystem, type Sheet } from './sheets';

/**
 * Worn gear a G&M sheet records because a rule reads it (issue 43, M16): `fullHelmet`, true while
 * the character wears a full helmet. While it does, perception rolls (sheet checks) and attack rolls
 * (stored combats) are at −1 (001:230). Left out of a sheet that has none.
 */
export const GM_FULL_HELMET = 'fullHelmet';
/** The full helmet's penalty to perception and attack rolls. */
export const FULL_HELMET_PENALTY = 1;

/** Whether the sheet's character wears a full helmet. */
export function wearsFullHelmet(sheet: Sheet): boolean {
  return sheet[GM_FULL_HELMET] === true;
}

/** The full helmet's −1 on a sheet check of perception. */
export function fullHelmetCheckModifiers(sheet: Sheet, names: readonly string[]): SheetModifier[] {
  if (!wearsFullHelmet(sheet)) return [];
  return names.some((n) => n.toLowerCase() === 'perception')
    ? [{ source: 'full helmet', amount: -FULL_HELMET_PENALTY }]
    : [];
}

let registered = false;

/** Adds G&M's `fullHelmet` to the sheets; idempotent. */
export function registerGmGear(): void {
  if (registered) return;
  registered = true;
  extendSystem('gm', {
    baseFields: [GM_FULL_HELMET],
    normalise: (input, sheet) => {
      const out: Sheet = { ...sheet };
      const v = input[GM_FULL_HELMET];
      if (v !== undefined && v !== null) {
        if (typeof v !== 'boolean')
          throw new RuleError(
            'VALIDATION_FAILED',
            `${GM_FULL_HELMET} is true or false.`,
            `sheet.${GM_FULL_HELMET}`,
          );
        if (v) out[GM_FULL_HELMET] = true;
        else delete out[GM_FULL_HELMET];
      }
      return out;
    },
  });
}

registerGmGear();
