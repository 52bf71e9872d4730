export * from './permissions';
export * from './partner-permissions';
