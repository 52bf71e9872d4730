import { BilingualPdf } from './bilingual-pdf';
import { docHeader, docHeading, docLabelled } from './document-layout';

/** What a tax invoice of a policy purchase states; amounts are decimal strings, already computed. */
export interface TaxInvoice {
  insurerEn: string;
  insurerAr: string;
  /** The product, for the PDF's metadata (e.g. "Travel insurance"). */
  productEn: string;
  invoiceNumber: string;
  policyNumber: string;
  issuedAt: Date;
  lines: Array<{ en: string; ar: string; total: string }>;
  subtotal: string;
  vatPercent: number;
  vat: string;
  total: string;
}

/** The bilingual tax invoice of a purchase: each line, VAT and the total paid. */
export async function renderTaxInvoice(i: TaxInvoice): Promise<Buffer> {
  const pdf = await BilingualPdf.open({ title: `Tax invoice ${i.invoiceNumber}`, author: i.insurerEn, subject: `${i.productEn} tax invoice` }, i.issuedAt);
  let y = docHeader(pdf, i.insurerEn, i.insurerAr, 'Tax Invoice', 'فاتورة ضريبية');
  y = docLabelled(pdf, y, 'Invoice number', 'رقم الفاتورة', i.invoiceNumber);
  y = docLabelled(pdf, y, 'Policy number', 'رقم الوثيقة', i.policyNumber);
  y = docLabelled(pdf, y, 'Date', 'التاريخ', i.issuedAt.toISOString().slice(0, 10));
  y = docHeading(pdf, y, 'Items', 'البنود');
  for (const l of i.lines) y = docLabelled(pdf, y, l.en, l.ar, l.total);
  y += 4;
  pdf.rule(y);
  y += 8;
  y = docLabelled(pdf, y, 'Subtotal', 'المجموع قبل الضريبة', i.subtotal);
  y = docLabelled(pdf, y, `VAT ${i.vatPercent}%`, `ضريبة القيمة المضافة ${i.vatPercent}`, i.vat);
  docLabelled(pdf, y, 'Total paid, SAR', 'الإجمالي المدفوع بالريال', i.total);
  return pdf.end();
}
