export * from './hazard-harm';
