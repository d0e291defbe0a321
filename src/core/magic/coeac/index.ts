export * from './spells';
export * from './channeling';
export * from './resources';
