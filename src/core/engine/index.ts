export * from './hazard-harm';
export * from './audit';
export * from './state';
export * from './events';
export * from './apply';
export { applyCoeac } from './coeac';
export { applyCairn } from './cairn';
export { applyArchsoul } from './archsoul';
export { applyGm } from './gm';
