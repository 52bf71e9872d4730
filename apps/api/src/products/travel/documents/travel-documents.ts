import { BilingualPdf } from '../../../platform/documents/bilingual-pdf';
import {
  docHeader as header,
  docHeading as heading,
  docLabelled as labelled,
  DOC_MARGIN as MARGIN,
  type CoverHeader,
} from '../../../platform/documents/document-layout';

export interface TravelCertificate extends CoverHeader {
  multiEntry: boolean;
  days: number;
  applicant: { nationalityId: string; email: string; phone: string };
  travellers: Array<{ full_name: string; passport_number: string; date_of_birth: string; nationality: string; relation: string }>;
  price: string;
}

/** What the certificate states as cover: the Schengen minimum for medical care and repatriation, and the trip benefits claims can be made under. */
const COVER = [
  { en: 'Medical care and repatriation', ar: 'العلاج الطارئ والإعادة للوطن', value: 'EUR 30,000' },
  { en: 'Trip delay over 6 hours', ar: 'تأخر الرحلة أكثر من 6 ساعات', value: 'SAR 1,000' },
  { en: 'Lost or delayed baggage', ar: 'فقدان الأمتعة أو تأخرها', value: 'SAR 2,500' },
];

/** The certificate a consulate asks for: who is insured, when, and the Schengen medical cover; English and Arabic. */
export async function renderTravelCertificate(c: TravelCertificate): Promise<Buffer> {
  const pdf = await BilingualPdf.open(
    { title: `Schengen travel insurance certificate ${c.policyNumber}`, author: c.insurerEn, subject: 'Schengen travel insurance certificate' },
    c.issuedAt,
  );
  let y = header(pdf, c.insurerEn, c.insurerAr, 'Schengen Travel Insurance Certificate', 'شهادة تأمين السفر إلى دول شنغن');
  pdf.ltr(`Policy number: ${c.policyNumber}`, MARGIN, y, { bold: true, size: 12 });
  pdf.rtl('رقم الوثيقة', pdf.width - MARGIN, y, { bold: true, size: 12 });
  y += 24;
  y = heading(pdf, y, 'Period of cover', 'مدة التغطية');
  y = labelled(pdf, y, 'From', 'من', c.startDate);
  y = labelled(pdf, y, 'To, inclusive', 'إلى', c.endDate);
  y = labelled(pdf, y, 'Policy type', 'نوع الوثيقة', c.multiEntry ? `Multi-entry, ${c.days} days` : `Single trip, ${c.days} days`);
  y = labelled(pdf, y, 'Territory', 'النطاق الجغرافي', 'Schengen Area');
  y = heading(pdf, y, 'Policyholder', 'حامل الوثيقة');
  y = labelled(pdf, y, 'National id / iqama', 'رقم الهوية / الإقامة', c.applicant.nationalityId);
  y = labelled(pdf, y, 'Email', 'البريد الإلكتروني', c.applicant.email);
  y = labelled(pdf, y, 'Phone', 'الجوال', c.applicant.phone);
  y = heading(pdf, y, 'Insured travellers', 'المسافرون المؤمَّن عليهم');
  for (const t of c.travellers) {
    pdf.ltr(t.full_name, MARGIN, y, { bold: true }, 190);
    pdf.ltr(`Passport ${t.passport_number}`, MARGIN + 200, y);
    pdf.ltr(`Born ${t.date_of_birth}`, MARGIN + 320, y);
    pdf.ltr(`${t.nationality}, ${t.relation}`, MARGIN + 420, y, {}, pdf.width - MARGIN * 2 - 420);
    y += 16;
  }
  y = heading(pdf, y, 'Cover', 'التغطية');
  for (const line of COVER) y = labelled(pdf, y, line.en, line.ar, line.value);
  y = labelled(pdf, y, 'Premium paid, VAT included', 'القسط المدفوع مع الضريبة', `SAR ${c.price}`);
  y += 14;
  pdf.rule(y);
  y += 8;
  pdf.ltr('Valid in every Schengen state for the period above. Issued on behalf of the insurer.', MARGIN, y, { size: 8, color: '#5b6475' });
  y += 12;
  pdf.rtl('سارية في جميع دول شنغن للمدة أعلاه، وصادرة نيابة عن شركة التأمين', pdf.width - MARGIN, y, { size: 8, color: '#5b6475' });
  return pdf.end();
}
