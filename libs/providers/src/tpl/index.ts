export * from './tpl-provider.wire';
export * from './tpl-provider.port';
export * from './http-tpl-provider';
