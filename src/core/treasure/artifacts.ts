import type { Dice } from '../random';

export interface ArtifactTypeRow {
  /** Lowest and highest d10 faces of the entry. */
  min: number;
  max: number;
  type: string;
}

/**
 * COEAC, Relics and Artifacts: the random artifact subtable (seed 003:513–518). The seed names no
 * die; its entries cover 1–10, so it is a d10. The five subtables it points to are not in the seed.
 */
export const ARTIFACT_TYPES: readonly ArtifactTypeRow[] = [
  { min: 1, max: 2, type: 'Weapons' },
  { min: 3, max: 4, type: 'Armor and Shields' },
  { min: 5, max: 7, type: 'Relics and Enchanted Items' },
  { min: 8, max: 9, type: 'Sorcerous Tools' },
  { min: 10, max: 10, type: 'Plasmids' },
];

export const ARTIFACT_DIE = 10;

export interface ArtifactRollOutcome {
  roll: number;
  type: string;
  odds: { value: number };
}

/** COEAC, Relics and Artifacts (seed 003:513–518): which subtable a random artifact comes from. */
export function artifactRoll(
  _input: Record<string, never> | null | undefined,
  dice: Dice,
): ArtifactRollOutcome {
  const roll = dice.die(ARTIFACT_DIE);
  const row = ARTIFACT_TYPES.find((r) => r.min <= roll && roll <= r.max) as ArtifactTypeRow;
  return { roll, type: row.type, odds: { value: (row.max - row.min + 1) / ARTIFACT_DIE } };
}
