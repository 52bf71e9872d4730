import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, prismaSql } from '@lib/db';
import { readOffers, type OfferRow } from '../quotes/quote-offer-reads.repository';

/**
 * A quote request's status as the console shows it, derived from what the insurers answered:
 * - `quoted`: at least one offer;
 * - `failed`: no offer and no insurer answered (every recorded outcome is an error or a timeout);
 * - `no_offers`: no offer although at least one insurer answered (declined, or answered without an offer).
 * The partner API stores nothing when every insurer fails (it answers 502), so `failed` only shows
 * requests recorded otherwise; the rule is still the one place that decides it.
 */
export const QUOTE_REQUEST_STATUSES = ['quoted', 'no_offers', 'failed'] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];

export interface QuoteRequestFilter {
  ids?: number[];
  ownerId?: string;
  clientId?: string;
  status?: QuoteRequestStatus;
  createdFrom?: Date;
  createdBefore?: Date;
}

export type QuoteRequestSortField = 'id' | 'created_at' | 'status' | 'offer_count' | 'client_name';

export interface QuoteRequestListRow {
  id: number;
  client_id: string;
  client_name: string | null;
  owner_id: string;
  email: string;
  phone: string;
  car_sequence_number: string | null;
  custom_number: string | null;
  car_model_year: number;
  car_estimated_cost: Prisma.Decimal;
  deleted_at: Date | null;
  created_at: Date;
  offer_count: number;
  insurer_count: number;
  answered_count: number;
  status: QuoteRequestStatus;
}

export const QUOTE_REQUEST_DETAIL_INCLUDE = {
  outcomes: { orderBy: { insurerCode: 'asc' }, omit: { quotes: true } },
} satisfies Prisma.MotorQuoteRequestInclude;

/** A request with its outcomes, and its offers in listing order, each with its prices and benefits (see readOffers). */
export type QuoteRequestDetailRow = Prisma.MotorQuoteRequestGetPayload<{ include: typeof QUOTE_REQUEST_DETAIL_INCLUDE }> & { offers: OfferRow[] };

// Whitelisted: the sort column goes into the SQL text, never the caller's string.
const SORT_COLUMNS: Record<QuoteRequestSortField, string> = {
  id: 'id',
  created_at: 'created_at',
  status: 'status',
  offer_count: 'offer_count',
  client_name: 'client_name',
};

export interface ProviderHealthRow {
  insurer_code: string;
  requests: number;
  ok: number;
  declined: number;
  timeout: number;
  error: number;
  latency_p50_ms: number;
  latency_p95_ms: number;
}

/** The console's reads of motor quote requests, across every client. Nothing here writes. */
@Injectable()
export class QuoteRequestAdminRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One page and the total in two statements: offer and outcome counts come from per-row lateral
   * aggregates (served by the quote_request_id indexes), so the status is computed, filtered and
   * sorted in SQL for the whole page at once instead of one query per row.
   */
  async page(filter: QuoteRequestFilter, sort: { field: QuoteRequestSortField; order: 'ASC' | 'DESC' }, skip: number, take: number) {
    const dir = Prisma.raw(sort.order === 'ASC' ? 'ASC' : 'DESC');
    const column = Prisma.raw(SORT_COLUMNS[sort.field]);
    const withStatus = this.withStatus(filter);
    const statusWhere = filter.status ? Prisma.sql`WHERE status = ${filter.status}` : Prisma.empty;
    const [rows, count] = await Promise.all([
      this.prisma.$queryRaw<
        QuoteRequestListRow[]
      >`${withStatus} SELECT * FROM s ${statusWhere} ORDER BY ${column} ${dir}, id ${dir} LIMIT ${take} OFFSET ${skip}`,
      this.prisma.$queryRaw<Array<{ total: number }>>`${withStatus} SELECT count(*)::int AS total FROM s ${statusWhere}`,
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

  /** The request with its offers and outcomes; its status and client name from the list query (one rule). */
  async find(id: number): Promise<{ row: QuoteRequestDetailRow; summary: QuoteRequestListRow } | null> {
    const [row, offers, { rows }] = await Promise.all([
      this.prisma.motorQuoteRequest.findUnique({ where: { id }, include: QUOTE_REQUEST_DETAIL_INCLUDE }),
      readOffers(prismaSql(this.prisma), [id]),
      this.page({ ids: [id] }, { field: 'id', order: 'ASC' }, 0, 1),
    ]);
    return row && rows[0] ? { row: { ...row, offers: offers.get(id)! }, summary: rows[0] } : null;
  }

  /** Per insurer, over the quote requests created in [from, to): outcome counts and latency percentiles. */
  providerHealth(from: Date, to: Date): Promise<ProviderHealthRow[]> {
    return this.prisma.$queryRaw<ProviderHealthRow[]>`
      SELECT o.insurer_code,
             count(*)::int AS requests,
             count(*) FILTER (WHERE o.outcome = 'ok')::int AS ok,
             count(*) FILTER (WHERE o.outcome = 'declined')::int AS declined,
             count(*) FILTER (WHERE o.outcome = 'timeout')::int AS timeout,
             count(*) FILTER (WHERE o.outcome = 'error')::int AS error,
             round(percentile_cont(0.5) WITHIN GROUP (ORDER BY o.latency_ms)::numeric)::int AS latency_p50_ms,
             round(percentile_cont(0.95) WITHIN GROUP (ORDER BY o.latency_ms)::numeric)::int AS latency_p95_ms
        FROM motor_insurer_outcomes o
        JOIN motor_quote_requests r ON r.id = o.quote_request_id
       WHERE r.created_at >= ${from} AND r.created_at < ${to}
       GROUP BY o.insurer_code
       ORDER BY o.insurer_code`;
  }

  /** `WITH s AS (...)`: the filtered requests with their counts and derived status. */
  private withStatus(f: QuoteRequestFilter): Prisma.Sql {
    const where: Prisma.Sql[] = [];
    if (f.ids) where.push(f.ids.length ? Prisma.sql`r.id IN (${Prisma.join(f.ids)})` : Prisma.sql`false`);
    if (f.ownerId) where.push(Prisma.sql`r.owner_id = ${f.ownerId}`);
    if (f.clientId) where.push(Prisma.sql`r.client_id = ${f.clientId}::uuid`);
    if (f.createdFrom) where.push(Prisma.sql`r.created_at >= ${f.createdFrom}`);
    if (f.createdBefore) where.push(Prisma.sql`r.created_at < ${f.createdBefore}`);
    const whereSql = where.length ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty;
    return Prisma.sql`
      WITH q AS (
        SELECT r.id, r.client_id::text AS client_id, c.name AS client_name, r.owner_id, r.email, r.phone,
               r.car_sequence_number, r.custom_number, r.car_model_year, r.car_estimated_cost, r.deleted_at, r.created_at,
               ofr.n AS offer_count, res.n AS insurer_count, res.answered AS answered_count
          FROM motor_quote_requests r
          LEFT JOIN api_clients c ON c.id = r.client_id
          CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM motor_offers WHERE quote_request_id = r.id) ofr
          CROSS JOIN LATERAL (
            SELECT count(*)::int AS n, count(*) FILTER (WHERE outcome IN ('ok', 'declined'))::int AS answered
              FROM motor_insurer_outcomes WHERE quote_request_id = r.id
          ) res
          ${whereSql}
      ), s AS (
        SELECT q.*, CASE WHEN offer_count > 0 THEN 'quoted'
                         WHEN insurer_count > 0 AND answered_count = 0 THEN 'failed'
                         ELSE 'no_offers' END AS status
          FROM q
      )`;
  }
}
