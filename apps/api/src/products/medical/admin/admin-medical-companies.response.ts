import { amountOut, dateTimeOut, errorShape, intIdOut, shape, z } from '@lib/common';
import { MEDICAL_TIERS } from '@lib/providers';
import { medicalPaymentDueShape } from '../billing/medical-billing.response';
import { COMPANY_EXAMPLE, medicalCompanyShape } from '../companies/company.response';
import { healthDeclaration, medicalDeclarationAnswersShape, medicalDependentShape } from '../employees/employee.response';
import { CHRONIC_CONDITIONS, CHRONIC_QUESTION, DECLARATION_QUESTIONS, DECLARATION_SECTIONS, NO, presentQuestions } from '../forms/medical-form.questions';
import { MEDICAL_POLICY_EXAMPLE, medicalPolicyShape } from '../policies/medical-policy.response';

/** A CSV import saved: how many employees the company's list now has. */
export const adminMedicalEmployeesImportedShape = shape(
  'AdminMedicalEmployeesImported',
  z.object({ saved: z.number().int().min(0).meta({ description: 'The number of employees now on the list.' }) }).meta({ example: { saved: 12 } }),
);

/** An employee taken off a company's list. */
export const adminMedicalEmployeeRemovedShape = shape(
  'AdminMedicalEmployeeRemoved',
  z.object({ removed: intIdOut.meta({ description: "The employee's id." }) }).meta({ example: { removed: 381 } }),
);

/** A row of the console's company list: the partner company, with its employee figures and what it owes. */
export const adminMedicalCompanyRowShape = shape(
  'AdminMedicalCompanyRow',
  medicalCompanyShape
    .extend({
      employee_count: z.number().int().min(0),
      undeclared_count: z.number().int().min(0).meta({ description: 'Employees whose health declaration is still missing.' }),
      payment_due: amountOut.meta({ description: "What the company's policies awaiting payment add up to (with VAT), SAR; 0 when nothing is owed." }),
    })
    .meta({ example: { ...COMPANY_EXAMPLE, employee_count: 12, undeclared_count: 1, payment_due: 13800 } }),
);
export type AdminMedicalCompanyRowOut = z.output<typeof adminMedicalCompanyRowShape>;

const MASKED_EMPLOYEE_EXAMPLE = {
  id: 1,
  nationality_id: '10******78',
  name: 'Sara Al-Harbi',
  nationality_iso: 'SA',
  date_of_birth: '14******12',
  age: 36,
  gender: 'female',
  email: 'sa**************om',
  mobile_number: '05******78',
  category: 'standard',
  is_married: true,
  dependents: 1,
  health_declaration: null,
  declared: false,
};

/**
 * An employee as the console's company page shows it: the partner API's employee plus `declared`. Without
 * read_pii, ids, birthdate and contacts are masked (so no id pattern), `dependents` is only their count and the
 * declaration's answers are withheld (null; `declared` still says whether it is filled).
 */
export const adminMedicalCompanyEmployeeShape = shape(
  'AdminMedicalCompanyEmployee',
  z
    .object({
      id: z.number().int(),
      nationality_id: z.string().optional().meta({ description: 'A Saudi national; masked without read_pii.' }),
      iqama_id: z.string().optional().meta({ description: 'Anyone else; masked without read_pii.' }),
      name: z.string(),
      nationality_iso: z.string().meta({ example: 'SA' }),
      date_of_birth: z.string().nullable().meta({ description: 'Hijri with a national id, Gregorian with an iqama; masked without read_pii.' }),
      age: z.number().int().nullable().meta({ description: 'Whole years today.' }),
      gender: z.enum(['male', 'female']).nullable(),
      email: z.string().nullable(),
      mobile_number: z.string().nullable(),
      category: z.enum(MEDICAL_TIERS),
      is_married: z.boolean(),
      dependents: z
        .union([z.array(medicalDependentShape), z.number().int().min(0)])
        .meta({ description: 'The dependents with read_pii; only how many without it.' }),
      health_declaration: healthDeclaration.meta({ description: 'Null until filled, and always null without read_pii.' }),
      declared: z.boolean().meta({ description: 'Whether the health declaration is filled.' }),
    })
    .meta({ example: MASKED_EMPLOYEE_EXAMPLE }),
);
export type AdminMedicalCompanyEmployeeOut = z.output<typeof adminMedicalCompanyEmployeeShape>;

/** GET /admin/api/medical-companies/{id}: the company with its employees, policies and what it owes. */
export const adminMedicalCompanyShape = shape(
  'AdminMedicalCompany',
  medicalCompanyShape
    .extend({
      email_address: z.string().nullable().meta({ description: 'Masked without read_pii.' }),
      phone_number: z.string().nullable().meta({ description: 'Masked without read_pii.' }),
      employees: z.array(adminMedicalCompanyEmployeeShape),
      policies: z.array(medicalPolicyShape),
      payment_due: medicalPaymentDueShape,
    })
    .meta({
      example: {
        ...COMPANY_EXAMPLE,
        employees: [MASKED_EMPLOYEE_EXAMPLE],
        policies: [MEDICAL_POLICY_EXAMPLE],
        payment_due: { company_id: 42, payment: 13800, vat: 1800, currency: 'SAR', policy_ids: [7] },
      },
    }),
);
export type AdminMedicalCompanyOut = z.output<typeof adminMedicalCompanyShape>;

/** GET declaration-questions: the yes/no questions as one flat list, and the chronic conditions question. */
export const adminMedicalDeclarationQuestionsShape = shape(
  'AdminMedicalDeclarationQuestions',
  z
    .object({
      questions: z.array(
        z.object({
          key: z.enum(DECLARATION_QUESTIONS.map((q) => q.key)).meta({ description: 'The key its answer is sent under.' }),
          section: z.enum(DECLARATION_SECTIONS),
          type: z.literal('yes_no'),
          text: z.string(),
          text_ar: z.string(),
          required: z.boolean(),
        }),
      ),
      chronic_conditions: z.object({
        key: z.literal(CHRONIC_QUESTION.key),
        type: z.literal('multiple_choice'),
        text: z.string(),
        text_ar: z.string(),
        options: z.array(z.object({ value: z.enum(CHRONIC_CONDITIONS.map((c) => c.key)), text: z.string(), text_ar: z.string() })),
      }),
    })
    .meta({ example: presentQuestions() }),
);
export type AdminMedicalDeclarationQuestionsOut = z.output<typeof adminMedicalDeclarationQuestionsShape>;

const csvProblem = z.object({
  line: z.number().int().min(1).meta({ description: 'The CSV line (the header is line 1).' }),
  field: z.string().meta({ description: 'The column (or `header`, `line`, `file`).' }),
  message: z.string(),
});
const csvPerson = {
  name: z.string().optional(),
  nationality_iso: z.string().optional(),
  nationality_id: z.string().optional(),
  iqama_id: z.string().optional(),
  date_of_birth: z.string().optional(),
  gender: z.string().optional(),
};

/** POST .../employees/preview: the CSV read as the partner API's employee list (not yet checked), and its problems. */
export const adminMedicalEmployeeCsvPreviewShape = shape(
  'AdminMedicalEmployeeCsvPreview',
  z
    .object({
      valid: z.boolean().meta({ description: 'No problem: importing it would save it.' }),
      employees: z
        .array(
          z.object({
            ...csvPerson,
            email: z.string().optional(),
            mobile_number: z.string().optional(),
            category: z.string().optional(),
            is_married: z.boolean(),
            dependents: z.array(z.object({ ...csvPerson, relationship: z.string() })),
          }),
        )
        .meta({ description: 'The cells as read, absent when empty; the problems say which are wrong.' }),
      problems: z.array(csvProblem),
    })
    .meta({
      example: {
        valid: false,
        employees: [
          {
            name: 'Amina Hassan',
            nationality_iso: 'EG',
            iqama_id: '2098765432',
            date_of_birth: '1990-04-15',
            gender: 'female',
            mobile_number: '0587654321',
            category: 'gold',
            is_married: false,
            dependents: [],
          },
        ],
        problems: [{ line: 2, field: 'category', message: 'The category must be one of: basic, standard, premium, executive.' }],
      },
    }),
);
export type AdminMedicalEmployeeCsvPreviewOut = z.output<typeof adminMedicalEmployeeCsvPreviewShape>;

/** The CSV import refused: the one error body, plus every problem by CSV line (as the preview). */
export const adminMedicalEmployeeImportErrorShape = shape(
  'AdminMedicalEmployeeImportError',
  errorShape.extend({ problems: z.array(csvProblem).optional().meta({ description: 'When the file was read: every problem by CSV line.' }) }).meta({
    example: {
      code: '42201',
      message: '1 problem in the file (first: line 2, category: The category must be one of: basic, standard, premium, executive.); nothing was saved.',
      details: { csv: ['Line 2, category: The category must be one of: basic, standard, premium, executive.'] },
      problems: [{ line: 2, field: 'category', message: 'The category must be one of: basic, standard, premium, executive.' }],
      type: 'about:blank',
      title: 'Unprocessable Entity',
      status: 422,
    },
  }),
);

/** The payment link refused: the one error body, plus who is still to declare and the policies priced for an earlier list. */
export const adminMedicalPaymentLinkErrorShape = shape(
  'AdminMedicalPaymentLinkError',
  errorShape
    .extend({
      undeclared_employees: z
        .array(z.object({ id: z.number().int(), name: z.string() }))
        .optional()
        .meta({ description: 'The employees whose health declaration is missing.' }),
      stale_policy_ids: z.array(z.number().int()).optional().meta({ description: 'Policies issued for an earlier employee list.' }),
    })
    .meta({
      example: {
        code: '42201',
        message: 'Still to declare: Omar Saleh. Fill their health declarations in the employee list first.',
        details: { employees: ['Still to declare: Omar Saleh. Fill their health declarations in the employee list first.'] },
        undeclared_employees: [{ id: 382, name: 'Omar Saleh' }],
        stale_policy_ids: [],
        type: 'about:blank',
        title: 'Unprocessable Entity',
        status: 422,
      },
    }),
);

const ANSWERS_EXAMPLE = {
  ...Object.fromEntries(DECLARATION_QUESTIONS.filter((q) => !q.optional).map((q) => [q.key, NO])),
  [CHRONIC_QUESTION.key]: ['None of the above'],
};

/** PUT .../employees/{employeeId}/declaration: the declaration now filled, and who is still to declare. */
export const adminMedicalDeclarationFilledShape = shape(
  'AdminMedicalDeclarationFilled',
  z
    .object({
      health_declaration: z.object({ answers: medicalDeclarationAnswersShape, filled_at: dateTimeOut.nullable() }),
      pending_declarations: z.array(z.object({ id: z.number().int(), name: z.string() })).meta({ description: 'The employees still to declare.' }),
    })
    .meta({
      example: {
        health_declaration: { answers: ANSWERS_EXAMPLE, filled_at: '2026-11-22T09:10:00.000000Z' },
        pending_declarations: [{ id: 382, name: 'Omar Saleh' }],
      },
    }),
);
export type AdminMedicalDeclarationFilledOut = z.output<typeof adminMedicalDeclarationFilledShape>;
