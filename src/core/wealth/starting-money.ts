import { requireObject, wholeNumber } from './validation';

/** Centisilver in one silver coin. */
export const CENTISILVER_PER_SILVER = 100;

/** One mojo traded at character creation buys 30 silver (3,000 centisilver). */
export const SILVER_PER_MOJO = 30;

/** The highest archetypal ability accepted: far above anything play produces. */
export const MAX_ABILITY_SCORE = 100;

/**
 * G&M, Money and Equipment (seed 001): a new character's purse holds as many silver coins as its
 * archetypal ability score. Returned in centisilver.
 */
export function startingSilver(archetypalAbility: number): number {
  return wholeNumber(archetypalAbility, 'archetypalAbility', 1, MAX_ABILITY_SCORE) * CENTISILVER_PER_SILVER;
}

/** G&M, Money and Equipment, worked example (seed 001): centisilver gained by trading `mojo` at creation. */
export function silverForMojo(mojo: number): number {
  return wholeNumber(mojo, 'mojo', 0, 1_000_000) * SILVER_PER_MOJO * CENTISILVER_PER_SILVER;
}

export interface MojoForSilverInput {
  /** Centisilver the character has. */
  available: number;
  /** Centisilver the starting purchases come to. */
  cost: number;
}

export interface MojoForSilverOutcome {
  /** Mojo to trade: the fewest that cover the shortfall (0 when the money suffices). */
  mojo: number;
  /** Centisilver the trade brings. */
  silverGained: number;
  /** Centisilver left once the purchases are paid. */
  remaining: number;
}

/**
 * G&M, Money and Equipment, worked example (seed 001): at character creation, whole mojo may be
 * traded for 30 silver each to cover starting purchases. Returns the fewest mojo that cover `cost`.
 */
export function mojoForSilver(input: MojoForSilverInput): MojoForSilverOutcome {
  requireObject(input);
  const available = wholeNumber(input.available, 'available', 0, 1_000_000_000_000);
  const cost = wholeNumber(input.cost, 'cost', 0, 1_000_000_000_000);
  const perMojo = SILVER_PER_MOJO * CENTISILVER_PER_SILVER;
  const mojo = cost > available ? Math.ceil((cost - available) / perMojo) : 0;
  const silverGained = mojo * perMojo;
  return { mojo, silverGained, remaining: available + silverGained - cost };
}
