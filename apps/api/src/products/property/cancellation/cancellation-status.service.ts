import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { PropertyPolicy } from '@lib/db/generated/prisma/client';
import type { PropertyProvider } from '@lib/providers';
import { providerFailure } from '../property-insurer-errors';
import { PROPERTY_PROVIDER } from '../property-products';
import { PolicyStatus } from '../../../policies/policy-status';

/**
 * `pending_payment`: not paid yet, the insurer holds no policy. `active`: the insurer holds it in force.
 * `cancelled`: cancelled with the insurer (or before payment). `expired`: the insurer holds it but its
 * term has ended (the policy's status 4).
 */
export const CANCELLATION_STATUSES = ['pending_payment', 'active', 'cancelled', 'expired'] as const;
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number];

@Injectable()
export class CancellationStatusService {
  constructor(
    @Inject(PROPERTY_PROVIDER) private readonly provider: PropertyProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Asks the insurer live whenever it holds the policy; a failing insurer is a 502. */
  async of(policy: PropertyPolicy): Promise<{ status: CancellationStatus }> {
    if (!policy.providerPolicyId) return { status: policy.status === PolicyStatus.Cancelled ? 'cancelled' : 'pending_payment' };
    let answer;
    try {
      answer = await this.provider.cancellationStatus(policy.insurerCode, policy.providerPolicyId, { timeoutMs: this.config.propertyInsurerTimeoutMs });
    } catch (err) {
      throw providerFailure(err, `The insurer ${policy.insurerCode}`);
    }
    if (answer.status === 'cancelled') return { status: 'cancelled' };
    // Stored when the term ends (the policy's expiry due event), so this answer and Show Policy's status agree.
    return { status: policy.status === PolicyStatus.Expired ? 'expired' : 'active' };
  }
}
