export * from './payment-vendor.wire';
export * from './payment-vendor.port';
export * from './vendor-signature';
export * from './http-payment-vendor';
