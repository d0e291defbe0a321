export * from './combat-steps';
export * from './coeac-exchange';
export * from './coeac-ambush';
export * from './cairn-attack';
export * from './cairn-dex-saves';
export * from './gm-attack';
export * from './gm-group';
export * from './gm-psychic';
