import type { Dice } from '../random';
import { oneOf, optionalSearch } from '../wealth/validation';

/**
 * Cairn 2e, 100 Spells (seed 004:163–262), by d100 face (index + 1). The seed runs each name into its
 * description with no separator, so the names were split off by hand and checked line by line.
 */
export const CAIRN_SPELLS: readonly string[] = [
  'Adhere',
  'Anchor',
  'Animate Object',
  'Anthropomorphize',
  'Arcane Eye',
  'Astral Prison',
  'Attract',
  'Auditory Illusion',
  'Babble',
  'Bait Flower',
  'Beast Form',
  'Befuddle',
  'Body Swap',
  'Charm',
  'Command',
  'Comprehend',
  'Cone of Foam',
  'Control Plants',
  'Control Weather',
  'Cure Wounds',
  'Deafen',
  'Detect Magic',
  'Disassemble',
  'Disguise',
  'Displace',
  'Earthquake',
  'Elasticity',
  'Elemental Wall',
  'Filch',
  'Flare',
  'Fog Cloud',
  'Frenzy',
  'Gate',
  'Gravity Shift',
  'Greed',
  'Haste',
  'Hatred',
  'Hear Whispers',
  'Hover',
  'Hypnotize',
  'Icy Touch',
  'Identify Owner',
  'Illuminate',
  'Invisible Tether',
  'Knock',
  'Leap',
  'Liquid Air',
  'Magic Dampener',
  'Manse',
  'Marble Craze',
  'Masquerade',
  'Miniaturize',
  'Mirror Image',
  'Mirrorwalk',
  'Multiarm',
  'Night Sphere',
  'Objectify',
  'Ooze Form',
  'Pacify',
  'Phobia',
  'Pit',
  'Primal Surge',
  'Push/Pull',
  'Raise Dead',
  'Raise Spirit',
  'Read Mind',
  'Repel',
  'Scry',
  'Sculpt Elements',
  'Sense',
  'Shield',
  'Shroud',
  'Shuffle',
  'Sleep',
  'Slick',
  'Smoke Form',
  'Sniff',
  'Snuff',
  'Sort',
  'Spectacle',
  'Spellsaw',
  'Spider Climb',
  'Summon Cube',
  'Swarm',
  'Telekinesis',
  'Telepathy',
  'Teleport',
  'Target Lure',
  'Thicket',
  'Summon Idol',
  'Time Control',
  'True Sight',
  'Upwell',
  'Vision',
  'Visual Illusion',
  'Ward',
  'Web',
  'Widget',
  'Wizard Mark',
  'X-Ray Vision',
];

export interface CairnSpell {
  roll: number;
  name: string;
}

export function cairnSpells(search?: unknown): CairnSpell[] {
  const term = optionalSearch(search);
  return CAIRN_SPELLS.map((name, i) => ({ roll: i + 1, name })).filter(
    (spell) => term === null || spell.name.toLowerCase().includes(term),
  );
}

export type SpellCarrier = 'spellbook' | 'scroll';
export const SPELL_CARRIERS: readonly SpellCarrier[] = ['spellbook', 'scroll'];

export interface SpellbookOutcome {
  kind: SpellCarrier;
  roll: number;
  spell: string;
  /** Fatigue a casting costs: 1 from a spellbook, none from a scroll. */
  fatigue: number;
  /** A scroll is gone once read; a spellbook is kept. */
  singleUse: boolean;
  /** Inventory slots it takes: a spellbook 1, a scroll 0 (petty, 004:152; M4). */
  slots: number;
  odds: { value: number };
}

/**
 * Cairn 2e, Spellbooks and Scrolls (seed 004:134–154): a found spellbook or scroll holds one random
 * spell of the d100 table. Our reading: scrolls draw from the same table (the seed does not say).
 */
export function spellbookRoll(
  input: { kind?: SpellCarrier | null } | null | undefined,
  dice: Dice,
): SpellbookOutcome {
  const kind = oneOf(input?.kind ?? undefined, SPELL_CARRIERS, 'kind', 'spellbook');
  const roll = dice.die(100);
  return {
    kind,
    roll,
    spell: CAIRN_SPELLS[roll - 1],
    fatigue: kind === 'spellbook' ? 1 : 0,
    singleUse: kind === 'scroll',
    // A scroll is petty (004:152): no slot, as a scroll added to the inventory takes none.
    slots: kind === 'scroll' ? 0 : 1,
    odds: { value: 1 / 100 },
  };
}
