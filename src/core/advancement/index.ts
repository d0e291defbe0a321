export * from './gm-mojo';
