export * from './encounter-procedures';
export * from './encounter-tables';
export * from './number-appearing';
export * from './referee-table';
export * from './table-import';
export * from './chase';
