export * from './z';
export * from './issues';
export * from './fields';
export * from './text';
