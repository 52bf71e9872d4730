export const PAYMENT_VENDOR = Symbol('PAYMENT_VENDOR');
