import { Inject, Injectable } from '@nestjs/common';
import { ApiError, formatDate, money, parseDate } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import { isInsurerCallError, type LifeProvider } from '@lib/providers';
import type { Payment } from '../../../payments/payment.repository';
import type { Payability } from '../../../payments/payment-status-reasons';
import { ActivationResult, PaidPolicyDescription, PolicyActivator } from '../../../payments/policy-activators';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { shownLifePolicy } from '../policies/life-policy.presenter';
import { LIFE_PROVIDER } from '../life-products';
import { endsAfterLastDay } from '../../../policies/policy-term-dates';
import { payableByStatus } from '../../../policies/policy-status';
import { LifePolicyRepository } from '../policies/life-policy.repository';

/**
 * Life's side of payments. Life premiums carry no VAT (life insurance is VAT-exempt in Saudi Arabia).
 * Paying issues the policy with the insurer; cover runs from the payment day for the plan's term.
 */
@Injectable()
export class LifePolicyActivator implements PolicyActivator {
  constructor(
    private readonly policies: LifePolicyRepository,
    @Inject(LIFE_PROVIDER) private readonly provider: LifeProvider,
    private readonly events: PolicyEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const loaded = await this.policies.findWithOffer(payment.policyId);
    if (!loaded) return null;
    const { policy, offer } = loaded;
    const total = money(policy.premium.toString());
    return {
      productEn: `Life savings and protection: ${offer.productName} (first ${offer.premiumFrequency.replace('_', '-')} premium)`,
      productAr: `تأمين الحماية والادخار: ${offer.productName}`,
      insurerEn: offer.insurerName,
      insurerAr: offer.insurerNameAr,
      subtotal: total,
      vat: money(0),
      total,
      vatPercent: '0',
    };
  }

  async payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability> {
    return payableByStatus(await this.policies.statusIn(tx, payment.policyId));
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const loaded = await this.policies.findWithOffer(payment.policyId, tx);
    if (!loaded) throw new Error(`life policy ${payment.policyId} of payment ${payment.id} is missing`);
    const { policy, offer } = loaded;
    // The start the partner asked for, or the payment day if that is later.
    const start = policy.requestedStartDate && policy.requestedStartDate > formatDate(at) ? policy.requestedStartDate : formatDate(at);
    const startsOn = parseDate(start)!;
    let issued;
    try {
      issued = await this.provider.issue(policy.insurerCode, {
        reference: `life-policy-${policy.id}`,
        payment_reference: payment.id,
        start_date: start,
        premium: money(policy.premium.toString()).toFixed(2),
      });
    } catch (err) {
      if (isInsurerCallError(err)) throw new ApiError('PROVIDER_FAILED', `The insurer did not issue the policy: ${err.message}`);
      throw err;
    }
    const end = new Date(Date.UTC(startsOn.getUTCFullYear() + offer.termYears, startsOn.getUTCMonth(), startsOn.getUTCDate() - 1));
    const active = await this.policies.markActive(tx, policy.id, { providerPolicyId: issued.policy_number, startDate: start, endDate: formatDate(end), at });
    await this.events.statusUpdated(tx, shownLifePolicy({ policy: active, offer, payment: null }, this.config.publicBaseUrl));
    // Maturity: the day after the last day of the term.
    return {
      providerPolicyId: issued.policy_number,
      redirectUrl: null,
      endsAt: endsAfterLastDay(active.endDate!),
      // Life premiums are VAT-exempt: the invoice states VAT 0.
      invoices: [
        {
          seller: { code: policy.insurerCode, nameEn: offer.insurerName, nameAr: offer.insurerNameAr },
          productEn: `Life savings and protection: ${offer.productName}`,
          productAr: `تأمين الحماية والادخار: ${offer.productName}`,
          policyNumber: issued.policy_number,
          total: money(policy.premium.toString()),
          vat: money(0),
          vatPercent: money(0),
        },
      ],
    };
  }
}
