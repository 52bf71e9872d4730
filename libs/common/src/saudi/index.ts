export * from './hijri';
export * from './identity';
export * from './iban';
export * from './vin';
export * from './address';
export * from './script';
export * from './fields';
export * from './birthdate';
