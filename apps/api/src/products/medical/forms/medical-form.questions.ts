import { z } from '@lib/common';

/** The twelve yes/no questions of the health declaration (the real service's keys), in English and Arabic. */
export const DECLARATION_QUESTIONS = [
  { key: 'allergies', section: 'general_health_information', en: 'Do you have any allergies (medicines, food or other)?', ar: 'هل لديك أي حساسية (أدوية أو طعام أو غيرها)؟' },
  { key: 'current_medications', section: 'general_health_information', en: 'Are you currently taking any medication?', ar: 'هل تتناول حاليًا أي أدوية؟' },
  { key: 'hospitalizations', section: 'general_health_information', en: 'Have you been admitted to hospital in the last five years?', ar: 'هل دخلت المستشفى خلال السنوات الخمس الماضية؟' },
  { key: 'pre_existing_conditions', section: 'general_health_information', en: 'Do you have any pre-existing medical condition?', ar: 'هل لديك أي حالة صحية سابقة؟' },
  { key: 'past_surgeries', section: 'surgical_history', en: 'Have you had any surgery?', ar: 'هل أجريت أي عملية جراحية؟' },
  { key: 'surgery_complications', section: 'surgical_history', en: 'Did any surgery lead to complications?', ar: 'هل نتجت عن أي عملية جراحية مضاعفات؟' },
  { key: 'chest_pain_or_breathlessness', section: 'cardiovascular_health', en: 'Do you have chest pain or shortness of breath?', ar: 'هل تعاني من ألم في الصدر أو ضيق في التنفس؟' },
  { key: 'heart_procedures', section: 'cardiovascular_health', en: 'Have you had a heart procedure (catheter, stent, bypass)?', ar: 'هل خضعت لإجراء في القلب (قسطرة أو دعامة أو تحويلة)؟' },
  { key: 'smoking', section: 'lifestyle_and_habits', en: 'Do you smoke or use tobacco?', ar: 'هل تدخن أو تستخدم التبغ؟' },
  { key: 'alcohol_consumption', section: 'lifestyle_and_habits', en: 'Do you drink alcohol?', ar: 'هل تتناول الكحول؟' },
  { key: 'physical_activity', section: 'lifestyle_and_habits', en: 'Do you exercise at least twice a week?', ar: 'هل تمارس الرياضة مرتين في الأسبوع على الأقل؟' },
  { key: 'family_history', section: 'additional_information', en: 'Has a parent or sibling had heart disease, diabetes or cancer?', ar: 'هل أصيب أحد الوالدين أو الإخوة بأمراض القلب أو السكري أو السرطان؟' },
] as const;

export const CHRONIC_CONDITIONS = [
  { key: 'Diabetes', ar: 'السكري' },
  { key: 'Asthma', ar: 'الربو' },
  { key: 'Chronic Kidney Disease', ar: 'مرض الكلى المزمن' },
  { key: 'Liver Disease', ar: 'أمراض الكبد' },
  { key: 'Cancer', ar: 'السرطان' },
  { key: 'None of the above', ar: 'لا شيء مما سبق' },
] as const;
export const CHRONIC_QUESTION = { key: 'chronic_disease', en: 'Have you been diagnosed with any of these chronic conditions?', ar: 'هل شُخّصت بأي من هذه الأمراض المزمنة؟' };

/** The answers as stored and answered: the real service's own spelling, whatever case a partner sends. */
export const YES = 'Yes';
export const NO = 'No';

/** One canonical spelling per answer, matched case-insensitively (partners send `yes`, `Yes` and `YES`). */
function canonical<T extends string>(values: readonly T[], error: string, description: string) {
  const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
  return z
    .string({ error })
    .transform((v, ctx) => {
      const found = byLower.get(v.trim().toLowerCase());
      if (found === undefined) ctx.addIssue({ code: 'custom', message: error });
      return found as T;
    })
    .meta({ description });
}

const yesNo = (key: string) => canonical([YES, NO], `The ${key.replace(/_/g, ' ')} answer must be Yes or No.`, 'Yes or No, in any case; answered as Yes or No.');
const chronicKeys = CHRONIC_CONDITIONS.map((c) => c.key);
const chronicOption = canonical(chronicKeys, `Each chronic disease must be one of: ${chronicKeys.join(', ')}.`, 'One of the chronic conditions of GET /medical-forms, in any case.');

/** A complete set of answers: all twelve questions and the chronic conditions ("None of the above" alone, or conditions). */
export const answersSchema = z
  .strictObject({
    ...Object.fromEntries(DECLARATION_QUESTIONS.map((q) => [q.key, yesNo(q.key)])),
    chronic_disease: z.array(chronicOption).min(1, 'The chronic disease answer needs at least one option (or "None of the above").'),
  } as Record<string, z.ZodType>)
  .refine((a) => !(a.chronic_disease as string[]).includes('None of the above') || (a.chronic_disease as string[]).length === 1, {
    path: ['chronic_disease'],
    message: '"None of the above" cannot be combined with a condition.',
  });

/** Per-employee answers may give only the questions that differ from `all_employees`. */
export const partialAnswersSchema = z.strictObject({
  ...Object.fromEntries(DECLARATION_QUESTIONS.map((q) => [q.key, yesNo(q.key).optional()])),
  chronic_disease: z.array(chronicOption).optional(),
} as Record<string, z.ZodType>);

export type DeclarationAnswers = Record<string, string | string[]>;

export function presentQuestions() {
  return {
    questions: DECLARATION_QUESTIONS.map((q) => ({ key: q.key, section: q.section, type: 'yes_no', text: q.en, text_ar: q.ar })),
    chronic_conditions: { key: CHRONIC_QUESTION.key, type: 'multiple_choice', text: CHRONIC_QUESTION.en, text_ar: CHRONIC_QUESTION.ar, options: CHRONIC_CONDITIONS.map((c) => ({ value: c.key, text: c.key, text_ar: c.ar })) },
  };
}
