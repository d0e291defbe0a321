/** COEAC core: a d6 showing 4, 5 or 6 is one success. */
export const SUCCESS_FACE = 4;

/** The number of successes among COEAC d6 faces. */
export function countSuccesses(faces: readonly number[]): number {
  let successes = 0;
  for (const face of faces) if (face >= SUCCESS_FACE) successes++;
  return successes;
}
