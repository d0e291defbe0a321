export * from './gm-mojo';
export * from './gm-study';
export * from './gm-level-up';
export * from './coeac-reputation';
export * from './coeac-circles';
export * from './gm-extras';
