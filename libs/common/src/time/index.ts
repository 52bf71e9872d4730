export * from './clock';
export * from './formats';
