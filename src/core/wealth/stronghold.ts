import { targetRank } from './validation';

/**
 * COEAC, Town Statistics: Improving Strongholds (seed 003). Ob to reach a Stronghold rank:
 * 8 + 2 × rank (10 … 32); building a stronghold is improving it to rank 1.
 */
export function strongholdImprovementObjective(rank: number): number {
  return 8 + 2 * targetRank(rank);
}
