import { Problem } from '../common/problem';
import type { Sheet } from '../core/characters/sheets';
import { harmOf, STATES_THAT_CANNOT_ACT } from '../core/harm';

/**
 * The one refusal of an action by someone who cannot act (issue 39): down and out, critical, out,
 * unconscious, dying or dead (`STATES_THAT_CANNOT_ACT`). A 409 naming `field` (the character or NPC
 * the request named, or the combat actor) and saying what the sheet holds. Sheet checks, casts,
 * counterspells and combat actions all refuse through it.
 */
export function assertCanAct(
  owner: { name: string },
  sheet: Sheet,
  field: string,
  what = 'act',
  system?: string,
): void {
  const state = harmOf(sheet).state;
  if (!STATES_THAT_CANNOT_ACT.includes(state)) return;
  const where = system ? ` (sheet.harm.state on the ${system} sheet)` : '';
  throw Problem.field('CONFLICT', field, `${owner.name} is ${state}${where} and cannot ${what}.`);
}
