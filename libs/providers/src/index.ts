export * from './motor';
export * from './property';
