/*
 * A campaign checked against its own record (issue 39): every stored sheet must equal the fold of
 * its condition ledger. Pure: the service reads the entries in the order they were written and the
 * sheets as stored; this says what differs.
 */

/** One condition-ledger entry as the fold reads it. */
export interface LedgerFoldEntry {
  id: string;
  ownerKind: string;
  ownerId: string;
  system: string;
  field: string;
  delta: number;
  valueAfter: number;
}

/** A tracked value's running fold: the sum of its deltas, and the first entry whose `valueAfter` broke it. */
export interface FoldedValue {
  value: number;
  entries: number;
  brokenAt: string | null;
}

/** The key of one tracked value of one sheet: owner kind, owner, system and path. */
export function foldKey(ownerKind: string, ownerId: string, system: string, field: string): string {
  return `${ownerKind}\u0000${ownerId}\u0000${system}\u0000${field}`;
}

/**
 * Folds entries (in the order written) into `into`: each value starts at 0 (a sheet's creation is
 * ledgered from nothing), adds each delta, and must read, after each entry, the `valueAfter` that entry
 * recorded. The first entry where it does not is kept as `brokenAt`.
 */
export function foldLedger(
  entries: Iterable<LedgerFoldEntry>,
  into: Map<string, FoldedValue> = new Map(),
): Map<string, FoldedValue> {
  for (const e of entries) {
    const key = foldKey(e.ownerKind, e.ownerId, e.system, e.field);
    const folded = into.get(key) ?? { value: 0, entries: 0, brokenAt: null };
    folded.value += e.delta;
    folded.entries += 1;
    if (folded.brokenAt === null && folded.value !== e.valueAfter) folded.brokenAt = e.id;
    into.set(key, folded);
  }
  return into;
}

/** A stored sheet as the audit compares it: its tracked values by path. */
export interface AuditedSheet {
  ownerKind: string;
  ownerId: string;
  system: string;
  values: ReadonlyMap<string, number>;
}

/** A tracked value whose stored number is not the fold of its ledger (or whose ledger contradicts itself). */
export interface SheetDifference {
  ownerKind: string;
  ownerId: string;
  system: string;
  field: string;
  stored: number;
  folded: number;
  /** The first ledger entry whose recorded value after is not the running sum, if any. */
  brokenAt: string | null;
}

/**
 * What differs between the sheets and the folded ledger: every tracked value a sheet holds against its
 * fold (0 with no entry), and every folded value of a sheet that no longer holds it (a deleted sheet's
 * values close at 0). Sorted by owner, system and field.
 */
export function sheetDifferencesFromLedger(
  sheets: readonly AuditedSheet[],
  folded: ReadonlyMap<string, FoldedValue>,
): SheetDifference[] {
  const out: SheetDifference[] = [];
  const seen = new Set<string>();
  for (const sheet of sheets) {
    for (const [field, stored] of sheet.values) {
      const key = foldKey(sheet.ownerKind, sheet.ownerId, sheet.system, field);
      seen.add(key);
      const f = folded.get(key);
      const value = f?.value ?? 0;
      if (value !== stored || (f?.brokenAt ?? null) !== null)
        out.push({ ...{}, ...sheetOf(sheet), field, stored, folded: value, brokenAt: f?.brokenAt ?? null });
    }
  }
  for (const [key, f] of folded) {
    if (seen.has(key)) continue;
    if (f.value === 0 && f.brokenAt === null) continue;
    const [ownerKind, ownerId, system, field] = key.split('\u0000');
    out.push({ ownerKind, ownerId, system, field, stored: 0, folded: f.value, brokenAt: f.brokenAt });
  }
  return out.sort((a, b) =>
    `${a.ownerKind}/${a.ownerId}/${a.system}/${a.field}`.localeCompare(
      `${b.ownerKind}/${b.ownerId}/${b.system}/${b.field}`,
    ),
  );
}

function sheetOf(sheet: AuditedSheet) {
  return { ownerKind: sheet.ownerKind, ownerId: sheet.ownerId, system: sheet.system };
}
