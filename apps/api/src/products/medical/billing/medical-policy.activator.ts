import { Inject, Injectable } from '@nestjs/common';
import { ApiError, amountString, money, sum, VAT_PERCENT } from '@lib/common';
import type { Prisma } from '@lib/db';
import { isMotorProviderError, type MedicalProvider } from '@lib/providers';
import type { Payment } from '../../../payments/payment.repository';
import type { Payability } from '../../../payments/payment-status-reasons';
import { ActivationResult, PaidPolicyDescription, PolicyActivator } from '../../../payments/policy-activators';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import { MEDICAL_PROVIDER, MedicalInsurers } from '../medical-insurers';
import { MedicalQuoteRepository, type StoredMedicalQuote } from '../quotes/medical-quote.repository';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { shownMedicalPolicy } from '../policies/medical-policy.presenter';
import { PolicyStatus } from '../../../policies/policy-status';
import { endsAfterLastDay } from '../../../policies/policy-term-dates';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';

/**
 * Medical's side of payments. One medical payment (policy_id = company id) settles every policy that
 * points at it (medical_policies.payment_id); on success each is issued with its insurer.
 */
@Injectable()
export class MedicalPolicyActivator implements PolicyActivator {
  constructor(
    private readonly policies: MedicalPolicyRepository,
    private readonly companies: MedicalCompanyRepository,
    private readonly quotes: MedicalQuoteRepository,
    private readonly insurers: MedicalInsurers,
    private readonly events: PolicyEvents,
    @Inject(MEDICAL_PROVIDER) private readonly provider: MedicalProvider,
  ) {}

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const policies = await this.policies.bySettlingPayment(payment.id);
    if (!policies.length) return null;
    const company = await this.companies.findAny(payment.policyId);
    const codes = [...new Set(policies.map((p) => p.insuranceProvider))];
    const known = await this.insurers.list().catch(() => []);
    const names = codes.map((c) => known.find((i) => i.code === c) ?? { name_en: c, name_ar: c });
    return {
      productEn: `SME medical insurance${company ? `: ${company.name}` : ''}`,
      productAr: `التأمين الطبي للمنشآت${company ? `: ${company.nameAr}` : ''}`,
      insurerEn: names.map((n) => n.name_en).join(', '),
      insurerAr: names.map((n) => n.name_ar).join('، '),
      subtotal: sum(policies.map((p) => p.subtotal.toString())),
      vat: sum(policies.map((p) => p.vat.toString())),
      total: money(payment.amount.toString()),
      vatPercent: String(VAT_PERCENT),
    };
  }

  /**
   * Payable while every policy the link was made for still awaits it at the same total: a cancelled
   * policy or a new link (which moves the policies to itself) means the money no longer matches what
   * is owed, and it goes back in full.
   */
  async payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability> {
    const policies = await this.policies.bySettlingPayment(payment.id, tx);
    const awaiting = policies.filter((p) => p.status === PolicyStatus.Pending);
    if (!awaiting.length)
      return { payable: false, reason: policies.length && policies.every((p) => p.status === PolicyStatus.Active) ? 'already_paid' : 'replaced' };
    if (awaiting.length !== policies.length || !sum(awaiting.map((p) => p.price.toString())).equals(payment.amount.toString()))
      return { payable: false, reason: 'policy_changed' };
    return { payable: true };
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const policies = await this.policies.bySettlingPayment(payment.id, tx);
    if (!policies.length) throw new Error(`payment ${payment.id} settles no medical policy`);
    const company = await this.companies.requireIn(tx, payment.policyId);
    const numbers: string[] = [];
    const ends: Array<{ policyId: number; endsAt: Date }> = [];
    for (const policy of policies) {
      if (policy.status !== PolicyStatus.Pending) {
        numbers.push(policy.providerPolicyId ?? '');
        continue;
      }
      const request = await this.quotes.requireIn(tx, policy.quoteRequestId);
      const quote = (request.quotes as unknown as StoredMedicalQuote[]).find((q) => q.quote_price_id === policy.quotePriceId)!;
      let issued;
      try {
        issued = await this.provider.issuePolicy(
          policy.insuranceProvider,
          {
            reference: `medical-policy-${policy.id}`,
            quoteReference: quote.quote_reference,
            companyCr: company.commercialRegistrationNumber,
            members: (policy.insured as unknown[]).length,
            premium: amountString(policy.subtotal.toString()),
            paymentReference: payment.id,
          },
          { timeoutMs: 20_000 },
        );
      } catch (err) {
        if (isMotorProviderError(err)) throw new ApiError('PROVIDER_FAILED', `The insurer did not issue the medical policy: ${err.message}`);
        throw err;
      }
      const active = await this.policies.markIssued(tx, policy.id, { providerPolicyId: issued.policyNumber, at });
      await this.events.statusUpdated(tx, shownMedicalPolicy(active));
      numbers.push(issued.policyNumber);
      ends.push({ policyId: active.id, endsAt: endsAfterLastDay(active.endDate!) });
    }
    // One invoice per insurer the company's payment pays: each sells its own policies.
    const known = await this.insurers.list();
    const invoices = [...new Set(policies.map((p) => p.insuranceProvider))].map((code) => {
      const own = policies.filter((p) => p.insuranceProvider === code);
      const name = known.find((i) => i.code === code);
      return {
        seller: { code, nameEn: name?.name_en ?? code, nameAr: name?.name_ar ?? code },
        productEn: `SME medical insurance: ${company.name}`,
        productAr: `التأمين الطبي للمنشآت: ${company.nameAr}`,
        policyNumber: own.map((p) => numbers[policies.indexOf(p)]).join(','),
        total: sum(own.map((p) => p.price.toString())),
        vat: sum(own.map((p) => p.vat.toString())),
        vatPercent: money(VAT_PERCENT),
      };
    });
    const first = policies[0];
    // One payment settles the company's policies: each gets its own expiry (the payment's policy_id is the company).
    return { providerPolicyId: numbers.join(','), redirectUrl: policyRedirectUrl(first.redirectUrl, first.id), policyEnds: ends, invoices };
  }

  async redirectUrl(payment: Payment): Promise<string | null> {
    const first = await this.policies.firstOfPayment(payment.id);
    return first ? policyRedirectUrl(first.redirectUrl, first.id) : null;
  }
}
