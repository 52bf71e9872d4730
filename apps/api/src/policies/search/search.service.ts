import { Injectable } from '@nestjs/common';
import { can } from '@lib/common/permissions';
import { PolicyProducts } from '../policy-products';
import { searchTerm } from '../policy-search';
import { policyStatusName } from '../policy-status';
import { personalDataFor } from '../../platform/admin/pii/personal-data';
import { SearchRepository } from './search.repository';
import type { AdminSearchResultsOut } from './search.response';

export const SEARCH_LIMIT = 50;

/** The console's one search box: what each role may read, matched on what each role may see. */
@Injectable()
export class SearchService {
  constructor(
    private readonly products: PolicyProducts,
    private readonly repository: SearchRepository,
  ) {}

  async find(role: string, q: string): Promise<AdminSearchResultsOut> {
    const products = this.products.all().filter((p) => can(role, 'read', p.search.resource));
    const scopes = products.map((p) => ({ spec: p.search, personal: can(role, 'read_pii', p.search.resource) }));
    const rows = await this.repository.find(scopes, can(role, 'read', 'payments'), searchTerm(q), SEARCH_LIMIT + 1);
    const resourceOf = new Map(this.products.all().map((p) => [p.family, p.search.resource]));
    const results = rows.slice(0, SEARCH_LIMIT).map((r) => {
      const paid = r.policy_type === null ? null : { resource: resourceOf.get(r.policy_type) ?? r.policy_type, id: String(r.policy_id) };
      return {
        resource: r.resource,
        id: r.id,
        policy_number: r.policy_number,
        holder: personalDataFor(role, r.resource)(r.holder),
        status: r.resource === 'payments' ? r.status : policyStatusName(Number(r.status)),
        matched: r.matched,
        created_at: new Date(r.created_at).toISOString(),
        policy: paid && can(role, 'read', paid.resource) ? paid : null,
      };
    });
    return { results, truncated: rows.length > SEARCH_LIMIT };
  }
}
