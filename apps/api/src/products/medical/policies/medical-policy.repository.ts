import { Inject, Injectable } from '@nestjs/common';
import { Database, DATABASE, listPage, modelColumns, Prisma, PrismaService, withDecimals } from '@lib/db';
import type { MedicalPolicy, Payment } from '@lib/db/generated/prisma/client';
import type { PaymentStatusReason } from '../../../payments/payment-status-reasons';
import { formatDate, parseDate } from '@lib/common';
import { PolicyStatus } from '../../../policies/policy-status';
import { lastDayBefore } from '../../../policies/policy-term-dates';

export type { MedicalPolicy };

const POLICY_FIELDS = [
  'id',
  'clientId',
  'companyId',
  'quoteRequestId',
  'quotePriceId',
  'insuranceProvider',
  'status',
  'subtotal',
  'vat',
  'price',
  'insured',
  'redirectUrl',
  'paymentId',
  'providerPolicyId',
  'issuedAt',
  'endDate',
  'cancelledAt',
  'cancellationDocument',
  'deletedAt',
  'deletionReason',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof MedicalPolicy)[];
const POLICY_DECIMALS = ['subtotal', 'vat', 'price'] as const;
const SHOW_POLICY_SQL = `SELECT ${modelColumns('p', POLICY_FIELDS, POLICY_DECIMALS)} FROM medical_policies p
  WHERE p.id = $1 AND p.client_id = $2::uuid AND p.deleted_at IS NULL`;
/** The prepared statement's name on PostgreSQL: change it with the text (a connection keeps the first text under a name). */
const SHOW_POLICY_STATEMENT = 'medical_policy_show_v1';

/** A medical policy covers a year (365 days) from the day it is issued: its last day, as the claims cover counts it. */
export function medicalLastDay(issuedAt: Date): string {
  return formatDate(new Date(parseDate(formatDate(issuedAt))!.getTime() + 364 * 86_400_000));
}

type Db = Prisma.TransactionClient | PrismaService;

@Injectable()
export class MedicalPolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** A console page of every client's live (not withdrawn) policies and the total. */
  adminPage(
    f: { ids?: number[]; status?: number; companyId?: number; clientId?: string },
    orderBy: Prisma.MedicalPolicyOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[MedicalPolicy[], number]> {
    const where: Prisma.MedicalPolicyWhereInput = {
      deletedAt: null,
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.status !== undefined ? { status: f.status } : {}),
      ...(f.companyId ? { companyId: f.companyId } : {}),
      ...(f.clientId ? { clientId: f.clientId } : {}),
    };
    return this.prisma.$transaction([this.prisma.medicalPolicy.findMany({ where, orderBy, skip, take }), this.prisma.medicalPolicy.count({ where })]);
  }

  /** Any client's live policy (the console's). */
  findLive(id: number): Promise<MedicalPolicy | null> {
    return this.prisma.medicalPolicy.findFirst({ where: { id, deletedAt: null } });
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { timeout: 30_000 });
  }

  list(clientId: string, companyId?: number): Promise<MedicalPolicy[]> {
    return this.prisma.medicalPolicy.findMany({
      where: { clientId, deletedAt: null, ...(companyId ? { companyId } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  /** A page of the client's policies (not withdrawn), newest first, and how many there are: one statement. */
  async page(clientId: string, companyId: number | undefined, skip: number, take: number): Promise<[MedicalPolicy[], number]> {
    const conds = [Prisma.sql`p.client_id = ${clientId}::uuid`, Prisma.sql`p.deleted_at IS NULL`];
    if (companyId) conds.push(Prisma.sql`p.company_id = ${companyId}`);
    const where = Prisma.join(conds, ' AND ');
    const [rows, total] = await listPage<Record<string, unknown> & { id: number }>(this.db.sql, {
      from: Prisma.sql`medical_policies p`,
      where,
      orderBy: Prisma.sql`p.created_at DESC, p.id DESC`,
      select: Prisma.raw(modelColumns('p', POLICY_FIELDS, POLICY_DECIMALS)),
      skip,
      take,
    });
    return [rows.map((row) => withDecimals<MedicalPolicy>(row, POLICY_DECIMALS)), total];
  }

  /** The client's policy (not withdrawn), in plain SQL prepared once per connection: Show Policy's read. */
  async findForClient(clientId: string, id: number): Promise<MedicalPolicy | null> {
    const [row] = await this.db.sql.query<Record<string, unknown>>(SHOW_POLICY_SQL, [id, clientId], SHOW_POLICY_STATEMENT);
    return row ? withDecimals<MedicalPolicy>(row, POLICY_DECIMALS) : null;
  }

  /** The company's policies not issued yet (at most one, by the partial unique index). */
  /** What every company owes: the prices of its unissued policies added up (decimal strings), companies owing nothing left out. */
  async dueByCompany(): Promise<Array<{ companyId: number; amount: string }>> {
    const rows = await this.prisma.medicalPolicy.groupBy({
      by: ['companyId'],
      where: { status: PolicyStatus.Pending, deletedAt: null },
      _sum: { price: true },
    });
    return rows.filter((r) => r._sum.price && !r._sum.price.isZero()).map((r) => ({ companyId: r.companyId, amount: r._sum.price!.toFixed(2) }));
  }

  unissued(companyId: number, db: Db = this.prisma): Promise<MedicalPolicy[]> {
    return db.medicalPolicy.findMany({ where: { companyId, status: PolicyStatus.Pending, deletedAt: null }, orderBy: { id: 'asc' } });
  }

  /** The unissued policies of a console page's companies, by company id: one statement for the page. */
  async unissuedOfCompanies(companyIds: number[]): Promise<Map<number, MedicalPolicy[]>> {
    const byCompany = new Map<number, MedicalPolicy[]>(companyIds.map((id) => [id, []]));
    if (!companyIds.length) return byCompany;
    const rows = await this.prisma.medicalPolicy.findMany({
      where: { companyId: { in: companyIds }, status: PolicyStatus.Pending, deletedAt: null },
      orderBy: { id: 'asc' },
    });
    for (const row of rows) byCompany.get(row.companyId)?.push(row);
    return byCompany;
  }

  bySettlingPayment(paymentId: string, db: Db = this.prisma): Promise<MedicalPolicy[]> {
    return db.medicalPolicy.findMany({ where: { paymentId, deletedAt: null }, orderBy: { id: 'asc' } });
  }

  /**
   * Serialises the company's money-changing steps (issuing, opening a link, cancelling): concurrent calls
   * for one company run one after the other, so the one-awaiting-policy rule never meets a race.
   */
  async lockCompany(tx: Prisma.TransactionClient, companyId: number): Promise<void> {
    await tx.$queryRaw`SELECT "id" FROM "medical_companies" WHERE "id" = ${companyId} FOR UPDATE`;
  }

  /** Withdraws the company's unissued policies (replaced by a new one, or deleted). */
  async withdrawUnissued(tx: Prisma.TransactionClient, companyId: number, reason: 'replaced' | 'deleted', at: Date): Promise<number> {
    const { count } = await tx.medicalPolicy.updateMany({
      where: { companyId, status: PolicyStatus.Pending, deletedAt: null },
      data: { deletedAt: at, deletionReason: reason, updatedAt: at },
    });
    return count;
  }

  /** The company's active policies, to cancel with it. */
  activeOf(tx: Prisma.TransactionClient, companyId: number): Promise<MedicalPolicy[]> {
    return tx.medicalPolicy.findMany({ where: { companyId, status: PolicyStatus.Active, deletedAt: null } });
  }

  /** The year of cover ended: active becomes expired (4) once its last day is before `now`; answers the rows it changed (one statement for many). */
  markExpired(tx: Prisma.TransactionClient, ids: number[], now: Date): Promise<MedicalPolicy[]> {
    return tx.medicalPolicy.updateManyAndReturn({
      where: { id: { in: ids }, status: PolicyStatus.Active, deletedAt: null, endDate: { lt: lastDayBefore(now) } },
      data: { status: PolicyStatus.Expired, updatedAt: now },
    });
  }

  /** The policy read in `tx`, if it is active. */
  activeIn(tx: Prisma.TransactionClient, id: number): Promise<MedicalPolicy | null> {
    return tx.medicalPolicy.findFirst({ where: { id, status: PolicyStatus.Active, deletedAt: null } });
  }

  /** An active policy becomes cancelled, with the document sent with its cancellation (none with its company's: left as it is). */
  markCancelled(tx: Prisma.TransactionClient, id: number, at: Date, document?: string | null): Promise<MedicalPolicy> {
    return tx.medicalPolicy.update({ where: { id }, data: { status: PolicyStatus.Cancelled, cancelledAt: at, cancellationDocument: document, updatedAt: at } });
  }

  /** An unissued policy is withdrawn (deleted by its client), with the document sent with the deletion. */
  async withdraw(tx: Prisma.TransactionClient, id: number, at: Date, document: string | null): Promise<void> {
    await tx.medicalPolicy.update({ where: { id }, data: { deletedAt: at, deletionReason: 'deleted', cancellationDocument: document, updatedAt: at } });
  }

  /**
   * The company's open payment links stop being payable, saying why: they were for policies that are
   * no longer owed, or for a different amount. Money confirmed on one later is refunded with the reason.
   */
  async retireOpenPayments(tx: Prisma.TransactionClient, companyId: number, at: Date, reason: PaymentStatusReason): Promise<void> {
    await tx.payment.updateMany({
      where: { policyType: 'medical', policyId: companyId, status: { in: ['pending', 'failed', 'expired'] } },
      data: { status: 'cancelled', statusReason: reason, updatedAt: at },
    });
  }

  /** The company's link still open at `now`, with the ids of the policies it settles. */
  async openPayment(tx: Prisma.TransactionClient, companyId: number, now: Date): Promise<{ payment: Payment; policyIds: number[] } | null> {
    const payment = await tx.payment.findFirst({
      where: { policyType: 'medical', policyId: companyId, status: { in: ['pending', 'failed'] }, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
    });
    if (!payment) return null;
    const covered = await tx.medicalPolicy.findMany({ where: { paymentId: payment.id, deletedAt: null }, select: { id: true }, orderBy: { id: 'asc' } });
    return { payment, policyIds: covered.map((p) => p.id) };
  }

  /** The first policy (withdrawn or not) a payment link was made for. */
  firstOfPayment(paymentId: string): Promise<MedicalPolicy | null> {
    return this.prisma.medicalPolicy.findFirst({ where: { paymentId }, orderBy: { id: 'asc' } });
  }

  /** Paid and issued by the insurer: active for a year from `at`. */
  markIssued(tx: Prisma.TransactionClient, id: number, a: { providerPolicyId: string; at: Date }): Promise<MedicalPolicy> {
    return tx.medicalPolicy.update({
      where: { id },
      data: { status: PolicyStatus.Active, providerPolicyId: a.providerPolicyId, issuedAt: a.at, endDate: medicalLastDay(a.at), updatedAt: a.at },
    });
  }

  create(tx: Prisma.TransactionClient, data: Prisma.MedicalPolicyUncheckedCreateInput): Promise<MedicalPolicy> {
    return tx.medicalPolicy.create({ data });
  }

  /** The policies are now settled by this payment link. */
  async attachPayment(tx: Prisma.TransactionClient, ids: number[], paymentId: string, at: Date): Promise<void> {
    await tx.medicalPolicy.updateMany({ where: { id: { in: ids } }, data: { paymentId, updatedAt: at } });
  }
}
