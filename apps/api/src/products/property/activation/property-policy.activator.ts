import { Inject, Injectable } from '@nestjs/common';
import { money, VAT_PERCENT } from '@lib/common';
import type { Prisma } from '@lib/db';
import type { PropertyProvider } from '@lib/providers';
import type { Payment } from '../../../payments/payment.repository';
import type { Payability } from '../../../payments/payment-status-reasons';
import { payableByStatus } from '../../../policies/policy-status';
import { ActivationResult, PaidPolicyDescription, PolicyActivator } from '../../../payments/policy-activators';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import { PropertyPolicyViews } from '../policies/property-policy-views';
import { PROPERTY_PROVIDER } from '../property-products';
import { PropertyInsurerIssuance } from '../policies/property-insurer-issuance';
import { PropertyPolicyRepository } from '../policies/property-policy.repository';

/**
 * Property's side of payments: the insurer issues its policy and its PDF when the payment succeeds, and
 * both are stored in the payment's transaction (the insurer's document is ready at issuance, so nothing
 * is left to produce afterwards).
 */
@Injectable()
export class PropertyPolicyActivator implements PolicyActivator {
  private insurerNames?: Map<string, { en: string; ar: string }>;

  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly issuance: PropertyInsurerIssuance,
    private readonly events: PolicyEvents,
    private readonly views: PropertyPolicyViews,
    @Inject(PROPERTY_PROVIDER) private readonly provider: PropertyProvider,
  ) {}

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const p = await this.policies.find(payment.policyId);
    if (!p) return null;
    const name = (await this.names()).get(p.insurerCode) ?? { en: p.insurerCode, ar: p.insurerCode };
    return {
      productEn: 'Home insurance',
      productAr: 'تأمين المنازل',
      insurerEn: name.en,
      insurerAr: name.ar,
      subtotal: money(p.netPremium.toString()),
      vat: money(p.vat.toString()),
      total: money(p.price.toString()),
      vatPercent: '15',
    };
  }

  async payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability> {
    return payableByStatus(await this.policies.statusIn(tx, payment.policyId));
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const policy = await this.policies.findIn(tx, payment.policyId);
    if (!policy) throw new Error(`property policy ${payment.policyId} of payment ${payment.id} is missing`);
    const issued = await this.issuance.issueFor(policy);
    const active = await this.policies.activate(tx, policy.id, { providerPolicyId: issued.providerPolicyId, at });
    // Cancelled before the payment settled: its payment link was closed then, so this is not expected; the
    // policy stays cancelled and the payment is kept for refund.
    if (active) {
      await this.events.statusUpdated(tx, await this.views.shown(tx, active, null));
      const documented = await this.policies.setDocument(tx, policy.id, { providerPolicy: issued.documentUrl, at });
      await this.events.documentsUpdated(tx, await this.views.shown(tx, documented!, null));
    }
    const name = (await this.names()).get(policy.insurerCode) ?? { en: policy.insurerCode, ar: policy.insurerCode };
    return {
      providerPolicyId: issued.providerPolicyId,
      redirectUrl: policyRedirectUrl(policy.redirectUrl, policy.id),
      endsAt: active ? active.endDate : null,
      invoices: [
        {
          seller: { code: policy.insurerCode, nameEn: name.en, nameAr: name.ar },
          productEn: 'Home insurance',
          productAr: 'تأمين المنازل',
          policyNumber: issued.providerPolicyId,
          total: money(policy.price.toString()),
          vat: money(policy.vat.toString()),
          vatPercent: money(VAT_PERCENT),
        },
      ],
    };
  }

  async redirectUrl(payment: Payment): Promise<string | null> {
    const p = await this.policies.find(payment.policyId);
    return p ? policyRedirectUrl(p.redirectUrl, p.id) : null;
  }

  private async names(): Promise<Map<string, { en: string; ar: string }>> {
    if (!this.insurerNames) {
      const insurers = await this.provider.listInsurers({ timeoutMs: 5_000 }).catch(() => []);
      if (!insurers.length) return new Map();
      this.insurerNames = new Map(insurers.map((i) => [i.code, { en: i.nameEn, ar: i.nameAr }]));
    }
    return this.insurerNames;
  }
}
