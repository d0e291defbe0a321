export * from './shared';
export * from './gm-falls';
export * from './archsoul-exertion';
export * from './archsoul-falls';
export * from './gm-contributors';
export * from './gm-jumps';
export * from './gm-suffocation';
