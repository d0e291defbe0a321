import type { Sheet } from './sheets';

/*
 * What an Archsoul sheet keeps of the losses hazards deal (docs/hazards.md), read by the hazards
 * procedures and by the derived view (`statsNow`, `moveNow`). Here rather than in core/hazards so
 * the characters core can read them without importing hazards (which extends the sheets).
 */

/** Endurance lost to hazards (tracked). */
export const ENDURANCE_LOSS = 'enduranceLoss';
/** Points lost per named attribute (tracked). */
export const ATTRIBUTE_LOSS = 'attributeLoss';
/** Exhaustion's −1 to every attribute, one more each time the character becomes exhausted (tracked). */
export const EXHAUSTION_LOSS = 'exhaustionLoss';

/** Fatigue at which an Archsoul character is exhausted. */
const EXHAUSTED_AT = 2;

const count = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** The exhaustion loss the sheet keeps (0 when it never lost any). */
export function exhaustionKept(sheet: Sheet): number {
  return count(sheet[EXHAUSTION_LOSS]);
}

/**
 * Exhaustion's loss to every attribute now: what the sheet keeps (`exhaustionLoss`), and at least 1
 * while the sheet is exhausted (fatigue 2 or more), which a referee may set without a loss.
 */
export function exhaustionLossOf(sheet: Sheet): number {
  return Math.max(exhaustionKept(sheet), count(sheet.fatigue) >= EXHAUSTED_AT ? 1 : 0);
}

/** The Endurance a sheet has lost (0 when it never lost any). */
export function enduranceLossOf(sheet: Sheet): number {
  return count(sheet[ENDURANCE_LOSS]);
}
