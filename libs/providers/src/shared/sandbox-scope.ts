import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * In sandbox mode every insurer call made while serving a partner carries the partner's client id in this
 * header, so the insurer behaviour a partner sets for itself (latency, faults, declines) applies to its own
 * calls only. Never set in production: a real insurer has no use for our client ids.
 */
export const SANDBOX_SCOPE_HEADER = 'x-sandbox-scope';

const scope = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) with insurer calls tagged for `clientId`. */
export function withSandboxScope<T>(clientId: string, fn: () => T): T {
  return scope.run(clientId, fn);
}

export function sandboxScopeHeaders(): Record<string, string> | undefined {
  const id = scope.getStore();
  return id ? { [SANDBOX_SCOPE_HEADER]: id } : undefined;
}
