export * from './motor';
export * from './payments';
export * from './property';
export * from './shared';
export * from './life';
export * from './horse';
