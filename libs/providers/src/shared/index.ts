export * from './insurer-call';
export * from './json-http';
