import { Inject, Injectable } from '@nestjs/common';
import { amountString, cancellationRefund, money, type Refund } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import type { PropertyPolicy } from '@lib/db/generated/prisma/client';
import type { PropertyProvider } from '@lib/providers';
import { CancelPolicyUseCase, type AlsoInTx, type Cancellation, type CancellationTerms } from '../../../policies/cancel-policy.use-case';
import { coverDays } from '../policies/policy-term';
import { PROPERTY_PAYMENT_TYPE, PropertyPolicyRepository } from '../policies/property-policy.repository';
import { providerFailure } from '../property-insurer-errors';
import { PROPERTY_PROVIDER } from '../property-products';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { PropertyPolicyViews } from '../policies/property-policy-views';

type Found = { policy: PropertyPolicy };

export interface CancelPropertyPolicy {
  policy: PropertyPolicy;
  reason: string | null;
  /** Who cancelled: `client` for the partner API, the staff email in the console. */
  by: string;
  /** Extra writes in the same transaction (the console's audit row). */
  alsoInTx?: AlsoInTx<PropertyPolicy>;
}

/**
 * Property's cancellation terms: a pending policy is cancelled with its open link withdrawn; an active one is
 * cancelled with its insurer first (a failing insurer is a 502 and nothing changes), then refunded pro rata,
 * the unused and term days recorded with the refund, and the next term its renewal notice offered, if not yet paid, is
 * withdrawn with it. The callers read the policy (their own 404s).
 */
@Injectable()
export class CancelPropertyPolicyUseCase implements CancellationTerms<Found, PropertyPolicy> {
  readonly family = PROPERTY_PAYMENT_TYPE;
  readonly noun = 'property policy';
  readonly cancelsUnpaid = true;

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    private readonly policies: PropertyPolicyRepository,
    private readonly events: PolicyEvents,
    private readonly views: PropertyPolicyViews,
    @Inject(PROPERTY_PROVIDER) private readonly provider: PropertyProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ policy, reason, by, alsoInTx }: CancelPropertyPolicy): Promise<PropertyPolicy> {
    return this.cancellation.execute(this, { found: { policy }, reason, by, alsoInTx });
  }

  async find(clientId: string | null, policyId: number): Promise<Found | null> {
    const policy = clientId === null ? await this.policies.find(policyId) : await this.policies.findForClient(clientId, policyId);
    return policy && { policy };
  }

  /** A policy paid before the insurer issued it has nothing to cancel there. */
  async withInsurer({ policy }: Found, on: { today: string; reason: string | null }) {
    if (!policy.providerPolicyId) return;
    try {
      await this.provider.cancel(
        policy.insurerCode,
        policy.providerPolicyId,
        { reason: on.reason, effectiveDate: on.today },
        { timeoutMs: this.config.propertyInsurerTimeoutMs },
      );
    } catch (err) {
      throw providerFailure(err, `The insurer ${policy.insurerCode}`);
    }
  }

  /** Pro rata over the policy year, no cooling-off. */
  refund({ policy }: Found, now: Date) {
    return cancellationRefund({ paid: money(policy.price.toString()), period: coverDays(policy), now });
  }

  markCancelled(tx: Prisma.TransactionClient, policyId: number, from: number, c: Cancellation<Refund>) {
    const { refund } = c;
    return this.policies.markCancelled(tx, policyId, from, {
      at: c.cancelledAt,
      reason: c.reason,
      by: c.by,
      refundAmount: refund ? amountString(refund.amount) : '0.00',
      unusedDays: refund?.unusedDays ?? 0,
      termDays: refund?.periodDays ?? 0,
    });
  }

  /** The next term the renewal notice offered, withdrawn with this one while unpaid. */
  async offeredRenewal(tx: Prisma.TransactionClient, policyId: number): Promise<Found | null> {
    const next = await this.policies.pendingRenewalOf(tx, policyId);
    return next && { policy: next };
  }

  async announce(tx: Prisma.TransactionClient, cancelled: PropertyPolicy) {
    await this.events.statusUpdated(tx, await this.views.shown(tx, cancelled, null));
  }
}
