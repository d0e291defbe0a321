import { RuleError } from '../errors';
import type { Sheet } from './sheets';

/*
 * Weapons a sheet holds (issue 42, "sheets that are whole"): base values the referee and the bound
 * player set, one list per system, each entry in the system's own words. A stored attack names one
 * by `weapon` or, when it sends neither a weapon nor a die, takes the sheet's first.
 */

/** At most this many weapons on one sheet. */
export const MAX_SHEET_WEAPONS = 20;
/** At most this many traits on one COEAC weapon. */
export const MAX_WEAPON_TRAITS = 16;
export const CAIRN_WEAPON_DICE = ['d4', 'd6', 'd8', 'd10', 'd12'] as const;
export const GM_WEAPON_KINDS = ['close', 'thrown', 'propelled'] as const;
/** The skill a COEAC weapon's exchange tests when the sheet names none. */
export const COEAC_DEFAULT_WEAPON_SKILL = 'Fighting';

/** Cairn (004, "Attacking & Damage"): the weapon's die; bulky takes both hands, blast strikes an area. */
export interface CairnSheetWeapon {
  name: string;
  die: (typeof CAIRN_WEAPON_DICE)[number];
  bulky?: boolean;
  blast?: boolean;
  /** The inventory item it is. */
  itemId?: string;
}

/**
 * COEAC (003, "Combat Checks"): the skill its combat check tests, ranged or not, free-named traits
 * (003 gives weapons no traits with rules), and for a ranged weapon the name of the inventory item
 * that is its ammunition (003:807).
 */
export interface CoeacSheetWeapon {
  name: string;
  skill: string;
  ranged?: boolean;
  traits?: string[];
  ammunition?: string;
  /** The inventory item it is. */
  itemId?: string;
}

/**
 * The inventory item a ranged COEAC weapon shoots (003:807: the right ammunition carried in an
 * inventory slot): the first of `items` whose name is the weapon's `ammunition`, ignoring case and
 * outer spaces, with shots left (a material's usage dice above 0). Null when the weapon names no
 * ammunition or none is carried.
 */
export function carriedAmmunition<I extends { name: string; kind?: string | null; dice?: number | null }>(
  weapon: CoeacSheetWeapon,
  items: readonly I[],
): I | null {
  const wanted = weapon.ammunition?.trim().toLowerCase();
  if (!wanted) return null;
  return (
    items.find(
      (i) =>
        i.name.trim().toLowerCase() === wanted && !(i.kind === 'material' && i.dice != null && i.dice < 1),
    ) ?? null
  );
}

/** G&M (001, weapons): its damage dice, the kind of attack it makes, a bonus to attack. */
export interface GmSheetWeapon {
  name: string;
  dice: string;
  kind: (typeof GM_WEAPON_KINDS)[number];
  attackBonus?: number;
  /** The inventory item it is. */
  itemId?: string;
}

export type SheetWeapon = CairnSheetWeapon | CoeacSheetWeapon | GmSheetWeapon;

/** The weapons a stored sheet holds (none when it lists none). */
export function sheetWeapons<T extends SheetWeapon = SheetWeapon>(sheet: Sheet | null | undefined): T[] {
  const list = sheet?.weapons;
  return Array.isArray(list) ? (list as T[]) : [];
}

/**
 * The weapon an attack uses, from the attacker's sheet:
 * - `name` sent: the weapon of that name (exact, case-insensitive), else 422 naming `field` and
 *   listing the sheet's weapons;
 * - nothing sent and `fallback`: the sheet's only or first weapon (null when it has none);
 * - otherwise null (the caller's own die, dice or bare hands).
 */
export function pickWeapon<T extends SheetWeapon>(
  sheet: Sheet | null | undefined,
  name: string | null | undefined,
  field: string,
  options: { fallback: boolean; owner?: string },
): T | null {
  const weapons = sheetWeapons<T>(sheet);
  if (name !== undefined && name !== null) {
    const wanted = name.trim().toLowerCase();
    const found = weapons.find((w) => w.name.toLowerCase() === wanted);
    if (found) return found;
    const whose = options.owner ? `${options.owner}’s sheet` : 'The sheet';
    throw new RuleError(
      'UNPROCESSABLE',
      weapons.length === 0
        ? `${whose} holds no weapon (no weapon named "${name}").`
        : `${whose} holds no weapon named "${name}" (its weapons: ${weapons.map((w) => w.name).join(', ')}).`,
      field,
    );
  }
  return options.fallback ? (weapons[0] ?? null) : null;
}
