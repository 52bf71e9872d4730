export * from './motor';
