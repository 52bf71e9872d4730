import { BilingualPdf } from './bilingual-pdf';

/** What every certificate of cover states at its top: whose, which policy, when issued, for which period. */
export interface CoverHeader {
  insurerEn: string;
  insurerAr: string;
  policyNumber: string;
  issuedAt: Date;
  startDate: string;
  endDate: string;
}

/** The page margin of the service's bilingual documents (certificates, schedules, invoices). */
export const DOC_MARGIN = 40;

/** The coloured band on top: the insurer's name in both languages and the document's title. */
export function docHeader(pdf: BilingualPdf, insurerEn: string, insurerAr: string, titleEn: string, titleAr: string): number {
  const right = pdf.width - DOC_MARGIN;
  pdf.box(DOC_MARGIN, DOC_MARGIN, pdf.width - 2 * DOC_MARGIN, 58, '#0E7C86');
  pdf.ltr(insurerEn, DOC_MARGIN + 12, DOC_MARGIN + 10, { bold: true, size: 14, color: '#ffffff' });
  pdf.rtl(insurerAr, right - 12, DOC_MARGIN + 10, { bold: true, size: 14, color: '#ffffff' });
  pdf.ltr(titleEn, DOC_MARGIN + 12, DOC_MARGIN + 34, { size: 10, color: '#ffffff' });
  pdf.rtl(titleAr, right - 12, DOC_MARGIN + 34, { size: 10, color: '#ffffff' });
  return DOC_MARGIN + 72;
}

/** One line: the English label on the left, the value in the middle, the Arabic label on the right. */
export function docLabelled(pdf: BilingualPdf, y: number, en: string, ar: string, value: string): number {
  const mid = pdf.width / 2;
  pdf.ltr(en, DOC_MARGIN, y, { color: '#5b6475' }, mid - DOC_MARGIN - 90);
  pdf.ltrRight(value, mid + 90, y, { bold: true });
  pdf.rtl(ar, pdf.width - DOC_MARGIN, y, { color: '#5b6475' });
  return y + 16;
}

/** A section heading in both languages on a light band. */
export function docHeading(pdf: BilingualPdf, y: number, en: string, ar: string): number {
  y += 6;
  pdf.box(DOC_MARGIN, y - 3, pdf.width - 2 * DOC_MARGIN, 17, '#eef1f6');
  pdf.ltr(en, DOC_MARGIN + 4, y, { bold: true, size: 10 });
  pdf.rtl(ar, pdf.width - DOC_MARGIN - 4, y, { bold: true, size: 10 });
  return y + 20;
}
