import { extendSystem, MAX_TRACKED, type Sheet } from '../characters/sheets';
import { RuleError } from '../errors';

/*
 * What hazards keep on a stored sheet, added with `extendSystem`:
 *
 * - `enduranceLoss` on Archsoul: a tracked value (through the ledger), the Endurance lost to drowning
 *   (seed 002, "Breath"), as a positive number. Endurance itself is a base stat and stays as the
 *   player wrote it; the effective Endurance is `stats.Endurance − enduranceLoss`. A full night's sleep
 *   gives one point back (seed 002, "Rest": one point of every reduced attribute). Left out of a sheet
 *   that never lost any, so existing sheets read as before.
 */

export const ENDURANCE_LOSS = 'enduranceLoss';

let registered = false;

/** Adds Archsoul's `enduranceLoss` to the sheets; idempotent. */
export function registerSheetHazards(): void {
  if (registered) return;
  registered = true;
  extendSystem('archsoul', {
    refereeFields: [ENDURANCE_LOSS],
    tracked: [
      {
        path: ENDURANCE_LOSS,
        initial: 0,
        description: 'Endurance lost to drowning, as a positive number (hazards); a full night gives 1 back',
      },
    ],
    normalise: (input, sheet) => {
      const out: Sheet = { ...sheet };
      const v = input[ENDURANCE_LOSS];
      if (v !== undefined && v !== null) {
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_TRACKED) {
          throw new RuleError(
            'VALIDATION_FAILED',
            `enduranceLoss is a whole number from 0 to ${MAX_TRACKED}.`,
            `sheet.${ENDURANCE_LOSS}`,
          );
        }
        out[ENDURANCE_LOSS] = v;
      }
      return out;
    },
  });
}

/** The Endurance a sheet has lost (0 when it never lost any). */
export function enduranceLossOf(sheet: Sheet): number {
  const v = sheet[ENDURANCE_LOSS];
  return typeof v === 'number' ? v : 0;
}

registerSheetHazards();
