import { Injectable } from '@nestjs/common';
import { ApiError, Clock, crossFieldRules, type ErrorDetails, intId, issuesToDetails, z } from '@lib/common';
import type { Prisma } from '@lib/db';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { answersSchema, partialAnswersSchema, type DeclarationAnswers } from './medical-form.questions';

/** Per-employee answers, by national id, iqama or email, overriding `all_employees` question by question. */
export const idsOrEmailsSchema = z
  .array(
    z.strictObject({ id_or_email: z.union([z.string(), z.number().int()]).transform((v) => String(v).trim().toLowerCase()), answers: partialAnswersSchema }),
  )
  .max(1000);

export const fillSchema = z
  .strictObject({
    company_id: intId,
    all_employees: partialAnswersSchema.optional(),
    ids_or_emails: idsOrEmailsSchema.optional(),
  })
  .superRefine(
    ...crossFieldRules<{ all_employees?: unknown; ids_or_emails?: unknown[] }>((b, ctx, fine) => {
      if (fine('all_employees', 'ids_or_emails') && !b.all_employees && !b.ids_or_emails?.length)
        ctx.addIssue({ code: 'custom', path: ['all_employees'], message: 'Send all_employees answers, ids_or_emails entries, or both.' });
    }),
  );
export type FillInput = z.output<typeof fillSchema>;
export interface DeclarationPlan {
  companyId: number;
  /** employee id -> complete answers */
  answers: Map<number, object>;
}

/**
 * Health declarations: `all_employees` answers apply to every employee on the saved list, and an
 * `ids_or_emails` entry (national id, iqama or email) overrides them question by question for one
 * employee. Every resulting declaration must be complete; otherwise nothing is saved.
 */
@Injectable()
export class FillDeclarationsUseCase {
  constructor(
    private readonly companies: MedicalCompanyRepository,
    private readonly employees: MedicalEmployeeRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `unknownEmployee: 'reject'` answers an id or email that is no employee with the real service's 400
   * (40022) naming it, as its declaration routes do; by default it is a 422 on the entry.
   */
  async execute(clientId: string, input: FillInput, unknownEmployee: 'field' | 'reject' = 'field') {
    return this.commit(await this.plan(clientId, input, unknownEmployee));
  }

  /** Every check, nothing saved: the declarations `commit` will save, or the 4xx. */
  async plan(clientId: string, input: FillInput, unknownEmployee: 'field' | 'reject' = 'field'): Promise<DeclarationPlan> {
    const company = await this.companies.require(clientId, input.company_id);
    const staff = await this.employees.list(company.id);
    if (!staff.length) throw ApiError.field('company_id', 'The company has no saved employees; PUT the employee list first.');
    const details: ErrorDetails = {};
    const overrides = new Map<number, { index: number; answers: DeclarationAnswers }>();
    (input.ids_or_emails ?? []).forEach((entry, index) => {
      const e = staff.find((s) => s.personId === entry.id_or_email || s.email === entry.id_or_email);
      if (!e) details[`ids_or_emails.${index}.id_or_email`] = [`No employee of this company matches ${entry.id_or_email}.`];
      else if (overrides.has(e.id)) details[`ids_or_emails.${index}.id_or_email`] = ['This employee is already listed.'];
      else overrides.set(e.id, { index, answers: entry.answers as DeclarationAnswers });
    });
    const targets = input.all_employees ? staff : staff.filter((s) => overrides.has(s.id));
    const result = new Map<number, object>();
    for (const e of targets) {
      const own = overrides.get(e.id);
      const merged = { ...(input.all_employees ?? {}), ...(own?.answers ?? {}) };
      const parsed = answersSchema.safeParse(merged);
      if (parsed.success) result.set(e.id, parsed.data);
      else Object.assign(details, issuesToDetails(parsed.error.issues, own ? `ids_or_emails.${own.index}.answers` : 'all_employees'));
    }
    const unknown = (input.ids_or_emails ?? []).filter((entry) => !staff.some((st) => st.personId === entry.id_or_email || st.email === entry.id_or_email));
    if (unknownEmployee === 'reject' && unknown.length)
      throw new ApiError('NO_MATCHING_EMPLOYEE', `No employee of this company matches: ${unknown.map((u) => u.id_or_email).join(', ')}.`);
    if (Object.keys(details).length) throw ApiError.validation(details);
    return { companyId: company.id, answers: result };
  }

  /** Saves a plan; with `tx` in the caller's transaction (the console's, with its audit row). */
  async commit(plan: DeclarationPlan, tx?: Prisma.TransactionClient) {
    await this.employees.saveDeclarations(plan.companyId, plan.answers, this.clock.now(), tx);
    const pending = (await this.employees.list(plan.companyId, tx)).filter((e) => !e.declaration);
    return { companyId: plan.companyId, declared: plan.answers.size, pending_declarations: pending.map((e) => ({ id: e.id, name: e.name })) };
  }
}
