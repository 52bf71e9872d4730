export * from './motor-provider.port';
export * from './motor-provider.error';
export * from './sandbox-motor.wire';
export * from './sandbox-motor.mapper';
export * from './http-motor-provider';
export * from './quote-fan-out';
