import { Injectable } from '@nestjs/common';

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

/** Each product module registers how to find its policies (as dashboard metrics are registered). */
@Injectable()
export class ClaimPolicies {
  private readonly resolvers = new Map<string, ClaimPolicyResolver>();

  register(resolver: ClaimPolicyResolver): void {
    this.resolvers.set(resolver.family, resolver);
  }

  families(): string[] {
    return [...this.resolvers.keys()];
  }

  claimTypes(family: string): readonly string[] {
    return this.resolvers.get(family)?.claimTypes ?? [];
  }

  limitFor(family: string, policyId: number, claimType: string): Promise<ClaimLimit | null> {
    return this.resolvers.get(family)?.limitFor?.(policyId, claimType) ?? Promise.resolve(null);
  }

  find(family: string, policyId: number): Promise<ClaimablePolicy | null> {
    return this.resolvers.get(family)?.find(policyId) ?? Promise.resolve(null);
  }
}
