import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Database, DATABASE, listPage, modelColumns, Prisma, PrismaService, withDecimals } from '@lib/db';
import type { Payment, Refund } from '@lib/db/generated/prisma/client';
import { TestClocks } from '../platform/test-clocks/test-clocks';
import { DueEvents } from '../platform/due-events/due-events';
import type { PaymentStatusReason } from './payment-status-reasons';

export type { Payment, Refund };

/**
 * pending (link open), failed (the last card attempt failed; the link is still open), paid, expired
 * (the link lapsed unpaid), cancelled (the link was withdrawn: `status_reason` says why), refunded
 * (money given back, in part or in full: `status_reason` and the payment's refunds say why and how much).
 */
export const PAYMENT_STATUSES = ['pending', 'failed', 'paid', 'expired', 'cancelled', 'refunded'] as const;
/** Payments still to be paid (the link works; a failed attempt may be tried again): the dashboard's "payments pending". */
export const OPEN_PAYMENT_STATUSES = ['pending', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The due event of a payment link lapsing (fired by PaymentLapse). */
export const PAYMENT_LAPSE = 'payment.lapse';

export interface PendingPayment {
  clientId: string;
  /** The product family, as registered in PolicyActivators (`motor` today). */
  policyType: string;
  policyId: number;
  amount: string;
  expiresAt: Date;
  at: Date;
}

export interface PaymentFilter {
  status?: PaymentStatus;
  policyType?: string;
  /** Inclusive bounds on created_at. */
  from?: Date;
  to?: Date;
}

/** The fields a payment record is presented from (the partner's list reads only these). */
export const PRESENTED_PAYMENT_FIELDS = [
  'id',
  'status',
  'statusReason',
  'amount',
  'currency',
  'vendorReference',
  'failureCode',
  'policyType',
  'policyId',
  'linkToken',
  'expiresAt',
  'paidAt',
  'createdAt',
  'updatedAt',
] as const;
export type PresentablePayment = Pick<Payment, (typeof PRESENTED_PAYMENT_FIELDS)[number]>;
/** The fields a refund is presented from. */
export type PresentableRefund = Pick<Refund, 'id' | 'amount' | 'currency' | 'status' | 'reason' | 'vendorRefundId' | 'createdAt' | 'refundedAt'>;

export interface AdminPaymentFilter {
  ids?: string[];
  q?: string;
  status?: PaymentStatus;
  /** Only payments still to be paid (OPEN_PAYMENT_STATUSES). */
  open?: boolean;
  clientId?: string;
  policyType?: string;
  from?: Date;
  to?: Date;
}

/**
 * A payment as it stands at `now`: an open link past its expiry has lapsed, `expired` since its `expires_at`, whether or
 * not PaymentLapse (a due event) has written it yet. Every read answers it so and none writes it; `lapsedAt` is the same
 * rule in SQL. A payment that has not lapsed is answered as it is (the same object).
 */
export function paymentAt<P extends Pick<Payment, 'status' | 'expiresAt' | 'updatedAt'>>(p: P, now: Date): P {
  if (!(OPEN_PAYMENT_STATUSES as readonly string[]).includes(p.status) || p.expiresAt.getTime() > now.getTime()) return p;
  return { ...p, status: 'expired', updatedAt: p.updatedAt.getTime() > p.expiresAt.getTime() ? p.updatedAt : p.expiresAt };
}

/** paymentAt's lapse in SQL (alias `p`): the link is open and past its expiry at `now`. */
function lapsedAt(now: Date): Prisma.Sql {
  return Prisma.sql`(p.status = ANY(${[...OPEN_PAYMENT_STATUSES]}::text[]) AND p.expires_at <= ${now.toISOString()}::timestamptz)`;
}

/** A payment's status at `now` in SQL (alias `p`), as paymentAt answers it. */
function statusAt(now: Date): Prisma.Sql {
  return Prisma.sql`CASE WHEN ${lapsedAt(now)} THEN 'expired' ELSE p.status END`;
}

/** The console's sorts other than status (statusAt), by Prisma field name. */
const SORT_COLUMNS: Record<string, Prisma.Sql> = {
  createdAt: Prisma.sql`p.created_at`,
  amount: Prisma.sql`p.amount`,
  paidAt: Prisma.sql`p.paid_at`,
  expiresAt: Prisma.sql`p.expires_at`,
  id: Prisma.sql`p.id`,
};

/** The console's search `q`: a payment id, part of the vendor reference, a policy id, or an amount. */
function searchOf(q: string): Prisma.Sql[] {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [
    ...(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q) ? [Prisma.sql`p.id = ${q}::uuid`] : []),
    Prisma.sql`p.vendor_reference ILIKE ${like}`,
    ...(/^\d{1,9}$/.test(q) ? [Prisma.sql`p.policy_id = ${Number(q)}`] : []),
    ...(/^\d{1,12}(\.\d{1,2})?$/.test(q) ? [Prisma.sql`p.amount = ${q}::numeric`] : []),
  ];
}

export type PaymentWithRefunds = { payment: PresentablePayment; refunds: PresentableRefund[] };

/** Payments behind payment links. Written inside the caller's transaction so a policy never lacks one. */
@Injectable()
export class PaymentRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
    private readonly testClocks: TestClocks,
    private readonly dueEvents: DueEvents,
  ) {}

  /**
   * A payment created on a sandbox test clock follows it (its expiry on the payment page, the callbacks). Its
   * lapse is written with it (PaymentLapse fires it at `expires_at`, which never changes afterwards).
   */
  async createPending(tx: Prisma.TransactionClient, p: PendingPayment) {
    const payment = await tx.payment.create({
      data: {
        id: randomUUID(),
        clientId: p.clientId,
        policyType: p.policyType,
        policyId: p.policyId,
        amount: p.amount,
        currency: 'SAR',
        status: 'pending',
        linkToken: randomBytes(24).toString('base64url'),
        expiresAt: p.expiresAt,
        createdAt: p.at,
        updatedAt: p.at,
      },
    });
    await this.testClocks.attach(tx, { type: 'payment', key: payment.id });
    await this.dueEvents.schedule(tx, { kind: PAYMENT_LAPSE, subject: payment.id, dueAt: payment.expiresAt, resource: { type: 'payment', key: payment.id } });
    return payment;
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { timeout: 30_000 });
  }

  findByToken(token: string): Promise<Payment | null> {
    return /^[\w-]{16,64}$/.test(token) ? this.prisma.payment.findUnique({ where: { linkToken: token } }) : Promise.resolve(null);
  }

  /** One of the client's payments, or null (another client's is never found). */
  findOfClient(clientId: string, id: string): Promise<Payment | null> {
    return this.prisma.payment.findFirst({ where: { id, clientId } });
  }

  findById(id: string): Promise<Payment | null> {
    return /^[0-9a-f-]{36}$/i.test(id) ? this.prisma.payment.findUnique({ where: { id } }) : Promise.resolve(null);
  }

  /**
   * Locks the payment row for the rest of the transaction (SELECT ... FOR UPDATE): two callbacks, or a
   * callback and the customer's return, for the same payment run one after the other, never together.
   */
  async lock(tx: Prisma.TransactionClient, id: string): Promise<Payment | null> {
    await tx.$queryRaw`SELECT "id" FROM "payments" WHERE "id" = ${id}::uuid FOR UPDATE`;
    return tx.payment.findUnique({ where: { id } });
  }

  /** The policy's latest payment that took money (paid, or refunded since), with the vendor charge that paid it. */
  lastPaidOf(tx: Prisma.TransactionClient, policyType: string, policyId: number): Promise<Payment | null> {
    return tx.payment.findFirst({
      where: { policyType, policyId, status: { in: ['paid', 'refunded'] }, vendorReference: { not: null } },
      orderBy: { paidAt: 'desc' },
    });
  }

  update(tx: Prisma.TransactionClient | PrismaService, id: string, data: Prisma.PaymentUpdateInput): Promise<Payment> {
    return tx.payment.update({ where: { id }, data });
  }

  /** Makes a vendor checkout the payment's current attempt, unless the payment was settled meanwhile. */
  async startAttempt(id: string, vendorReference: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.payment.updateMany({
      where: { id, status: { in: ['pending', 'failed'] } },
      data: { vendorReference, status: 'pending', failureCode: null, updatedAt: at },
    });
    return count === 1;
  }

  /**
   * Withdraws the open links of a policy (or of a medical company): they answer 410 saying why, and
   * money confirmed on one of them later is refunded with that reason.
   */
  async retireOpen(tx: Prisma.TransactionClient, policyType: string, policyId: number, at: Date, reason: PaymentStatusReason): Promise<number> {
    const { count } = await tx.payment.updateMany({
      where: { policyType, policyId, status: { in: ['pending', 'failed', 'expired'] } },
      data: { status: 'cancelled', statusReason: reason, updatedAt: at },
    });
    return count;
  }

  /** Refunds of these payments, oldest first. */
  refundsOf(paymentIds: string[]): Promise<Refund[]> {
    return paymentIds.length
      ? this.prisma.refund.findMany({ where: { paymentId: { in: paymentIds } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
      : Promise.resolve([]);
  }

  /**
   * Checkouts started but not settled here, quiet for a while: the reconciler asks the vendor about
   * them. A lapsed link whose checkout started is still asked about for a day, since the customer may
   * have paid on the vendor's page before it lapsed.
   */
  unsettledCheckouts(quietSince: Date, now: Date, take: number): Promise<Payment[]> {
    return this.prisma.payment.findMany({
      where: {
        vendorReference: { not: null },
        updatedAt: { lte: quietSince },
        OR: [
          { status: 'pending' },
          { status: { in: ['expired', 'cancelled'] }, expiresAt: { gte: new Date(now.getTime() - 86_400_000) }, refunds: { none: {} } },
        ],
      },
      orderBy: { updatedAt: 'asc' },
      take,
    });
  }

  /** A payment whose link has lapsed (paymentAt) is written expired (once; a concurrent change wins): the hosted page's. */
  async expireIfDue(p: Payment, now: Date): Promise<Payment> {
    if (paymentAt(p, now) === p) return p;
    await this.prisma.payment.updateMany({ where: { id: p.id, status: p.status }, data: { status: 'expired', updatedAt: now } });
    return (await this.prisma.payment.findUnique({ where: { id: p.id } }))!;
  }

  /**
   * A page of the client's payments, newest first, each with its refunds (oldest first), and the list's total, in one
   * statement. An open link past its expiry is answered and filtered as expired whether or not its lapse
   * (PaymentLapse, a due event) has been written yet: a read never shows a lapsed link open, and writes nothing.
   */
  async page(clientId: string, filter: PaymentFilter, skip: number, take: number, now: Date): Promise<[PaymentWithRefunds[], number]> {
    const status = statusAt(now);
    const conds = [Prisma.sql`p.client_id = ${clientId}::uuid`];
    if (filter.status) conds.push(Prisma.sql`${status} = ${filter.status}`);
    if (filter.policyType) conds.push(Prisma.sql`p.policy_type = ${filter.policyType}`);
    if (filter.from) conds.push(Prisma.sql`p.created_at >= ${filter.from.toISOString()}::timestamptz`);
    if (filter.to) conds.push(Prisma.sql`p.created_at <= ${filter.to.toISOString()}::timestamptz`);
    const where = Prisma.join(conds, ' AND ');
    const fields = PRESENTED_PAYMENT_FIELDS.filter((f) => f !== 'status' && f !== 'updatedAt');
    const [rows, total] = await listPage<Record<string, unknown> & { id: string; refunds: Array<Record<string, unknown>> }>(this.db.sql, {
      // the lapse is a function of the time: the key holds the filter, not the instant
      key: `payments:${clientId}:${filter.status ?? ''}:${filter.policyType ?? ''}:${filter.from?.toISOString() ?? ''}:${filter.to?.toISOString() ?? ''}`,
      from: Prisma.sql`payments p`,
      where,
      orderBy: Prisma.sql`p.created_at DESC, p.id DESC`,
      select: Prisma.sql`${Prisma.raw(modelColumns('p', fields, ['amount']))}, ${status} AS status,
        CASE WHEN ${lapsedAt(now)} THEN GREATEST(p.updated_at, p.expires_at) ELSE p.updated_at END AS "updatedAt",
        COALESCE((SELECT json_agg(json_build_object('id', r.id, 'amount', r.amount::text, 'currency', r.currency, 'status', r.status,
                                                    'reason', r.reason, 'vendorRefundId', r.vendor_refund_id, 'createdAt', r.created_at,
                                                    'refundedAt', r.refunded_at) ORDER BY r.created_at, r.id)
                    FROM refunds r WHERE r.payment_id = p.id), '[]'::json) AS refunds`,
      skip,
      take,
    });
    return [
      rows.map(({ refunds, ...row }) => ({
        payment: withDecimals<PresentablePayment>(row, ['amount']),
        refunds: refunds.map((r) => ({
          ...(r as Omit<PresentableRefund, 'amount' | 'createdAt' | 'refundedAt'>),
          amount: new Prisma.Decimal(r.amount as string),
          createdAt: new Date(r.createdAt as string),
          refundedAt: r.refundedAt === null ? null : new Date(r.refundedAt as string),
        })),
      })),
      total,
    ];
  }

  /**
   * The console's search over every client's payments, each as it stands at `now` (paymentAt: a lapsed link is read,
   * filtered and sorted as expired, nothing written), with the list's total, in one statement. `q` is a payment id, a
   * policy id (digits), an amount (`1158.30`), or part of the vendor reference. `orderBy` is the console's sort in
   * Prisma's field names, ending on `id`.
   */
  async adminPage(f: AdminPaymentFilter, orderBy: Array<Record<string, 'asc' | 'desc'>>, skip: number, take: number, now: Date): Promise<[Payment[], number]> {
    const status = statusAt(now);
    const conds: Prisma.Sql[] = [];
    if (f.ids) conds.push(Prisma.sql`p.id = ANY(${f.ids}::uuid[])`);
    if (f.status) conds.push(Prisma.sql`${status} = ${f.status}`);
    if (f.open) conds.push(Prisma.sql`p.status = ANY(${[...OPEN_PAYMENT_STATUSES]}::text[]) AND p.expires_at > ${now.toISOString()}::timestamptz`);
    if (f.clientId) conds.push(Prisma.sql`p.client_id = ${f.clientId}::uuid`);
    if (f.policyType) conds.push(Prisma.sql`p.policy_type = ${f.policyType}`);
    if (f.from) conds.push(Prisma.sql`p.created_at >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) conds.push(Prisma.sql`p.created_at <= ${f.to.toISOString()}::timestamptz`);
    const q = f.q?.trim();
    if (q) conds.push(Prisma.sql`(${Prisma.join(searchOf(q), ' OR ')})`);
    const where = conds.length ? Prisma.join(conds, ' AND ') : Prisma.sql`true`;
    const order = orderBy
      .flatMap((o) => Object.entries(o))
      .map(([field, dir]) => {
        const column = field === 'status' ? status : SORT_COLUMNS[field];
        if (!column) throw new Error(`payments cannot be sorted by ${field}`);
        return Prisma.sql`${column} ${Prisma.raw(dir === 'asc' ? 'ASC' : 'DESC')}`;
      });
    const fields = Object.values(Prisma.PaymentScalarFieldEnum).filter((c) => c !== 'status' && c !== 'updatedAt');
    const [rows, total] = await listPage<Record<string, unknown> & { id: string }>(this.db.sql, {
      // keyed by the filter and order, not by the instant its lapse is read at
      key: `admin-payments:${JSON.stringify({ ...f, orderBy })}`,
      from: Prisma.sql`payments p`,
      where,
      orderBy: Prisma.join(order, ', '),
      select: Prisma.sql`${Prisma.raw(modelColumns('p', fields, ['amount']))}, ${status} AS status,
        CASE WHEN ${lapsedAt(now)} THEN GREATEST(p.updated_at, p.expires_at) ELSE p.updated_at END AS "updatedAt"`,
      skip,
      take,
    });
    return [rows.map((row) => withDecimals<Payment>(row, ['amount'])), total];
  }

  callbacksOf(paymentId: string) {
    return this.prisma.paymentCallback.findMany({ where: { paymentId }, orderBy: { receivedAt: 'asc' } });
  }

  /** Records a verified callback event once; false when this event id was already seen (a replay). */
  async recordCallback(eventId: string, vendorPaymentId: string, paymentId: string | null, outcome: string, at: Date): Promise<boolean> {
    const inserted = await this.prisma.$executeRaw`
      INSERT INTO "payment_callbacks" ("event_id", "vendor_payment_id", "payment_id", "outcome", "received_at")
      VALUES (${eventId}, ${vendorPaymentId}, ${paymentId}::uuid, ${outcome}, ${at})
      ON CONFLICT ("event_id") DO NOTHING`;
    return inserted === 1;
  }
}

/** The hosted, unbranded payment page of a payment. */
export function paymentLink(publicBaseUrl: string, linkToken: string): string {
  return `${publicBaseUrl}/pay/${linkToken}`;
}
