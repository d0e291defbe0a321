export * from './hazard-harm';
export * from './audit';
