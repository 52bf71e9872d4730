import { Inject, Injectable } from '@nestjs/common';
import { Database, DATABASE, listPage, Prisma, PrismaService } from '@lib/db';
import type { Payment, PropertyDocument, PropertyPolicy } from '@lib/db/generated/prisma/client';
import { PolicyStatus } from '../../../policies/policy-status';
import type { PresentablePropertyDocument, PresentablePropertyPolicy } from './property-policy.presenter';

export type PropertyPolicyRow = PropertyPolicy;
/** What the policy object shows of its latest payment: the link while it is payable. */
export type PropertyPolicyPayment = Pick<Payment, 'linkToken' | 'status'>;
export type PropertyPolicyView = { policy: PropertyPolicy; payment: PropertyPolicyPayment | null; documents: PropertyDocument[] };
/** What Show Policy and the partner list read: the fields the policy object is made of. */
export type ShownPropertyPolicy = { policy: PresentablePropertyPolicy; payment: PropertyPolicyPayment | null; documents: PresentablePropertyDocument[] };

export interface PropertyPolicyFilter {
  ids?: number[];
  nationalityId?: string;
  status?: number;
  /** Created on or after / before the end of (UTC dates). */
  createdFrom?: Date;
  createdTo?: Date;
  clientId?: string;
  insurerCode?: string;
  q?: string;
}

export interface PropertyCancellation {
  at: Date;
  reason: string | null;
  by: string;
  refundAmount: string;
  unusedDays: number;
  termDays: number;
}

/** Payments of property policies are recorded with this policy type. */
export const PROPERTY_PAYMENT_TYPE = 'property';

@Injectable()
export class PropertyPolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  create(tx: Prisma.TransactionClient, data: Prisma.PropertyPolicyUncheckedCreateInput): Promise<PropertyPolicy> {
    return tx.propertyPolicy.create({ data });
  }

  /**
   * Payment activation: pending (0) becomes active (1) with the insurer's policy id, once. Answers the
   * updated row, or null when the policy is not pending (already active, or cancelled before payment),
   * so a late or repeated payment confirmation changes nothing.
   */
  async activate(tx: Prisma.TransactionClient, policyId: number, a: { providerPolicyId: string; at: Date }): Promise<PropertyPolicy | null> {
    const { count } = await tx.propertyPolicy.updateMany({
      where: { id: policyId, status: PolicyStatus.Pending },
      data: { status: PolicyStatus.Active, providerPolicyId: a.providerPolicyId, activatedAt: a.at, updatedAt: a.at },
    });
    return count === 1 ? tx.propertyPolicy.findUnique({ where: { id: policyId } }) : null;
  }

  /**
   * The term's end: active (1) becomes expired (4) once its end date has come by `now` (the term runs up to, not
   * including, `end_date`). Answers the rows it changed (one statement for many): not one that was no longer active
   * (cancelled meanwhile) or has not ended.
   */
  markExpired(tx: Prisma.TransactionClient, ids: number[], now: Date): Promise<PropertyPolicy[]> {
    return tx.propertyPolicy.updateManyAndReturn({
      where: { id: { in: ids }, status: PolicyStatus.Active, endDate: { lte: now } },
      data: { status: PolicyStatus.Expired, updatedAt: now },
    });
  }

  /** The policy read in `tx`, if it is active. */
  activeIn(tx: Prisma.TransactionClient, policyId: number): Promise<PropertyPolicy | null> {
    return tx.propertyPolicy.findFirst({ where: { id: policyId, status: PolicyStatus.Active } });
  }

  /** Its documents, oldest first, read in `tx`. */
  documentsIn(tx: Prisma.TransactionClient, policyId: number): Promise<PropertyDocument[]> {
    return tx.propertyDocument.findMany({ where: { policyId }, orderBy: { createdAt: 'asc' } });
  }

  /** The policy document reference (the PDF may arrive after activation). Answers the updated row, or null for no such policy. */
  async setDocument(tx: Prisma.TransactionClient, policyId: number, d: { providerPolicy: string; at: Date }): Promise<PropertyPolicy | null> {
    const { count } = await tx.propertyPolicy.updateMany({ where: { id: policyId }, data: { providerPolicy: d.providerPolicy, updatedAt: d.at } });
    return count === 1 ? tx.propertyPolicy.findUnique({ where: { id: policyId } }) : null;
  }

  /** Pending or active (`from`) becomes cancelled with its refund, once: null when it was not in `from` any more. */
  async markCancelled(tx: Prisma.TransactionClient, policyId: number, from: number, c: PropertyCancellation): Promise<PropertyPolicy | null> {
    const { count } = await tx.propertyPolicy.updateMany({
      where: { id: policyId, status: from },
      data: {
        status: PolicyStatus.Cancelled,
        canceledAt: c.at,
        cancellationReason: c.reason,
        canceledBy: c.by,
        refundAmount: c.refundAmount,
        refundUnusedDays: c.unusedDays,
        refundTermDays: c.termDays,
        updatedAt: c.at,
      },
    });
    return count === 1 ? tx.propertyPolicy.findUnique({ where: { id: policyId } }) : null;
  }

  /** The next term offered with the policy's renewal notice, if it still awaits payment, read in `tx`. */
  pendingRenewalOf(tx: Prisma.TransactionClient, policyId: number): Promise<PropertyPolicy | null> {
    return tx.propertyPolicy.findFirst({ where: { renewalOf: policyId, status: PolicyStatus.Pending } });
  }

  find(id: number): Promise<PropertyPolicy | null> {
    return this.prisma.propertyPolicy.findUnique({ where: { id } });
  }

  findForClient(clientId: string, id: number): Promise<PropertyPolicy | null> {
    return this.prisma.propertyPolicy.findFirst({ where: { id, clientId } });
  }

  /**
   * Show Policy: the client's policy, its latest payment's link and status, and its documents, in one statement
   * (through Prisma it took three: the policy, then the payment and the documents), prepared once per connection.
   */
  async viewForClient(clientId: string, id: number): Promise<ShownPropertyPolicy | null> {
    const [row] = await this.db.sql.query<ShownRow>(SHOW_POLICY_SQL, [id, clientId], SHOW_POLICY_STATEMENT);
    return row ? viewOfRow(row) : null;
  }

  /**
   * The partner's list: a page of the client's policies, newest first, each with its latest payment and its
   * documents as Show Policy reads them, and the list's total, in one statement.
   */
  async pageForClient(
    clientId: string,
    filter: Pick<PropertyPolicyFilter, 'nationalityId' | 'status' | 'createdFrom'> & { createdThrough?: string },
    skip: number,
    take: number,
  ) {
    const conds = [Prisma.sql`p.client_id = ${clientId}::uuid`];
    if (filter.nationalityId !== undefined) conds.push(Prisma.sql`p.nationality_id = ${filter.nationalityId}`);
    if (filter.status !== undefined) conds.push(Prisma.sql`p.status = ${filter.status}`);
    if (filter.createdFrom) conds.push(Prisma.sql`p.created_at >= ${filter.createdFrom.toISOString()}::timestamptz`);
    // before the next day's UTC midnight, counted by the database (the day after 9999-12-31 has no ISO text in JavaScript)
    if (filter.createdThrough) conds.push(Prisma.sql`p.created_at < ((${filter.createdThrough}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
    const where = Prisma.join(conds, ' AND ');
    const [rows, total] = await listPage<ShownRow>(this.db.sql, {
      from: Prisma.sql`property_policies p`,
      where,
      orderBy: Prisma.sql`p.id DESC`,
      select: Prisma.raw(SHOWN_COLUMNS),
      joins: Prisma.raw(LATEST_PAYMENT),
      skip,
      take,
    });
    return [rows.map(viewOfRow), total] as [ShownPropertyPolicy[], number];
  }

  async view(policy: PropertyPolicy): Promise<PropertyPolicyView> {
    const [payment, documents] = await Promise.all([this.latestPayment(policy.id), this.documentsOf([policy.id])]);
    return { policy, payment, documents };
  }

  async page(
    filter: PropertyPolicyFilter,
    skip: number,
    take: number,
    order: Prisma.PropertyPolicyOrderByWithRelationInput[] = [{ id: 'desc' }],
  ): Promise<[PropertyPolicyView[], number]> {
    const where = whereOf(filter);
    const [policies, total] = await this.prisma.$transaction([
      this.prisma.propertyPolicy.findMany({ where, orderBy: order, skip, take }),
      this.prisma.propertyPolicy.count({ where }),
    ]);
    const ids = policies.map((p) => p.id);
    const [payments, documents] = await Promise.all([
      this.prisma.payment.findMany({ where: { policyType: PROPERTY_PAYMENT_TYPE, policyId: { in: ids } }, orderBy: { createdAt: 'desc' } }),
      this.documentsOf(ids),
    ]);
    return [
      policies.map((policy) => ({
        policy,
        payment: payments.find((p) => p.policyId === policy.id) ?? null,
        documents: documents.filter((d) => d.policyId === policy.id),
      })),
      total,
    ];
  }

  /** The payments of a page's policies, newest first, by policy id: one statement for the page. */
  async paymentsOf(policyIds: number[]): Promise<Map<number, Payment[]>> {
    const byPolicy = new Map<number, Payment[]>(policyIds.map((id) => [id, []]));
    if (!policyIds.length) return byPolicy;
    const rows = await this.prisma.payment.findMany({
      where: { policyType: PROPERTY_PAYMENT_TYPE, policyId: { in: policyIds } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    for (const row of rows) byPolicy.get(row.policyId)?.push(row);
    return byPolicy;
  }

  private latestPayment(policyId: number): Promise<Payment | null> {
    return this.prisma.payment.findFirst({ where: { policyType: PROPERTY_PAYMENT_TYPE, policyId }, orderBy: { createdAt: 'desc' } });
  }

  private documentsOf(policyIds: number[]): Promise<PropertyDocument[]> {
    if (!policyIds.length) return Promise.resolve([]);
    return this.prisma.propertyDocument.findMany({ where: { policyId: { in: policyIds } }, orderBy: { createdAt: 'asc' } });
  }

  findIn(tx: Prisma.TransactionClient, id: number): Promise<PropertyPolicy | null> {
    return tx.propertyPolicy.findUnique({ where: { id } });
  }

  /** The policy's status read in `tx` (undefined when there is no such policy). */
  async statusIn(tx: Prisma.TransactionClient, id: number): Promise<number | undefined> {
    return (await tx.propertyPolicy.findUnique({ where: { id }, select: { status: true } }))?.status;
  }
}

/** Show Policy's row: the policy object's columns as Prisma names them (amounts as their exact text, days as YYYY-MM-DD). */
type ShownRow = Omit<PresentablePropertyPolicy, 'propertyCost' | 'contentsCost' | 'price' | 'refundAmount' | 'startDate' | 'endDate'> & {
  propertyCost: string | null;
  contentsCost: string | null;
  price: string;
  refundAmount: string | null;
  startDate: string;
  endDate: string;
  paymentLinkToken: string | null;
  paymentStatus: string | null;
  documents: Array<Omit<PresentablePropertyDocument, 'createdAt'> & { createdAt: string }>;
};

/** The columns of Show Policy's object: the policy's, its latest payment's link and status, its documents (oldest first). */
const SHOWN_COLUMNS = `p.id, p.client_id AS "clientId", p.insurer_code AS "insurerCode", p.status,
       p.personal_details AS "personalDetails", p.building_details AS "buildingDetails", p.address,
       p.property_cost::text AS "propertyCost", p.contents_cost::text AS "contentsCost", p.iban,
       to_char(p.start_date, 'YYYY-MM-DD') AS "startDate", to_char(p.end_date, 'YYYY-MM-DD') AS "endDate",
       p.price::text AS price, p.redirect_url AS "redirectUrl", p.provider_policy_id AS "providerPolicyId",
       p.provider_policy AS "providerPolicy", p.renewal_of AS "renewalOf", p.canceled_at AS "canceledAt",
       p.cancellation_reason AS "cancellationReason", p.refund_amount::text AS "refundAmount",
       p.refund_unused_days AS "refundUnusedDays", p.refund_term_days AS "refundTermDays", p.created_at AS "createdAt",
       pay.link_token AS "paymentLinkToken", pay.status AS "paymentStatus",
       COALESCE((SELECT json_agg(json_build_object('id', d.id, 'category', d.category, 'fileId', d.file_id,
                                                   'contentType', d.content_type, 'size', d.size, 'createdAt', d.created_at)
                                 ORDER BY d.created_at)
                   FROM property_documents d WHERE d.policy_id = p.id), '[]'::json) AS documents`;

/** The policy's latest payment (`pay`), beside each row. */
const LATEST_PAYMENT = `LEFT JOIN LATERAL (SELECT link_token, status FROM payments WHERE policy_type = '${PROPERTY_PAYMENT_TYPE}' AND policy_id = p.id
                                        ORDER BY created_at DESC LIMIT 1) pay ON true`;

/** Show Policy's one statement. */
const SHOW_POLICY_SQL = `SELECT ${SHOWN_COLUMNS} FROM property_policies p ${LATEST_PAYMENT} WHERE p.id = $1 AND p.client_id = $2::uuid`;

/** The prepared statement's name on PostgreSQL: change it with the text (a connection keeps the first text under a name). */
const SHOW_POLICY_STATEMENT = 'property_policy_show_v4';

function viewOfRow(row: ShownRow): ShownPropertyPolicy {
  const { paymentLinkToken, paymentStatus, documents, ...policy } = row;
  return {
    policy: {
      ...policy,
      propertyCost: decimalOrNull(policy.propertyCost),
      contentsCost: decimalOrNull(policy.contentsCost),
      price: new Prisma.Decimal(policy.price),
      refundAmount: decimalOrNull(policy.refundAmount),
      startDate: utcDay(policy.startDate),
      endDate: utcDay(policy.endDate),
    },
    payment: paymentLinkToken === null || paymentStatus === null ? null : { linkToken: paymentLinkToken, status: paymentStatus },
    documents: documents.map((d) => ({ ...d, createdAt: new Date(d.createdAt) })),
  };
}

const decimalOrNull = (v: string | null) => (v === null ? null : new Prisma.Decimal(v));
/** A `date` column's day as Prisma reads it: midnight UTC. */
const utcDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function whereOf(f: PropertyPolicyFilter): Prisma.PropertyPolicyWhereInput {
  const created =
    f.createdFrom || f.createdTo ? { createdAt: { ...(f.createdFrom ? { gte: f.createdFrom } : {}), ...(f.createdTo ? { lt: f.createdTo } : {}) } } : {};
  return {
    ...(f.ids ? { id: { in: f.ids } } : {}),
    ...(f.clientId ? { clientId: f.clientId } : {}),
    ...(f.nationalityId !== undefined ? { nationalityId: f.nationalityId } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.insurerCode ? { insurerCode: f.insurerCode } : {}),
    ...created,
    ...(f.q
      ? { OR: [{ email: { contains: f.q, mode: 'insensitive' as const } }, { nationalityId: f.q }, ...(/^\d{1,9}$/.test(f.q) ? [{ id: Number(f.q) }] : [])] }
      : {}),
  };
}
