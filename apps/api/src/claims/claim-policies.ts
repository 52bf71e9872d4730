/** What the claims core needs to know of the policy a claim is on, whatever its product family. */
export interface ClaimablePolicy {
  id: number;
  clientId: string;
  /** Cover runs from `coverFrom` up to (not including) `coverUntil` (dates at UTC midnight). */
  coverFrom: Date;
  coverUntil: Date;
  /** Why no claim can be made on it now (for example not paid yet), or null. */
  refusal: string | null;
}

export interface ClaimPolicyResolver {
  family: string;
  /** The claim types this family accepts. */
  claimTypes: readonly string[];
  find(policyId: number): Promise<ClaimablePolicy | null>;
  /** The most a claim of this type may ask on this policy (e.g. its benefit), or none. */
  limitFor?(policyId: number, claimType: string): Promise<ClaimLimit | null>;
}

export interface ClaimLimit {
  amount: string;
  /** What the amount is, for the message ("the critical illness benefit"). */
  what: string;
}
