import { dateTimeOut, errorShape, shape, z } from '@lib/common';
import { MEDICAL_TIERS } from '@lib/providers';
import { CHRONIC_CONDITIONS, CHRONIC_QUESTION, DECLARATION_QUESTIONS, NO, YES } from '../forms/medical-form.questions';
import { DEPENDENT_RELATIONSHIPS } from './employee.schema';

const yesNo = z.enum([YES, NO]);

/** One person's answers to the health declaration, as stored and answered (`Yes`/`No`, the chronic conditions by name). */
export const medicalDeclarationAnswersShape = shape(
  'MedicalDeclarationAnswers',
  z.object({
    ...Object.fromEntries(DECLARATION_QUESTIONS.map((q) => [q.key, q.optional ? yesNo.optional() : yesNo])),
    [CHRONIC_QUESTION.key]: z.array(z.enum(CHRONIC_CONDITIONS.map((c) => c.key))).meta({ description: '"None of the above" alone, or the conditions.' }),
  } as Record<string, z.ZodType<string | string[] | undefined>>),
);

/** The health declaration an employee filled; inline, as OpenAPI 3.0 cannot make a referenced shape nullable. */
export const healthDeclaration = z
  .object({ answers: medicalDeclarationAnswersShape, filled_at: dateTimeOut.nullable() })
  .nullable()
  .meta({ description: 'Null until filled.' });

export const tenDigits = (first: '1' | '2') => z.string().meta({ pattern: `^${first}\\d{9}$` });

/** A dependent of an employee, with their age today. */
export const medicalDependentShape = shape(
  'MedicalDependent',
  z.object({
    name: z.string(),
    relationship: z.enum(DEPENDENT_RELATIONSHIPS),
    nationality_iso: z.string().meta({ example: 'SA' }),
    nationality_id: tenDigits('1').optional().meta({ description: 'A Saudi national (nationality SA).' }),
    iqama_id: tenDigits('2').optional().meta({ description: 'Anyone else.' }),
    date_of_birth: z.string().meta({ description: 'Hijri (YYYY-MM-DD, Umm al-Qura) with a national id, Gregorian with an iqama.' }),
    gender: z.enum(['male', 'female']).optional(),
    age: z.number().int().nullable(),
  }),
);

export const EMPLOYEE_EXAMPLE = {
  name: 'Sara Al-Harbi',
  nationality_iso: 'SA',
  nationality_id: '1012345678',
  date_of_birth: '1410-05-12',
  gender: 'female',
  email: 'sara@example.com',
  mobile_number: '0512345678',
  category: 'standard',
  is_married: true,
  dependents: [
    { name: 'Omar Al-Harbi', relationship: 'spouse', nationality_iso: 'SA', nationality_id: '1023456789', date_of_birth: '1405-01-20', gender: 'male' },
    { name: 'Lina Al-Harbi', relationship: 'child', nationality_iso: 'SA', nationality_id: '1098765432', date_of_birth: '1440-02-01', gender: 'female' },
  ],
};

const SAVED_EMPLOYEE_EXAMPLE = {
  id: 1,
  nationality_id: '1012345678',
  name: 'Sara Al-Harbi',
  nationality_iso: 'SA',
  date_of_birth: '1410-05-12',
  age: 36,
  gender: 'female',
  email: 'sara@example.com',
  mobile_number: '0512345678',
  category: 'standard',
  is_married: true,
  dependents: [
    {
      name: 'Omar Al-Harbi',
      relationship: 'spouse',
      nationality_iso: 'SA',
      nationality_id: '1023456789',
      date_of_birth: '1405-01-20',
      gender: 'male',
      age: 41,
    },
  ],
  health_declaration: null,
};

/** An employee on the company's saved list: `nationality_id` for a Saudi national, `iqama_id` for anyone else. */
export const medicalEmployeeShape = shape(
  'MedicalEmployee',
  z
    .object({
      id: z.number().int(),
      nationality_id: tenDigits('1').optional(),
      iqama_id: tenDigits('2').optional(),
      name: z.string(),
      nationality_iso: z.string().meta({ example: 'SA' }),
      date_of_birth: z.string().meta({ description: 'Hijri (YYYY-MM-DD, Umm al-Qura) with a national id, Gregorian with an iqama.' }),
      age: z.number().int().nullable().meta({ description: 'Whole years today.' }),
      gender: z.enum(['male', 'female']).nullable(),
      email: z.string().nullable(),
      mobile_number: z.string().meta({ example: '0512345678' }),
      category: z.enum(MEDICAL_TIERS),
      is_married: z.boolean(),
      dependents: z.array(medicalDependentShape),
      health_declaration: healthDeclaration,
    })
    .meta({ example: SAVED_EMPLOYEE_EXAMPLE }),
);
export type MedicalEmployeeOut = z.output<typeof medicalEmployeeShape>;
export type MedicalDependentOut = z.output<typeof medicalDependentShape>;

/** The company's saved employee list (GET, PUT and POST .../fetch answer it). */
export const medicalEmployeeListShape = shape(
  'MedicalEmployeeList',
  z.object({ employees: z.array(medicalEmployeeShape) }).meta({ example: { employees: [SAVED_EMPLOYEE_EXAMPLE] } }),
);
export type MedicalEmployeeListOut = z.output<typeof medicalEmployeeListShape>;

/** PUT .../employees refused: the one error body, plus the rows (from 0) that failed. */
export const medicalEmployeeListErrorShape = shape(
  'MedicalEmployeeListError',
  errorShape
    .extend({
      invalid_rows: z.array(z.number().int().min(0)).optional().meta({ description: 'When the list itself was read: the rows that failed, counted from 0.' }),
    })
    .meta({
      example: {
        code: '42201',
        message: '1 employee row is invalid (row 1); nothing was saved.',
        details: { 'employees.1.category': ['The category must be one of: basic, standard, premium, executive.'] },
        invalid_rows: [1],
        type: 'about:blank',
        title: 'Unprocessable Entity',
        status: 422,
      },
    }),
);
