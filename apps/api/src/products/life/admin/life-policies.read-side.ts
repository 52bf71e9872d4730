import { Inject, Injectable } from '@nestjs/common';
import { z } from '@lib/common';
import { can } from '@lib/common/permissions';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { idFilter, intIds } from '../../../platform/admin/list/list-query';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import type { AdminPolicyReadSide, CancelActor, PolicyOrder } from '../../../policies/admin-policy-read-side';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';
import { CancelLifePolicyUseCase } from '../cancellation/cancel-life-policy.use-case';
import { presentLifePolicy } from '../policies/life-policy.presenter';
import { LIFE_POLICY_STATUSES } from '../policies/life-policy.response';
import { LifePolicyRepository, type LifePolicyView } from '../policies/life-policy.repository';
import type { AdminLifePolicyOut } from './admin-life-policy.response';

export const lifePolicyFilter = z.strictObject({
  id: idFilter,
  status: policyStatusQuery(LIFE_POLICY_STATUSES),
  client_id: z.uuid().optional(),
  insurer_code: z.string().max(32).optional(),
});

/** Life policies for the console: applicant and beneficiaries masked without read_pii; cancelled as in the partner API. */
@Injectable()
export class LifePoliciesReadSide implements AdminPolicyReadSide<z.output<typeof lifePolicyFilter>, LifePolicyView> {
  constructor(
    private readonly policies: LifePolicyRepository,
    private readonly cancelPolicy: CancelLifePolicyUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  page(f: z.output<typeof lifePolicyFilter>, order: PolicyOrder, skip: number, take: number) {
    return this.policies.adminPage({ ids: intIds(f.id), status: f.status, clientId: f.client_id, insurerCode: f.insurer_code }, order, skip, take);
  }

  find(id: number) {
    return this.policies.findForClient(null, id);
  }

  async present(views: LifePolicyView[], role: string): Promise<AdminLifePolicyOut[]> {
    const pii = can(role, 'read_pii', 'life-policies');
    const show = personalDataFor(role, 'life-policies');
    return views.map((view) => {
      const base = presentLifePolicy(view, this.config.publicBaseUrl);
      const beneficiaries = base.beneficiaries as Array<Record<string, unknown>>;
      return {
        ...base,
        // stored as the object the partner sent
        meta_data: { extra_fields: base.meta_data.extra_fields as AdminLifePolicyOut['meta_data']['extra_fields'] },
        client_id: view.policy.clientId,
        insurer_code: view.policy.insurerCode,
        applicant_id: show(base.applicant_id),
        beneficiaries: pii ? beneficiaries : beneficiaries.map((b) => ({ ...b, name: show(String(b.name)), national_id: show(String(b.national_id)) })),
      };
    });
  }

  async cancel(id: number, reason: string, actor: CancelActor) {
    await this.cancelPolicy.execute(null, id, { document: null }, this.config.publicBaseUrl, (tx, { refundAmount }) =>
      actor.audit(tx, { status: PolicyStatus.Active }, { status: PolicyStatus.Cancelled, refund_amount: refundAmount, reason }),
    );
    return this.find(id);
  }
}
