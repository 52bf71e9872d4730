import { Injectable } from '@nestjs/common';
import { ApiError, Clock, type ErrorDetails } from '@lib/common';
import type { Prisma } from '@lib/db';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
import { presentEmployee } from './employee.presenter';
import { MAX_EMPLOYEES, validateEmployeeList, type EmployeeInput } from './employee.schema';
import { dependentsOf } from './employee.presenter';
import { MedicalEmployeeRepository, type MedicalEmployee } from './medical-employee.repository';

type Tx = Prisma.TransactionClient;

/** What an audit row keeps of an employee: who it is and what tier, never the whole record. */
export function employeeSummary(e: MedicalEmployee | null) {
  if (!e) return null;
  return { id: e.id, name: e.name, person_id: e.personId, category: e.category, dependents: dependentsOf(e).length, declared: e.declaration !== null };
}

/**
 * One employee at a time (the console's add, correct and remove), under the partner list's own rules
 * (validateEmployeeList, as PUT /companies/{id}/employees), with ids and emails unique across the
 * company's list. Each step runs in the caller's transaction, after the company's lock, so the audit
 * row commits with the change and two staff members editing one company take turns.
 * Field errors are keyed like the employee's own fields (`date_of_birth`, `dependents.0.iqama_id`).
 */
@Injectable()
export class EditEmployeeUseCase {
  constructor(
    private readonly employees: MedicalEmployeeRepository,
    private readonly policies: MedicalPolicyRepository,
    private readonly clock: Clock,
  ) {}

  async add(tx: Tx, companyId: number, raw: unknown, extra: ErrorDetails = {}) {
    await this.policies.lockCompany(tx, companyId);
    const others = await this.employees.list(companyId, tx);
    const details: ErrorDetails = { ...extra };
    if (others.length >= MAX_EMPLOYEES) details.employee = [`A company may list at most ${MAX_EMPLOYEES} employees.`];
    const employee = this.check(raw, others, details);
    const saved = await this.employees.addOne(tx, companyId, employee, this.clock.now());
    return { before: null, after: saved, shown: presentEmployee(saved, this.clock.now()) };
  }

  async update(tx: Tx, companyId: number, employeeId: number, raw: unknown, extra: ErrorDetails = {}) {
    await this.policies.lockCompany(tx, companyId);
    const current = await this.require(tx, companyId, employeeId);
    const others = (await this.employees.list(companyId, tx)).filter((e) => e.id !== current.id);
    const employee = this.check(raw, others, { ...extra });
    const saved = await this.employees.updateOne(tx, current, employee, this.clock.now());
    return { before: current, after: saved, shown: presentEmployee(saved, this.clock.now()) };
  }

  async remove(tx: Tx, companyId: number, employeeId: number, extra: ErrorDetails = {}) {
    await this.policies.lockCompany(tx, companyId);
    const current = await this.require(tx, companyId, employeeId);
    const details: ErrorDetails = { ...extra };
    if ((await this.employees.list(companyId, tx)).length === 1)
      details.id = ['The list must keep at least one employee: add another first, or import a new list.'];
    if (Object.keys(details).length) throw ApiError.validation(details);
    await this.employees.removeOne(tx, current);
    return { before: current };
  }

  async require(db: Tx, companyId: number, employeeId: number): Promise<MedicalEmployee> {
    const found = await this.employees.findOne(companyId, employeeId, db);
    if (!found) throw ApiError.notFound(`No employee with id ${employeeId} in this company.`);
    return found;
  }

  /** The list rules on one employee, then ids and emails against the rest of the list; 422 naming every field. */
  private check(raw: unknown, others: MedicalEmployee[], details: ErrorDetails): EmployeeInput {
    const result = validateEmployeeList({ employees: [raw] }, this.clock.now());
    for (const [key, messages] of Object.entries(result.details)) {
      const field = key.replace(/^employees\.0\.?/, '') || 'employee';
      (details[field] ??= []).push(...messages);
    }
    const employee = result.employees[0];
    if (employee) {
      const taken = new Map<string, string>();
      for (const o of others) {
        taken.set(o.personId, o.name);
        for (const d of dependentsOf(o)) taken.set(d.nationality_id ?? d.iqama_id ?? '', `${d.name} (${o.name})`);
      }
      const idField = employee.nationality_iso === 'SA' ? 'nationality_id' : 'iqama_id';
      if (taken.has(employee.person_id)) details[idField] = [`This id is already used by ${taken.get(employee.person_id)}.`];
      employee.dependents.forEach((d, j) => {
        if (taken.has(d.person_id))
          details[`dependents.${j}.${d.nationality_iso === 'SA' ? 'nationality_id' : 'iqama_id'}`] = [`This id is already used by ${taken.get(d.person_id)}.`];
      });
      const email = employee.email;
      const sameEmail = email ? others.find((o) => o.email === email) : undefined;
      if (sameEmail) details.email = [`This email is already used by ${sameEmail.name}.`];
    }
    if (Object.keys(details).length || !employee) throw ApiError.validation(Object.keys(details).length ? details : { employee: ['The employee is invalid.'] });
    return employee;
  }
}
