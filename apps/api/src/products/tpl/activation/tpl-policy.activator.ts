import { Inject, Injectable } from '@nestjs/common';
import { amountString, ApiError, Clock, formatDate, money } from '@lib/common';
import { TaxInvoices } from '../../../payments/tax-invoices/tax-invoices';
import { FileStore } from '../../../platform/files/file-store';
import { renderTplCertificate } from './tpl-policy-document';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { TplProvider } from '@lib/providers';
import type { Payment } from '../../../payments/payment.repository';
import type { Payability } from '../../../payments/payment-status-reasons';
import { ActivationResult, PaidPolicyDescription, PolicyActivator } from '../../../payments/policy-activators';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import { TPL_PROVIDER } from '../tpl-provider.token';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { shownTplPolicy } from '../tpl-policy.presenter';
import { endsAfterLastDay } from '../../../policies/policy-term-dates';
import { PolicyStatus, payableByStatus } from '../../../policies/policy-status';
import { TplPolicyRepository } from '../tpl-policy.repository';

/** TPL v2's side of payments: on payment the sandbox insurer issues the policy and its number. */
@Injectable()
export class TplPolicyActivator implements PolicyActivator {
  constructor(
    private readonly policies: TplPolicyRepository,
    @Inject(TPL_PROVIDER) private readonly provider: TplProvider,
    private readonly events: PolicyEvents,
    private readonly files: FileStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly taxInvoices: TaxInvoices,
  ) {}

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const policy = await this.policies.find(payment.policyId);
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
    const policy = await this.policies.paymentStateIn(tx, payment.policyId);
    if (policy?.status === PolicyStatus.Cancelled && policy.canceledBy === 'payment-lapsed') return { payable: false, reason: 'lapsed' };
    return payableByStatus(policy?.status);
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const policy = await this.policies.findIn(tx, payment.policyId);
    if (!policy) throw new Error(`TPL policy ${payment.policyId} of payment ${payment.id} is missing`);
    let issued, price;
    try {
      price = await this.provider.price();
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
    const issuedPolicy = await this.policies.markIssued(tx, policy.id, {
      providerPolicyId: issued.policy_number,
      startDate: issued.start_date,
      endDate: issued.end_date,
      at,
    });
    await this.events.statusUpdated(tx, shownTplPolicy(issuedPolicy, null, this.config.publicBaseUrl, this.files));
    const total = money(policy.price.toString());
    const vatPercent = money(price.vat_percentage);
    return {
      providerPolicyId: issued.policy_number,
      redirectUrl: policyRedirectUrl(issuedPolicy.redirectUrl, issuedPolicy.id),
      endsAt: endsAfterLastDay(issued.end_date),
      invoices: [
        {
          seller: { code: price.insurer_code, nameEn: price.insurer_name_en, nameAr: price.insurer_name_ar },
          productEn: 'Third-party motor insurance (ownership transfer)',
          productAr: 'تأمين المركبات ضد الغير (نقل ملكية)',
          policyNumber: issued.policy_number,
          total,
          vat: total.minus(total.dividedBy(vatPercent.dividedBy(100).plus(1)).toDecimalPlaces(2)),
          vatPercent,
        },
      ],
    };
  }

  async redirectUrl(payment: Payment): Promise<string | null> {
    const policy = await this.policies.find(payment.policyId);
    return policy ? policyRedirectUrl(policy.redirectUrl, policy.id) : null;
  }

  async pendingDocuments(): Promise<number[]> {
    return this.policies.documentsPending();
  }

  /** The certificate and the tax invoice, stored and referenced once (a concurrent producer's files are discarded), then the documents webhook. */
  async produceDocuments(policyId: number): Promise<void> {
    const policy = await this.policies.find(policyId);
    if (!policy?.documentsPending || !policy.providerPolicyId || !policy.startDate || !policy.endDate) return;
    const taxInvoice = await this.taxInvoices.ofPolicy('tpl', policyId);
    if (!taxInvoice) throw new Error(`TPL policy ${policyId} has no tax invoice`);
    const price = await this.provider.price();
    const total = money(policy.price.toString());
    const issuedAt = policy.purchasedAt ?? this.clock.now();
    const [certificate, invoice] = await Promise.all([
      renderTplCertificate({
        insurerEn: price.insurer_name_en,
        insurerAr: price.insurer_name_ar,
        policyNumber: policy.providerPolicyId,
        issuedAt,
        startDate: policy.startDate,
        endDate: policy.endDate,
        vin: policy.vin,
        carSequenceNumber: policy.carSequenceNumber,
        currentCarOwner: policy.currentCarOwner,
        newOwnerId: policy.newOwnerId,
        price: amountString(total),
      }),
      this.taxInvoices.render(taxInvoice, [
        { en: 'Third-party liability, ownership transfer', ar: 'المسؤولية تجاه الغير، نقل ملكية', total: amountString(taxInvoice.subtotal.toString()) },
      ]),
    ]);
    const saved = [
      await this.files.save({ clientId: policy.clientId, kind: 'tpl/policy-document', contentType: 'application/pdf', bytes: certificate }),
      await this.files.save({ clientId: policy.clientId, kind: 'tpl/invoice', contentType: 'application/pdf', bytes: invoice }),
    ];
    const stored = await this.policies.attachDocuments(
      policyId,
      { policyUrl: saved[0].url, invoiceUrl: saved[1].url, at: this.clock.now() },
      (tx, documented) => this.events.documentsUpdated(tx, shownTplPolicy(documented, null, this.config.publicBaseUrl, this.files)),
    );
    if (!stored) await this.files.discard(saved);
  }
}
