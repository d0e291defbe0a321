export * from './gm-mojo';
export * from './gm-study';
