import { extendSystem, MAX_TRACKED, type Sheet } from '../characters/sheets';
import { RuleError } from '../errors';
import type { SheetEffect } from '../hazards/shared';

/**
 * The G&M sheet's count of injury points nothing heals (aging's, 000:13), a tracked value through the
 * condition ledger, left out of a sheet that has none. Rests and healing aid never take
 * `injuries.current` below it (`gmHealing`'s `unhealable`); the aging hazard adds to it. A referee may
 * set it when writing the sheet.
 */
export const UNHEALABLE_INJURIES = 'unhealableInjuries';

/** The unhealable injuries a hazard's effects add (aging marks its injuries `unhealable`). */
export function unhealableGained(effects: readonly SheetEffect[]): number {
  return effects
    .filter((e) => e.track === 'injuries' && e.status === 'unhealable' && e.change > 0)
    .reduce((sum, e) => sum + e.change, 0);
}

/** The unhealable injuries a stored sheet carries, never more than its injuries now. */
export function unhealableOf(sheet: Record<string, unknown>, injuries: number): number {
  const n = sheet[UNHEALABLE_INJURIES];
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? Math.min(n, injuries) : 0;
}

let registered = false;

/** Adds G&M's `unhealableInjuries` to the sheets; idempotent. */
export function registerGmUnhealable(): void {
  if (registered) return;
  registered = true;
  extendSystem('gm', {
    refereeFields: [UNHEALABLE_INJURIES],
    tracked: [
      {
        path: UNHEALABLE_INJURIES,
        initial: 0,
        description: 'Injury points nothing heals (aging); rests and aid leave them',
      },
    ],
    normalise: (input, sheet) => {
      const out: Sheet = { ...sheet };
      const v = input[UNHEALABLE_INJURIES];
      if (v !== undefined && v !== null) {
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_TRACKED)
          throw new RuleError(
            'VALIDATION_FAILED',
            `${UNHEALABLE_INJURIES} is a whole number from 0 to ${MAX_TRACKED}.`,
            `sheet.${UNHEALABLE_INJURIES}`,
          );
        out[UNHEALABLE_INJURIES] = v;
      }
      return out;
    },
  });
}

registerGmUnhealable();
