export * from './property-cities';
export * from './property-provider.port';
export * from './property-provider.error';
export * from './sandbox-property.wire';
export * from './http-property-provider';
