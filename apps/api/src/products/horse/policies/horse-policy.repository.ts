import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { Database, DATABASE, modelColumns, Prisma, PrismaService, withDecimals } from '@lib/db';
import type { HorsePolicy, Payment } from '@lib/db/generated/prisma/client';
import { InsurerIssue, issuedFields, PolicyStatus } from '../../../policies/policy-status';
import { lastDayBefore } from '../../../policies/policy-term-dates';

export type { HorsePolicy };
export type HorsePolicyView = { policy: HorsePolicy; payment: Pick<Payment, 'linkToken'> | null };

const OPEN_PAYMENT = ['pending', 'failed'];

const HORSE_POLICY_FIELDS = [
  'id',
  'clientId',
  'insurerCode',
  'horse',
  'owner',
  'status',
  'ratePercent',
  'netPremium',
  'vat',
  'price',
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
] as const satisfies readonly (keyof HorsePolicy)[];
const HORSE_POLICY_DECIMALS = ['ratePercent', 'netPremium', 'vat', 'price', 'refundAmount'] as const;

/** Show Policy's one statement: the policy (the client's, or any when $2 is null) and its open payment's link token. */
const SHOW_POLICY_SQL = `SELECT ${modelColumns('p', HORSE_POLICY_FIELDS, HORSE_POLICY_DECIMALS)}, pay.link_token AS "paymentLinkToken"
   FROM horse_policies p
   LEFT JOIN LATERAL (SELECT link_token FROM payments
                       WHERE policy_type = 'horse' AND policy_id = p.id AND status = ANY($3::text[]) AND expires_at > $4::timestamptz
                       LIMIT 1) pay ON true
  WHERE p.id = $1 AND ($2::uuid IS NULL OR p.client_id = $2::uuid)`;
/** The prepared statement's name on PostgreSQL: change it with the text (a connection keeps the first text under a name). */
const SHOW_POLICY_STATEMENT = 'horse_policy_show_v1';

@Injectable()
export class HorsePolicyRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  create(tx: Prisma.TransactionClient, data: Prisma.HorsePolicyUncheckedCreateInput) {
    return tx.horsePolicy.create({ data });
  }

  /** The policy and its open payment's link in one statement (through Prisma it took two), prepared once per connection. */
  async findForClient(clientId: string | null, id: number): Promise<HorsePolicyView | null> {
    const [row] = await this.db.sql.query<Record<string, unknown>>(
      SHOW_POLICY_SQL,
      [id, clientId, OPEN_PAYMENT, this.clock.now().toISOString()],
      SHOW_POLICY_STATEMENT,
    );
    if (!row) return null;
    const { paymentLinkToken, ...policy } = row;
    return {
      policy: withDecimals<HorsePolicy>(policy, HORSE_POLICY_DECIMALS),
      payment: paymentLinkToken === null ? null : { linkToken: paymentLinkToken as string },
    };
  }

  /** A console page of every client's policies with their open payments, and the total: three statements whatever the page size. */
  async adminPage(
    f: { ids?: number[]; status?: number; clientId?: string },
    orderBy: Prisma.HorsePolicyOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[HorsePolicyView[], number]> {
    const where: Prisma.HorsePolicyWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.status === undefined ? {} : { status: f.status }),
      ...(f.clientId ? { clientId: f.clientId } : {}),
    };
    const [rows, total] = await Promise.all([this.prisma.horsePolicy.findMany({ where, orderBy, skip, take }), this.prisma.horsePolicy.count({ where })]);
    const payments = rows.length
      ? await this.prisma.payment.findMany({
          where: { policyType: 'horse', policyId: { in: rows.map((r) => r.id) }, status: { in: OPEN_PAYMENT }, expiresAt: { gt: this.clock.now() } },
        })
      : [];
    return [rows.map((policy) => ({ policy, payment: payments.find((p) => p.policyId === policy.id) ?? null })), total];
  }

  /** The term ended: active becomes expired (4) once its last day is before `now`; answers the rows it changed (one statement for many). */
  markExpired(tx: Prisma.TransactionClient, ids: number[], now: Date): Promise<HorsePolicy[]> {
    return tx.horsePolicy.updateManyAndReturn({
      where: { id: { in: ids }, status: PolicyStatus.Active, endDate: { lt: lastDayBefore(now) } },
      data: { status: PolicyStatus.Expired, updatedAt: now },
    });
  }

  /** The policy read in `tx`, if it is active. */
  activeIn(tx: Prisma.TransactionClient, id: number): Promise<HorsePolicy | null> {
    return tx.horsePolicy.findFirst({ where: { id, status: PolicyStatus.Active } });
  }

  /** Active becomes cancelled, once: the cancelled row, or null when it was not active any more. */
  async markCancelled(
    tx: Prisma.TransactionClient,
    id: number,
    data: { cancelledAt: Date; refundAmount: string; cancellationDocument: string | null },
  ): Promise<HorsePolicy | null> {
    const { count } = await tx.horsePolicy.updateMany({
      where: { id, status: PolicyStatus.Active },
      data: { status: PolicyStatus.Cancelled, ...data, updatedAt: data.cancelledAt },
    });
    return count === 1 ? tx.horsePolicy.findUnique({ where: { id } }) : null;
  }

  find(id: number): Promise<HorsePolicy | null> {
    return this.prisma.horsePolicy.findUnique({ where: { id } });
  }

  findIn(tx: Prisma.TransactionClient, id: number): Promise<HorsePolicy | null> {
    return tx.horsePolicy.findUnique({ where: { id } });
  }

  /** The policy's status read in `tx` (undefined when there is no such policy). */
  async statusIn(tx: Prisma.TransactionClient, id: number): Promise<number | undefined> {
    return (await tx.horsePolicy.findUnique({ where: { id }, select: { status: true } }))?.status;
  }

  /** Paid and issued by the insurer: the policy is active for its term. */
  markActive(tx: Prisma.TransactionClient, id: number, a: InsurerIssue): Promise<HorsePolicy> {
    return tx.horsePolicy.update({ where: { id }, data: { ...issuedFields(a) } });
  }
}
