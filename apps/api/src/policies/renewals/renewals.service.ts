import { Injectable } from '@nestjs/common';
import { amountNumber, formatDateTime } from '@lib/common';
import { can } from '@lib/common/permissions';
import { personalDataFor } from '../../platform/admin/pii/personal-data';
import { PolicyProducts } from '../policy-products';
import { policyStatusName } from '../policy-status';
import type { AdminRenewalOut } from './renewal.response';
import { RenewalFilter, RenewalSort, RenewalSource, RenewalsRepository } from './renewals.repository';

/** The console's renewals worklist: the families the role may read, each customer masked as on the family's pages. */
@Injectable()
export class RenewalsService {
  constructor(
    private readonly products: PolicyProducts,
    private readonly repository: RenewalsRepository,
  ) {}

  /** The families whose renewal notices the worklist shows. */
  families(): string[] {
    return this.sources().map((s) => s.family);
  }

  async page(
    role: string,
    filter: { family?: string; taken?: boolean; clientId?: string },
    sort: { field: RenewalSort; order: 'ASC' | 'DESC' },
    skip: number,
    take: number,
  ): Promise<{ rows: AdminRenewalOut[]; total: number }> {
    const sources = this.sources().filter((s) => can(role, 'read', s.search.resource));
    const families = sources.map((s) => s.family).filter((f) => !filter.family || f === filter.family);
    const query: RenewalFilter = { families, taken: filter.taken, clientId: filter.clientId };
    const { rows, total } = await this.repository.page(sources, query, sort, skip, take);
    const offers = new Map(sources.map((s) => [s.family, s.renewals.offers]));
    return {
      total,
      rows: rows.map((r) => {
        const personal = personalDataFor(role, r.resource);
        return {
          id: `${r.family}:${r.policy_id}`,
          family: r.family,
          resource: r.resource,
          policy_id: r.policy_id,
          policy_number: r.policy_number,
          policy_status: policyStatusName(Number(r.status)),
          client_id: r.client_id,
          client_name: r.client_name,
          holder: personal(r.holder),
          holder_id: personal(r.holder_id),
          due_at: formatDateTime(new Date(r.due_at)),
          ends_at: r.ends_at ? formatDateTime(new Date(r.ends_at)) : null,
          offer: offers.get(r.family) ?? 'notice',
          renewal_price: r.offer_price === null ? null : amountNumber(r.offer_price),
          renewal_policy_id: r.offer_policy_id,
          taken: r.taken,
        };
      }),
    };
  }

  /** Renewal notices not taken, in every family (the dashboard's figure; the list filtered `taken: false`). */
  async notTaken(): Promise<number> {
    const sources = this.sources();
    const { total } = await this.repository.page(sources, { families: sources.map((s) => s.family), taken: false }, { field: 'ends_at', order: 'ASC' }, 0, 1);
    return total;
  }

  private sources(): RenewalSource[] {
    return this.products
      .all()
      .filter((p) => p.term && p.renewals)
      .map((p) => ({ family: p.family, search: p.search, renewals: p.renewals! }));
  }
}
