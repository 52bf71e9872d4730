import { Inject, Injectable } from '@nestjs/common';
import { amountString, ApiError, Clock, formatDate, parseDate } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import type { PropertyPolicy } from '@lib/db/generated/prisma/client';
import type { PropertyProvider } from '@lib/providers';
import { clockedPolicy, TestClocks } from '../../test-clocks/test-clocks';
import { proRataRefund } from '../policies/policy-term';
import { PROPERTY_PAYMENT_TYPE, PropertyPolicyRepository } from '../policies/property-policy.repository';
import { providerFailure } from '../property-insurer-errors';
import { PROPERTY_PROVIDER } from '../property-products';
import { PropertyPolicyEvents } from '../events/property-policy-events';
import { Refunds } from '../../payments/refunds/refunds';
import { PaymentRepository } from '../../payments/payment.repository';
import { PolicyStatus } from '../../policies/policy-status';

export interface CancelPropertyPolicy {
  policy: PropertyPolicy;
  reason: string | null;
  /** Who cancelled: `client` for the partner API, the staff email in the console. */
  by: string;
  /** Extra writes in the same transaction (the console's audit row). */
  alsoInTx?: (tx: Prisma.TransactionClient, cancelled: PropertyPolicy) => Promise<void>;
}

/**
 * Cancels a pending or active property policy. An active one is cancelled with its insurer first (a
 * failing insurer is a 502 and nothing changes); then, in one transaction, the policy gets status 2 with
 * the pro-rata refund of what was paid (owed on the payment, which becomes refunded), or its open link
 * withdrawn (`cancelled`).
 * A second cancellation is the spec's 400.
 */
@Injectable()
export class CancelPropertyPolicyUseCase {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly events: PropertyPolicyEvents,
    private readonly refunds: Refunds,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(PROPERTY_PROVIDER) private readonly provider: PropertyProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: CancelPropertyPolicy): Promise<PropertyPolicy> {
    const { policy } = cmd;
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    await this.testClocks.adopt(clockedPolicy('property', policy.id));
    const now = this.clock.now();
    const today = parseDate(formatDate(now))!;
    const paid = policy.status === PolicyStatus.Active;
    if (paid && policy.providerPolicyId) {
      try {
        await this.provider.cancel(
          policy.insurerCode,
          policy.providerPolicyId,
          { reason: cmd.reason, effectiveDate: formatDate(today) },
          { timeoutMs: this.config.propertyInsurerTimeoutMs },
        );
      } catch (err) {
        throw providerFailure(err, `The insurer ${policy.insurerCode}`);
      }
    }
    const refund = paid ? proRataRefund(policy.price.toString(), policy.startDate, policy.endDate, today) : { amount: null, unusedDays: 0, termDays: 0 };
    const cancelled = await this.policies.transaction(async (tx) => {
      const cancelled = await this.policies.cancel(tx, policy.id, {
        at: now,
        reason: cmd.reason,
        by: cmd.by,
        refundAmount: refund.amount ? amountString(refund.amount) : '0.00',
        unusedDays: refund.unusedDays,
        termDays: refund.termDays,
      });
      // a concurrent cancellation won the race
      if (!cancelled) throw new ApiError('ALREADY_CANCELED');
      if (paid && refund.amount) await this.refunds.owe(tx, { policyType: PROPERTY_PAYMENT_TYPE, policyId: policy.id, amount: refund.amount, at: now });
      if (!paid) await this.payments.retireOpen(tx, PROPERTY_PAYMENT_TYPE, policy.id, now, 'policy_cancelled');
      await this.events.statusUpdated(tx, cancelled, null);
      await cmd.alsoInTx?.(tx, cancelled);
      return cancelled;
    });
    this.refunds.kick();
    return cancelled;
  }
}
