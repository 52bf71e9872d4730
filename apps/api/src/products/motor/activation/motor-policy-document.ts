import { BilingualPdf } from '../../../platform/documents/bilingual-pdf';

export interface MotorScheduleLine {
  en: string;
  ar: string;
  value: string;
}

export interface MotorScheduleBenefit {
  nameEn: string;
  nameAr: string;
  /** "Included" or an amount with VAT. */
  value: string;
}

export interface MotorSchedule {
  insurerEn: string;
  insurerAr: string;
  policyNumber: string;
  sections: Array<{ en: string; ar: string; lines: MotorScheduleLine[] }>;
  coverEn: string;
  coverAr: string;
  benefits: MotorScheduleBenefit[];
  issuedAt: Date;
}

const MARGIN = 40;

/**
 * The policy schedule PDF, written on behalf of the insurer: English labels on the left, Arabic on the
 * right, values between them, so each language reads in its own direction.
 */
export async function renderMotorSchedule(s: MotorSchedule): Promise<Buffer> {
  const pdf = await BilingualPdf.open(
    { title: `Motor policy schedule ${s.policyNumber}`, author: s.insurerEn, subject: 'Motor insurance policy schedule' },
    s.issuedAt,
  );
  const right = pdf.width - MARGIN;
  const mid = pdf.width / 2;
  let y = MARGIN;

  pdf.box(MARGIN, y, pdf.width - 2 * MARGIN, 58, '#1d2433');
  pdf.ltr(s.insurerEn, MARGIN + 12, y + 10, { bold: true, size: 14, color: '#ffffff' });
  pdf.rtl(s.insurerAr, right - 12, y + 10, { bold: true, size: 14, color: '#ffffff' });
  pdf.ltr('Motor Insurance Policy Schedule', MARGIN + 12, y + 34, { size: 10, color: '#ffffff' });
  pdf.rtl('جدول وثيقة تأمين المركبات', right - 12, y + 34, { size: 10, color: '#ffffff' });
  y += 72;
  pdf.ltr(`Policy number: ${s.policyNumber}`, MARGIN, y, { bold: true, size: 12 });
  pdf.rtl('رقم الوثيقة', right, y, { bold: true, size: 12 });
  y += 24;

  const line = (l: MotorScheduleLine) => {
    pdf.ltr(l.en, MARGIN, y, { color: '#5b6475' }, mid - MARGIN - 90);
    pdf.ltrRight(l.value, mid + 90, y, { bold: true });
    pdf.rtl(l.ar, right, y, { color: '#5b6475' });
    y += 16;
  };
  const heading = (en: string, ar: string) => {
    y += 6;
    pdf.box(MARGIN, y - 3, pdf.width - 2 * MARGIN, 17, '#eef1f6');
    pdf.ltr(en, MARGIN + 4, y, { bold: true, size: 10 });
    pdf.rtl(ar, right - 4, y, { bold: true, size: 10 });
    y += 20;
  };

  for (const section of s.sections.slice(0, 3)) {
    heading(section.en, section.ar);
    section.lines.forEach(line);
  }

  heading('Cover', 'التغطية');
  pdf.ltr(s.coverEn, MARGIN, y, { bold: true });
  pdf.rtl(s.coverAr, right, y, { bold: true });
  y += 16;
  for (const section of s.sections.slice(3, 4)) section.lines.forEach(line);

  heading('Benefits', 'المزايا');
  if (!s.benefits.length) {
    pdf.ltr('None', MARGIN, y);
    pdf.rtl('لا يوجد', right, y);
    y += 16;
  }
  for (const b of s.benefits) {
    pdf.ltr(b.nameEn, MARGIN, y, {}, mid - MARGIN - 60);
    pdf.ltrRight(b.value, mid + 60, y, { bold: true });
    pdf.rtl(b.nameAr, right, y);
    y += 16;
  }

  for (const section of s.sections.slice(4)) {
    heading(section.en, section.ar);
    section.lines.forEach(line);
  }

  y += 14;
  pdf.rule(y);
  y += 8;
  pdf.ltr(`Issued by ${s.insurerEn}. This schedule forms part of the policy.`, MARGIN, y, { size: 8, color: '#5b6475' });
  y += 12;
  pdf.rtl('صادرة عن شركة التأمين، ويُعد هذا الجدول جزءًا من الوثيقة', right, y, { size: 8, color: '#5b6475' });
  return pdf.end();
}
