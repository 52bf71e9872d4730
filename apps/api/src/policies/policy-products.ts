import { Injectable } from '@nestjs/common';
import type { ClaimablePolicy, ClaimLimit, ClaimPolicyResolver } from '../claims/claim-policies';
import type { PolicyActivator } from '../payments/policy-activators';
import type { PolicyProduct } from './policy-product';

/** The one registry of product families: each family registers its PolicyProduct once, at start-up. */
@Injectable()
export class PolicyProducts {
  private readonly byFamily = new Map<string, PolicyProduct>();
  /** Claims rows name their family by the claims key (`motor-tpl` for TPL), which may differ from the payments one. */
  private readonly byClaimFamily = new Map<string, ClaimPolicyResolver>();

  register(product: PolicyProduct): void {
    if (this.byFamily.has(product.family)) throw new Error(`The product family "${product.family}" is already registered.`);
    this.byFamily.set(product.family, product);
    if (product.claims) this.byClaimFamily.set(product.claims.family, product.claims);
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
}
