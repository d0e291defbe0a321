/**
 * Treasure rules core: COEAC caches, hordes, artifacts, the Monster Menu, inventory slots and
 * depletion, fair division of a horde; Cairn's spells; G&M loot experience and levels.
 * Framework-free; every random outcome rolls through the `Dice` it is given.
 */
export * from './caches';
export * from './site-hordes';
export * from './artifacts';
export * from './monster-menu';
export * from './spells';
export * from './levels';
export * from './loot-experience';
export * from './division';
export * from './inventory';
