import { RuleError } from '../errors';
import { readPath, Sheet, SheetSystem, trackedBounds, trackedField, writePath } from './sheets';

/** One change of one tracked value, as the condition ledger records it. */
export interface ConditionChange {
  field: string;
  /** The change actually applied (after clamping, when the caller asked for it). */
  delta: number;
  before: number;
  after: number;
  /** The change asked for, when clamping made it smaller. */
  requested?: number;
}

/**
 * Applies `delta` to the tracked value at `field` (SPEC 6.1). The value stays within its bounds
 * (0 up to its paired maximum): a referee adjustment that would leave them is refused naming
 * `deltaField`; a procedure may ask to `clamp` instead (damage beyond 0 HP), and the change
 * records what was applied. after = before + delta, always.
 */
export function applyCondition(
  system: SheetSystem,
  sheet: Sheet,
  field: string,
  delta: number,
  options: { clamp?: boolean; deltaField?: string } = {},
): { sheet: Sheet; change: ConditionChange } {
  const deltaField = options.deltaField ?? 'delta';
  if (!trackedField(system, field)) {
    throw new RuleError(
      'VALIDATION_FAILED',
      `${field} is not a tracked value of a ${system} sheet.`,
      'field',
    );
  }
  const current = readPath(sheet, field);
  if (typeof current !== 'number') {
    throw new RuleError('VALIDATION_FAILED', `This ${system} sheet has no ${field}.`, 'field');
  }
  if (!Number.isInteger(delta))
    throw new RuleError('VALIDATION_FAILED', 'delta is a whole number.', deltaField);
  const { min, max } = trackedBounds(system, sheet, field);
  let applied = delta;
  if (current + delta < min || current + delta > max) {
    if (!options.clamp) {
      throw new RuleError(
        'OUT_OF_RANGE',
        `${field} is ${current} and stays within ${min}..${max}; ${delta > 0 ? '+' : ''}${delta} would leave it.`,
        deltaField,
      );
    }
    applied = Math.min(max, Math.max(min, current + delta)) - current;
  }
  const next = writePath(sheet, field, current + applied);
  // Lowering a maximum below its current value brings the current value down with it: that is a
  // second change, which the caller finds with `cappedFollowers` and records too.
  const change: ConditionChange = { field, delta: applied, before: current, after: current + applied };
  if (applied !== delta) change.requested = delta;
  return { sheet: next, change };
}

/**
 * The tracked values capped by `field` (`hp` for `maxHp`) that now exceed it: the changes that
 * bring each down to the new maximum.
 */
export function cappedFollowers(system: SheetSystem, sheet: Sheet, field: string, paths: string[]): string[] {
  return paths.filter((path) => {
    const f = trackedField(system, path);
    if (!f?.maxPath) return false;
    const maxPath = f.name ? f.maxPath.replace('*', f.name) : f.maxPath;
    if (maxPath !== field) return false;
    const value = readPath(sheet, path);
    const max = readPath(sheet, maxPath);
    return typeof value === 'number' && typeof max === 'number' && value > max;
  });
}

/** The differences between two versions of a sheet, one per tracked path (absent counts as 0). */
export function sheetDifferences(
  before: Sheet | null,
  after: Sheet | null,
  paths: string[],
): Array<{ field: string; delta: number; after: number }> {
  const out: Array<{ field: string; delta: number; after: number }> = [];
  for (const field of paths) {
    const a = before ? readPath(before, field) : undefined;
    const b = after ? readPath(after, field) : undefined;
    const x = typeof a === 'number' ? a : 0;
    const y = typeof b === 'number' ? b : 0;
    if (x !== y) out.push({ field, delta: y - x, after: y });
  }
  return out;
}
