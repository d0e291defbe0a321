/**
 * Strongholds rules core (COEAC, seed 003): the improvement Ob table and roll, who pays the wager,
 * tags, tag dice and economic-tag income. Framework-free; every random outcome rolls through the
 * `Dice` it is given.
 */
export * from './objective';
export * from './improvement-roll';
export * from './payments';
export * from './tags';
export * from './income-roll';
