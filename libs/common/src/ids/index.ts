export * from './random-uuids';
