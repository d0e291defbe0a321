import { ATTRIBUTE_LOSS, ENDURANCE_LOSS, EXHAUSTION_LOSS } from '../characters/archsoul-losses';
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
 * - `attributeLoss` on Archsoul: `{ "<stat>": points }`, tracked (`attributeLoss.<stat>`, through the
 *   ledger), what other attributes lost (Endurance keeps `enduranceLoss`). A full night gives one point
 *   of each back.
 * - `exhaustionLoss` on Archsoul: tracked, exhaustion's −1 to every attribute (seed 002, "Effects of
 *   fatigue"): one more each time a hazard makes the character exhausted. Clearing the fatigue leaves
 *   it (it "must be removed separately"); a full night that begins with the character no longer
 *   exhausted gives one point back.
 */

export {
  ATTRIBUTE_LOSS,
  ENDURANCE_LOSS,
  EXHAUSTION_LOSS,
  enduranceLossOf,
  exhaustionKept,
  exhaustionLossOf,
} from '../characters/archsoul-losses';
/** At most this many attributes keep a loss. */
export const MAX_ATTRIBUTE_LOSSES = 20;

let registered = false;

/** Adds Archsoul's `enduranceLoss` to the sheets; idempotent. */
export function registerSheetHazards(): void {
  if (registered) return;
  registered = true;
  extendSystem('archsoul', {
    refereeFields: [ENDURANCE_LOSS, ATTRIBUTE_LOSS, EXHAUSTION_LOSS],
    tracked: [
      {
        path: ENDURANCE_LOSS,
        initial: 0,
        description: 'Endurance lost to drowning, as a positive number (hazards); a full night gives 1 back',
      },
      {
        path: `${ATTRIBUTE_LOSS}.*`,
        initial: 0,
        description: 'Points an attribute other than Endurance lost (hazards); a full night gives 1 back',
      },
      {
        path: EXHAUSTION_LOSS,
        initial: 0,
        description: 'Exhaustion’s −1 to every attribute, kept after the fatigue clears (hazards)',
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
      const e = input[EXHAUSTION_LOSS];
      if (e !== undefined && e !== null) {
        if (typeof e !== 'number' || !Number.isInteger(e) || e < 0 || e > MAX_TRACKED) {
          throw new RuleError(
            'VALIDATION_FAILED',
            `exhaustionLoss is a whole number from 0 to ${MAX_TRACKED}.`,
            `sheet.${EXHAUSTION_LOSS}`,
          );
        }
        out[EXHAUSTION_LOSS] = e;
      }
      const a = input[ATTRIBUTE_LOSS];
      if (a !== undefined && a !== null) out[ATTRIBUTE_LOSS] = normaliseAttributeLoss(a);
      return out;
    },
  });
}

function normaliseAttributeLoss(value: unknown): Record<string, number> {
  const field = `sheet.${ATTRIBUTE_LOSS}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RuleError('VALIDATION_FAILED', 'attributeLoss is an object of stat names to points.', field);
  const entries = Object.entries(value);
  if (entries.length > MAX_ATTRIBUTE_LOSSES)
    throw new RuleError(
      'VALIDATION_FAILED',
      `attributeLoss names at most ${MAX_ATTRIBUTE_LOSSES} stats.`,
      field,
    );
  const out: Record<string, number> = {};
  for (const [name, points] of entries) {
    const at = `${field}.${name}`;
    if (name.length === 0 || name.length > 64 || name.includes('.'))
      throw new RuleError('VALIDATION_FAILED', 'A stat name is 1 to 64 characters without a dot.', at);
    if (name.toLowerCase() === 'endurance')
      throw new RuleError('VALIDATION_FAILED', 'Endurance lost is kept in enduranceLoss.', at);
    if (typeof points !== 'number' || !Number.isInteger(points) || points < 0 || points > MAX_TRACKED)
      throw new RuleError(
        'VALIDATION_FAILED',
        `${name} lost is a whole number from 0 to ${MAX_TRACKED}.`,
        at,
      );
    out[name] = points;
  }
  return out;
}

/** The points each attribute other than Endurance has lost, by the name the sheet keeps ({} when none). */
export function attributeLossOf(sheet: Sheet): Record<string, number> {
  const v = sheet[ATTRIBUTE_LOSS];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, number>) : {};
}

/** The points a stat named `name` (any case) has lost to `attributeLoss` (Endurance: 0 here). */
export function statLossOf(sheet: Sheet, name: string): number {
  const wanted = name.toLowerCase();
  for (const [key, points] of Object.entries(attributeLossOf(sheet)))
    if (key.toLowerCase() === wanted) return points;
  return 0;
}

registerSheetHazards();
