export * from './clock';
export * from './formats';
export * from './age';
