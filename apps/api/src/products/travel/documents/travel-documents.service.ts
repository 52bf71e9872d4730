import { Injectable } from '@nestjs/common';
import { amountString, Clock } from '@lib/common';
import { TRAVEL_BANDS } from '@lib/providers';
import { FileStore } from '../../../platform/files/file-store';
import { PaymentRepository } from '../../../payments/payment.repository';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { TravelPolicyPresenter } from '../policies/travel-policy.view';
import { TravelPolicyRepository } from '../policies/travel-policy.repository';
import type { TravelBill } from '../quotes/travel-bill';
import type { TravellerInput } from '../quotes/travel-quote.schema';
import { TRAVEL_INSURER_NAMES } from '../travel-products';
import { TaxInvoices } from '../../../payments/tax-invoices/tax-invoices';
import { renderTravelCertificate } from './travel-documents';

const BAND_NAMES = {
  child: { en: 'Child (under 18)', ar: 'طفل أقل من 18 سنة' },
  adult: { en: 'Adult (18 to 64)', ar: 'بالغ من 18 إلى 64 سنة' },
  senior: { en: 'Senior (65 and over)', ar: 'من 65 سنة فأكثر' },
};

/**
 * After payment: the insurance certificate and the tax invoice, stored and attached to the policy with a
 * documents webhook. Idempotent: a policy that has both is left alone; a restart produces what is missing.
 */
@Injectable()
export class TravelDocuments {
  constructor(
    private readonly policies: TravelPolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly files: FileStore,
    private readonly events: PolicyEvents,
    private readonly presenter: TravelPolicyPresenter,
    private readonly clock: Clock,
    private readonly taxInvoices: TaxInvoices,
  ) {}

  async produce(policyId: number): Promise<void> {
    const view = await this.policies.findForClient(null, policyId);
    if (!view || !view.policy.providerPolicyId || (view.policy.policyFileId && view.policy.invoiceFileId)) return;
    const { policy, quote } = view;
    const issuedAt = policy.purchasedAt ?? this.clock.now();
    const bill = quote.bill as unknown as TravelBill;
    const taxInvoice = await this.taxInvoices.ofPolicy('travel', policy.id);
    if (!taxInvoice) throw new Error(`travel policy ${policy.id} has no tax invoice`);
    const [certificate, invoice] = await Promise.all([
      renderTravelCertificate({
        insurerEn: TRAVEL_INSURER_NAMES.en,
        insurerAr: TRAVEL_INSURER_NAMES.ar,
        policyNumber: policy.providerPolicyId!,
        issuedAt,
        startDate: policy.startDate,
        endDate: policy.endDate,
        multiEntry: policy.multiEntry,
        days: policy.duration,
        applicant: { nationalityId: quote.nationalityId, email: quote.email, phone: quote.phoneNumber },
        travellers: quote.travellers as unknown as TravellerInput[],
        price: amountString(policy.price.toString()),
      }),
      this.taxInvoices.render(taxInvoice, [
        ...TRAVEL_BANDS.flatMap((b) => {
          const line = bill.items[b];
          return line
            ? [{ en: `${BAND_NAMES[b].en}, ${line.count} x ${amountString(line.price)}`, ar: BAND_NAMES[b].ar, total: amountString(line.total) }]
            : [];
        }),
        { en: 'Policy fee', ar: 'رسوم الوثيقة', total: amountString(bill.adminFees) },
      ]),
    ]);
    const saved = [
      await this.files.save({ clientId: policy.clientId, kind: 'travel-policy', contentType: 'application/pdf', bytes: certificate }),
      await this.files.save({ clientId: policy.clientId, kind: 'travel-invoice', contentType: 'application/pdf', bytes: invoice }),
    ];
    let attached = false;
    try {
      attached = await this.payments.transaction(async (tx) => {
        const updated = await this.policies.attachDocuments(tx, policy.id, { policyFileId: saved[0].id, invoiceFileId: saved[1].id }, this.clock.now());
        if (updated) await this.events.documentsUpdated(tx, this.presenter.shown({ ...view, policy: updated, payment: null }));
        return updated !== null;
      });
    } finally {
      if (!attached) await this.files.discard(saved);
    }
  }
}
