import { targetRank } from '../wealth/validation';

/** The highest Stronghold rank (COEAC rates strongholds 1 to 12; 0 is planned, not yet built). */
export const MAX_STRONGHOLD_RANK = 12;

/** Ordinary tags a stronghold may carry at a rank: two for each rank gained. */
export const TAGS_PER_RANK = 2;

/**
 * COEAC, Town Statistics: Improving Strongholds (seed 003). Ob to reach a Stronghold rank:
 * 8 + 2 × rank (10 … 32); building a stronghold is improving it to rank 1.
 */
export function strongholdImprovementObjective(rank: number): number {
  return 8 + 2 * targetRank(rank);
}

/** How many ordinary tags a stronghold of `rank` may carry (earned tags come on top). */
export function tagAllowance(rank: number): number {
  return TAGS_PER_RANK * rank;
}

export interface StrongholdRankRow {
  /** The rank reached. */
  rank: number;
  /** Successes needed to reach it from the rank below. */
  objective: number;
  /** Ordinary tags a stronghold of this rank may carry. */
  tagAllowance: number;
}

/**
 * COEAC, Town Statistics: the "Cost (Ob) to Improve Stronghold by Target Rank" table (seed 003),
 * with the tag allowance each rank brings, rank 1 first.
 */
export function strongholdRankTable(): StrongholdRankRow[] {
  return Array.from({ length: MAX_STRONGHOLD_RANK }, (_, i) => ({
    rank: i + 1,
    objective: strongholdImprovementObjective(i + 1),
    tagAllowance: tagAllowance(i + 1),
  }));
}
