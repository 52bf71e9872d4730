export * from './money';
export * from './amount-field';
export * from './halalas';
