import { Inject, Injectable } from '@nestjs/common';
import { Database, DATABASE, listPage, modelColumns, Prisma, PrismaService, withDecimals } from '@lib/db';
import type { Payment, TplPolicy } from '@lib/db/generated/prisma/client';
import { InsurerIssue, issuedFields, PolicyStatus } from '../../policies/policy-status';
import { lastDayBefore } from '../../policies/policy-term-dates';

export interface TplPolicyFilters {
  vin?: string;
  carSequenceNumber?: string;
  currentCarOwner?: string;
  status?: number;
}

export type TplPolicyWithPayment = { policy: TplPolicy; payment: Pick<Payment, 'linkToken'> | null };

const TPL_POLICY_FIELDS = [
  'id',
  'clientId',
  'insurerCode',
  'email',
  'vin',
  'carSequenceNumber',
  'currentCarOwner',
  'newOwnerId',
  'istimarahFileId',
  'istimarahSha256',
  'istimarahType',
  'extraFields',
  'status',
  'holdReason',
  'price',
  'providerPolicyId',
  'startDate',
  'endDate',
  'purchasedAt',
  'cancellationFileId',
  'cancellationSha256',
  'canceledAt',
  'refundAmount',
  'canceledBy',
  'cancellationReason',
  'redirectUrl',
  'policyUrl',
  'invoiceUrl',
  'documentsPending',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof TplPolicy)[];
const TPL_POLICY_DECIMALS = ['price', 'refundAmount'] as const;

/** The policy object's columns and its latest payment's link token (`pay`, joined by LATEST_PAYMENT). */
const SHOWN_COLUMNS = `${modelColumns('p', TPL_POLICY_FIELDS, TPL_POLICY_DECIMALS)}, pay.link_token AS "paymentLinkToken"`;
const LATEST_PAYMENT = `LEFT JOIN LATERAL (SELECT link_token FROM payments WHERE policy_type = 'tpl' AND policy_id = p.id ORDER BY created_at DESC LIMIT 1) pay ON true`;

/** Show Policy's one statement: the policy (the client's, or any when $2 is null) and its latest payment's link token. */
const SHOW_POLICY_SQL = `SELECT ${SHOWN_COLUMNS} FROM tpl_policies p ${LATEST_PAYMENT}
  WHERE p.id = $1 AND ($2::uuid IS NULL OR p.client_id = $2::uuid)`;

function withPayment(row: Record<string, unknown>): TplPolicyWithPayment {
  const { paymentLinkToken, ...policy } = row;
  return {
    policy: withDecimals<TplPolicy>(policy, TPL_POLICY_DECIMALS),
    payment: paymentLinkToken === null ? null : { linkToken: paymentLinkToken as string },
  };
}
/** The prepared statement's name on PostgreSQL: change it with the text (a connection keeps the first text under a name). */
const SHOW_POLICY_STATEMENT = 'tpl_policy_show_v2';

@Injectable()
export class TplPolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { timeout: 30_000 });
  }

  create(tx: Prisma.TransactionClient, data: Prisma.TplPolicyUncheckedCreateInput): Promise<TplPolicy> {
    return tx.tplPolicy.create({ data });
  }

  /**
   * A pending policy of the VIN whose payment link lapsed unpaid is closed (status 2, canceled_by
   * `payment-lapsed`), so an abandoned checkout does not hold the vehicle forever. Only a row still pending
   * with its payment still unpaid and past expiry is touched: a payment completing meanwhile wins.
   */
  async lapseUnpaid(vin: string, carSequenceNumber: string, now: Date): Promise<void> {
    for (const pending of await this.prisma.tplPolicy.findMany({ where: { status: PolicyStatus.Pending, OR: [{ vin }, { carSequenceNumber }] } }))
      await this.lapseIfUnpaid(pending, now);
  }

  private async lapseIfUnpaid(pending: TplPolicy, now: Date): Promise<void> {
    const payment = await this.paymentOf(pending.id);
    if (!payment || payment.status === 'paid' || payment.expiresAt.getTime() > now.getTime()) return;
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.payment.updateMany({
        where: { id: payment.id, status: { in: ['pending', 'failed', 'expired'] } },
        data: { status: 'expired', updatedAt: now },
      });
      if (count === 0) return;
      await tx.tplPolicy.updateMany({
        where: { id: pending.id, status: PolicyStatus.Pending },
        data: { status: PolicyStatus.Cancelled, canceledAt: now, canceledBy: 'payment-lapsed', refundAmount: '0.00', updatedAt: now },
      });
    });
  }

  /** The active (pending or issued) policy of a vehicle, by VIN or sequence number, whichever client holds it. */
  findActiveByVehicle(vin: string, carSequenceNumber: string): Promise<TplPolicy | null> {
    return this.prisma.tplPolicy.findFirst({ where: { status: { in: [PolicyStatus.Pending, PolicyStatus.Active] }, OR: [{ vin }, { carSequenceNumber }] } });
  }

  /** The term ended: issued (1) becomes expired (4) once its last day is before `now`; answers the rows it changed (one statement for many). */
  markExpired(tx: Prisma.TransactionClient, ids: number[], now: Date): Promise<TplPolicy[]> {
    return tx.tplPolicy.updateManyAndReturn({
      where: { id: { in: ids }, status: PolicyStatus.Active, endDate: { lt: lastDayBefore(now) } },
      data: { status: PolicyStatus.Expired, updatedAt: now },
    });
  }

  /** The policy read in `tx`, if it is issued. */
  activeIn(tx: Prisma.TransactionClient, id: number): Promise<TplPolicy | null> {
    return tx.tplPolicy.findFirst({ where: { id, status: PolicyStatus.Active } });
  }

  /** `clientId` null: any client's (staff). */
  /** The policy and its latest payment's link in one statement (through Prisma it took two), prepared once per connection. */
  async findForClient(clientId: string | null, id: number): Promise<TplPolicyWithPayment | null> {
    const [row] = await this.db.sql.query<Record<string, unknown>>(SHOW_POLICY_SQL, [id, clientId], SHOW_POLICY_STATEMENT);
    return row ? withPayment(row) : null;
  }

  /** Issued (`from`) becomes cancelled with its refund, once: the cancelled row, or null when it was not in `from` any more. */
  async markCancelled(
    tx: Prisma.TransactionClient,
    id: number,
    from: number,
    data: {
      canceledAt: Date;
      refundAmount: string;
      cancellationFileId: string | null;
      cancellationSha256: string | null;
      canceledBy: string;
      cancellationReason: string | null;
    },
  ): Promise<TplPolicy | null> {
    const { count } = await tx.tplPolicy.updateMany({
      where: { id, status: from },
      data: { status: PolicyStatus.Cancelled, ...data, updatedAt: data.canceledAt },
    });
    return count === 1 ? tx.tplPolicy.findUnique({ where: { id } }) : null;
  }

  /** The client's policy of a VIN to cancel: the issued one if any, else the newest. */
  findForClientByVin(clientId: string, vin: string): Promise<TplPolicy | null> {
    return this.prisma.tplPolicy.findFirst({ where: { clientId, vin }, orderBy: [{ status: 'asc' }, { createdAt: 'desc' }] }).then(async (first) => {
      const issued = await this.prisma.tplPolicy.findFirst({ where: { clientId, vin, status: PolicyStatus.Active } });
      return issued ?? first;
    });
  }

  /** A page of the client's policies, newest first, each with its latest payment's link, and the list's total: one statement. */
  async page(clientId: string, f: TplPolicyFilters, skip: number, take: number): Promise<[TplPolicyWithPayment[], number]> {
    const conds = [Prisma.sql`p.client_id = ${clientId}::uuid`];
    if (f.vin) conds.push(Prisma.sql`p.vin = ${f.vin}`);
    if (f.carSequenceNumber) conds.push(Prisma.sql`p.car_sequence_number = ${f.carSequenceNumber}`);
    if (f.currentCarOwner) conds.push(Prisma.sql`p.current_car_owner = ${f.currentCarOwner}`);
    if (f.status !== undefined) conds.push(Prisma.sql`p.status = ${f.status}`);
    const where = Prisma.join(conds, ' AND ');
    const [rows, total] = await listPage<Record<string, unknown> & { id: number }>(this.db.sql, {
      from: Prisma.sql`tpl_policies p`,
      where,
      orderBy: Prisma.sql`p.created_at DESC, p.id DESC`,
      select: Prisma.raw(SHOWN_COLUMNS),
      joins: Prisma.raw(LATEST_PAYMENT),
      skip,
      take,
    });
    return [rows.map(withPayment), total];
  }

  paymentOf(policyId: number): Promise<Payment | null> {
    return this.prisma.payment.findFirst({ where: { policyType: 'tpl', policyId }, orderBy: { createdAt: 'desc' } });
  }

  find(id: number): Promise<TplPolicy | null> {
    return this.prisma.tplPolicy.findUnique({ where: { id } });
  }

  findIn(tx: Prisma.TransactionClient, id: number): Promise<TplPolicy | null> {
    return tx.tplPolicy.findUnique({ where: { id } });
  }

  /** What decides whether a payment may still settle the policy, read in `tx`. */
  paymentStateIn(tx: Prisma.TransactionClient, id: number): Promise<{ status: number; canceledBy: string | null } | null> {
    return tx.tplPolicy.findUnique({ where: { id }, select: { status: true, canceledBy: true } });
  }

  /** Paid and issued by the insurer: active for the insurer's term, its documents still to produce. */
  markIssued(tx: Prisma.TransactionClient, id: number, a: InsurerIssue): Promise<TplPolicy> {
    return tx.tplPolicy.update({ where: { id }, data: { ...issuedFields(a), documentsPending: true } });
  }

  /** Up to 50 policies whose documents are still to produce, oldest first. */
  async documentsPending(): Promise<number[]> {
    const rows = await this.prisma.tplPolicy.findMany({ where: { documentsPending: true }, select: { id: true }, orderBy: { id: 'asc' }, take: 50 });
    return rows.map((r) => r.id);
  }

  /**
   * References the stored documents from the policy, once: false when another producer did it first. `alsoInTx`
   * runs in the same transaction with the documented policy (its webhook is sent exactly when the files are there).
   */
  attachDocuments(
    id: number,
    d: { policyUrl: string; invoiceUrl: string; at: Date },
    alsoInTx: (tx: Prisma.TransactionClient, documented: TplPolicy) => Promise<void>,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.tplPolicy.updateMany({
        where: { id, documentsPending: true },
        data: { policyUrl: d.policyUrl, invoiceUrl: d.invoiceUrl, documentsPending: false, updatedAt: d.at },
      });
      if (count === 0) return false;
      await alsoInTx(tx, (await tx.tplPolicy.findUnique({ where: { id } }))!);
      return true;
    });
  }
}
