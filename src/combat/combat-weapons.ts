import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { Problem } from '../common/problem';
import {
  pickWeapon,
  sheetWeapons,
  type CairnSheetWeapon,
  type CoeacSheetWeapon,
  type GmSheetWeapon,
  type SheetWeapon,
} from '../core/characters/sheet-weapons';
import type { Sheet } from '../core/characters/sheets';
import { parseDamageDice } from '../core/combat';
import { RuleError } from '../core/errors';

/**
 * Weapons a stored action reads from the attacker's sheet (issue 42, docs/combat.md "Weapons from
 * the sheet"): `weapon` names one (exact, case-insensitive); with neither `weapon` nor a die the
 * sheet's first weapon is used; a die or dice sent wins over the weapon's. The procedure logged
 * always holds the die or dice resolved here, so a replay never reads the sheet.
 */

@ObjectType({
  description:
    'The weapon of the attacker’s sheet an action used (named by `weapon`, or the sheet’s first when neither a weapon nor a die was sent). Each system fills its own fields; the others are null.',
})
export class CombatWeaponUsed {
  @Out.string('Its name on the sheet.')
  name: string;

  @Out.stringList(
    'The inputs sent that won over the weapon’s own values (cairn.die, gm.dice, coeac.skill …); empty when none.',
  )
  overridden: string[];

  @Out.string('Cairn: its damage die on the sheet.', { nullable: true })
  die: string | null;

  @Out.bool('Cairn: bulky (both hands: no second weapon).', { nullable: true })
  bulky: boolean | null;

  @Out.bool('Cairn: a blast (each target rolls its own die).', { nullable: true })
  blast: boolean | null;

  @Out.id('Cairn: the inventory item it is.', { nullable: true })
  itemId: string | null;

  @Out.string('COEAC: the skill its combat check tests.', { nullable: true })
  skill: string | null;

  @Out.bool('COEAC: a ranged weapon (it spends ammunition).', { nullable: true })
  ranged: boolean | null;

  @Out.stringList('COEAC: its traits (free names).', { nullable: true })
  traits: string[] | null;

  @Out.string('G&M: its damage dice on the sheet (the sheet’s damage bonus is added when it strikes).', {
    nullable: true,
  })
  dice: string | null;

  @Out.string('G&M: the kind of attack it makes (close, thrown or propelled).', { nullable: true })
  kind: string | null;

  @Out.int('G&M: its bonus to attack.', { nullable: true })
  attackBonus: number | null;
}

/** The answer's `weapon` for a sheet weapon of any system. */
export function weaponUsed(system: string, w: SheetWeapon, overridden: string[]): CombatWeaponUsed {
  const cairn = system === 'cairn' ? (w as CairnSheetWeapon) : null;
  const coeac = system === 'coeac' ? (w as CoeacSheetWeapon) : null;
  const gm = system === 'gm' ? (w as GmSheetWeapon) : null;
  return {
    name: w.name,
    overridden,
    die: cairn?.die ?? null,
    bulky: cairn ? (cairn.bulky ?? false) : null,
    blast: cairn ? (cairn.blast ?? false) : null,
    itemId: cairn?.itemId ?? null,
    skill: coeac?.skill ?? null,
    ranged: coeac ? (coeac.ranged ?? false) : null,
    traits: coeac ? (coeac.traits ?? []) : null,
    dice: gm?.dice ?? null,
    kind: gm?.kind ?? null,
    attackBonus: gm ? (gm.attackBonus ?? 0) : null,
  };
}

/** `pickWeapon` with its refusal as a problem naming the field. */
export function sheetWeapon<T extends SheetWeapon>(
  sheet: Sheet | null | undefined,
  name: string | null | undefined,
  field: string,
  options: { fallback: boolean; owner?: string },
): T | null {
  try {
    return pickWeapon<T>(sheet, name, field, options);
  } catch (error) {
    if (error instanceof RuleError) throw Problem.field(error.code as never, field, error.message);
    throw error;
  }
}

/** What a Cairn attacker sends for its weapon (the action's `cairn`, a joining attacker, the route). */
export interface CairnWeaponSent {
  weapon?: string | null;
  die?: string | null;
  secondDie?: string | null;
  unarmed?: boolean | null;
}

/**
 * A Cairn attacker's die: the one sent, else the named or first weapon's, else bare hands' d4 when
 * `unarmed`; none at all is 422 naming `<prefix>die`. A bulky weapon takes both hands: a second die
 * with it is 422 naming `<prefix>secondDie`.
 */
export function cairnWeaponOf(
  sheet: Sheet | null | undefined,
  sent: CairnWeaponSent,
  prefix: string,
  owner: string,
): { die: string; used: CairnSheetWeapon | null; overridden: string[] } {
  if (sent.weapon != null && sent.unarmed)
    throw Problem.field(
      'VALIDATION_FAILED',
      `${prefix}weapon`,
      'Bare hands take no weapon: send one of them.',
    );
  const used = sheetWeapon<CairnSheetWeapon>(sheet, sent.weapon, `${prefix}weapon`, {
    fallback: sent.die == null && !sent.unarmed,
    owner,
  });
  const die = sent.die ?? used?.die ?? (sent.unarmed ? 'd4' : null);
  if (!die)
    throw Problem.field(
      'UNPROCESSABLE',
      `${prefix}die`,
      `${owner}’s sheet holds no weapon: send ${prefix}die (the weapon’s damage die), ${prefix}weapon or ${prefix}unarmed.`,
    );
  if (used?.bulky && sent.secondDie)
    throw Problem.field(
      'UNPROCESSABLE',
      `${prefix}secondDie`,
      `${used.name} is bulky: it takes both hands, so no second weapon strikes with it.`,
    );
  return { die, used, overridden: used && sent.die != null ? [`${prefix}die`] : [] };
}

/** What a G&M attack sends for its weapon (the action's `gm`). */
export interface GmWeaponSent {
  weapon?: string | null;
  dice?: string | null;
  attack?: string | null;
  attackBonus?: number | null;
  unarmed?: boolean | null;
}

function isDice(text: string): boolean {
  try {
    parseDamageDice(text, 'dice');
    return true;
  } catch {
    return false;
  }
}

/**
 * A G&M attack's weapon: the dice sent (`gm.dice`), else the named or first weapon's, else bare
 * hands when `unarmed`; none at all is 422 naming `gm.weapon`. The kind (`gm.attack`) and the
 * attack bonus (`gm.attackBonus`) sent win over the weapon's. Answers the input with `weapon` holding
 * the dice and `attack`/`attackBonus` resolved, as the attack reads them. Kept for older clients: a
 * `gm.weapon` that names no weapon of the sheet but is dice ("d8") is read as the dice.
 */
export function gmWeaponOf<T extends GmWeaponSent>(
  sheet: Sheet | null | undefined,
  sent: T,
  owner: string,
): { input: T; used: GmSheetWeapon | null; overridden: string[] } {
  if (sent.weapon != null && sent.unarmed)
    throw Problem.field('VALIDATION_FAILED', 'gm.weapon', 'Bare hands take no weapon: send one of them.');
  if (sent.dice != null && !isDice(sent.dice))
    throw Problem.field('VALIDATION_FAILED', 'gm.dice', '`gm.dice` is dice such as "d8", "2d6+1" or "d4-1".');
  const named = sent.weapon == null ? [] : [sent.weapon.trim().toLowerCase()];
  const onSheet = named.length === 0 || sheetWeapons(sheet).some((w) => w.name.toLowerCase() === named[0]);
  if (!onSheet && isDice(sent.weapon!)) {
    if (sent.dice != null)
      throw Problem.field('VALIDATION_FAILED', 'gm.weapon', 'Send the dice once: in `gm.dice`.');
    return { input: sent, used: null, overridden: [] };
  }
  const used = sheetWeapon<GmSheetWeapon>(sheet, sent.weapon, 'gm.weapon', {
    fallback: sent.dice == null && !sent.unarmed,
    owner,
  });
  const dice = sent.dice ?? used?.dice ?? null;
  if (!dice && !sent.unarmed)
    throw Problem.field(
      'UNPROCESSABLE',
      'gm.weapon',
      `${owner}’s sheet holds no weapon: send gm.weapon (a weapon of the sheet), gm.dice or gm.unarmed.`,
    );
  const overridden = used
    ? (['dice', 'attack', 'attackBonus'] as const).filter((k) => sent[k] != null).map((k) => `gm.${k}`)
    : [];
  return {
    input: {
      ...{},
      ...sent,
      weapon: dice ?? undefined,
      attack: sent.attack ?? used?.kind ?? undefined,
      attackBonus: sent.attackBonus ?? used?.attackBonus ?? undefined,
    },
    used,
    overridden,
  };
}

/** What a COEAC exchange sends for its weapon (the action's `coeac`). */
export interface CoeacWeaponSent {
  weapon?: string | null;
  skill?: string | null;
  ranged?: boolean | null;
}

/**
 * A COEAC exchange's skill: the one sent (`coeac.skill`), else the named or first weapon's; its
 * `ranged` likewise. A character with neither is 422 naming `coeac.skill` (an NPC rolls its Pool).
 * `skillField` is the field a skill missing from the sheet is blamed on: the weapon when it named it.
 */
export function coeacWeaponOf<T extends CoeacWeaponSent>(
  sheet: Sheet | null | undefined,
  sent: T,
  owner: string,
  npc: boolean,
): { input: T; used: CoeacSheetWeapon | null; overridden: string[]; skillField: string } {
  const used = sheetWeapon<CoeacSheetWeapon>(sheet, sent.weapon, 'coeac.weapon', {
    fallback: sent.skill == null,
    owner,
  });
  const skill = sent.skill ?? used?.skill ?? null;
  if (!skill && !npc)
    throw Problem.field(
      'UNPROCESSABLE',
      'coeac.skill',
      `${owner}’s sheet holds no weapon: name the skill the combat check tests (coeac.skill) or give the sheet a weapon.`,
    );
  const overridden = used
    ? (['skill', 'ranged'] as const).filter((k) => sent[k] != null).map((k) => `coeac.${k}`)
    : [];
  return {
    input: {
      ...{},
      ...sent,
      skill: skill ?? undefined,
      ranged: sent.ranged ?? used?.ranged ?? undefined,
    },
    used,
    overridden,
    skillField: sent.skill == null && used ? 'coeac.weapon' : 'coeac.skill',
  };
}
