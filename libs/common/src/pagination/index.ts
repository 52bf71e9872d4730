export * from './page';
export * from './list-filters';
