import { BilingualPdf } from '../../../platform/documents/bilingual-pdf';
import { CHRONIC_CONDITIONS, CHRONIC_QUESTION, DECLARATION_QUESTIONS, NO, YES, type DeclarationAnswers } from './medical-form.questions';

export interface FormPerson {
  name: string;
  personId: string;
  dateOfBirth: string;
  category: string;
  answers: DeclarationAnswers | null;
}

export interface FormCompany {
  name: string;
  nameAr: string;
  commercialRegistrationNumber: string;
}

const MARGIN = 40;

/**
 * The health declaration form: one page per person, pre-filled with their details and answers when
 * known, or one blank page. English on the left, Arabic on the right, as the policy schedule.
 */
export async function renderMedicalForms(company: FormCompany | null, people: Array<FormPerson | null>, at: Date): Promise<Buffer> {
  const pdf = await BilingualPdf.open(
    { title: 'Health declaration form', author: company?.name ?? 'SME medical', subject: 'Medical insurance health declaration' },
    at,
  );
  const right = pdf.width - MARGIN;
  people.forEach((person, index) => {
    if (index > 0) pdf.doc.addPage();
    let y = MARGIN;
    pdf.box(MARGIN, y, pdf.width - 2 * MARGIN, 44, '#1d2433');
    pdf.ltr('Health Declaration Form', MARGIN + 12, y + 8, { bold: true, size: 14, color: '#ffffff' });
    pdf.rtl('نموذج الإقرار الصحي', right - 12, y + 8, { bold: true, size: 14, color: '#ffffff' });
    pdf.ltr('SME medical insurance', MARGIN + 12, y + 28, { size: 9, color: '#ffffff' });
    pdf.rtl('التأمين الطبي للمنشآت', right - 12, y + 28, { size: 9, color: '#ffffff' });
    y += 58;
    const line = (en: string, ar: string, value: string) => {
      pdf.ltr(en, MARGIN, y, { color: '#5b6475' });
      pdf.ltr(value || '______________________', MARGIN + 150, y, { bold: true }, 220);
      pdf.rtl(ar, right, y, { color: '#5b6475' });
      y += 16;
    };
    line('Company', 'المنشأة', company ? company.name : '');
    line('Commercial registration', 'السجل التجاري', company?.commercialRegistrationNumber ?? '');
    line('Employee name', 'اسم الموظف', person?.name ?? '');
    line('National id / iqama', 'الهوية / الإقامة', person?.personId ?? '');
    line('Date of birth', 'تاريخ الميلاد', person?.dateOfBirth ?? '');
    line('Category', 'الفئة', person?.category ?? '');
    y += 8;
    pdf.rule(y);
    y += 10;
    for (const q of DECLARATION_QUESTIONS) {
      const answer = person?.answers?.[q.key];
      pdf.ltr(q.en, MARGIN, y, {}, 250);
      pdf.ltr(answer === YES ? '[X] Yes  [ ] No' : answer === NO ? '[ ] Yes  [X] No' : '[ ] Yes  [ ] No', MARGIN + 258, y, { bold: true });
      pdf.rtl(q.ar, right, y, { size: 8 });
      y += 22;
    }
    pdf.ltr(CHRONIC_QUESTION.en, MARGIN, y, { bold: true }, 300);
    pdf.rtl(CHRONIC_QUESTION.ar, right, y, { bold: true, size: 8 });
    y += 16;
    const chosen = (person?.answers?.chronic_disease as string[] | undefined) ?? [];
    for (const c of CHRONIC_CONDITIONS) {
      pdf.ltr(`${chosen.includes(c.key) ? '[X]' : '[ ]'} ${c.key}`, MARGIN + 10, y);
      pdf.rtl(c.ar, right, y, { size: 8 });
      y += 14;
    }
    y += 14;
    pdf.ltr('Signature: ______________________   Date: ____________', MARGIN, y);
    pdf.rtl('التوقيع والتاريخ', right, y);
  });
  return pdf.end();
}
