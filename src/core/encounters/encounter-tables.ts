/**
 * The fixed tables of the encounter procedures, as data (fixtures in test/fixtures/encounters).
 * Wording is ours; the numbers are the seeds'.
 */

/** COEAC reaction roll, d6 (seed 003, Encounters: Reactions). */
export const COEAC_REACTIONS = [
  { roll: 1, reaction: 'armed-and-hostile' },
  { roll: 2, reaction: 'panicked' },
  { roll: 3, reaction: 'cautious' },
  { roll: 4, reaction: 'indisposed' },
  { roll: 5, reaction: 'diplomatic' },
  { roll: 6, reaction: 'friendly' },
] as const;

/** Cairn reaction roll, 2d6 (seed 004, Reactions). */
export const CAIRN_REACTIONS = [
  { min: 2, max: 2, reaction: 'hostile' },
  { min: 3, max: 5, reaction: 'wary' },
  { min: 6, max: 8, reaction: 'curious' },
  { min: 9, max: 11, reaction: 'kind' },
  { min: 12, max: 12, reaction: 'helpful' },
] as const;

/** Encounter distance, d6 (seed 003): 1 and 6 are the seed's; 2–5 are our interpolation. */
export const DISTANCES = [
  { roll: 1, distance: 'extremely-close', label: 'Extremely close: underfoot or within arm’s reach' },
  { roll: 2, distance: 'close', label: 'Close: a stone’s throw away' },
  { roll: 3, distance: 'near', label: 'Near: across the clearing or the hall' },
  { roll: 4, distance: 'middling', label: 'Some way off: within bowshot' },
  { roll: 5, distance: 'far', label: 'Far: barely made out' },
  {
    roll: 6,
    distance: 'very-far',
    label: 'Very far: over the next hill, behind the next door, on the horizon',
  },
] as const;

/** COEAC adversary grades (seed 003, Adversaries): pool, hit points, save Objective. */
export const ADVERSARY_GRADES = [
  { grade: 'minor', pool: 3, hp: 4, saveObjective: 2 },
  { grade: 'moderate', pool: 6, hp: 8, saveObjective: 3 },
  { grade: 'major', pool: 9, hp: 14, saveObjective: 4 },
  { grade: 'severe', pool: 12, hp: 22, saveObjective: 5 },
] as const;

/**
 * Our default COEAC morale ratings (the seed's table is missing): a group holds on a d6 at or under
 * its rating.
 */
export const MORALE_DISPOSITIONS = [
  {
    disposition: 'craven',
    rating: 1,
    description: 'Conscripts, scavengers, anyone who wants to be elsewhere',
  },
  { disposition: 'skittish', rating: 2, description: 'Wild beasts, bandits, hired muscle' },
  { disposition: 'steady', rating: 3, description: 'Ordinary soldiers and guards' },
  { disposition: 'resolute', rating: 4, description: 'Veterans, zealots, creatures defending their lair' },
  { disposition: 'fearless', rating: 5, description: 'Elite guards, the fanatical, the cornered' },
  {
    disposition: 'unbreakable',
    rating: 6,
    description: 'Mindless things and the bound (still fail in mortal danger)',
  },
] as const;

export type Scale = 'haven' | 'overland' | 'exploration' | 'water' | 'combat';
export const ENCOUNTER_SCALES: readonly Scale[] = ['haven', 'overland', 'exploration', 'water', 'combat'];
export type AdversaryGrade = (typeof ADVERSARY_GRADES)[number]['grade'];
export const GRADES = ADVERSARY_GRADES.map((g) => g.grade);
