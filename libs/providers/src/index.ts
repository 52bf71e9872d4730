export * from './motor';
export * from './payments';
export * from './shared';
export * from './life';
export * from './horse';
