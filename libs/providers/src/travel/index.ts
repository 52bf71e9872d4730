export * from './travel-provider.wire';
export * from './travel-provider.port';
export * from './http-travel-provider';
