import type { PolicyNumbers } from '../policies/policy-numbers';

/** Property policies each insurer issued: by our reference (issuing twice answers the same number) and by number. */
export class PropertyIssuedStore {
  private readonly byReference = new Map<string, string>();
  private readonly insurerOf = new Map<string, string>();

  constructor(private readonly numbers: PolicyNumbers) {}

  issueOnce(insurer: string, reference: string): string {
    const key = `${insurer}\u0000${reference}`;
    const existing = this.byReference.get(key);
    if (existing) return existing;
    const id = this.numbers.next();
    this.byReference.set(key, id);
    this.insurerOf.set(id, insurer);
    return id;
  }

  issuedBy(insurer: string, id: string): boolean {
    return this.insurerOf.get(id) === insurer;
  }
}
