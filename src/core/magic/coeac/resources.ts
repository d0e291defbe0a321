/*
 * COEAC magic kept as class resources of the sheet (SPEC 6.5): Control, Empower and one resource per
 * spell the caster controls, named by the spell's id or name in any case. The one lookup the magic
 * module (casts, counterspells, Affix Spell) and the harm module (the long rest) share.
 */
import { COEAC_SPELLS } from './spells';

export type ClassResources = Record<string, { current: number; max: number }>;

const resourcesOf = (sheet: Record<string, unknown>): ClassResources =>
  (sheet.classResources ?? {}) as ClassResources;

/** The key of the first class resource named one of `names` (any case), or null. */
export function classResourceKey(sheet: Record<string, unknown>, ...names: string[]): string | null {
  const keys = Object.keys(resourcesOf(sheet));
  for (const name of names) {
    const wanted = name.toLowerCase();
    const key = keys.find((k) => k.toLowerCase() === wanted);
    if (key) return key;
  }
  return null;
}

/** What is left of the class resource `key` (0 when the sheet has none). */
export function classResourceCurrent(sheet: Record<string, unknown>, key: string): number {
  return resourcesOf(sheet)[key]?.current ?? 0;
}

/** Ids and names of the catalogue's spells, lower case. */
const SPELL_NAMES = new Set(COEAC_SPELLS.flatMap((s) => [s.id.toLowerCase(), s.name.toLowerCase()]));

/** Whether a class resource's name is one of magic's: Control, Empower or a catalogue spell. */
export function isCoeacMagicResource(name: string): boolean {
  const key = name.toLowerCase();
  // An implement's or orb's one activation a day (`implement:<itemId>`) comes back with the rest too.
  return key === 'control' || key === 'empower' || key.startsWith('implement:') || SPELL_NAMES.has(key);
}

/**
 * The class resources of a COEAC sheet that belong to magic (and that a long rest refills): Control,
 * Empower and one per spell the caster controls. Other class resources keep their own rules.
 */
export function coeacMagicResources(sheet: Record<string, unknown>): ClassResources {
  return Object.fromEntries(
    Object.entries(resourcesOf(sheet)).filter(([name]) => isCoeacMagicResource(name)),
  );
}
