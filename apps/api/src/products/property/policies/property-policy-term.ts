import { Injectable } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy } from '../../../policies/policy-product';
import { PropertyPolicyRepository } from './property-policy.repository';
import { PropertyPolicyViews } from './property-policy-views';

/** A property policy's one-year term ends: it becomes status 4 (expired), presented as Show Policy answers it. */
@Injectable()
export class PropertyPolicyTerm implements PolicyTerm {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly views: PropertyPolicyViews,
  ) {}

  async expire(tx: Prisma.TransactionClient, policyId: number, now: Date): Promise<ExpiredPolicy | null> {
    const expired = await this.policies.markExpired(tx, policyId, now);
    if (!expired) return null;
    return {
      clientId: expired.clientId,
      policy: this.views.present({ policy: expired, payment: null, documents: await this.policies.documentsIn(tx, policyId) }),
    };
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number): Promise<RenewablePolicy | null> {
    const active = await this.policies.activeIn(tx, policyId);
    if (!active) return null;
    const policy = this.views.present({ policy: active, payment: null, documents: await this.policies.documentsIn(tx, policyId) });
    return { clientId: active.clientId, policy, quoteRequest: null };
  }
}
