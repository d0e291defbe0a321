export * from './ability-roll';
export * from './contest';
export * from './difficulty-pool';
export * from './pool-test';
export * from './roll-under-save';
export * from './table-roll';
export * from './variable-damage';
export * from './versus-test';
