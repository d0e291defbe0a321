import { RuleError } from '../errors';
import type { Dice } from '../random';
import { requireObject, wholeNumber } from '../wealth/validation';

/** COEAC, Inventory (seed 003:799): slots a character carries, unless the campaign says otherwise. */
export const DEFAULT_INVENTORY_SLOTS = 12;

export type ItemKind = 'gear' | 'treasure' | 'commodity' | 'artifact' | 'material';
export const ITEM_KINDS: readonly ItemKind[] = ['gear', 'treasure', 'commodity', 'artifact', 'material'];

export type CarrierKind = 'porter' | 'follower' | 'pack-animal' | 'small-cart' | 'large-cart';
export const CARRIER_KINDS: readonly CarrierKind[] = [
  'porter',
  'follower',
  'pack-animal',
  'small-cart',
  'large-cart',
];

/** COEAC, Inventory (seed 003:811–813): the slots each kind of carrier adds. */
export const CARRIER_SLOTS: Readonly<Record<CarrierKind, number>> = {
  porter: 3,
  follower: 3,
  'pack-animal': 6,
  'small-cart': 3,
  'large-cart': 6,
};

/** A character's slots: the campaign's base plus every carrier kept. */
export function inventoryCapacity(baseSlots: number, carriers: readonly CarrierKind[]): number {
  return carriers.reduce((sum, kind) => sum + CARRIER_SLOTS[kind], baseSlots);
}

/**
 * COEAC, Other Treasure (seed 003:1141): a commodity takes one slot per 1–3 Cash of value. Our
 * reading (SPEC 5.3): one slot per started 3 Cash, ceil(cash / 3), and at least one.
 */
export function commoditySlots(cash: number): number {
  return Math.max(1, Math.ceil(wholeNumber(cash, 'cash', 0) / 3));
}

/** Slots an item takes when none are given: commodities by value, everything else one. */
export function defaultSlots(kind: ItemKind, cash: number | null): number {
  return kind === 'commodity' ? commoditySlots(cash ?? 0) : 1;
}

export interface DepletionInput {
  /** The item's depletion score, 1 to 20 ("Torches (15+)" is 15). */
  score: number;
  /** The item already has one use left. */
  lastUse?: boolean | null;
}

export interface DepletionOutcome {
  score: number;
  /** The d20; null when the item was already on its last use (no roll). */
  roll: number | null;
  /** After this check the item has one use left. */
  lastUse: boolean;
  /** The item was on its last use: this use spends it. */
  spent: boolean;
  odds: { lastUse: number };
}

/**
 * COEAC, Depletion (seed 003:815–821): after a scene of use roll a d20; at or above the item's score
 * it has one use left. An item already on its last use is spent by the next use, with no roll.
 */
export function depletionCheck(input: DepletionInput, dice: Dice): DepletionOutcome {
  requireObject(input);
  const score = wholeNumber(input.score, 'depletion', 1, 20);
  const chance = (21 - score) / 20;
  if (input.lastUse === true) {
    return { score, roll: null, lastUse: true, spent: true, odds: { lastUse: 1 } };
  }
  if (input.lastUse !== undefined && input.lastUse !== null && input.lastUse !== false) {
    throw new RuleError('INVALID_INPUT', 'lastUse must be true or false.', 'lastUse');
  }
  const roll = dice.die(20);
  return { score, roll, lastUse: roll >= score, spent: false, odds: { lastUse: chance } };
}
