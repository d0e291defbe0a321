import { RuleError } from '../errors';

/** Longest tag name we keep. */
export const MAX_TAG_LENGTH = 40;

export interface SuggestedTag {
  name: string;
  /** True when the tag rolls a die for Income each session. */
  economic: boolean;
  description: string;
}

/**
 * Our own short list of suggested stronghold tags. The seed's "Sample Tags" list (003:292) is empty,
 * so these are Arbiter's suggestions, not the game's; any free text is a valid tag.
 */
export const SUGGESTED_TAGS: readonly SuggestedTag[] = [
  { name: 'library', economic: false, description: 'Shelves of books and maps: research, lore, languages.' },
  {
    name: 'armory',
    economic: false,
    description: 'Racks of arms and a smith to mend them: fighting, repairs.',
  },
  {
    name: 'training yard',
    economic: false,
    description: 'Room to drill and spar: athletics, weapon practice.',
  },
  { name: 'infirmary', economic: false, description: 'Beds, herbs and clean linen: healing, surgery.' },
  {
    name: 'laboratory',
    economic: false,
    description: 'Glassware and reagents: alchemy, study of strange matter.',
  },
  {
    name: 'shrine',
    economic: false,
    description: 'A consecrated space: rites, channeling, calming the faithful.',
  },
  { name: 'stables', economic: false, description: 'Mounts and tack: riding, animal handling, fast travel.' },
  { name: 'watchtower', economic: false, description: 'A high lookout: spotting trouble, signalling.' },
  { name: 'walls', economic: false, description: 'Stone or palisade defences: holding the stronghold.' },
  { name: 'hidden passages', economic: false, description: 'Secret ways in and out: stealth, escapes.' },
  {
    name: 'workshop',
    economic: true,
    description: 'Tools and benches that also take paying work: crafting.',
  },
  { name: 'market stall', economic: true, description: 'Goods sold to townsfolk: trade, haggling.' },
  { name: 'tavern', economic: true, description: 'Drink, beds and gossip for paying guests: rumours.' },
  { name: 'farmland', economic: true, description: 'Fields and tenants that bring in a harvest.' },
  { name: 'toll road', economic: true, description: 'A road or bridge whose users pay to pass.' },
  { name: 'mine', economic: true, description: 'A seam worked for ore or stone.' },
];

/** The matching form of a tag: trimmed, inner spaces collapsed, lower case. */
export function tagKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A tag name as kept: trimmed and inner spaces collapsed; 1 to 40 characters. */
export function tagName(value: unknown, field = 'name'): string {
  if (typeof value !== 'string') throw new RuleError('INVALID_INPUT', 'A tag is text.', field);
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > MAX_TAG_LENGTH) {
    throw new RuleError('INVALID_INPUT', `A tag has 1 to ${MAX_TAG_LENGTH} characters.`, field);
  }
  return name;
}

/** A stronghold as tag rules see it. */
export interface TaggedStronghold {
  id: string;
  rank: number;
  tags: ReadonlyArray<{ name: string; economic: boolean }>;
}

export interface TagBonus {
  bonusDice: number;
  /** Each stronghold tag that gave a die. */
  applied: Array<{ strongholdId: string; tag: string }>;
}

/**
 * COEAC, Town Statistics: Strongholds, tags (seed 003:294). A task tied to a stronghold's facilities
 * gets one bonus die per relevant tag. Relevance is read as SPEC 5.2 fixes it: a tag counts when it
 * equals one of the task's tags, case-insensitively; each matching tag of each stronghold counts
 * once. Strongholds still at rank 0 are plans and give nothing.
 */
export function tagBonusDice(
  strongholds: readonly TaggedStronghold[],
  taskTags: readonly string[],
): TagBonus {
  const wanted = new Set(taskTags.map(tagKey).filter((key) => key.length > 0));
  const applied: TagBonus['applied'] = [];
  for (const stronghold of strongholds) {
    if (stronghold.rank < 1) continue;
    for (const tag of stronghold.tags) {
      if (wanted.has(tagKey(tag.name))) applied.push({ strongholdId: stronghold.id, tag: tag.name });
    }
  }
  return { bonusDice: applied.length, applied };
}

/**
 * COEAC, Town Statistics: Strongholds, economic tags (seed 003:294): one Income die per economic tag,
 * per stronghold that has any (built strongholds only).
 */
export function economicDice(
  strongholds: readonly TaggedStronghold[],
): Array<{ strongholdId: string; dice: number }> {
  return strongholds
    .filter((s) => s.rank >= 1)
    .map((s) => ({ strongholdId: s.id, dice: s.tags.filter((t) => t.economic).length }))
    .filter((s) => s.dice > 0);
}
