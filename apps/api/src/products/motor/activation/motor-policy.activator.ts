import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, amountString, Clock, formatDate, money, sum } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import { isMotorProviderError, MotorProvider } from '@lib/providers';
import { FileStore } from '../../../platform/files/file-store';
import type { Payment } from '../../../payments/payment.repository';
import type { Payability } from '../../../payments/payment-status-reasons';
import { ActivationResult, PaidPolicyDescription, PolicyActivator } from '../../../payments/policy-activators';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { policyRedirectUrl } from '../../../policies/policy-redirect-url';
import { shownMotorPolicy } from '../issuance/motor-policy.presenter';
import { MOTOR_PROVIDER } from '../motor-insurers';
import { TaxInvoices, type TaxInvoiceLines } from '../../../payments/tax-invoices/tax-invoices';
import { MotorSchedule, renderMotorSchedule } from './motor-policy-document';
import { payableByStatus } from '../../../policies/policy-status';
import { endsAfterLastDay } from '../../../policies/policy-term-dates';
import { MotorPolicyRepository } from '../issuance/motor-policy.repository';

type StoredBenefit = { quote_benefit_id: string; id: string; amount: string; vat: string };

/** Motor's side of payments: what is paid for, issuing with the insurer on payment, and the policy schedule PDF. */
@Injectable()
export class MotorPolicyActivator implements PolicyActivator {
  private readonly log = new Logger('MotorActivation');

  constructor(
    private readonly policies: MotorPolicyRepository,
    private readonly files: FileStore,
    private readonly clock: Clock,
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
    private readonly events: PolicyEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly taxInvoices: TaxInvoices,
  ) {}

  async describe(payment: Payment): Promise<PaidPolicyDescription | null> {
    const loaded = await this.policies.findWithPurchase(payment.policyId);
    if (!loaded) return null;
    const { policy, offer, price } = loaded;
    const benefits = policy.benefits as StoredBenefit[];
    return {
      productEn: `Motor insurance: ${offer.insuranceTypeDisplay}`,
      productAr: `تأمين المركبات: ${offer.insuranceTypeDisplayAr}`,
      insurerEn: offer.companyName,
      insurerAr: offer.companyNameAr,
      subtotal: sum([price.subtotal.toString(), ...benefits.map((b) => b.amount)]),
      vat: sum([price.vat.toString(), ...benefits.map((b) => b.vat)]),
      total: money(policy.price.toString()),
      vatPercent: money(price.vatPercentage.toString()).toString(),
    };
  }

  async payable(tx: Prisma.TransactionClient, payment: Payment): Promise<Payability> {
    return payableByStatus(await this.policies.statusIn(tx, payment.policyId));
  }

  async activate(tx: Prisma.TransactionClient, payment: Payment, at: Date): Promise<ActivationResult> {
    const loaded = await this.policies.findWithPurchase(payment.policyId, tx);
    if (!loaded) throw new Error(`motor policy ${payment.policyId} of payment ${payment.id} is missing`);
    const { policy, offer, price, request } = loaded;
    const startDate = request.startDate ?? formatDate(new Date(at.getTime() + 86_400_000));
    let issued;
    try {
      issued = await this.provider.issuePolicy(
        policy.insurerCode,
        {
          reference: `motor-policy-${policy.id}`,
          paymentReference: payment.id,
          offerReference: offer.providerReference,
          priceReference: price.providerReference,
          ownerId: policy.ownerId,
          vehicle: policy.carSequenceNumber ? { sequenceNumber: policy.carSequenceNumber } : { customNumber: policy.customNumber! },
          startDate,
          premium: money(policy.price.toString()),
        },
        { timeoutMs: 20_000 },
      );
    } catch (err) {
      if (isMotorProviderError(err)) throw new ApiError('PROVIDER_FAILED', `The insurer did not issue the policy: ${err.message}`);
      throw err;
    }
    const active = await this.policies.markIssued(tx, policy.id, {
      providerPolicyId: issued.policyNumber,
      startDate: issued.startDate,
      endDate: issued.endDate,
      at,
    });
    await this.events.statusUpdated(tx, shownMotorPolicy(active, null, this.config.publicBaseUrl));
    const benefits = policy.benefits as StoredBenefit[];
    return {
      providerPolicyId: issued.policyNumber,
      redirectUrl: policyRedirectUrl(policy.redirectUrl, policy.id),
      endsAt: endsAfterLastDay(issued.endDate),
      invoices: [
        {
          seller: { code: policy.insurerCode, nameEn: offer.companyName, nameAr: offer.companyNameAr },
          productEn: `Motor insurance: ${offer.insuranceTypeDisplay}`,
          productAr: `تأمين المركبات: ${offer.insuranceTypeDisplayAr}`,
          policyNumber: issued.policyNumber,
          total: money(policy.price.toString()),
          vat: sum([price.vat.toString(), ...benefits.map((b) => b.vat)]),
          vatPercent: money(price.vatPercentage.toString()),
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

  /** Renders and stores the schedule and the tax invoice, then references them from the policy (once: a concurrent producer's files are discarded). */
  async produceDocuments(policyId: number): Promise<void> {
    const loaded = await this.policies.findWithPurchase(policyId);
    if (!loaded || !loaded.policy.documentsPending || !loaded.policy.providerPolicyId) return;
    const now = this.clock.now();
    // The invoice issued when the payment was applied: its number, time and amounts never change.
    const taxInvoice = await this.taxInvoices.ofPolicy('motor', policyId);
    if (!taxInvoice) throw new Error(`motor policy ${policyId} has no tax invoice`);
    const [bytes, invoiceBytes] = await Promise.all([renderMotorSchedule(schedule(loaded, now)), this.taxInvoices.render(taxInvoice, invoiceLines(loaded))]);
    const file = await this.files.save({ clientId: loaded.policy.clientId, kind: 'policy-document/motor', contentType: 'application/pdf', bytes });
    const invoiceFile = await this.files.save({
      clientId: loaded.policy.clientId,
      kind: 'policy-invoice/motor',
      contentType: 'application/pdf',
      bytes: invoiceBytes,
    });
    // The document reference and its webhook in one transaction: the event is sent exactly when the PDF is there.
    const stored = await this.policies.attachDocuments(
      policyId,
      { providerPolicy: file.url, invoiceUrl: invoiceFile.url, at: this.clock.now() },
      (tx, documented) => this.events.documentsUpdated(tx, shownMotorPolicy(documented, null, this.config.publicBaseUrl)),
    );
    if (!stored) await this.files.discard([file, invoiceFile]);
    else this.log.log(`policy document of motor policy ${policyId} stored`);
  }
}

type Loaded = NonNullable<Awaited<ReturnType<MotorPolicyRepository['findWithPurchase']>>>;

/** The tax invoice's lines: the price before VAT and each paid benefit (its totals were stored with the invoice). */
function invoiceLines({ policy, offer, price }: Loaded): TaxInvoiceLines {
  const chosen = policy.benefits as StoredBenefit[];
  const benefitNames = new Map(offer.benefits.map((b) => [b.id, { en: b.name, ar: b.nameAr }]));
  return [
    { en: `${offer.type} cover, ${offer.insuranceTypeDisplay}`, ar: offer.insuranceTypeDisplayAr, total: amountString(price.subtotal.toString()) },
    ...chosen.map((b) => ({
      en: benefitNames.get(b.quote_benefit_id)?.en ?? 'Benefit',
      ar: benefitNames.get(b.quote_benefit_id)?.ar ?? 'منفعة',
      total: amountString(b.amount),
    })),
  ];
}

const sar = (v: string | { toString(): string }) => `SAR ${Number(amountString(v.toString())).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function schedule({ policy, offer, price, request }: Loaded, now: Date): MotorSchedule {
  const chosen = policy.benefits as StoredBenefit[];
  const benefitSubtotal = sum(chosen.map((b) => b.amount));
  const subtotal = sum([price.subtotal.toString(), benefitSubtotal.toString()]);
  const vat = sum([price.vat.toString(), ...chosen.map((b) => b.vat)]);
  const benefits = offer.benefits
    .filter((b) => money(b.amount.toString()).isZero() || chosen.some((c) => c.quote_benefit_id === b.id))
    .map((b) => {
      const paid = chosen.find((c) => c.quote_benefit_id === b.id);
      return { nameEn: b.name, nameAr: b.nameAr, value: paid ? sar(sum([paid.amount, paid.vat])) : 'Included' };
    });
  const vehicleId = policy.carSequenceNumber
    ? { en: 'Sequence number', ar: 'الرقم التسلسلي', value: policy.carSequenceNumber }
    : { en: 'Customs card number', ar: 'رقم البطاقة الجمركية', value: policy.customNumber ?? '' };
  return {
    insurerEn: offer.companyName,
    insurerAr: offer.companyNameAr,
    policyNumber: policy.providerPolicyId!,
    issuedAt: policy.purchasedAt ?? now,
    coverEn: `${offer.type}${offer.fixType ? ` (${offer.fixType === 'Agency' ? 'agency repair' : 'workshop repair'})` : ''}: ${offer.insuranceTypeDisplay}`,
    coverAr: offer.insuranceTypeDisplayAr,
    benefits,
    sections: [
      {
        en: 'Policy',
        ar: 'الوثيقة',
        lines: [
          { en: 'Policy number', ar: 'رقم الوثيقة', value: policy.providerPolicyId! },
          { en: 'Reference', ar: 'المرجع', value: `motor-policy-${policy.id}` },
          { en: 'Period of insurance', ar: 'مدة التأمين', value: `${policy.startDate} – ${policy.endDate}` },
          { en: 'Purchased', ar: 'تاريخ الشراء', value: formatDate(policy.purchasedAt ?? now) },
        ],
      },
      {
        en: 'Insured',
        ar: 'المؤمن له',
        lines: [
          { en: 'Owner id', ar: 'هوية المالك', value: policy.ownerId },
          { en: 'Email', ar: 'البريد الإلكتروني', value: request.email },
          { en: 'Mobile', ar: 'الجوال', value: request.phone },
        ],
      },
      {
        en: 'Vehicle',
        ar: 'المركبة',
        lines: [
          vehicleId,
          { en: 'Model year', ar: 'سنة الصنع', value: String(request.carModelYear) },
          { en: 'Estimated value', ar: 'القيمة التقديرية', value: sar(offer.vehicleEstimatedValue) },
        ],
      },
      {
        en: 'Cover',
        ar: 'التغطية',
        lines: [{ en: 'Deductible', ar: 'مبلغ التحمل', value: price.deductible ? sar(price.deductible) : 'None' }],
      },
      {
        en: 'Price',
        ar: 'السعر',
        lines: [
          { en: 'Premium before VAT', ar: 'القسط قبل الضريبة', value: sar(price.subtotal) },
          { en: 'Paid benefits before VAT', ar: 'المزايا الإضافية قبل الضريبة', value: sar(benefitSubtotal) },
          { en: `VAT (${money(price.vatPercentage.toString()).toString()}%)`, ar: 'ضريبة القيمة المضافة', value: sar(vat) },
          { en: 'Subtotal before VAT', ar: 'المجموع قبل الضريبة', value: sar(subtotal) },
          { en: 'Total paid', ar: 'الإجمالي المدفوع', value: sar(policy.price) },
        ],
      },
    ],
  };
}
