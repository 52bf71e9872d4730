import { Inject, Injectable } from '@nestjs/common';
import { ApiError, formatDate, money, VAT_PERCENT } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import { isInsurerCallError, type HorseProvider } from '@lib/providers';
import type { Payment } from '../../../payments/payment.repository';
import type { Payability } from '../../../payments/payment-status-reasons';
import { ActivationResult, PaidPolicyDescription, PolicyActivator } from '../../../payments/policy-activators';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { shownHorsePolicy } from '../policies/horse-policy.presenter';
import { HorsePolicyRepository } from '../policies/horse-policy.repository';
import { HORSE_INSURER_NAMES, HORSE_PROVIDER } from '../horse-products';
import { endsAfterLastDay } from '../../../policies/policy-term-dates';
import { payableByStatus } from '../../../policies/policy-status';

/** Horse's side of payments: paying issues the policy with the insurer for one year from the payment day. */
@Injectable()
export class HorsePolicyActivator implements PolicyActivator {
  constructor(
    private readonly policies: HorsePolicyRepository,
    @Inject(HORSE_PROVIDER) private readonly provider: HorseProvider,
    private readonly events: PolicyEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const policy = await this.policies.find(payment.policyId);
    if (!policy) return null;
    const name = (policy.horse as { name: string }).name;
    return {
      productEn: `Horse insurance: ${name}`,
      productAr: `تأمين الخيل: ${name}`,
      insurerEn: HORSE_INSURER_NAMES.en,
      insurerAr: HORSE_INSURER_NAMES.ar,
      subtotal: money(policy.netPremium.toString()),
      vat: money(policy.vat.toString()),
      total: money(policy.price.toString()),
      vatPercent: String(VAT_PERCENT),
    };
  }

  async payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability> {
    return payableByStatus(await this.policies.statusIn(tx, payment.policyId));
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const policy = await this.policies.findIn(tx, payment.policyId);
    if (!policy) throw new Error(`horse policy ${payment.policyId} of payment ${payment.id} is missing`);
    const start = formatDate(at);
    let issued;
    try {
      issued = await this.provider.issue({
        reference: `horse-policy-${policy.id}`,
        payment_reference: payment.id,
        start_date: start,
        premium: money(policy.price.toString()).toFixed(2),
      });
    } catch (err) {
      if (isInsurerCallError(err)) throw new ApiError('PROVIDER_FAILED', `The insurer did not issue the policy: ${err.message}`);
      throw err;
    }
    const end = new Date(Date.UTC(at.getUTCFullYear() + 1, at.getUTCMonth(), at.getUTCDate() - 1));
    const active = await this.policies.markActive(tx, policy.id, { providerPolicyId: issued.policy_number, startDate: start, endDate: formatDate(end), at });
    await this.events.statusUpdated(tx, shownHorsePolicy({ policy: active, payment: null }, this.config.publicBaseUrl));
    const name = (policy.horse as { name: string }).name;
    return {
      providerPolicyId: issued.policy_number,
      redirectUrl: null,
      endsAt: endsAfterLastDay(active.endDate!),
      invoices: [
        {
          seller: { code: policy.insurerCode, nameEn: HORSE_INSURER_NAMES.en, nameAr: HORSE_INSURER_NAMES.ar },
          productEn: `Horse insurance: ${name}`,
          productAr: `تأمين الخيل: ${name}`,
          policyNumber: issued.policy_number,
          total: money(policy.price.toString()),
          vat: money(policy.vat.toString()),
          vatPercent: money(VAT_PERCENT),
        },
      ],
    };
  }
}
