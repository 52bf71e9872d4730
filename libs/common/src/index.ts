export * from './errors';
export * from './time';
export * from './money';
export * from './pagination';
export * from './logging';
export * from './validation';
export * from './products';
export * from './saudi';
