/** Which property policies an insurer cancelled, per sandbox instance (cleared by the reset control). */
export class PropertyCancellationStore {
  private readonly cancelled = new Map<string, { at: Date; reason: string | null }>();

  get(providerPolicyId: string): { at: Date; reason: string | null } | null {
    return this.cancelled.get(providerPolicyId) ?? null;
  }

  /** Keeps the first cancellation: cancelling again changes nothing. */
  cancel(providerPolicyId: string, at: Date, reason: string | null): { at: Date; reason: string | null } {
    const existing = this.cancelled.get(providerPolicyId);
    if (existing) return existing;
    const entry = { at, reason };
    this.cancelled.set(providerPolicyId, entry);
    return entry;
  }

  clear(): void {
    this.cancelled.clear();
  }
}
