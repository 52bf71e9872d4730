import type { WireIssuedPolicy, WireIssuePolicyRequest } from '@lib/providers';
import type { PolicyNumbers } from './policy-numbers';

/** Policies each insurer issued, keyed by the caller's reference so a repeated issue answers the same policy. */
export class IssuedPolicyStore {
  private readonly byReference = new Map<string, { request: WireIssuePolicyRequest; policy: Omit<WireIssuedPolicy, 'already_issued'> }>();

  constructor(private readonly numbers: PolicyNumbers) {}

  issueOnce(insurer: string, request: WireIssuePolicyRequest, at: Date): WireIssuedPolicy {
    const key = `${insurer}\u0000${request.reference}`;
    const existing = this.byReference.get(key);
    if (existing) return { ...existing.policy, already_issued: true };
    const policy = {
      policy_number: this.numbers.next(),
      reference: request.reference,
      start_date: request.start_date,
      end_date: yearLater(request.start_date),
      issued_at: at.toISOString(),
    };
    this.byReference.set(key, { request, policy });
    return { ...policy, already_issued: false };
  }

  count(): number {
    return this.byReference.size;
  }

  clear(): void {
    this.byReference.clear();
  }
}

/** A year of cover: the day before the same date next year. */
function yearLater(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
