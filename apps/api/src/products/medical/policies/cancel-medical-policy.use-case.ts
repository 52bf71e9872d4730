import { Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import type { MedicalCompany } from '../companies/medical-company.repository';
import { MedicalPolicyRepository, type MedicalPolicy } from './medical-policy.repository';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { shownMedicalPolicy } from './medical-policy.presenter';
import { PolicyStatus } from '../../../policies/policy-status';
import { EXPIRED_POLICY } from '../../../policies/cancel-policy.use-case';

/**
 * Ending cover: an active policy becomes cancelled (status 2); an unpaid one is withdrawn with its link.
 * Not on the cancellation core: a medical policy is bought, paid and cancelled by its company (one payment
 * link for all the company's unissued policies, serialised by the company lock), nothing is refunded, and an
 * unpaid policy is withdrawn (deleted, reads as 404) rather than cancelled.
 */
@Injectable()
export class CancelCompanyPoliciesUseCase {
  constructor(
    private readonly policies: MedicalPolicyRepository,
    private readonly events: PolicyEvents,
  ) {}

  async cancelCompany(company: MedicalCompany, at: Date): Promise<void> {
    const changed = await this.policies.transaction(async (tx) => {
      await this.policies.lockCompany(tx, company.id);
      const withdrawn = await this.policies.withdrawUnissued(tx, company.id, 'deleted', at);
      await this.policies.retireOpenPayments(tx, company.id, at, 'policy_cancelled');
      const active = await this.policies.activeOf(tx, company.id);
      for (const p of active) await this.events.statusUpdated(tx, shownMedicalPolicy(await this.policies.markCancelled(tx, p.id, at)));
      return withdrawn + active.length;
    });
    if (changed === 0) throw ApiError.field('company_id', 'The company has no active or unpaid medical policy to cancel.');
  }

  /** `document`: the real service's `cancellation_document`, already checked and stored (kept with the policy). */
  async deletePolicy(policy: MedicalPolicy, at: Date, document: string | null = null): Promise<void> {
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    if (policy.status === PolicyStatus.Expired) throw new ApiError('CONFLICT', EXPIRED_POLICY);
    await this.policies.transaction(async (tx) => {
      await this.policies.lockCompany(tx, policy.companyId);
      if (policy.status === PolicyStatus.Pending) {
        await this.policies.withdraw(tx, policy.id, at, document);
        await this.policies.retireOpenPayments(tx, policy.companyId, at, 'policy_changed');
      } else {
        await this.events.statusUpdated(tx, shownMedicalPolicy(await this.policies.markCancelled(tx, policy.id, at, document)));
      }
    });
  }
}
