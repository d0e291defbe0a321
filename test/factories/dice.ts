import { Dice, type Rng } from '../../src/core/random';

/** Dice that show the given faces in order (then 1s), for tests that script a roll. */
export function scripted(...faces: number[]): Dice {
  const queue = [...faces];
  const rng: Rng = { int: () => queue.shift() ?? 1 };
  return new Dice(rng);
}

/**
 * How many of the 6^dice rolls of `dice` six-sided dice score each number of successes (4, 5 or 6),
 * counted face by face: the brute force that exact odds are checked against.
 */
export function successHistogram(dice: number): number[] {
  const histogram = new Array<number>(dice + 1).fill(0);
  for (let code = 0; code < 6 ** dice; code++) {
    let successes = 0;
    for (let rest = code, i = 0; i < dice; i++, rest = Math.floor(rest / 6)) if (rest % 6 >= 3) successes++;
    histogram[successes]++;
  }
  return histogram;
}

/** P(at least k of n fair coin-flips): counts every one of the 2^n success patterns. */
export function bruteForce(n: number, k: number): number {
  let hits = 0;
  for (let pattern = 0; pattern < 2 ** n; pattern++) {
    let successes = 0;
    for (let bit = pattern; bit > 0; bit >>= 1) successes += bit & 1;
    if (successes >= k) hits++;
  }
  return hits / 2 ** n;
}
