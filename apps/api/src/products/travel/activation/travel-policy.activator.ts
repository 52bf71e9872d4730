import { Inject, Injectable } from '@nestjs/common';
import { ApiError, money, VAT_PERCENT } from '@lib/common';
import { Prisma } from '@lib/db';
import { isInsurerCallError, type TravelProvider } from '@lib/providers';
import type { Payment } from '../../../payments/payment.repository';
import type { Payability } from '../../../payments/payment-status-reasons';
import { payableByStatus } from '../../../policies/policy-status';
import { ActivationResult, PaidPolicyDescription, PolicyActivator } from '../../../payments/policy-activators';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { endsAfterLastDay } from '../../../policies/policy-term-dates';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import { TravelPolicyPresenter } from '../policies/travel-policy.view';
import { TravelPolicyRepository } from '../policies/travel-policy.repository';
import { TRAVEL_INSURER_NAMES, TRAVEL_PRODUCT_NAMES, TRAVEL_PROVIDER } from '../travel-products';
import { TravelDocuments } from '../documents/travel-documents.service';

/** Travel's side of payments: paying has the insurer issue the policy for the quoted trip; the PDFs follow. */
@Injectable()
export class TravelPolicyActivator implements PolicyActivator {
  constructor(
    private readonly policies: TravelPolicyRepository,
    @Inject(TRAVEL_PROVIDER) private readonly provider: TravelProvider,
    private readonly events: PolicyEvents,
    private readonly presenter: TravelPolicyPresenter,
    private readonly documents: TravelDocuments,
  ) {}

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const view = await this.policies.findForClient(null, payment.policyId);
    if (!view) return null;
    const { policy } = view;
    const travellers = (view.quote.travellers as unknown[]).length;
    return {
      productEn: `${TRAVEL_PRODUCT_NAMES.en}: ${policy.startDate} to ${policy.endDate}, ${travellers} traveller${travellers === 1 ? '' : 's'}`,
      productAr: `${TRAVEL_PRODUCT_NAMES.ar}: من ${policy.startDate} إلى ${policy.endDate}، عدد المسافرين ${travellers}`,
      insurerEn: TRAVEL_INSURER_NAMES.en,
      insurerAr: TRAVEL_INSURER_NAMES.ar,
      subtotal: money(policy.subtotal.toString()),
      vat: money(policy.vat.toString()),
      total: money(policy.price.toString()),
      vatPercent: String(VAT_PERCENT),
    };
  }

  async payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability> {
    return payableByStatus(await this.policies.statusIn(tx, payment.policyId));
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const view = await this.policies.findForClient(null, payment.policyId, tx);
    if (!view) throw new Error(`travel policy ${payment.policyId} of payment ${payment.id} is missing`);
    let issued;
    try {
      issued = await this.provider.issue({
        reference: `travel-policy-${view.policy.id}`,
        payment_reference: payment.id,
        start_date: view.policy.startDate,
        premium: money(view.policy.price.toString()).toFixed(2),
      });
    } catch (err) {
      if (isInsurerCallError(err)) throw new ApiError('PROVIDER_FAILED', `The insurer did not issue the policy: ${err.message}`);
      throw err;
    }
    const active = await this.policies.activate(tx, view.policy.id, { providerPolicyId: issued.policy_number, at });
    await this.events.statusUpdated(tx, this.presenter.shown({ ...view, policy: active, payment: null }));
    return {
      providerPolicyId: issued.policy_number,
      redirectUrl: policyRedirectUrl(active.redirectUrl, active.id),
      endsAt: endsAfterLastDay(active.endDate),
      invoices: [
        {
          seller: { code: active.insurerCode, nameEn: TRAVEL_INSURER_NAMES.en, nameAr: TRAVEL_INSURER_NAMES.ar },
          productEn: TRAVEL_PRODUCT_NAMES.en,
          productAr: TRAVEL_PRODUCT_NAMES.ar,
          policyNumber: issued.policy_number,
          total: money(active.price.toString()),
          vat: money(active.vat.toString()),
          vatPercent: money(VAT_PERCENT),
        },
      ],
    };
  }

  async redirectUrl(payment: Payment): Promise<string | null> {
    const view = await this.policies.findForClient(null, payment.policyId);
    return view ? policyRedirectUrl(view.policy.redirectUrl, view.policy.id) : null;
  }

  pendingDocuments(): Promise<number[]> {
    return this.policies.missingDocuments();
  }

  produceDocuments(policyId: number): Promise<void> {
    return this.documents.produce(policyId);
  }
}
