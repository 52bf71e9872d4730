export * from './motor';
export * from './payments';
