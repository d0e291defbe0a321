export * from './casting';
export * from './spells';
