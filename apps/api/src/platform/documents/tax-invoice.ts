import { create } from 'qrcode';
import { zatcaQrBase64 } from '@lib/common';
import { BilingualPdf } from './bilingual-pdf';
import { DOC_MARGIN, docHeader, docHeading, docLabelled } from './document-layout';

/** What a simplified tax invoice of a policy purchase states; amounts are decimal strings, already computed. */
export interface TaxInvoice {
  /** The seller: the insurer issuing the policy. */
  insurerEn: string;
  insurerAr: string;
  /** The seller's VAT registration number (15 digits). */
  vatNumber: string;
  /** The product, for the PDF's metadata (e.g. "Travel insurance"). */
  productEn: string;
  invoiceNumber: string;
  policyNumber: string;
  /** When the invoice was issued (the payment was applied): printed and in the QR code to the millisecond, in UTC. */
  issuedAt: Date;
  lines: Array<{ en: string; ar: string; total: string }>;
  subtotal: string;
  vatPercent: number;
  vat: string;
  total: string;
}

/**
 * The QR code's text (ZATCA phase 1): the seller's name as registered (its Arabic name), VAT number, the
 * invoice's time, the total with VAT and the VAT, as TLV in base64 (libs/common/src/saudi/zatca-qr.ts).
 */
export function taxInvoiceQrText(i: TaxInvoice): string {
  return zatcaQrBase64({ sellerName: i.insurerAr, vatNumber: i.vatNumber, timestamp: i.issuedAt.toISOString(), total: i.total, vat: i.vat });
}

/** The bilingual simplified tax invoice of a purchase: the seller and its VAT number, each line, VAT, the total paid and the QR code. */
export async function renderTaxInvoice(i: TaxInvoice): Promise<Buffer> {
  const pdf = await BilingualPdf.open({ title: `Tax invoice ${i.invoiceNumber}`, author: i.insurerEn, subject: `${i.productEn} tax invoice` }, i.issuedAt);
  let y = docHeader(pdf, i.insurerEn, i.insurerAr, 'Simplified Tax Invoice', 'فاتورة ضريبية مبسطة');
  y = docLabelled(pdf, y, 'Invoice number', 'رقم الفاتورة', i.invoiceNumber);
  y = docLabelled(pdf, y, 'Seller', 'البائع', i.insurerEn);
  y = docLabelled(pdf, y, 'VAT registration number', 'الرقم الضريبي', i.vatNumber);
  y = docLabelled(pdf, y, 'Date and time', 'التاريخ والوقت', i.issuedAt.toISOString());
  y = docLabelled(pdf, y, 'Policy number', 'رقم الوثيقة', i.policyNumber);
  y = docHeading(pdf, y, 'Items', 'البنود');
  for (const l of i.lines) y = docLabelled(pdf, y, l.en, l.ar, l.total);
  y += 4;
  pdf.rule(y);
  y += 8;
  y = docLabelled(pdf, y, 'Subtotal', 'المجموع قبل الضريبة', i.subtotal);
  y = docLabelled(pdf, y, `VAT ${i.vatPercent}%`, `ضريبة القيمة المضافة ${i.vatPercent}`, i.vat);
  y = docLabelled(pdf, y, 'Total with VAT, SAR', 'الإجمالي شامل الضريبة بالريال', i.total);
  drawQr(pdf.doc, taxInvoiceQrText(i), DOC_MARGIN, y + 16, 150);
  return pdf.end();
}

/**
 * The invoice's QR code drawn as vector squares (one path, filled once, so no seams between modules), `size` points
 * square with its 4-module quiet zone: sharp at any print resolution, and without encoding and decoding a PNG
 * (about 30 ms of CPU per invoice). Error correction M: about 15 % of the code can be damaged and still read.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const QUIET = 4;
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / (n + 2 * QUIET);
  for (let row = 0; row < n; row++) {
    // each run of dark modules in a row is one rectangle
    for (let col = 0; col < n;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      doc.rect(x + (QUIET + start) * cell, y + (QUIET + row) * cell, (col - start) * cell, cell);
    }
  }
  doc.fill('#000000');
}
