import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ApiError, formatDate, money } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';
import type { TplProvider } from '@lib/providers';
import type { Payment } from '../../payments/payment.repository';
import { payableByStatus, type Payability } from '../../payments/payment-status-reasons';
import { ActivationResult, PaidPolicyDescription, PolicyActivator, PolicyActivators } from '../../payments/policy-activators';
import { TPL_PROVIDER } from '../tpl-provider.token';
import { TplPolicyEvents } from '../events/tpl-policy-events';
import { TPL_STATUS } from '../tpl-policy.repository';

/** TPL v2's side of payments: on payment the sandbox insurer issues the policy and its number. */
@Injectable()
export class TplPolicyActivator implements PolicyActivator, OnModuleInit {
  constructor(
    private readonly registry: PolicyActivators,
    private readonly prisma: PrismaService,
    @Inject(TPL_PROVIDER) private readonly provider: TplProvider,
    private readonly events: TplPolicyEvents,
  ) {}

  onModuleInit(): void {
    this.registry.register('tpl', this);
  }

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const policy = await this.prisma.tplPolicy.findUnique({ where: { id: payment.policyId } });
    if (!policy) return null;
    let price;
    try {
      price = await this.provider.price();
    } catch {
      throw new ApiError('PROVIDER_FAILED', 'The TPL insurer did not answer. Try again shortly.');
    }
    const total = money(policy.price.toString());
    const vatPercent = money(price.vat_percentage);
    const subtotal = total.dividedBy(vatPercent.dividedBy(100).plus(1)).toDecimalPlaces(2);
    return {
      productEn: 'Third-party motor insurance (ownership transfer)',
      productAr: 'تأمين المركبات ضد الغير (نقل ملكية)',
      insurerEn: price.insurer_name_en,
      insurerAr: price.insurer_name_ar,
      subtotal,
      vat: total.minus(subtotal),
      total,
      vatPercent: vatPercent.toString(),
    };
  }

  async payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability> {
    const policy = await tx.tplPolicy.findUnique({ where: { id: payment.policyId }, select: { status: true, canceledBy: true } });
    if (policy?.status === TPL_STATUS.canceled && policy.canceledBy === 'payment-lapsed') return { payable: false, reason: 'lapsed' };
    return payableByStatus(policy?.status);
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const policy = await tx.tplPolicy.findUnique({ where: { id: payment.policyId } });
    if (!policy) throw new Error(`TPL policy ${payment.policyId} of payment ${payment.id} is missing`);
    let issued;
    try {
      issued = await this.provider.issue({
        reference: `tpl-policy-${policy.id}`,
        vin: policy.vin,
        car_sequence_number: policy.carSequenceNumber,
        owner_id: policy.newOwnerId,
        start_date: formatDate(new Date(at.getTime() + 86_400_000)),
      });
    } catch (err) {
      throw new ApiError('PROVIDER_FAILED', `The insurer did not issue the policy: ${(err as Error).message}`);
    }
    const issuedPolicy = await tx.tplPolicy.update({
      where: { id: policy.id },
      data: { status: TPL_STATUS.issued, providerPolicyId: issued.policy_number, startDate: issued.start_date, endDate: issued.end_date, purchasedAt: at, updatedAt: at },
    });
    await this.events.statusUpdated(tx, issuedPolicy, null);
    return { providerPolicyId: issued.policy_number, redirectUrl: null };
  }

  async redirectUrl(): Promise<string | null> {
    return null;
  }

  /** TPL v2 has no schedule document of its own yet: the insurer's policy number is the proof of cover. */
  async pendingDocuments(): Promise<number[]> {
    return [];
  }

  async produceDocuments(): Promise<void> {}
}
