import { createHash } from 'node:crypto';

/** `decline`: a quote is declined (an insurer's refusal to cover); on other routes the insurer refuses with 422. */
export const FAULT_MODES = ['none', 'timeout', 'error', 'malformed', 'decline'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
export type SandboxProfile = 'realistic' | 'fast';

export interface InsurerBehaviour {
  latency_ms: number;
  fault: FaultMode;
}

/** The product families whose insurer routes a scope can set apart. */
export const INSURER_FAMILIES = ['motor', 'property', 'medical', 'life', 'horse', 'travel'] as const;
export type InsurerFamily = (typeof INSURER_FAMILIES)[number];

/** Behaviour set for a scope (the API's calling client, in SANDBOX_SCOPE_HEADER) applies to its calls only. */
export { SANDBOX_SCOPE_HEADER as SCOPE_HEADER } from '@lib/providers';

/** Per-insurer latency that differs between insurers but never between runs. */
export function profileLatency(code: string, profile: SandboxProfile): number {
  const n = createHash('sha256').update(code).digest().readUInt32BE(0);
  return profile === 'fast' ? n % 21 : 500 + (n % 2501);
}

/** "dune:timeout,palm:error" (the SANDBOX_FAULTS format). Mistakes fail at start-up, not silently. */
export function parseFaults(spec: string, knownCodes: readonly string[]): Record<string, FaultMode> {
  const faults: Record<string, FaultMode> = {};
  for (const entry of spec
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [code, mode] = entry.split(':').map((s) => s.trim());
    if (!knownCodes.includes(code)) throw new Error(`SANDBOX_FAULTS names an unknown insurer "${code}".`);
    if (!(FAULT_MODES as readonly string[]).includes(mode))
      throw new Error(`SANDBOX_FAULTS gives "${code}" an unknown fault "${mode}" (${FAULT_MODES.join(', ')}).`);
    faults[code] = mode as FaultMode;
  }
  return faults;
}

/**
 * The run-time latency and fault of every insurer, resettable to the start-up settings; and per scope (a
 * partner in the sandbox), per insurer and optionally per family, what that scope alone sees.
 */
export class InsurerBehaviourStore {
  private current = new Map<string, InsurerBehaviour>();
  /** scope -> `code` or `code:family` -> the settings that win over the shared ones. */
  private scoped = new Map<string, Map<string, Partial<InsurerBehaviour>>>();

  constructor(private readonly initial: ReadonlyMap<string, InsurerBehaviour>) {
    this.reset();
  }

  get(code: string): InsurerBehaviour | null {
    return this.current.get(code) ?? null;
  }

  patch(code: string, patch: Partial<InsurerBehaviour>): InsurerBehaviour | null {
    const existing = this.current.get(code);
    if (!existing) return null;
    const next = { ...existing, ...patch };
    this.current.set(code, next);
    return next;
  }

  reset(): void {
    this.current = new Map([...this.initial].map(([code, b]) => [code, { ...b }]));
    this.scoped.clear();
  }

  /** What a call of `scope` to this insurer's `family` route meets: shared settings, then the scope's insurer-wide, then its family's. */
  resolve(code: string, family: InsurerFamily, scope: string | undefined): InsurerBehaviour | null {
    const shared = this.current.get(code);
    if (!shared) return null;
    const own = scope ? this.scoped.get(scope) : undefined;
    return { ...shared, ...own?.get(code), ...own?.get(`${code}:${family}`) };
  }

  patchScoped(scope: string, code: string, family: InsurerFamily | null, patch: Partial<InsurerBehaviour>): Partial<InsurerBehaviour> | null {
    if (!this.current.has(code)) return null;
    const own = this.scoped.get(scope) ?? new Map<string, Partial<InsurerBehaviour>>();
    const key = family ? `${code}:${family}` : code;
    const next = { ...own.get(key), ...patch };
    own.set(key, next);
    this.scoped.set(scope, own);
    return next;
  }

  /** The scope's settings, keyed `code` (every family) or `code:family`. */
  scopeSettings(scope: string): Record<string, Partial<InsurerBehaviour>> {
    return Object.fromEntries(this.scoped.get(scope) ?? []);
  }

  clearScope(scope: string): void {
    this.scoped.delete(scope);
  }

  all(): Record<string, InsurerBehaviour> {
    return Object.fromEntries(this.current);
  }
}
