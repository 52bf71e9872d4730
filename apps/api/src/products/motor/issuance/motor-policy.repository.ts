import { Inject, Injectable } from '@nestjs/common';
import { amountNumber, amountString, Clock, sum, type PriceAggregates } from '@lib/common';
import { Database, DATABASE, listPage, Prisma, PrismaService, prismaSql } from '@lib/db';
import type { MotorPolicy, MotorQuoteRequest } from '@lib/db/generated/prisma/client';
import { InsurerIssue, issuedFields, PolicyStatus } from '../../../policies/policy-status';
import { lastDayBefore } from '../../../policies/policy-term-dates';
import type { PresentableMotorPolicy } from './motor-policy.presenter';
import { readOffer } from '../quotes/quote-offer-reads.repository';

/** A payment whose link still works: pending, or its last card attempt failed (the customer may try again). */
const OPEN_PAYMENT = ['pending', 'failed'];

/** What Show Policy reads: the object's fields and the open payment's link token. */
export type ShownPolicy = { policy: PresentableMotorPolicy; payment: { linkToken: string } | null };

/** The columns Show Policy's object is built from (`PresentableMotorPolicy`), and the open payment's link token. */
const SHOWN_COLUMNS = [
  'p.id',
  'p.client_id AS "clientId"',
  'p.quote_request_id AS "quoteRequestId"',
  'p.price_id AS "priceId"',
  'p.product_code AS "productCode"',
  'p.owner_id AS "ownerId"',
  'p.previous_owner_id AS "previousOwnerId"',
  'p.car_sequence_number AS "carSequenceNumber"',
  'p.extra_data AS "extraData"',
  'p.status',
  'p.price',
  'p.provider_policy_id AS "providerPolicyId"',
  'p.provider_policy AS "providerPolicy"',
  'p.invoice_url AS "invoiceUrl"',
  'p.start_date AS "startDate"',
  'p.end_date AS "endDate"',
  'p.purchased_at AS "purchasedAt"',
  'p.created_at AS "createdAt"',
  'p.updated_at AS "updatedAt"',
  'pay.link_token AS "linkToken"',
].join(', ');

/** Show Policy's one statement (exported for the benchmark's bare handler, which runs the same read). */
export const SHOW_POLICY_SQL = `SELECT ${SHOWN_COLUMNS}
   FROM motor_policies p
   LEFT JOIN LATERAL (SELECT link_token FROM payments
                       WHERE policy_type = 'motor' AND policy_id = p.id AND status = ANY($3::text[]) AND expires_at > $4::timestamptz
                       ORDER BY created_at DESC LIMIT 1) pay ON true
  WHERE p.id = $1 AND p.client_id = $2::uuid`;

/** The prepared statement's name on PostgreSQL: change it with the text (a connection keeps the first text under a name). */
export const SHOW_POLICY_STATEMENT = 'motor_policy_show_v2';

export function showPolicyParams(clientId: string, id: number, now: Date): unknown[] {
  return [id, clientId, OPEN_PAYMENT, now.toISOString()];
}

@Injectable()
export class MotorPolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  create(tx: Prisma.TransactionClient, data: Prisma.MotorPolicyUncheckedCreateInput): Promise<MotorPolicy> {
    return tx.motorPolicy.create({ data });
  }

  /** The term ended: active becomes expired (4) once its last day is before `now`; answers the rows it changed (one statement for many). */
  markExpired(tx: Prisma.TransactionClient, ids: number[], now: Date): Promise<MotorPolicy[]> {
    return tx.motorPolicy.updateManyAndReturn({
      where: { id: { in: ids }, status: PolicyStatus.Active, endDate: { lt: lastDayBefore(now) } },
      data: { status: PolicyStatus.Expired, updatedAt: now },
    });
  }

  /** The policy and the quote request it was issued from, read in `tx`, if it is active. */
  async activeWithRequestIn(tx: Prisma.TransactionClient, id: number): Promise<{ policy: MotorPolicy; request: MotorQuoteRequest } | null> {
    const policy = await tx.motorPolicy.findFirst({ where: { id, status: PolicyStatus.Active } });
    if (!policy) return null;
    const request = await tx.motorQuoteRequest.findUnique({ where: { id: policy.quoteRequestId } });
    return request ? { policy, request } : null;
  }

  /**
   * Show Policy: the policy and its pending payment's link in one plain-SQL round trip (the partner API's most
   * frequent read; through Prisma it took two queries and several times the CPU), prepared once per connection on
   * PostgreSQL, and only the columns the object needs (every column parsed is CPU on each read).
   */
  async findForClient(clientId: string, id: number): Promise<ShownPolicy | null> {
    const rows = await this.db.sql.query<PresentableMotorPolicy & { linkToken: string | null }>(
      SHOW_POLICY_SQL,
      showPolicyParams(clientId, id, this.clock.now()),
      SHOW_POLICY_STATEMENT,
    );
    if (!rows[0]) return null;
    const { linkToken, ...policy } = rows[0];
    return { policy, payment: linkToken === null ? null : { linkToken } };
  }

  /**
   * A page of the client's policies, newest first, each with its open payment's link, and the list's total: one
   * statement, the rows in Show Policy's shape (SHOWN_COLUMNS).
   */
  async page(clientId: string, filter: MotorPolicyFilter, skip: number, take: number): Promise<[ShownPolicy[], number]> {
    const where = motorPolicyConditions(clientId, filter);
    const [rows, total] = await listPage<PresentableMotorPolicy & { linkToken: string | null }>(this.db.sql, {
      from: Prisma.sql`motor_policies p`,
      where,
      orderBy: Prisma.sql`p.id DESC`,
      select: Prisma.raw(SHOWN_COLUMNS),
      joins: Prisma.sql`LEFT JOIN LATERAL (SELECT link_token FROM payments
                          WHERE policy_type = 'motor' AND policy_id = p.id AND status = ANY(${OPEN_PAYMENT}::text[])
                            AND expires_at > ${this.clock.now().toISOString()}::timestamptz
                          ORDER BY created_at DESC LIMIT 1) pay ON true`,
      skip,
      take,
    });
    return [rows.map(({ linkToken, ...policy }) => ({ policy, payment: linkToken === null ? null : { linkToken } })), total];
  }

  /** How many policies the filter matches and their total price, in all and per month (of the date the filter uses). */
  async aggregates(clientId: string, filter: MotorPolicyFilter): Promise<PriceAggregates> {
    const dated = filter.status === PolicyStatus.Active ? Prisma.sql`p.purchased_at` : Prisma.sql`p.created_at`;
    const rows = await this.prisma.$queryRaw<Array<{ month: string; count: bigint; total: string }>>`
      SELECT to_char(${dated} AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS count, sum(p.price)::text AS total
        FROM motor_policies p WHERE ${motorPolicyConditions(clientId, filter)} GROUP BY 1 ORDER BY 1`;
    const byMonth = Object.fromEntries(rows.map((r) => [r.month, { count: Number(r.count), total_price: amountNumber(r.total) }]));
    return {
      total_count: rows.reduce((n, r) => n + Number(r.count), 0),
      total_price: amountNumber(amountString(sum(rows.map((r) => r.total)))),
      by_month: byMonth,
    };
  }

  /** The client's policy issued from this price, if any (one price issues one policy). */
  findByPrice(clientId: string, priceId: string): Promise<MotorPolicy | null> {
    return this.prisma.motorPolicy.findUnique({ where: { clientId_priceId: { clientId, priceId } } });
  }

  find(id: number): Promise<MotorPolicy | null> {
    return this.prisma.motorPolicy.findUnique({ where: { id } });
  }

  /** The policy's status read in `tx` (undefined when there is no such policy). */
  async statusIn(tx: Prisma.TransactionClient, id: number): Promise<number | undefined> {
    return (await tx.motorPolicy.findUnique({ where: { id }, select: { status: true } }))?.status;
  }

  /**
   * The policy with the offer and price it was bought at and its quote request (in `tx` when given): what its
   * activation and its documents need. Null when any of them is missing.
   */
  async findWithPurchase(id: number, tx?: Prisma.TransactionClient) {
    const db = tx ?? this.prisma;
    const policy = await db.motorPolicy.findUnique({ where: { id } });
    if (!policy) return null;
    const [offer, request] = await Promise.all([
      readOffer(prismaSql(db), policy.offerId),
      db.motorQuoteRequest.findUnique({ where: { id: policy.quoteRequestId } }),
    ]);
    const price = offer?.prices.find((p) => p.id === policy.priceId);
    if (!offer || !price || !request) return null;
    return { policy, offer, price, request };
  }

  /** Paid and issued by the insurer: active for the insurer's term, its documents still to produce. */
  markIssued(tx: Prisma.TransactionClient, id: number, a: InsurerIssue): Promise<MotorPolicy> {
    return tx.motorPolicy.update({ where: { id }, data: { ...issuedFields(a), documentsPending: true } });
  }

  /** Up to 50 policies whose documents are still to produce, oldest first. */
  async documentsPending(): Promise<number[]> {
    const rows = await this.prisma.motorPolicy.findMany({ where: { documentsPending: true }, select: { id: true }, orderBy: { id: 'asc' }, take: 50 });
    return rows.map((r) => r.id);
  }

  /**
   * References the stored schedule and invoice from the policy, once: false when another producer did it first.
   * `alsoInTx` runs in the same transaction with the documented policy (its webhook is sent exactly when the PDF is there).
   */
  attachDocuments(
    id: number,
    d: { providerPolicy: string; invoiceUrl: string; at: Date },
    alsoInTx: (tx: Prisma.TransactionClient, documented: MotorPolicy) => Promise<void>,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.motorPolicy.updateMany({
        where: { id, documentsPending: true },
        data: { providerPolicy: d.providerPolicy, invoiceUrl: d.invoiceUrl, documentsPending: false, updatedAt: d.at },
      });
      if (count === 0) return false;
      await alsoInTx(tx, (await tx.motorPolicy.findUnique({ where: { id } }))!);
      return true;
    });
  }
}

/**
 * The real service's policy-list filters. The dates filter `created_at`, or the purchase (`uploaded_at`)
 * when listing issued policies (`status=1`), as it documents.
 */
export interface MotorPolicyFilter {
  status?: number;
  quoteRequestId?: number;
  priceId?: string;
  providerPolicyId?: string;
  carSequenceNumber?: string;
  newOwnerId?: string;
  previousOwnerId?: string;
  minPrice?: string;
  maxPrice?: string;
  from?: Date;
  to?: Date;
}

/** The filter on `motor_policies p`, for the list and its aggregates alike. */
function motorPolicyConditions(clientId: string, f: MotorPolicyFilter): Prisma.Sql {
  const dated = f.status === PolicyStatus.Active ? Prisma.sql`p.purchased_at` : Prisma.sql`p.created_at`;
  const conds = [Prisma.sql`p.client_id = ${clientId}::uuid`];
  if (f.status !== undefined) conds.push(Prisma.sql`p.status = ${f.status}`);
  if (f.quoteRequestId !== undefined) conds.push(Prisma.sql`p.quote_request_id = ${f.quoteRequestId}`);
  if (f.priceId) conds.push(Prisma.sql`p.price_id = ${f.priceId}::uuid`);
  if (f.providerPolicyId) conds.push(Prisma.sql`p.provider_policy_id = ${f.providerPolicyId}`);
  if (f.carSequenceNumber) conds.push(Prisma.sql`p.car_sequence_number = ${f.carSequenceNumber}`);
  if (f.newOwnerId) conds.push(Prisma.sql`p.owner_id = ${f.newOwnerId}`);
  if (f.previousOwnerId) conds.push(Prisma.sql`p.previous_owner_id = ${f.previousOwnerId}`);
  if (f.minPrice) conds.push(Prisma.sql`p.price >= ${f.minPrice}::numeric`);
  if (f.maxPrice) conds.push(Prisma.sql`p.price <= ${f.maxPrice}::numeric`);
  if (f.from) conds.push(Prisma.sql`${dated} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(Prisma.sql`${dated} <= ${f.to.toISOString()}::timestamptz`);
  return Prisma.join(conds, ' AND ');
}
