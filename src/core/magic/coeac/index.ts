export * from './spells';
export * from './channeling';
