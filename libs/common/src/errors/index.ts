export * from './api-error';
export * from './error-body';
export * from './error-codes';
