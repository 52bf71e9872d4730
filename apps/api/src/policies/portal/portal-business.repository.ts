import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, listTotal, PrismaService, type Database } from '@lib/db';
import type { Claim, ClaimStatusChange } from '@lib/db/generated/prisma/client';
import type { PolicyProduct } from '../policy-product';
import { type SearchTerm, searchTests } from '../policy-search';

/** One policy of any family as the portal lists it, before masking. */
export interface PortalPolicyRow {
  family: string;
  policy_id: number;
  status: number;
  policy_number: string | null;
  holder_name: string | null;
  holder_id: string | null;
  premium: string;
  insurer: string;
  start_date: string | null;
  end_date: string | null;
  issued_at: Date | null;
  created_at: Date;
}

export interface PremiumMonthRow {
  family: string;
  month: string;
  premium: string;
  policies: string;
}

export interface ClaimPageFilter {
  status?: string;
  productFamily?: string;
}

type Param = (v: unknown) => string;

/**
 * The partners' portal's reads across every family, always confined to one client (`client_id = $1` in every branch
 * and every statement). Each family's branch is built from its product's constants (search spec and portal columns);
 * only the client, filters and paging are parameters.
 */
@Injectable()
export class PortalBusinessRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly prisma: PrismaService,
  ) {}

  /** A page of the client's policies of the given families, newest first, and the total. */
  async policies(
    products: PolicyProduct[],
    clientId: string,
    filter: { status?: number; term?: SearchTerm },
    skip: number,
    take: number,
  ): Promise<{ rows: PortalPolicyRow[]; total: number }> {
    const params: unknown[] = [clientId];
    const $: Param = (v) => `$${params.push(v)}`;
    const statusTest = filter.status === undefined ? '' : ` AND p.status = ${$(filter.status)}`;
    const branches = products.flatMap((p) => {
      if (!filter.term) return [policyBranch(p, statusTest)];
      // the partner's own references only: personal fields are masked in the portal, so they are not searched either
      const tests = searchTests(p.search, false, filter.term, $);
      return tests.length ? [policyBranch(p, `${statusTest} AND (${tests.map(([, c]) => c).join(' OR ')})`)] : [];
    });
    if (!branches.length) return { rows: [], total: 0 };
    const union = branches.join('\nUNION ALL\n');
    const rows = await this.db.sql.query<PortalPolicyRow>(
      `SELECT * FROM (${union}) policies ORDER BY created_at DESC, family, policy_id DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const total = await listTotal(`portal_policies:${products.map((p) => p.family).join(',')}:${JSON.stringify(params)}`, async (bound) => {
      const [row] = await this.db.sql.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM (SELECT 1 FROM (${union}) policies${bound ? ` LIMIT ${bound}` : ''}) t`,
        params,
      );
      return Number(row.n);
    });
    return { rows, total };
  }

  /** One of the client's policies of a family, or null (another client's is never found). */
  async policy(product: PolicyProduct, clientId: string, id: number): Promise<PortalPolicyRow | null> {
    const [row] = await this.db.sql.query<PortalPolicyRow>(`${policyBranch(product, ' AND p.id = $2')}`, [clientId, id]);
    return row ?? null;
  }

  /** The premium of the client's policies issued in each month since `from` (UTC), per family, summed in the database (decimal). */
  premiumByMonth(products: PolicyProduct[], clientId: string, from: Date): Promise<PremiumMonthRow[]> {
    if (!products.length) return Promise.resolve([]);
    const branches = products.map(({ family, search, portal }) => {
      const kept = search.excluded ? ` AND NOT (${search.excluded})` : '';
      return `SELECT '${family}'::text AS family, to_char(${portal.issuedAt} AT TIME ZONE 'UTC', 'YYYY-MM') AS month, sum(${portal.premium})::text AS premium,
                count(*)::text AS policies
                FROM ${search.from} WHERE p.client_id = $1::uuid AND ${portal.issuedAt} >= $2::timestamptz${kept} GROUP BY 2`;
    });
    return this.db.sql.query<PremiumMonthRow>(`SELECT * FROM (${branches.join('\nUNION ALL\n')}) m ORDER BY month, family`, [clientId, from.toISOString()]);
  }

  /** A page of the client's claims, newest first, and the total. */
  async claims(clientId: string, f: ClaimPageFilter, skip: number, take: number): Promise<[Claim[], number]> {
    const where = { clientId, ...(f.status ? { status: f.status } : {}), ...(f.productFamily ? { productFamily: f.productFamily } : {}) };
    const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
    return Promise.all([
      this.prisma.claim.findMany({ where, orderBy, skip, take }),
      listTotal(`portal_claims:${JSON.stringify(where)}`, (n) =>
        n ? this.prisma.claim.count({ where, orderBy, take: n }) : this.prisma.claim.count({ where }),
      ),
    ]);
  }

  claim(clientId: string, id: number): Promise<Claim | null> {
    return this.prisma.claim.findFirst({ where: { id, clientId } });
  }

  claimHistory(claimId: number): Promise<ClaimStatusChange[]> {
    return this.prisma.claimStatusChange.findMany({ where: { claimId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }
}

/** One family's policies of the client ($1), with any extra condition on `p`. */
function policyBranch({ family, search, portal }: PolicyProduct, extra: string): string {
  const kept = search.excluded ? ` AND NOT (${search.excluded})` : '';
  const text = (sql: string | null | undefined) => (sql ? `(${sql})::text` : 'NULL::text');
  return `SELECT '${family}'::text AS family, p.id AS policy_id, p.status, ${text(search.policyNumber)} AS policy_number, ${text(search.holder)} AS holder_name,
     ${text(search.holderId)} AS holder_id, (${portal.premium})::text AS premium, (${portal.insurer})::text AS insurer,
     ${text(portal.cover?.from)} AS start_date, ${text(portal.cover?.to)} AS end_date, ${portal.issuedAt} AS issued_at, p.created_at
     FROM ${search.from} WHERE p.client_id = $1::uuid${kept}${extra}`;
}
