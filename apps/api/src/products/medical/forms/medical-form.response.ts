import { dateTimeOut, shape, z } from '@lib/common';
import { medicalDeclarationAnswersShape } from '../employees/employee.response';
import { CHRONIC_QUESTION, DECLARATION_QUESTIONS, DECLARATION_SECTIONS, NO, presentQuestionTree, YES } from './medical-form.questions';

const yesNoQuestion = shape(
  'MedicalFormQuestion',
  z.object({
    question: z.string(),
    question_ar: z.string(),
    choices: z.array(z.enum([YES, NO])),
    choices_ar: z.array(z.string()),
    required: z.boolean().meta({ description: 'Whether every declaration must answer it.' }),
  }),
);

const diagnoses = shape(
  'MedicalFormDiagnoses',
  z.object({
    answer_key: z.literal(CHRONIC_QUESTION.key).meta({ description: 'The key its answer is sent under: a list of options ("None of the above" alone).' }),
    question: z.string(),
    question_ar: z.string(),
    options: z.array(z.string()),
    options_ar: z.array(z.string()),
    required: z.boolean(),
  }),
);

/** GET /medical-forms: each section maps answer keys to their question (`chronic_conditions` holds `diagnoses`). */
export const medicalFormQuestionsShape = shape(
  'MedicalFormQuestions',
  z
    .object(
      Object.fromEntries(
        DECLARATION_SECTIONS.map((section) => [
          section,
          section === 'chronic_conditions'
            ? z.object({ diagnoses })
            : z.object(Object.fromEntries(DECLARATION_QUESTIONS.filter((q) => q.section === section).map((q) => [q.key, yesNoQuestion]))),
        ]),
      ),
    )
    .meta({ example: presentQuestionTree() }),
);

/** POST /medical-forms/fill: how many were declared, and who is still to declare. */
export const medicalFormsFilledShape = shape(
  'MedicalFormsFilled',
  z
    .object({
      declared: z.number().int().min(0),
      pending_declarations: z.array(z.object({ id: z.number().int(), name: z.string() })),
    })
    .meta({ example: { declared: 3, pending_declarations: [] } }),
);
export type MedicalFormsFilledOut = z.output<typeof medicalFormsFilledShape>;

/** PUT .../employees/{employeeId}/declaration: the declaration filled, and the names still to declare. */
const ANSWERS_EXAMPLE = {
  ...Object.fromEntries(DECLARATION_QUESTIONS.filter((q) => !q.optional).map((q) => [q.key, NO])),
  [CHRONIC_QUESTION.key]: ['None of the above'],
};
export const medicalDeclarationFilledShape = shape(
  'MedicalDeclarationFilled',
  z
    .object({
      health_declaration: z.object({ answers: medicalDeclarationAnswersShape, consent: z.literal(true), filled_at: dateTimeOut.nullable() }),
      pending_declarations: z.array(z.string()).meta({ description: 'The names of the employees still to declare.' }),
    })
    .meta({
      example: {
        health_declaration: { answers: ANSWERS_EXAMPLE, consent: true, filled_at: '2026-11-22T09:10:00.000000Z' },
        pending_declarations: ['Omar Saleh'],
      },
    }),
);
export type MedicalDeclarationFilledOut = z.output<typeof medicalDeclarationFilledShape>;
