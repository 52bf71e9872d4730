import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { Database, DATABASE, listPage, modelColumns, prefixedFields, Prisma, PrismaService, withDecimals } from '@lib/db';
import type { LifeOffer, LifePolicy, Payment } from '@lib/db/generated/prisma/client';
import { InsurerIssue, issuedFields, PolicyStatus } from '../../../policies/policy-status';
import { lastDayBefore } from '../../../policies/policy-term-dates';

export type { LifePolicy };
/** A policy as its answer shows it: the policy, the offer's fields the answer names, the open payment's link. */
export type LifePolicyView = {
  policy: LifePolicy;
  offer: Pick<LifeOffer, (typeof SHOWN_OFFER_FIELDS)[number]>;
  payment: Pick<Payment, 'linkToken'> | null;
};

const OPEN_PAYMENT = ['pending', 'failed'];

const POLICY_FIELDS = [
  'id',
  'clientId',
  'offerId',
  'insurerCode',
  'applicantId',
  'beneficiaries',
  'iban',
  'status',
  'premium',
  'requestedStartDate',
  'extraData',
  'providerPolicyId',
  'startDate',
  'endDate',
  'purchasedAt',
  'cancelledAt',
  'refundAmount',
  'cancellationDocument',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof LifePolicy>;
const POLICY_DECIMALS = ['premium', 'refundAmount'] as const;
/** The offer's fields a policy's answer shows and its cancellation reads (not its benefits, projections or applicant). */
const SHOWN_OFFER_FIELDS = ['insurerName', 'insurerNameAr', 'productName', 'termYears', 'premiumFrequency', 'sumAssured'] as const satisfies ReadonlyArray<
  keyof LifeOffer
>;
const OFFER_DECIMALS = ['sumAssured'] as const;

/** The policy object's columns: the policy's, its offer's (`offer.` prefixed), the open payment's link token. */
const SHOWN_COLUMNS = Prisma.raw(
  `${modelColumns('p', POLICY_FIELDS, POLICY_DECIMALS)}, ${modelColumns('o', SHOWN_OFFER_FIELDS, OFFER_DECIMALS, 'offer.')}, pay.link_token AS "paymentLinkToken"`,
);

/** Each policy's offer (`o`) and open payment (`pay`) at `now`. */
function shownJoins(now: Date): Prisma.Sql {
  return Prisma.sql`JOIN life_offers o ON o.id = p.offer_id
    LEFT JOIN LATERAL (SELECT link_token FROM payments
                        WHERE policy_type = 'life' AND policy_id = p.id AND status = ANY(${OPEN_PAYMENT}::text[])
                          AND expires_at > ${now.toISOString()}::timestamptz
                        ORDER BY created_at DESC LIMIT 1) pay ON true`;
}

function viewOfRow(row: Record<string, unknown>): LifePolicyView {
  const policy = withDecimals<LifePolicy>(Object.fromEntries(POLICY_FIELDS.map((f) => [f, row[f]])), POLICY_DECIMALS);
  const payment = row.paymentLinkToken === null ? null : { linkToken: row.paymentLinkToken as string };
  return { policy, offer: withDecimals<LifePolicyView['offer']>(prefixedFields(row, 'offer.'), OFFER_DECIMALS), payment };
}

@Injectable()
export class LifePolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  create(tx: Prisma.TransactionClient, data: Prisma.LifePolicyUncheckedCreateInput) {
    return tx.lifePolicy.create({ data });
  }

  /** The policy (the client's, or any with null) with its offer and open payment's link, as the list reads them: one statement. */
  async findForClient(clientId: string | null, id: number): Promise<LifePolicyView | null> {
    const show = Prisma.sql`SELECT ${SHOWN_COLUMNS} FROM life_policies p ${shownJoins(this.clock.now())}
                             WHERE p.id = ${id} AND (${clientId}::uuid IS NULL OR p.client_id = ${clientId}::uuid)`;
    const [row] = await this.db.sql.query<Record<string, unknown>>(show.text, show.values);
    return row ? viewOfRow(row) : null;
  }

  /**
   * The client's policies, newest first (the bank channel's own; a plain array as in the real service), each with its
   * offer and open payment's link, and the list's total: one statement.
   */
  async pageForClient(clientId: string, status: number | undefined, skip: number, take: number): Promise<[LifePolicyView[], number]> {
    const conds = [Prisma.sql`p.client_id = ${clientId}::uuid`];
    if (status !== undefined) conds.push(Prisma.sql`p.status = ${status}`);
    const where = Prisma.join(conds, ' AND ');
    const [rows, total] = await listPage<Record<string, unknown> & { id: number }>(this.db.sql, {
      from: Prisma.sql`life_policies p`,
      where,
      orderBy: Prisma.sql`p.created_at DESC, p.id DESC`,
      select: SHOWN_COLUMNS,
      joins: shownJoins(this.clock.now()),
      skip,
      take,
    });
    return [rows.map(viewOfRow), total];
  }

  /** A console page of every client's policies with their offers and open payments, and the total: four statements whatever the page size. */
  async adminPage(
    f: { ids?: number[]; status?: number; clientId?: string; insurerCode?: string },
    orderBy: Prisma.LifePolicyOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[LifePolicyView[], number]> {
    const where: Prisma.LifePolicyWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.status === undefined ? {} : { status: f.status }),
      ...(f.clientId ? { clientId: f.clientId } : {}),
      ...(f.insurerCode ? { insurerCode: f.insurerCode } : {}),
    };
    const [rows, total] = await Promise.all([this.prisma.lifePolicy.findMany({ where, orderBy, skip, take }), this.prisma.lifePolicy.count({ where })]);
    return [await this.viewsOf(rows.map((r) => r.id)), total];
  }

  /** Moves an active policy to cancelled; false when it was not active any more (a concurrent or repeated cancellation). */
  /** Active becomes cancelled, once: the cancelled row, or null when it was not active any more. */
  async markCancelled(
    tx: Prisma.TransactionClient,
    id: number,
    data: { cancelledAt: Date; refundAmount: string; cancellationDocument: string | null },
  ): Promise<LifePolicy | null> {
    const { count } = await tx.lifePolicy.updateMany({
      where: { id, status: PolicyStatus.Active },
      data: { status: PolicyStatus.Cancelled, ...data, updatedAt: data.cancelledAt },
    });
    return count === 1 ? tx.lifePolicy.findUnique({ where: { id } }) : null;
  }

  /** The term ended (maturity): active becomes expired (4) once its last day is before `now`; answers the rows it changed (one statement for many). */
  markExpired(tx: Prisma.TransactionClient, ids: number[], now: Date): Promise<LifePolicy[]> {
    return tx.lifePolicy.updateManyAndReturn({
      where: { id: { in: ids }, status: PolicyStatus.Active, endDate: { lt: lastDayBefore(now) } },
      data: { status: PolicyStatus.Expired, updatedAt: now },
    });
  }

  /** The policy and its offer read in `tx`, if it is active. */
  async activeIn(tx: Prisma.TransactionClient, id: number): Promise<{ policy: LifePolicy; offer: LifeOffer } | null> {
    const policy = await tx.lifePolicy.findFirst({ where: { id, status: PolicyStatus.Active } });
    return policy ? { policy, offer: (await this.offerIn(tx, policy.offerId))! } : null;
  }

  offerIn(tx: Prisma.TransactionClient, offerId: string): Promise<LifeOffer | null> {
    return tx.lifeOffer.findUnique({ where: { id: offerId } });
  }

  /** These policies with their offers and open payments' links, in the order given: one statement. */
  private async viewsOf(ids: number[]): Promise<LifePolicyView[]> {
    if (!ids.length) return [];
    const q = Prisma.sql`SELECT ${SHOWN_COLUMNS} FROM life_policies p ${shownJoins(this.clock.now())} WHERE p.id = ANY(${ids}::int[])`;
    const views = new Map((await this.db.sql.query<Record<string, unknown>>(q.text, q.values)).map((row) => [row.id as number, viewOfRow(row)]));
    return ids.flatMap((id) => views.get(id) ?? []);
  }

  find(id: number): Promise<LifePolicy | null> {
    return this.prisma.lifePolicy.findUnique({ where: { id } });
  }

  /** The policy and the offer it was bought from (in `tx` when given); null when either is missing. */
  async findWithOffer(id: number, tx?: Prisma.TransactionClient): Promise<{ policy: LifePolicy; offer: LifeOffer } | null> {
    const db = tx ?? this.prisma;
    const policy = await db.lifePolicy.findUnique({ where: { id } });
    if (!policy) return null;
    const offer = await db.lifeOffer.findUnique({ where: { id: policy.offerId } });
    return offer ? { policy, offer } : null;
  }

  /** The policy's status read in `tx` (undefined when there is no such policy). */
  async statusIn(tx: Prisma.TransactionClient, id: number): Promise<number | undefined> {
    return (await tx.lifePolicy.findUnique({ where: { id }, select: { status: true } }))?.status;
  }

  /** Paid and issued by the insurer: the policy is active for its term. */
  markActive(tx: Prisma.TransactionClient, id: number, a: InsurerIssue): Promise<LifePolicy> {
    return tx.lifePolicy.update({ where: { id }, data: { ...issuedFields(a) } });
  }
}
