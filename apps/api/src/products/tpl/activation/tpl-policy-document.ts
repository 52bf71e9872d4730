import { BilingualPdf } from '../../../platform/documents/bilingual-pdf';
import { docHeader, docHeading, docLabelled, DOC_MARGIN, type CoverHeader } from '../../../platform/documents/document-layout';

/** What the TPL (ownership transfer) certificate states. */
export interface TplCertificate extends CoverHeader {
  vin: string;
  carSequenceNumber: string;
  currentCarOwner: string;
  newOwnerId: string;
  price: string;
}

/** The certificate of third-party cover during an ownership transfer, English and Arabic, on behalf of the insurer. */
export async function renderTplCertificate(c: TplCertificate): Promise<Buffer> {
  const pdf = await BilingualPdf.open(
    { title: `TPL certificate ${c.policyNumber}`, author: c.insurerEn, subject: 'Third-party motor insurance certificate (ownership transfer)' },
    c.issuedAt,
  );
  let y = docHeader(pdf, c.insurerEn, c.insurerAr, 'Third-Party Motor Insurance Certificate', 'شهادة تأمين المركبات ضد الغير');
  y = docLabelled(pdf, y, 'Policy number', 'رقم الوثيقة', c.policyNumber);
  y = docHeading(pdf, y, 'Period of cover', 'مدة التغطية');
  y = docLabelled(pdf, y, 'From', 'من', c.startDate);
  y = docLabelled(pdf, y, 'To, inclusive', 'إلى', c.endDate);
  y = docHeading(pdf, y, 'Vehicle', 'المركبة');
  y = docLabelled(pdf, y, 'VIN', 'رقم الهيكل', c.vin);
  y = docLabelled(pdf, y, 'Sequence number', 'الرقم التسلسلي', c.carSequenceNumber);
  y = docHeading(pdf, y, 'Ownership transfer', 'نقل الملكية');
  y = docLabelled(pdf, y, 'Current owner', 'المالك الحالي', c.currentCarOwner);
  y = docLabelled(pdf, y, 'New owner (insured)', 'المالك الجديد (المؤمن له)', c.newOwnerId);
  y = docHeading(pdf, y, 'Cover', 'التغطية');
  y = docLabelled(pdf, y, 'Third-party liability', 'المسؤولية تجاه الغير', 'As required by law');
  y = docLabelled(pdf, y, 'Premium paid, VAT included', 'القسط المدفوع مع الضريبة', `SAR ${c.price}`);
  y += 14;
  pdf.rule(y);
  pdf.ltr('Ends when the transfer is registered and the policy is cancelled with the new registration. Issued on behalf of the insurer.', DOC_MARGIN, y + 8, {
    size: 8,
    color: '#5b6475',
  });
  return pdf.end();
}
