import { createHash } from 'node:crypto';

export const FAULT_MODES = ['none', 'timeout', 'error', 'malformed'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
export type SandboxProfile = 'realistic' | 'fast';

export interface InsurerBehaviour {
  latency_ms: number;
  fault: FaultMode;
}

/** Per-insurer latency that differs between insurers but never between runs. */
export function profileLatency(code: string, profile: SandboxProfile): number {
  const n = createHash('sha256').update(code).digest().readUInt32BE(0);
  return profile === 'fast' ? n % 21 : 500 + (n % 2501);
}

/** "dune:timeout,palm:error" (the SANDBOX_FAULTS format). Mistakes fail at start-up, not silently. */
export function parseFaults(spec: string, knownCodes: readonly string[]): Record<string, FaultMode> {
  const faults: Record<string, FaultMode> = {};
  for (const entry of spec.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [code, mode] = entry.split(':').map((s) => s.trim());
    if (!knownCodes.includes(code)) throw new Error(`SANDBOX_FAULTS names an unknown insurer "${code}".`);
    if (!(FAULT_MODES as readonly string[]).includes(mode)) throw new Error(`SANDBOX_FAULTS gives "${code}" an unknown fault "${mode}" (${FAULT_MODES.join(', ')}).`);
    faults[code] = mode as FaultMode;
  }
  return faults;
}

/** The run-time latency and fault of every insurer, resettable to the start-up settings. */
export class InsurerBehaviourStore {
  private current = new Map<string, InsurerBehaviour>();

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
  }

  all(): Record<string, InsurerBehaviour> {
    return Object.fromEntries(this.current);
  }
}
