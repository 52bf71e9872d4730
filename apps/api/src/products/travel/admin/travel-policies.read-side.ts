import { Injectable } from '@nestjs/common';
import { z } from '@lib/common';
import { can } from '@lib/common/permissions';
import { idFilter, intIds } from '../../../platform/admin/list/list-query';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import type { AdminPolicyReadSide, CancelActor, PolicyOrder } from '../../../policies/admin-policy-read-side';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';
import { CancelTravelPolicyUseCase } from '../cancellation/cancel-travel-policy.use-case';
import type { TravellerInput } from '../quotes/travel-quote.schema';
import { TravelPolicyRepository, type TravelPolicyView } from '../policies/travel-policy.repository';
import { TravelPolicyPresenter } from '../policies/travel-policy.view';
import { TRAVEL_POLICY_STATUSES } from '../travel.response';
import type { AdminTravelPolicyOut } from './admin-travel-policy.response';

export const travelPolicyFilter = z.strictObject({
  id: idFilter,
  status: policyStatusQuery(TRAVEL_POLICY_STATUSES),
  client_id: z.uuid().optional(),
});

/** Travel policies for the console: applicant and travellers masked without read_pii; cancelled before the trip with a full refund. */
@Injectable()
export class TravelPoliciesReadSide implements AdminPolicyReadSide<z.output<typeof travelPolicyFilter>, TravelPolicyView> {
  constructor(
    private readonly policies: TravelPolicyRepository,
    private readonly presenter: TravelPolicyPresenter,
    private readonly cancelPolicy: CancelTravelPolicyUseCase,
  ) {}

  page(f: z.output<typeof travelPolicyFilter>, order: PolicyOrder, skip: number, take: number) {
    return this.policies.page(null, { ids: intIds(f.id), status: f.status, clientId: f.client_id }, skip, take, order as never);
  }

  find(id: number) {
    return this.policies.findForClient(null, id);
  }

  async present(views: TravelPolicyView[], role: string): Promise<AdminTravelPolicyOut[]> {
    return views.map((view) => {
      const out = this.masked(view, role);
      // the bill and the travellers are stored as the objects the quote and the partner gave
      const m = out.meta_data as typeof out.meta_data & { bill: unknown; travellers: unknown };
      return {
        ...out,
        meta_data: {
          ...m,
          bill: m.bill as AdminTravelPolicyOut['meta_data']['bill'],
          travellers: m.travellers as AdminTravelPolicyOut['meta_data']['travellers'],
        },
      };
    });
  }

  private masked(view: TravelPolicyView, role: string) {
    const base = this.presenter.present(view);
    if (can(role, 'read_pii', 'travel-policies')) return base;
    const show = personalDataFor(role, 'travel-policies');
    const m = base.meta_data;
    const travellers = (m.travellers as TravellerInput[]).map((t) => ({
      ...t,
      full_name: show(t.full_name),
      passport_number: show(t.passport_number),
      date_of_birth: show(t.date_of_birth),
    }));
    return {
      ...base,
      meta_data: {
        ...m,
        email: show(m.email),
        phone_number: show(m.phone_number),
        date_of_birth: show(m.date_of_birth),
        nationality_id: show(m.nationality_id),
        travellers,
      },
    };
  }

  async cancel(id: number, reason: string, actor: CancelActor) {
    await this.cancelPolicy.execute(null, id, reason, (tx, change) =>
      actor.audit(tx, { status: change.from }, { status: PolicyStatus.Cancelled, refund_amount: change.refundAmount, reason }),
    );
    return this.find(id);
  }
}
