import { Injectable } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy } from '../../../policies/policy-product';
import { PolicyStatus } from '../../../policies/policy-status';
import { TravelPolicyRepository } from './travel-policy.repository';
import { TravelPolicyPresenter } from './travel-policy.view';

/** A travel policy ends the day after its trip's last day (`end_date`): it becomes status 4 (expired), presented as Show Policy answers it. */
@Injectable()
export class TravelPolicyTerm implements PolicyTerm {
  constructor(
    private readonly policies: TravelPolicyRepository,
    private readonly presenter: TravelPolicyPresenter,
  ) {}

  async expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]> {
    const expired = await this.policies.markExpired(tx, policyIds, now);
    return (await this.policies.viewsIn(tx, expired)).map((view) => this.presenter.shown(view));
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number): Promise<RenewablePolicy | null> {
    const view = await this.policies.findForClient(null, policyId, tx);
    return view?.policy.status === PolicyStatus.Active ? { ...this.presenter.shown(view), quoteRequest: null } : null;
  }
}
