export * from './motor';
export * from './payments';
export * from './medical';
export * from './tpl';
export * from './property';
export * from './shared';
export * from './life';
export * from './horse';
