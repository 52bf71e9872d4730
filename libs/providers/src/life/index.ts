export * from './life-provider.wire';
export * from './life-provider.port';
export * from './http-life-provider';
