/** What production needs besides the database the test hands over (the card vendor is never called). */
export const PRODUCTION_ENV = {
  APP_ENV: 'production',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://unused@127.0.0.1:1/unused',
  WEBHOOK_SECRET_KEY: 'production-webhook-key-'.padEnd(48, 'p'),
  PAYMENT_VENDOR_URL: 'https://vendor.invalid',
  PAYMENT_VENDOR_API_KEY: 'production-vendor-key-0123',
  PAYMENT_VENDOR_WEBHOOK_SECRET: 'production-vendor-secret-'.padEnd(40, 's'),
  TAX_SELLER_VAT_NUMBERS: 'dune=300000000100003,palm=300000000200003',
  PAYMENT_RECONCILE_MS: '0',
  WEBHOOK_WORKER: 'false',
};
