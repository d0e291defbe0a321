import { hash, randomFillSync } from 'node:crypto';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { RuleError } from './errors';

/**
 * The generator every random outcome is drawn from, named as "<algorithm>@<version>".
 * Bump the version (and keep the old one replayable in `RNG_ALGORITHMS`) whenever the way
 * a seed becomes dice changes in any way.
 */
export const RNG_ID = 'xoroshiro128plus@1';

/** The longest seed a client may send. */
export const MAX_SEED_LENGTH = 128;

/** A source of uniform integers: the only randomness the rules core knows about. */
export interface Rng {
  /** A uniform integer between `min` and `max`, both included. */
  int(min: number, max: number): number;
}

type RngFactory = (seed: string) => Rng;

/**
 * xoroshiro128+ (pure-rand) whose 128-bit state is the first 16 bytes of SHA-256(seed), so any
 * string, short or long, spreads over the whole state.
 */
function xoroshiro128plusV1(seed: string): Rng {
  // One-shot hashing (no Hash object per roll); the same bytes as createHash('sha256').
  const digest = hash('sha256', seed, 'buffer');
  const state: number[] = [0, 1, 2, 3].map((i) => digest.readInt32BE(i * 4));
  // xoroshiro is stuck at zero for an all-zero state; SHA-256 makes that astronomically unlikely,
  // but a fixed fallback keeps the function total.
  if (!state.some((word) => word !== 0)) state[3] = 1;
  const generator = xoroshiro128plusFromState(state);
  return { int: (min, max) => uniformInt(generator, min, max) };
}

/** Every generator we can still replay, by id. Never remove an entry. */
export const RNG_ALGORITHMS: Readonly<Record<string, RngFactory>> = {
  [RNG_ID]: xoroshiro128plusV1,
};

const SEED_BYTES = 16;
const POOL_BYTES = SEED_BYTES * 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * A fresh seed: 128 bits from the operating system's CSPRNG, as 32 hex digits. The bytes come from a
 * 4 KiB buffer filled by one `randomFillSync` call and used once each (one system call per 256 seeds
 * instead of one per seed; Node's own `randomUUID` caches entropy the same way).
 */
export function newSeed(): string {
  if (poolOffset + SEED_BYTES > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    poolOffset = 0;
  }
  const seed = pool.toString('hex', poolOffset, poolOffset + SEED_BYTES);
  pool.fill(0, poolOffset, poolOffset + SEED_BYTES);
  poolOffset += SEED_BYTES;
  return seed;
}

/** The generator for `seed` under `rngId` (the current one by default). */
export function createRng(seed: string, rngId: string = RNG_ID): Rng {
  if (seed.length === 0 || seed.length > MAX_SEED_LENGTH) {
    throw new RuleError('INVALID_SEED', `A seed is 1 to ${MAX_SEED_LENGTH} characters long.`, 'seed');
  }
  const factory = RNG_ALGORITHMS[rngId];
  if (!factory) throw new RuleError('UNKNOWN_RNG', `No generator is called "${rngId}".`, 'rng');
  return factory(seed);
}

/** How many dice one roll and one request may use; the service passes its configured limits. */
export interface DiceLimits {
  readonly maxDicePerRoll: number;
  readonly maxDicePerRequest: number;
}

export const DEFAULT_DICE_LIMITS: DiceLimits = { maxDicePerRoll: 1000, maxDicePerRequest: 10000 };

/**
 * Rolls dice from an `Rng`, records every face in the order rolled, and enforces the dice limits.
 * Every check in the core rolls through one of these, so `faces` is always the full record.
 */
export class Dice {
  private readonly rolled: number[] = [];

  /**
   * @param budget dice already used by the request this roll belongs to; several checks in one
   *   request (a GraphQL document, say) share it so the per-request limit holds across them.
   */
  constructor(
    private readonly rng: Rng,
    private readonly limits: DiceLimits = DEFAULT_DICE_LIMITS,
    private readonly budget: { used: number } = { used: 0 },
  ) {}

  /** Every face rolled so far, in order. */
  get faces(): readonly number[] {
    return this.rolled;
  }

  /** One die with `sides` faces. */
  die(sides: number): number {
    return this.pool(1, sides, 'dice')[0];
  }

  /** The most dice one roll may use. */
  get maxDicePerRoll(): number {
    return this.limits.maxDicePerRoll;
  }

  /**
   * `count` dice with `sides` faces each. `field` names the input that asked for them, so a limit
   * error can point at it.
   */
  pool(count: number, sides = 6, field = 'dice'): number[] {
    if (!Number.isInteger(count) || count < 0) {
      throw new RuleError('INVALID_INPUT', 'A number of dice is a whole number, zero or more.', field);
    }
    if (!Number.isInteger(sides) || sides < 1) {
      throw new RuleError('INVALID_INPUT', 'A die has a whole number of sides, one or more.', field);
    }
    if (count > this.limits.maxDicePerRoll) {
      throw new RuleError(
        'DICE_LIMIT_EXCEEDED',
        `One roll may use at most ${this.limits.maxDicePerRoll} dice; this one needs ${count}.`,
        field,
      );
    }
    if (this.budget.used + count > this.limits.maxDicePerRequest) {
      throw new RuleError(
        'DICE_LIMIT_EXCEEDED',
        `One request may roll at most ${this.limits.maxDicePerRequest} dice.`,
        field,
      );
    }
    const faces: number[] = new Array<number>(count);
    for (let i = 0; i < count; i++) faces[i] = this.rng.int(1, sides);
    this.budget.used += count;
    for (const face of faces) this.rolled.push(face);
    return faces;
  }
}

/** What every random outcome carries so that it can be replayed. */
export interface RollProvenance {
  readonly seed: string;
  readonly rng: string;
}
