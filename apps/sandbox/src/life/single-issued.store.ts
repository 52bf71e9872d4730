import type { WireSingleIssued, WireSingleIssueRequest } from '@lib/providers';
import type { PolicyNumbers } from '../policies/policy-numbers';

/** Life, horse and travel policies the sandbox insurers issued, keyed by the caller's reference: a repeat answers the same number. */
export class SingleIssuedStore {
  private readonly byReference = new Map<string, Omit<WireSingleIssued, 'already_issued'>>();
  private readonly numbers = new Set<string>();

  constructor(private readonly policyNumbers: PolicyNumbers) {}

  issueOnce(prefix: string, insurer: string, request: WireSingleIssueRequest, at: Date): WireSingleIssued {
    const key = `${prefix}\u0000${insurer}\u0000${request.reference}`;
    const existing = this.byReference.get(key);
    if (existing) return { ...existing, already_issued: true };
    const issued = { policy_number: this.policyNumbers.next(), issued_at: at.toISOString() };
    this.byReference.set(key, issued);
    this.numbers.add(`${prefix}\u0000${insurer}\u0000${issued.policy_number}`);
    return { ...issued, already_issued: false };
  }

  /** Whether this insurer issued this policy number for this product. */
  issuedNumber(prefix: string, insurer: string, policyNumber: string): boolean {
    return this.numbers.has(`${prefix}\u0000${insurer}\u0000${policyNumber}`);
  }
}
