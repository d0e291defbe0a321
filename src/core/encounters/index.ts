export * from './encounter-procedures';
export * from './encounter-tables';
export * from './number-appearing';
