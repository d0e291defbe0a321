/**
 * Crafting rules core: Archsoul crafting (requirements in eighths of a copper, the crafting roll,
 * project progress with cooperative and interdisciplinary work and roll-over; seed 002) and COEAC
 * downtime projects, attunement, artifacts and orbs (seed 003). Framework-free.
 */
export * from './money';
export * from './requirements';
export * from './crafting-roll';
export * from './progress';
export * from './downtime';
