import { Inject, Injectable } from '@nestjs/common';
import { amountString, money, sum, type Money } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import { renderTaxInvoice, type TaxInvoice as TaxInvoiceDocument } from '../../platform/documents/tax-invoice';
import type { Payment } from '../payment.repository';
import { TaxInvoice, TaxInvoiceRepository } from './tax-invoice.repository';

/** What one seller (insurer) sold in a payment, as its family's activator states it when the payment is applied. */
export interface InvoicedSale {
  /** The insurer issuing the policy: its code (the key of its counter and of TAX_SELLER_VAT_NUMBERS) and names. */
  seller: { code: string; nameEn: string; nameAr: string };
  productEn: string;
  productAr: string;
  /** The insurer's policy number(s) the sale issued. */
  policyNumber: string;
  /** The amount paid to this seller, VAT included, and the VAT in it. */
  total: Money;
  vat: Money;
  vatPercent: Money;
}

/** An invoice's lines as its family itemises them; by default one line, the product before VAT. */
export type TaxInvoiceLines = TaxInvoiceDocument['lines'];

/**
 * Simplified tax invoices (ZATCA): issued in the transaction that applies a payment, numbered per seller without
 * gaps, and rendered from what was stored then, so the PDF shows the same number, time and amounts every time.
 */
@Injectable()
export class TaxInvoices {
  constructor(
    private readonly invoices: TaxInvoiceRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One invoice per seller of the payment, numbered now. The sales must add up to the payment's amount. A seller
   * without a configured VAT number throws, so the activation rolls back and is retried once it is configured.
   */
  async issue(tx: Prisma.TransactionClient, payment: Payment, sales: InvoicedSale[], at: Date): Promise<TaxInvoice[]> {
    if (!sales.length || !sum(sales.map((s) => s.total)).equals(payment.amount.toString()))
      throw new Error(`payment ${payment.id}: the invoiced sales do not add up to the amount paid`);
    const issued: TaxInvoice[] = [];
    for (const sale of sales) {
      const vatNumber = this.config.taxSellerVatNumbers[sale.seller.code];
      if (!vatNumber) throw new Error(`no VAT registration number for seller ${sale.seller.code}: set it in TAX_SELLER_VAT_NUMBERS`);
      const sequence = await this.invoices.nextNumber(tx, sale.seller.code);
      issued.push(
        await this.invoices.create(
          tx,
          {
            clientId: payment.clientId,
            paymentId: payment.id,
            policyType: payment.policyType,
            policyId: payment.policyId,
            sellerCode: sale.seller.code,
            sellerNameEn: sale.seller.nameEn,
            sellerNameAr: sale.seller.nameAr,
            vatNumber,
            productEn: sale.productEn,
            productAr: sale.productAr,
            policyNumber: sale.policyNumber,
            subtotal: amountString(money(sale.total).minus(sale.vat)),
            vat: amountString(sale.vat),
            total: amountString(sale.total),
            vatPercent: sale.vatPercent.toFixed(2),
            issuedAt: at,
          },
          sequence,
          invoiceNumber(sale.seller.code, sequence),
        ),
      );
    }
    return issued;
  }

  /** The invoice of a policy's payment (the first seller's, for a payment shared by several). */
  async ofPolicy(policyType: string, policyId: number): Promise<TaxInvoice | null> {
    return (await this.invoices.forPolicy(policyType, policyId))[0] ?? null;
  }

  ofPayment(clientId: string, paymentId: string): Promise<TaxInvoice[]> {
    return this.invoices.forPayment(clientId, paymentId);
  }

  invoicedPayments(paymentIds: string[]): Promise<Set<string>> {
    return this.invoices.invoicedPayments(paymentIds);
  }

  /**
   * The PDF of the invoice of a client's policy, for families that serve it on request (rendered from the stored
   * row, so the same every time); null when the client has no such paid policy. `pick` chooses one payment's invoice
   * of one seller where a payment's `policy_id` stands for several policies (medical: the company's payments).
   */
  async pdfOfPolicy(
    clientId: string,
    policyType: string,
    policyId: number,
    pick: { paymentId?: string; sellerCode?: string } = {},
  ): Promise<{ number: string; pdf: Buffer } | null> {
    const invoice = (await this.invoices.forPolicy(policyType, policyId)).find(
      (i) => i.clientId === clientId && (!pick.paymentId || i.paymentId === pick.paymentId) && (!pick.sellerCode || i.sellerCode === pick.sellerCode),
    );
    return invoice ? { number: invoice.number, pdf: await this.render(invoice) } : null;
  }

  /** The invoice's PDF, with the family's own lines or one line for the product. */
  render(invoice: TaxInvoice, lines?: TaxInvoiceLines): Promise<Buffer> {
    return renderTaxInvoice(document(invoice, lines));
  }
}

/** `INV-<SELLER>-<sequence>`, the sequence zero-padded to eight digits so numbers sort as they were given. */
export function invoiceNumber(sellerCode: string, sequence: number): string {
  return `INV-${sellerCode.toUpperCase()}-${String(sequence).padStart(8, '0')}`;
}

function document(i: TaxInvoice, lines?: TaxInvoiceLines): TaxInvoiceDocument {
  return {
    insurerEn: i.sellerNameEn,
    insurerAr: i.sellerNameAr,
    vatNumber: i.vatNumber,
    productEn: i.productEn,
    invoiceNumber: i.number,
    policyNumber: i.policyNumber,
    issuedAt: i.issuedAt,
    lines: lines ?? [{ en: i.productEn, ar: i.productAr, total: amountString(i.subtotal.toString()) }],
    subtotal: amountString(i.subtotal.toString()),
    vatPercent: Number(i.vatPercent.toString()),
    vat: amountString(i.vat.toString()),
    total: amountString(i.total.toString()),
  };
}
