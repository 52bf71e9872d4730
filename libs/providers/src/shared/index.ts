export * from './insurer-call';
