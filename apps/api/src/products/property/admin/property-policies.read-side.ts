import { Injectable } from '@nestjs/common';
import { parseDate, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { idFilter, intIds } from '../../../platform/admin/list/list-query';
import { type AdminPolicyReadSide, type CancelActor, cancelSummary, type PolicyOrder } from '../../../policies/admin-policy-read-side';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';
import { CancelPropertyPolicyUseCase } from '../cancellation/cancel-property-policy.use-case';
import { CancellationStatusService } from '../cancellation/cancellation-status.service';
import { PropertyPolicyViews } from '../policies/property-policy-views';
import { PropertyPolicyRepository, PropertyPolicyView } from '../policies/property-policy.repository';
import { presentAdminPropertyPolicy } from './admin-property-policy.presenter';

const DAY_MS = 86_400_000;

export const propertyPolicyFilter = z.strictObject({
  id: idFilter,
  q: z.string().trim().max(255).optional(),
  status: policyStatusQuery([PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired]),
  client_id: z.uuid().optional(),
  insurer_code: z.string().max(32).optional(),
  nationality_id: z.string().max(20).optional(),
  created_from: gregorianDateField('created from').optional(),
  created_to: gregorianDateField('created to').optional(),
});

/** Property policies for the console, with their documents and payments; cancelled with the insurer. */
@Injectable()
export class PropertyPoliciesReadSide implements AdminPolicyReadSide<z.output<typeof propertyPolicyFilter>, PropertyPolicyView> {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly views: PropertyPolicyViews,
    private readonly status: CancellationStatusService,
    private readonly cancelPolicy: CancelPropertyPolicyUseCase,
  ) {}

  page(f: z.output<typeof propertyPolicyFilter>, order: PolicyOrder, skip: number, take: number) {
    const filter = {
      ids: intIds(f.id),
      q: f.q,
      status: f.status,
      clientId: f.client_id,
      insurerCode: f.insurer_code,
      nationalityId: f.nationality_id,
      createdFrom: f.created_from ? parseDate(f.created_from)! : undefined,
      // created_to includes its whole day
      createdTo: f.created_to ? new Date(parseDate(f.created_to)!.getTime() + DAY_MS) : undefined,
    };
    return this.policies.page(filter, skip, take, order as never);
  }

  async find(id: number) {
    const policy = await this.policies.find(id);
    return policy && this.policies.view(policy);
  }

  /** The page's payments are read in one statement, then each row is presented with its own. */
  async present(views: PropertyPolicyView[], role: string) {
    const payments = await this.policies.paymentsOf(views.map((v) => v.policy.id));
    return views.map((v) => {
      const p = v.policy;
      return presentAdminPropertyPolicy(
        this.views.present(v),
        { payments: payments.get(p.id) ?? [], canceledBy: p.canceledBy, insurer: p.insurerCode, productCode: p.productCode, activatedAt: p.activatedAt },
        role,
      );
    });
  }

  async cancellationStatus(id: number) {
    const policy = await this.policies.find(id);
    return policy && this.status.of(policy);
  }

  async cancel(id: number, reason: string, actor: CancelActor) {
    const policy = await this.policies.find(id);
    if (!policy) return null;
    const cancelled = await this.cancelPolicy.execute({
      policy,
      reason,
      by: actor.email,
      alsoInTx: (tx, { cancelled: after }) => actor.audit(tx, cancelSummary(policy), cancelSummary(after)),
    });
    return this.policies.view(cancelled);
  }
}
