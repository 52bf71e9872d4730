import { Injectable } from '@nestjs/common';
import { amountString, ApiError, Clock, formatDate, formatDateTime, maskPersonal, pageSkip, z } from '@lib/common';
import type { Claim, ClaimStatusChange } from '@lib/db/generated/prisma/client';
import type { ClaimStatus } from '../claims/claim-status';
import type { PolicyProduct } from '../policy-product';
import { PolicyProducts } from '../policy-products';
import { searchTerm } from '../policy-search';
import { POLICY_STATUS_NAMES, policyStatusName, PolicyStatus } from '../policy-status';
import { PortalBusinessRepository, PortalPolicyRow } from './portal-business.repository';
import type { overviewQuery, PortalClaimOut, portalClaimsQuery, PortalOverviewOut, portalPoliciesQuery, PortalPolicyOut } from './portal-business.response';

const POLICY_REF = /^([a-z]{2,32})-([1-9]\d{0,8})$/;
const amount = (v: { toString(): string } | null) => (v === null ? null : amountString(v.toString()));
const at = (v: Date | string) => formatDateTime(v instanceof Date ? v : new Date(v));

/**
 * The partner's business as its portal shows it: its policies of every family, its claims, and the overview's figures.
 * Every read is the signed-in user's client's alone; another client's policy or claim is a 404, as one that does not exist.
 */
@Injectable()
export class PortalBusinessService {
  constructor(
    private readonly products: PolicyProducts,
    private readonly repository: PortalBusinessRepository,
    private readonly clock: Clock,
  ) {}

  private families(family: string | undefined): PolicyProduct[] {
    const all = this.products.all();
    if (family === undefined) return all;
    const one = all.filter((p) => p.family === family);
    if (!one.length) throw ApiError.validation({ family: [`The family must be one of: ${all.map((p) => p.family).join(', ')}.`] });
    return one;
  }

  async policies(clientId: string, q: z.output<typeof portalPoliciesQuery>): Promise<{ rows: PortalPolicyOut[]; total: number }> {
    const status = q.status === undefined ? undefined : (Number(Object.entries(POLICY_STATUS_NAMES).find(([, name]) => name === q.status)![0]) as PolicyStatus);
    const term = q.q === undefined ? undefined : searchTerm(q.q);
    const { rows, total } = await this.repository.policies(this.families(q.family), clientId, { status, term }, pageSkip(q), q.per_page);
    return { rows: rows.map(presentPolicy), total };
  }

  async policy(clientId: string, ref: string): Promise<PortalPolicyOut> {
    const match = POLICY_REF.exec(ref);
    const product = match && this.products.all().find((p) => p.family === match[1]);
    const row = product && (await this.repository.policy(product, clientId, Number(match[2])));
    if (!row) throw ApiError.notFound('No policy of yours with this id.');
    return presentPolicy(row);
  }

  async claims(clientId: string, q: z.output<typeof portalClaimsQuery>): Promise<{ rows: PortalClaimOut[]; total: number }> {
    const productFamily = q.family === undefined ? undefined : (this.products.claimFamilyOf(this.families(q.family)[0].family) ?? q.family);
    const [rows, total] = await this.repository.claims(clientId, { status: q.status, productFamily }, pageSkip(q), q.per_page);
    return { rows: rows.map((c) => this.presentClaim(c, [])), total };
  }

  async claim(clientId: string, id: string): Promise<PortalClaimOut> {
    const claim = /^[1-9]\d{0,8}$/.test(id) ? await this.repository.claim(clientId, Number(id)) : null;
    if (!claim) throw ApiError.notFound('No claim of yours with this id.');
    return this.presentClaim(claim, await this.repository.claimHistory(claim.id));
  }

  async overview(clientId: string, q: z.output<typeof overviewQuery>): Promise<PortalOverviewOut> {
    const now = this.clock.now();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (q.months - 1), 1));
    const products = this.products.all();
    const [premium, insurers] = await Promise.all([
      this.repository.premiumByMonth(products, clientId, from),
      Promise.all(
        products.map(async (p) => (p.quoteFunnel ? (await p.quoteFunnel.insurers(clientId, from, now)).map((s) => ({ family: p.family, ...s })) : [])),
      ),
    ]);
    const months = Array.from({ length: q.months }, (_, i) => new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1)).toISOString().slice(0, 7));
    return {
      from: formatDate(from),
      months,
      premium_by_month: premium.map((r) => ({ month: r.month, family: r.family, premium: amountString(r.premium), policies: Number(r.policies) })),
      insurers: insurers.flat().map((s) => ({
        family: s.family,
        insurer: s.insurer,
        quote_requests: s.quoteRequests,
        offered: s.offered,
        policies: s.policies,
        answers: s.answers,
        p50_ms: s.p50Ms,
        p95_ms: s.p95Ms,
      })),
    };
  }

  private presentClaim(c: Claim, history: ClaimStatusChange[]): PortalClaimOut {
    const family = this.products.policyFamilyOfClaims(c.productFamily);
    return {
      id: c.id,
      family,
      policy_id: c.policyId,
      policy: `${family}-${c.policyId}`,
      claim_type: c.claimType,
      status: c.status as ClaimStatus,
      incident_date: formatDate(c.incidentDate),
      requested_amount: amountString(c.requestedAmount.toString()),
      approved_amount: amount(c.approvedAmount),
      paid_amount: amount(c.paidAmount),
      status_history: history.map((h) => ({ status: h.toStatus as ClaimStatus, at: formatDateTime(h.createdAt) })),
      created_at: formatDateTime(c.createdAt),
      updated_at: formatDateTime(c.updatedAt),
    };
  }
}

/** A policy row as the portal shows it: the insured's name (or, where the family keeps none, id) masked as in the console. */
function presentPolicy(r: PortalPolicyRow): PortalPolicyOut {
  const insured = r.holder_name || r.holder_id;
  return {
    id: `${r.family}-${r.policy_id}`,
    family: r.family,
    policy_id: Number(r.policy_id),
    status: policyStatusName(Number(r.status)) as PortalPolicyOut['status'],
    policy_number: r.policy_number,
    insured: insured ? maskPersonal(insured) : null,
    premium: amountString(r.premium),
    insurer: r.insurer,
    start_date: r.start_date,
    end_date: r.end_date,
    issued_at: r.issued_at ? at(r.issued_at) : null,
    created_at: at(r.created_at),
  };
}
