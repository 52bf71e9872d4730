export * from './sandbox-medical.wire';
export * from './medical-provider.port';
export * from './http-medical-provider';
