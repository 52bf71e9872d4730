export * from './motor';
export * from './payments';
export * from './tpl';
export * from './property';
