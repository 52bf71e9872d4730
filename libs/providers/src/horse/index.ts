export * from './horse-provider.wire';
export * from './horse-provider.port';
export * from './http-horse-provider';
