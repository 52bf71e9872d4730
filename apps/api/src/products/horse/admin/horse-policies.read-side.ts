import { Inject, Injectable } from '@nestjs/common';
import { z } from '@lib/common';
import { can } from '@lib/common/permissions';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { idFilter, intIds } from '../../../platform/admin/list/list-query';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import type { AdminPolicyReadSide, CancelActor, PolicyOrder } from '../../../policies/admin-policy-read-side';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';
import { CancelHorsePolicyUseCase } from '../cancellation/cancel-horse-policy.use-case';
import { presentHorsePolicy } from '../policies/horse-policy.presenter';
import { HORSE_POLICY_STATUSES } from '../policies/horse-policy.response';
import { HorsePolicyRepository, type HorsePolicyView } from '../policies/horse-policy.repository';
import type { AdminHorsePolicyOut } from './admin-horse-policy.response';

export const horsePolicyFilter = z.strictObject({
  id: idFilter,
  status: policyStatusQuery(HORSE_POLICY_STATUSES),
  client_id: z.uuid().optional(),
});

/** Horse policies for the console: the owner masked without read_pii; cancelled as in the partner API. */
@Injectable()
export class HorsePoliciesReadSide implements AdminPolicyReadSide<z.output<typeof horsePolicyFilter>, HorsePolicyView> {
  constructor(
    private readonly policies: HorsePolicyRepository,
    private readonly cancelPolicy: CancelHorsePolicyUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  page(f: z.output<typeof horsePolicyFilter>, order: PolicyOrder, skip: number, take: number) {
    return this.policies.adminPage({ ids: intIds(f.id), status: f.status, clientId: f.client_id }, order, skip, take);
  }

  find(id: number) {
    return this.policies.findForClient(null, id);
  }

  async present(views: HorsePolicyView[], role: string): Promise<AdminHorsePolicyOut[]> {
    const pii = can(role, 'read_pii', 'horse-policies');
    const show = personalDataFor(role, 'horse-policies');
    return views.map((view) => {
      const base = presentHorsePolicy(view, this.config.publicBaseUrl);
      const owner = base.owner as Record<string, string>;
      return {
        ...base,
        // stored as the objects the partner sent (create-horse-policy.schema.ts)
        horse: base.horse as AdminHorsePolicyOut['horse'],
        meta_data: { extra_fields: base.meta_data.extra_fields as AdminHorsePolicyOut['meta_data']['extra_fields'] },
        client_id: view.policy.clientId,
        owner: pii ? owner : { name: show(owner.name), id: show(owner.id), email: show(owner.email), phone: show(owner.phone) },
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
