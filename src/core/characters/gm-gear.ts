import { RuleError } from '../errors';
import type { SheetModifier } from './sheets-checks';
import { extendSystem, type Sheet } from './sheets';

/**
 * Worn gear a G&M sheet records because a rule reads it (issue 43, M16; issue 42): `helmet`, the
 * helmet worn beside `armor` and `shield`, `{ name, kind }` with `kind` full or open. While the
 * helmet is full, perception rolls (sheet checks) and attack rolls (stored combats) are at −1
 * (001:230); an open helmet changes no roll. Left out of a sheet that has none.
 *
 * `fullHelmet` (a boolean, the older spelling) is still accepted, deprecated: true stands for a full
 * helmet (`{ name: "Full Helmet", kind: "full" }`), false for none; sent beside `helmet` it must agree
 * with it. A sheet stored with it is read as wearing one; the answer carries `fullHelmet` beside
 * `helmet` (sheets-derived.ts) until /v2.
 */
export const GM_HELMET = 'helmet';
/** The deprecated boolean of a full helmet. */
export const GM_FULL_HELMET = 'fullHelmet';
export const GM_HELMET_KINDS = ['full', 'open'] as const;
export type GmHelmetKind = (typeof GM_HELMET_KINDS)[number];
/** The full helmet's penalty to perception and attack rolls. */
export const FULL_HELMET_PENALTY = 1;
const DEFAULT_NAMES: Record<GmHelmetKind, string> = { full: 'Full Helmet', open: 'Open Helmet' };

export interface GmHelmet {
  name: string;
  kind: GmHelmetKind;
}

/** The helmet the sheet's character wears (a stored `fullHelmet: true` read as a full helmet), or null. */
export function helmetOf(sheet: Sheet): GmHelmet | null {
  const helmet = sheet[GM_HELMET] as GmHelmet | undefined;
  if (helmet && typeof helmet === 'object') return helmet;
  return sheet[GM_FULL_HELMET] === true ? { name: DEFAULT_NAMES.full, kind: 'full' } : null;
}

/** Whether the sheet's character wears a full helmet. */
export function wearsFullHelmet(sheet: Sheet): boolean {
  return helmetOf(sheet)?.kind === 'full';
}

/** The full helmet's −1 on a sheet check of perception. */
export function fullHelmetCheckModifiers(sheet: Sheet, names: readonly string[]): SheetModifier[] {
  if (!wearsFullHelmet(sheet)) return [];
  return names.some((n) => n.toLowerCase() === 'perception')
    ? [{ source: 'full helmet', amount: -FULL_HELMET_PENALTY }]
    : [];
}

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, `sheet.${field}`);
}

/** `helmet`: `{ name?, kind? }`, kind full (the default: the one helmet the armour list names) or open. */
function helmetIn(value: unknown): GmHelmet | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) fail(GM_HELMET, `${GM_HELMET} is an object.`);
  const body = value as Record<string, unknown>;
  for (const key of Object.keys(body))
    if (key !== 'name' && key !== 'kind')
      fail(`${GM_HELMET}.${key}`, `${GM_HELMET}.${key} is not a member (it takes name, kind).`);
  let kind: GmHelmetKind = 'full';
  if (body.kind !== undefined && body.kind !== null) {
    if (typeof body.kind !== 'string' || !(GM_HELMET_KINDS as readonly string[]).includes(body.kind))
      fail(`${GM_HELMET}.kind`, `${GM_HELMET}.kind is one of: ${GM_HELMET_KINDS.join(', ')}.`);
    kind = body.kind as GmHelmetKind;
  }
  let name = DEFAULT_NAMES[kind];
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name !== 'string' || body.name.trim().length === 0 || body.name.length > 64)
      fail(`${GM_HELMET}.name`, `${GM_HELMET}.name is a name of 1 to 64 characters.`);
    name = body.name.trim();
  }
  return { name, kind };
}

let registered = false;

/** Adds G&M's `helmet` (and the deprecated `fullHelmet`) to the sheets; idempotent. */
export function registerGmGear(): void {
  if (registered) return;
  registered = true;
  extendSystem('gm', {
    baseFields: [GM_HELMET, GM_FULL_HELMET],
    normalise: (input, sheet) => {
      const out: Sheet = { ...sheet };
      delete out[GM_FULL_HELMET];
      delete out[GM_HELMET];
      const old = input[GM_FULL_HELMET];
      if (old !== undefined && old !== null && typeof old !== 'boolean')
        fail(GM_FULL_HELMET, `${GM_FULL_HELMET} is true or false (deprecated: send ${GM_HELMET}).`);
      let helmet = helmetIn(input[GM_HELMET]);
      if (typeof old === 'boolean') {
        if (helmet && (helmet.kind === 'full') !== old)
          fail(
            GM_FULL_HELMET,
            `${GM_FULL_HELMET} is the deprecated spelling of a full ${GM_HELMET}: it says ${old} while ${GM_HELMET}.kind is ${helmet.kind} (send ${GM_HELMET} alone).`,
          );
        if (!helmet && old) helmet = { name: DEFAULT_NAMES.full, kind: 'full' };
      }
      if (helmet) out[GM_HELMET] = helmet;
      return out;
    },
  });
}

registerGmGear();
