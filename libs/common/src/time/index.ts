export * from './clock';
export * from './formats';
export * from './age';
export * from './test-clock-scope';
export * from './cached-for';
