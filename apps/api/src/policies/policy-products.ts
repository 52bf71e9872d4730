import { Injectable } from '@nestjs/common';
import { subjectSearch, type ClaimablePolicy, type ClaimLimit, type ClaimPolicyResolver, type ClaimSubject } from './claims/claim-policies';
import type { PolicyActivator, PolicyActivators } from '../payments/policy-activators';
import type { Prisma } from '@lib/db';
import type { PolicyProduct, PolicyTerm } from './policy-product';
import { PolicySubjectRepository } from './policy-subject.repository';

/** The one registry of product families: each family registers its PolicyProduct once, at start-up. */
@Injectable()
export class PolicyProducts implements PolicyActivators {
  private readonly byFamily = new Map<string, PolicyProduct>();
  /** Claims rows name their family by the claims key (`motor-tpl` for TPL), which may differ from the payments one. */
  private readonly byClaimFamily = new Map<string, ClaimPolicyResolver>();
  private readonly productOfClaimFamily = new Map<string, PolicyProduct>();

  constructor(private readonly subjectRows: PolicySubjectRepository) {}

  register(product: PolicyProduct): void {
    if (this.byFamily.has(product.family)) throw new Error(`The product family "${product.family}" is already registered.`);
    this.byFamily.set(product.family, product);
    if (product.claims) {
      this.byClaimFamily.set(product.claims.family, product.claims);
      this.productOfClaimFamily.set(product.claims.family, product);
    }
  }

  all(): PolicyProduct[] {
    return [...this.byFamily.values()];
  }

  /** The activator of a payment's `policy_type`. */
  activator(policyType: string): PolicyActivator {
    const product = this.byFamily.get(policyType);
    if (!product) throw new Error(`No product family "${policyType}" is registered.`);
    return product.payments;
  }

  /** The term of a family whose policies end, if it has one. */
  term(family: string): PolicyTerm | undefined {
    return this.byFamily.get(family)?.term;
  }

  /** The policy a webhook test event carries: the client's latest of the family that supplies samples, or null. */
  async samplePolicy(tx: Prisma.TransactionClient, clientId: string, publicBaseUrl: string): Promise<({ id: number } & Record<string, unknown>) | null> {
    for (const product of this.byFamily.values()) {
      const found = await product.webhookSample?.latestFor(tx, clientId, publicBaseUrl);
      if (found) return found;
    }
    return null;
  }

  /** The claims family of a payments family, if it takes claims. */
  claimFamilyOf(family: string): string | undefined {
    return this.byFamily.get(family)?.claims?.family;
  }

  /**
   * The family (as in payments and test clock attachments) of the policies a claim family's claims are on: TPL's claims
   * are `motor-tpl`, its policies `tpl`. A claim's clock and due events are keyed by the policy's family.
   */
  policyFamilyOfClaims(claimFamily: string): string {
    const product = this.productOfClaimFamily.get(claimFamily);
    if (!product) throw new Error(`No product family takes claims of the family "${claimFamily}".`);
    return product.family;
  }

  claimFamilies(): string[] {
    return [...this.byClaimFamily.keys()];
  }

  claimTypes(claimFamily: string): readonly string[] {
    return this.byClaimFamily.get(claimFamily)?.claimTypes ?? [];
  }

  claimablePolicy(claimFamily: string, policyId: number): Promise<ClaimablePolicy | null> {
    return this.byClaimFamily.get(claimFamily)?.find(policyId) ?? Promise.resolve(null);
  }

  claimLimit(claimFamily: string, policyId: number, claimType: string): Promise<ClaimLimit | null> {
    return this.byClaimFamily.get(claimFamily)?.limitFor?.(policyId, claimType) ?? Promise.resolve(null);
  }

  /**
   * The policy and holder of each claim, read per family in one statement each (from the family's search spec): a page of claims costs at
   * most one statement per claim family on it, whatever its length. Keyed `family:policyId`.
   */
  async claimSubjects(claims: ReadonlyArray<{ productFamily: string; policyId: number }>): Promise<Map<string, ClaimSubject>> {
    const byFamily = new Map<string, Set<number>>();
    for (const c of claims) {
      if (!this.productOfClaimFamily.has(c.productFamily)) continue;
      byFamily.set(c.productFamily, (byFamily.get(c.productFamily) ?? new Set()).add(c.policyId));
    }
    const found = await Promise.all(
      [...byFamily].map(async ([family, ids]) =>
        (await this.subjectRows.subjects(this.productOfClaimFamily.get(family)!.search, [...ids])).map((s) => [`${family}:${s.policyId}`, s] as const),
      ),
    );
    return new Map(found.flat());
  }

  /** At most `take` policies of one claim family matching what staff typed (policy id, policy number, holder id or name), in one statement. */
  searchClaimSubjects(claimFamily: string, q: string, take: number): Promise<ClaimSubject[]> {
    const product = this.productOfClaimFamily.get(claimFamily);
    return product ? this.subjectRows.search(product.search, subjectSearch(q), take) : Promise.resolve([]);
  }
}
