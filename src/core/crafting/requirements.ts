import { RuleError } from '../errors';
import { optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { EIGHTHS_PER_COPPER, MAX_COPPER } from './money';

/** A typical item's complexity rating (Archsoul, Crafting: Requirements). */
export const DEFAULT_COMPLEXITY = 5;
export const MAX_COMPLEXITY = 20;

export interface CraftingRequirementsInput {
  /** The item's price in whole copper (100 copper = 1 platinum). */
  price: number;
  /** The item's complexity rating; 5 by default. */
  complexity?: number;
  /** Value of ready-made parts built in, in whole copper. */
  prebuiltValue?: number;
  /** Value of similar items taken apart for the project, in whole copper. */
  scavengedValue?: number;
}

export interface CraftingRequirements {
  /** The price as given, in copper. */
  price: number;
  /** The price after pre-built parts and scavenged items, in copper. */
  effectivePrice: number;
  /** Raw materials for one copy: 25 % of the effective price, in eighths of a copper. */
  materialCostEighths: number;
  /** Successes one copy needs. */
  successesNeeded: number;
  complexity: number;
}

/** Successes a price calls for: 0.05 per copper (5 per platinum), rounded up. */
export function successesForPrice(copper: number): number {
  return Math.ceil(copper / 20);
}

/**
 * Archsoul, Crafting: Requirements, pre-built parts and scavenging (seed 002). Raw materials are a
 * quarter of the price and progress needed is 0.05 per copper, rounded up (a 6c shield: 1.5c and 1
 * success). Pre-built parts take their value off the price for both. Scavenged items do the same,
 * except that they may cut the successes needed (after parts) by half at most. Every item needs at
 * least one success, however much of it is ready-made.
 */
export function craftingRequirements(input: CraftingRequirementsInput): CraftingRequirements {
  const body = record(input, 'input');
  const price = wholeNumber(body.price, 'price', 0, MAX_COPPER);
  const complexity = optionalWholeNumber(
    body.complexity,
    'complexity',
    DEFAULT_COMPLEXITY,
    0,
    MAX_COMPLEXITY,
  );
  const prebuilt = optionalWholeNumber(body.prebuiltValue, 'prebuiltValue', 0, 0, MAX_COPPER);
  const scavenged = optionalWholeNumber(body.scavengedValue, 'scavengedValue', 0, 0, MAX_COPPER);
  if (prebuilt > price) {
    throw new RuleError(
      'INVALID_INPUT',
      'Pre-built parts cannot be worth more than the item.',
      'prebuiltValue',
    );
  }
  if (prebuilt + scavenged > price) {
    throw new RuleError(
      'INVALID_INPUT',
      'Pre-built parts and scavenged items together cannot be worth more than the item.',
      'scavengedValue',
    );
  }
  const afterParts = price - prebuilt;
  const effectivePrice = afterParts - scavenged;
  const withoutScavenging = successesForPrice(afterParts);
  const successesNeeded = Math.max(1, successesForPrice(effectivePrice), Math.ceil(withoutScavenging / 2));
  return {
    price,
    effectivePrice,
    // 25 % of whole copper in eighths: price × 8 / 4, always whole.
    materialCostEighths: (effectivePrice * EIGHTHS_PER_COPPER) / 4,
    successesNeeded,
    complexity,
  };
}
