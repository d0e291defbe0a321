/**
 * G&M contributors (SPEC 6.1: the seeds use the table but never print it). Our default reproduces
 * every value the seeds do give: ≤ 2: −4, 3: −3, 4–5: −2, 6–8: −1, 9–11: 0, 12–14: +1, 15–16: +2,
 * 17: +3, 18: +4, and +1 for each point above 18.
 */
export function majorContributor(score: number): number {
  if (score <= 2) return -4;
  if (score === 3) return -3;
  if (score <= 5) return -2;
  if (score <= 8) return -1;
  if (score <= 11) return 0;
  if (score <= 14) return 1;
  if (score <= 16) return 2;
  if (score === 17) return 3;
  return 4 + (score - 18);
}

/** A minor contributor is half the major one, rounded toward zero (SPEC 6.1). */
export function minorContributor(score: number): number {
  return Math.trunc(majorContributor(score) / 2) || 0; // never -0
}
