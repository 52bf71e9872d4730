declare module 'stylis' {
  export const prefixer: (...args: unknown[]) => unknown;
}
