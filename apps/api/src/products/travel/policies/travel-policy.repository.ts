import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { Database, DATABASE, listPage, modelColumns, prefixedFields, Prisma, PrismaService, withDecimals } from '@lib/db';
import type { Payment, TravelPolicy, TravelQuote } from '@lib/db/generated/prisma/client';
import { PolicyStatus } from '../../../policies/policy-status';
import { lastDayBefore } from '../../../policies/policy-term-dates';

export type { TravelPolicy };
/** A policy with the quote it was bought from (the travellers and applicant) and its open payment, if any. */
export type TravelPolicyView = { policy: TravelPolicy; quote: TravelQuote; payment: Pick<Payment, 'linkToken'> | null };
/** What a policy's answer is made of: the policy, the quote's fields it shows, the open payment (Show Policy and the list read just these). */
export type ShownTravelPolicy = {
  policy: Pick<TravelPolicy, (typeof SHOWN_POLICY_FIELDS)[number]>;
  quote: Pick<TravelQuote, (typeof SHOWN_QUOTE_FIELDS)[number]>;
  payment: TravelPolicyView['payment'];
};

export interface TravelPolicyFilter {
  status?: number;
  /** Staff lists: one client's policies. */
  clientId?: string;
  ids?: number[];
  /** Inclusive bounds on created_at. */
  from?: Date;
  to?: Date;
}

const OPEN_PAYMENT = ['pending', 'failed'];

/** The policy's fields its answer shows. */
const SHOWN_POLICY_FIELDS = [
  'id',
  'clientId',
  'quoteId',
  'insurerCode',
  'status',
  'multiEntry',
  'duration',
  'startDate',
  'endDate',
  'price',
  'redirectUrl',
  'providerPolicyId',
  'policyFileId',
  'invoiceFileId',
  'purchasedAt',
  'uploadedAt',
  'cancelledAt',
  'refundAmount',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof TravelPolicy)[];
const POLICY_DECIMALS = ['price', 'refundAmount'] as const;
/** The quote's fields a policy's answer shows (the applicant and travellers in `meta_data`). */
const SHOWN_QUOTE_FIELDS = ['nationalityId', 'phoneNumber', 'email', 'dateOfBirth', 'travellers', 'bill'] as const satisfies readonly (keyof TravelQuote)[];

/** The policy object's columns: the policy's, the quote's it was bought from (`quote.` prefixed), the open payment's link token. */
const SHOWN_COLUMNS = Prisma.raw(
  `${modelColumns('p', SHOWN_POLICY_FIELDS, POLICY_DECIMALS)}, ${modelColumns('q', SHOWN_QUOTE_FIELDS, [], 'quote.')}, pay.link_token AS "paymentLinkToken"`,
);

/** Each policy's quote (`q`) and open payment (`pay`) at `now`. */
function shownJoins(now: Date): Prisma.Sql {
  return Prisma.sql`JOIN travel_quotes q ON q.quote_id = p.quote_id
    LEFT JOIN LATERAL (SELECT link_token FROM payments
                        WHERE policy_type = 'travel' AND policy_id = p.id AND status = ANY(${OPEN_PAYMENT}::text[])
                          AND expires_at > ${now.toISOString()}::timestamptz
                        LIMIT 1) pay ON true`;
}

/** The prepared statement's name on PostgreSQL: change it with the text (a connection keeps the first text under a name). */
const SHOW_POLICY_STATEMENT = 'travel_policy_show_v3';

function viewOfRow(row: Record<string, unknown>): ShownTravelPolicy {
  const policy = withDecimals<ShownTravelPolicy['policy']>(Object.fromEntries(SHOWN_POLICY_FIELDS.map((f) => [f, row[f]])), POLICY_DECIMALS);
  const payment = policy.status === PolicyStatus.Pending && row.paymentLinkToken !== null ? { linkToken: row.paymentLinkToken as string } : null;
  return { policy, quote: prefixedFields(row, 'quote.') as ShownTravelPolicy['quote'], payment };
}

@Injectable()
export class TravelPolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /**
   * Show Policy: the client's policy with its quote and open payment's link in one statement (through Prisma it took
   * three: the policy, then the quote and the payment), prepared once per connection.
   */
  async showForClient(clientId: string, id: number): Promise<ShownTravelPolicy | null> {
    const show = Prisma.sql`SELECT ${SHOWN_COLUMNS} FROM travel_policies p ${shownJoins(this.clock.now())} WHERE p.id = ${id} AND p.client_id = ${clientId}::uuid`;
    const [row] = await this.db.sql.query<Record<string, unknown>>(show.text, show.values, SHOW_POLICY_STATEMENT);
    return row ? viewOfRow(row) : null;
  }

  /** The partner's list: a page of the client's policies, newest first, as Show Policy reads them, and the list's total, in one statement. */
  async pageForClient(
    clientId: string,
    f: Pick<TravelPolicyFilter, 'status' | 'from' | 'to'>,
    skip: number,
    take: number,
  ): Promise<[ShownTravelPolicy[], number]> {
    const conds = [Prisma.sql`p.client_id = ${clientId}::uuid`];
    if (f.status !== undefined) conds.push(Prisma.sql`p.status = ${f.status}`);
    if (f.from) conds.push(Prisma.sql`p.created_at >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) conds.push(Prisma.sql`p.created_at <= ${f.to.toISOString()}::timestamptz`);
    const where = Prisma.join(conds, ' AND ');
    const [rows, total] = await listPage<Record<string, unknown> & { id: number }>(this.db.sql, {
      from: Prisma.sql`travel_policies p`,
      where,
      orderBy: Prisma.sql`p.created_at DESC, p.id DESC`,
      select: SHOWN_COLUMNS,
      joins: shownJoins(this.clock.now()),
      skip,
      take,
    });
    return [rows.map(viewOfRow), total];
  }

  create(tx: Prisma.TransactionClient, data: Prisma.TravelPolicyUncheckedCreateInput) {
    return tx.travelPolicy.create({ data });
  }

  async findForClient(clientId: string | null, id: number, tx: Prisma.TransactionClient = this.prisma): Promise<TravelPolicyView | null> {
    const policy = await tx.travelPolicy.findFirst({ where: { id, ...(clientId === null ? {} : { clientId }) } });
    if (!policy) return null;
    const [view] = await this.views([policy], tx);
    return view;
  }

  /** A page of a client's policies (every client's when null), newest first: three queries whatever the page size. */
  async page(
    clientId: string | null,
    f: TravelPolicyFilter,
    skip: number,
    take: number,
    orderBy: Prisma.TravelPolicyOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }],
  ): Promise<[TravelPolicyView[], number]> {
    const where: Prisma.TravelPolicyWhereInput = {
      ...(clientId === null ? (f.clientId ? { clientId: f.clientId } : {}) : { clientId }),
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.status === undefined ? {} : { status: f.status }),
      ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
    };
    const [rows, total] = await Promise.all([this.prisma.travelPolicy.findMany({ where, orderBy, skip, take }), this.prisma.travelPolicy.count({ where })]);
    return [await this.views(rows), total];
  }

  /** The policies with what presenting them needs (their quotes, a pending one's payment), read in `tx`: two queries for any number. */
  viewsIn(tx: Prisma.TransactionClient, policies: TravelPolicy[]): Promise<TravelPolicyView[]> {
    return this.views(policies, tx);
  }

  private async views(policies: TravelPolicy[], tx: Prisma.TransactionClient = this.prisma): Promise<TravelPolicyView[]> {
    if (!policies.length) return [];
    const [quotes, payments] = await Promise.all([
      tx.travelQuote.findMany({ where: { quoteId: { in: policies.map((p) => p.quoteId) } } }),
      tx.payment.findMany({
        where: { policyType: 'travel', policyId: { in: policies.map((p) => p.id) }, status: { in: OPEN_PAYMENT }, expiresAt: { gt: this.clock.now() } },
      }),
    ]);
    return policies.map((policy) => ({
      policy,
      quote: quotes.find((q) => q.quoteId === policy.quoteId)!,
      payment: policy.status === PolicyStatus.Pending ? (payments.find((p) => p.policyId === policy.id) ?? null) : null,
    }));
  }

  /** The trip ended: active becomes expired (4) once its last day is before `now`; answers the rows it changed (one statement for many). */
  markExpired(tx: Prisma.TransactionClient, ids: number[], now: Date): Promise<TravelPolicy[]> {
    return tx.travelPolicy.updateManyAndReturn({
      where: { id: { in: ids }, status: PolicyStatus.Active, endDate: { lt: lastDayBefore(now) } },
      data: { status: PolicyStatus.Expired, updatedAt: now },
    });
  }

  activate(tx: Prisma.TransactionClient, id: number, data: { providerPolicyId: string; at: Date }) {
    return tx.travelPolicy.update({
      where: { id },
      data: { status: PolicyStatus.Active, providerPolicyId: data.providerPolicyId, purchasedAt: data.at, updatedAt: data.at },
    });
  }

  /** Moves an unpaid (0) or active (1) policy to cancelled: the cancelled row, or null when it was not in `from` any more. */
  async markCancelled(
    tx: Prisma.TransactionClient,
    id: number,
    from: number,
    data: { cancelledAt: Date; reason: string | null; refundAmount: string | null },
  ): Promise<TravelPolicy | null> {
    const { count } = await tx.travelPolicy.updateMany({
      where: { id, status: from },
      data: {
        status: PolicyStatus.Cancelled,
        cancelledAt: data.cancelledAt,
        cancellationReason: data.reason,
        refundAmount: data.refundAmount,
        updatedAt: data.cancelledAt,
      },
    });
    return count === 1 ? tx.travelPolicy.findUnique({ where: { id } }) : null;
  }

  /** Active policies whose policy or invoice PDF is still to produce. */
  async missingDocuments(): Promise<number[]> {
    const rows = await this.prisma.travelPolicy.findMany({
      where: {
        status: { in: [PolicyStatus.Active, PolicyStatus.Cancelled] },
        providerPolicyId: { not: null },
        OR: [{ policyFileId: null }, { invoiceFileId: null }],
      },
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  /** Attaches the PDFs unless another worker did first (then null: the caller drops its copies). */
  async attachDocuments(
    tx: Prisma.TransactionClient,
    id: number,
    files: { policyFileId: string; invoiceFileId: string },
    at: Date,
  ): Promise<TravelPolicy | null> {
    const { count } = await tx.travelPolicy.updateMany({ where: { id, policyFileId: null }, data: { ...files, uploadedAt: at, updatedAt: at } });
    return count === 1 ? tx.travelPolicy.findUnique({ where: { id } }) : null;
  }

  find(id: number): Promise<TravelPolicy | null> {
    return this.prisma.travelPolicy.findUnique({ where: { id } });
  }

  /** The policy's status read in `tx` (undefined when there is no such policy). */
  async statusIn(tx: Prisma.TransactionClient, id: number): Promise<number | undefined> {
    return (await tx.travelPolicy.findUnique({ where: { id }, select: { status: true } }))?.status;
  }
}
