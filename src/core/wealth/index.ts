/**
 * Wealth rules core: COEAC Cash, Wealth, Income, buying, selling, improving Wealth and their odds
 * (seed 003), and Gods & Monsters money, catalog, size scaling, upkeep and living costs (seeds 000,
 * 001). Framework-free; every random outcome rolls through the `Dice` it is given.
 */
export { MAX_WEALTH } from './validation';
export * from './purchase-roll';
export * from './sale-roll';
export * from './income-roll';
export * from './improvement-roll';
export * from './wager-odds';
export * from './lifestyle';
export * from './coeac-costs';
export * from './catalog/types';
export * from './catalog/food-and-lodging';
export * from './catalog/ingredients';
export * from './catalog/animals-and-containers';
export * from './catalog/miscellaneous';
export * from './catalog/weapons';
export * from './catalog/ammunition';
export * from './catalog/armor';
export * from './catalog/catalog';
export * from './sizes';
export * from './scale-item';
export * from './upkeep';
export * from './starting-money';
export * from './gm-equipment-rules';
