import { RuleError } from '../errors';
import { ATTRIBUTE_LOSS, enduranceLossOf, exhaustionLossOf } from './archsoul-losses';
import { archsoulStatusNamed } from '../harm/archsoul-condition';
import { helmetOf } from './gm-gear';
// The G&M sheet's fields, specialties and spells are registered wherever sheets are answered.
import './gm-lore';
import { deriveGm, GmContributorTable, GmDerivation } from './gm-derivation';
import { type GmSpecies, speciesTable } from './gm-species';
import { CAIRN_MAX_ARMOR, coeacBlockUsesPerDay, CoeacArmorKind, Sheet, SheetSystem } from './sheets';

/** What a sheet's derived values read beyond the sheet itself. */
export interface DerivationContext {
  /**
   * Campaign settings (G&M: `gmContributors`, the contributor table the campaign uses, and
   * `gmSpecies`, the campaign's species beside ours).
   */
  settings?: Record<string, unknown>;
  /** Cairn: the ids of the items the owner's inventory holds (worn armour counts only while held). */
  inventoryItemIds?: ReadonlySet<string>;
}

/**
 * The G&M derivation of a sheet's abilities and archetypes (several archetypes derive together, see
 * `deriveGmArchetypes`), with the campaign's contributor table and, when the sheet's `species`
 * names one of the campaign's species or ours, that species' special reactions and base Movement
 * (its ability adjustments are already in the sheet's scores). Null without an archetype.
 */
export function gmDerivation(sheet: Sheet, context: DerivationContext = {}): GmDerivation | null {
  const archetypes = (sheet.archetypes ?? []) as Array<{ archetype: string; level: number }>;
  if (archetypes.length === 0) return null;
  const contributors = context.settings?.gmContributors as GmContributorTable | undefined;
  const species = sheetSpecies(sheet, context);
  try {
    return deriveGm({
      abilities: sheet.abilities as never,
      archetypes: archetypes.map((a) => ({ archetype: a.archetype.toLowerCase(), level: a.level })),
      ...(contributors ? { contributors } : {}),
      ...(species
        ? { specials: { reactions: { ...species.reactions }, baseMovement: species.baseMovement } }
        : {}),
    });
  } catch (error) {
    if (error instanceof RuleError && error.field) {
      throw new RuleError('VALIDATION_FAILED', error.message, `sheet.${error.field}`);
    }
    throw error;
  }
}

/** The species a G&M sheet names, looked up (ignoring case) in the campaign's and ours; else null. */
export function sheetSpecies(sheet: Sheet, context: DerivationContext = {}): GmSpecies | null {
  if (typeof sheet.species !== 'string') return null;
  const table = speciesTable(context.settings?.gmSpecies as GmSpecies[] | undefined);
  return table[sheet.species.toLowerCase()] ?? null;
}

/**
 * A G&M sheet as sent, with the maxima of survival, verve and mojo the referee left out filled in
 * from the derivation (first-level values), so a new sheet starts full. An NPC's sheet gets survival
 * only: non-player characters have no verve (001:629) and no mojo (issue 39); the referee may still
 * send them.
 */
export function withGmDefaults(input: Sheet, context: DerivationContext = {}, npc = false): Sheet {
  const derived = gmDerivation(
    { abilities: input.abilities, archetypes: input.archetypes ?? [], species: input.species },
    context,
  );
  if (!derived) return input;
  const out: Sheet = { ...input };
  for (const name of npc ? (['survival'] as const) : (['survival', 'verve', 'mojo'] as const)) {
    const given = (input[name] ?? {}) as Record<string, unknown>;
    if (typeof given !== 'object' || given === null) continue;
    if (given.max === undefined || given.max === null) out[name] = { ...{}, ...given, max: derived[name] };
  }
  return out;
}

/**
 * A stored sheet as answered: the sheet plus what the server derives.
 * - COEAC: `armor.blockUsesPerDay` from the armour kind and shield.
 * - Cairn: `armor` from the worn items still in the inventory (capped at 3), when any are listed.
 * - G&M: `attributes`, the stored `abilities` under their /v1 name (docs/api-style.md);
 *   `reactions` from the abilities and first archetype (the referee's overrides win) and
 *   `derived` (first-level survival, verve, mojo, defense, attack, damage, contributors).
 */
export function deriveSheet(system: SheetSystem, sheet: Sheet, context: DerivationContext = {}): Sheet {
  switch (system) {
    case 'coeac': {
      const armor = sheet.armor as { kind: CoeacArmorKind; shield: boolean; blockUses: number };
      const view: Sheet = {
        ...{},
        ...sheet,
        armor: { ...{}, ...armor, blockUsesPerDay: coeacBlockUsesPerDay(armor.kind, armor.shield) },
      };
      // Vestments grant their Empower while still carried (the inventory's item ids).
      const vestments = (sheet.vestments ?? []) as Array<{ itemId: string; empower: number }>;
      if (vestments.length > 0) {
        const held = context.inventoryItemIds;
        view.vestmentEmpower = vestments
          .filter((v) => held === undefined || held.has(v.itemId))
          .reduce((sum, v) => sum + v.empower, 0);
      }
      return view;
    }
    case 'cairn': {
      const worn = (sheet.worn ?? []) as Array<{ itemId: string; armor: number }>;
      if (worn.length === 0) return { ...{}, ...sheet, armorSource: 'sheet' };
      const held = context.inventoryItemIds;
      const total = worn
        .filter((w) => held === undefined || held.has(w.itemId))
        .reduce((sum, w) => sum + w.armor, 0);
      return { ...{}, ...sheet, armor: Math.min(CAIRN_MAX_ARMOR, total), armorSource: 'worn' };
    }
    case 'archsoul':
      return withArchsoulStatsNow(sheet);
    case 'gm': {
      const derived = gmDerivation(sheet, context);
      const overrides = (sheet.reactions ?? {}) as Record<string, number>;
      const reactions = { ...{}, ...(derived?.reactions ?? {}), ...overrides };
      // The helmet worn, and the deprecated boolean beside it (gm-gear.ts) until /v2.
      const helmet = helmetOf(sheet);
      const worn: Sheet = { ...{}, ...sheet };
      delete worn.fullHelmet;
      return {
        ...{},
        ...worn,
        // The scores are stored as `abilities`; answered as `attributes` too (docs/api-style.md).
        attributes: sheet.abilities,
        ...(helmet ? { helmet } : {}),
        ...(helmet?.kind === 'full' ? { fullHelmet: true } : {}),
        reactions,
        derived: derived
          ? {
              contributors: derived.contributors,
              level: derived.level,
              archetypes: derived.archetypes,
              verveArchetype: derived.verveArchetype,
              fightingArt: derived.fightingArt,
              species: sheetSpecies(sheet, context)?.id ?? null,
              movement: derived.movement,
              survival: derived.survival,
              verve: derived.verve,
              mojo: derived.mojo,
              // Semi-conscious (harm, 000:194): no agility bonus to defense; agility penalties stay.
              defense: semiConscious(sheet) ? Math.min(0, derived.defense) : derived.defense,
              attack: derived.attack,
              damage: derived.damage,
            }
          : null,
      };
    }
  }
}

/** A G&M sheet whose harm state (the harm module's `sheet.harm`) is semi-conscious. */
function semiConscious(sheet: Sheet): boolean {
  const harm = sheet.harm as { state?: unknown } | undefined;
  return typeof harm === 'object' && harm !== null && harm.state === 'semi-conscious';
}

/**
 * Archsoul (hazards, docs/hazards.md): when the sheet keeps a loss, `statsNow` gives each stat less
 * what was lost (floor 0): Endurance less `enduranceLoss` and exhaustion's loss (`exhaustionLoss`, at
 * least 1 while exhausted), each stat named in `attributeLoss` less its points. Left out otherwise.
 * `moveNow`: 1 while Knocked Down (in `statuses`); else the base `move` less 1 (never below 1) while
 * exhausted; left out otherwise.
 */
function withArchsoulStatsNow(sheet: Sheet): Sheet {
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const exhaustion = exhaustionLossOf(sheet);
  // Knocked Down, speed is 1 (002:82–90, AS-26); else exhausted, the base move is 1 less, never below 1 (002:28).
  const knockedDown =
    Array.isArray(sheet.statuses) &&
    sheet.statuses.some((x) => typeof x === 'string' && archsoulStatusNamed(x) === 'knocked-down');
  const move = knockedDown
    ? { moveNow: 1 }
    : typeof sheet.move === 'number' && exhaustion > 0
      ? { moveNow: Math.max(1, sheet.move - 1) }
      : {};
  const endurance = enduranceLossOf(sheet) + exhaustion;
  const lost = (sheet[ATTRIBUTE_LOSS] ?? {}) as Record<string, number>;
  const byName = new Map(Object.entries(lost).map(([k, v]) => [k.toLowerCase(), num(v)]));
  if (endurance === 0 && [...byName.values()].every((v) => v === 0)) return { ...{}, ...sheet, ...move };
  const stats = (sheet.stats ?? {}) as Record<string, number>;
  const now: Record<string, number> = {};
  for (const [name, value] of Object.entries(stats)) {
    const less = name.toLowerCase() === 'endurance' ? endurance : (byName.get(name.toLowerCase()) ?? 0);
    now[name] = Math.max(0, value - less);
  }
  return { ...{}, ...sheet, statsNow: now, ...move };
}

/** Members only the server writes (derived), never stored. */
const DERIVED_ONLY: Record<SheetSystem, string[]> = {
  coeac: ['vestmentEmpower'],
  cairn: ['armorSource'],
  archsoul: ['statsNow', 'moveNow'],
  gm: ['derived'],
};

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * A sheet sent back as it was answered (a client's read, edit, write) without what the server
 * derived: derived-only members are dropped (`derived`, `armorSource`, `armor.blockUsesPerDay`), and
 * a member sent exactly as the answer showed it, where the answer differed from what is stored (G&M
 * reactions, Cairn Armor from worn items), goes back to its stored value.
 */
export function withoutDerived(
  system: SheetSystem,
  input: Sheet,
  stored: Sheet | null,
  context: DerivationContext = {},
): Sheet {
  const out: Sheet = { ...input };
  for (const key of DERIVED_ONLY[system]) delete out[key];
  if (system === 'coeac' && out.armor && typeof out.armor === 'object' && !Array.isArray(out.armor)) {
    const armor = { ...(out.armor as Record<string, unknown>) };
    delete armor.blockUsesPerDay;
    out.armor = armor;
  }
  if (!stored) return out;
  const view = deriveSheet(system, stored, context);
  for (const key of Object.keys(out)) {
    if (key in view && !same(view[key], stored[key]) && same(out[key], view[key])) {
      if (key in stored) out[key] = stored[key];
      else delete out[key];
    }
  }
  return out;
}
