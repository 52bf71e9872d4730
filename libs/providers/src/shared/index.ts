export * from './insurer-call';
export * from './json-http';
export * from './contract-call';
export * from './sandbox-scope';
