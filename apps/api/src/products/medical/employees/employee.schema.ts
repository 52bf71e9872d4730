import { emailField, formatDate, issuesToDetails, parseDate, z, type ErrorDetails } from '@lib/common';
import { birthdateOf } from '@lib/common/saudi';
import { MEDICAL_TIERS } from '@lib/providers';

export const DEPENDENT_RELATIONSHIPS = ['spouse', 'child', 'parent'] as const;
export const EMPLOYEE_MIN_AGE = 18;
export const EMPLOYEE_MAX_AGE = 110;
/** Saudi group medical (CCHI unified policy) covers children up to 25. */
export const CHILD_MAX_AGE = 25;
export const MAX_EMPLOYEES = 1000;

const idRule = (label: string, first: '1' | '2') =>
  z
    .union([z.string(), z.number().int()])
    .transform(String)
    .pipe(z.string().regex(first === '1' ? /^1\d{9}$/ : /^2\d{9}$/, `The ${label} must be 10 digits starting with ${first}.`));

const personShape = {
  name: z.string({ error: 'The name is required.' }).trim().min(2, 'The name must be at least 2 characters.').max(255),
  nationality_iso: z
    .string({ error: 'The nationality iso is required.' })
    .regex(/^[A-Z]{2}$/, 'The nationality iso must be a two-letter country code such as SA.'),
  date_of_birth: z.string({ error: 'The date of birth is required.' }),
  // Optional, as in the real service: the rules that need it apply when it is given.
  gender: z.enum(['male', 'female'], { error: 'The gender must be male or female.' }).optional(),
  nationality_id: idRule('nationality id', '1').optional(),
  iqama_id: idRule('iqama id', '2').optional(),
};

const identitySchema = z.object(personShape);

const dependentSchema = z.strictObject({
  ...personShape,
  relationship: z.enum(DEPENDENT_RELATIONSHIPS, { error: 'The relationship must be spouse, child or parent.' }),
});

const employeeSchema = z.strictObject({
  ...personShape,
  email: emailField.optional(),
  mobile_number: z.string({ error: 'The mobile number is required.' }).regex(/^05\d{8}$/, 'The mobile number must be 10 digits starting with 05.'),
  category: z.enum(MEDICAL_TIERS, { error: `The category must be one of: ${MEDICAL_TIERS.join(', ')}.` }),
  /** Left out, it follows the list: an employee listing a spouse is married (the real service infers it so). */
  is_married: z.boolean().optional(),
  dependents: z.array(dependentSchema).max(10, 'An employee may have at most 10 dependents.').default([]),
});

export type DependentInput = z.output<typeof dependentSchema> & { person_id: string; age: number };
export type EmployeeInput = Omit<z.output<typeof employeeSchema>, 'dependents' | 'is_married'> & {
  is_married: boolean;
  person_id: string;
  age: number;
  dependents: DependentInput[];
};

function ageOn(birth: Date, today: Date): number {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  if (today.getUTCMonth() < birth.getUTCMonth() || (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate())) age -= 1;
  return age;
}

/**
 * The identity rules a Saudi insurer applies to anyone covered: a Saudi (SA) has a national id and a
 * Hijri (Umm al-Qura) birthdate; anyone else an iqama and a Gregorian birthdate. Returns the id and age.
 */
function checkPerson(
  p: z.output<typeof dependentSchema> | z.output<typeof employeeSchema>,
  today: Date,
  add: (field: string, message: string) => void,
): { personId: string; age: number } | null {
  const saudi = p.nationality_iso === 'SA';
  if (p.nationality_id && p.iqama_id) add('iqama_id', 'Send either a nationality id or an iqama id, not both.');
  const personId = saudi ? p.nationality_id : p.iqama_id;
  if (saudi && !p.nationality_id) add('nationality_id', 'A Saudi national (nationality SA) needs a nationality id.');
  if (!saudi && !p.iqama_id) add('iqama_id', 'A resident (nationality other than SA) needs an iqama id.');
  if (!personId) return null;
  const birth = birthdateOf(personId, p.date_of_birth, today);
  if ('error' in birth) {
    add('date_of_birth', `The date of birth ${birth.error}.`);
    return null;
  }
  return { personId, age: ageOn(birth.date, today) };
}

export interface EmployeeListResult {
  employees: EmployeeInput[];
  /** Field errors keyed `employees.<row>.<field>`; empty when the whole list is valid. */
  details: ErrorDetails;
  badRows: number[];
}

/**
 * Validates a whole employee list: every row is checked (none stops at the first error) so one answer
 * names every bad row; the caller saves nothing unless `details` is empty.
 */
export function validateEmployeeList(body: unknown, now: Date): EmployeeListResult {
  const today = parseDate(formatDate(now))!;
  const details: ErrorDetails = {};
  const badRows = new Set<number>();
  const add = (key: string, message: string, row?: number) => {
    (details[key] ??= []).push(message);
    if (row !== undefined) badRows.add(row);
  };
  const list = (body as { employees?: unknown } | null)?.employees;
  if (typeof body !== 'object' || body === null || Object.keys(body).some((k) => k !== 'employees')) {
    add('body', 'The body must be an object with only an employees list.');
    return { employees: [], details, badRows: [] };
  }
  if (!Array.isArray(list) || list.length === 0) {
    add('employees', 'The employees must be a list of at least 1 employee.');
    return { employees: [], details, badRows: [] };
  }
  if (list.length > MAX_EMPLOYEES) {
    add('employees', `The employees may not have more than ${MAX_EMPLOYEES} items.`);
    return { employees: [], details, badRows: [] };
  }

  const employees: EmployeeInput[] = [];
  const seenIds = new Map<string, string>();
  const seenEmails = new Map<string, number>();
  list.forEach((raw, row) => {
    const prefix = `employees.${row}`;
    const parsed = employeeSchema.safeParse(raw);
    if (!parsed.success) {
      for (const [k, messages] of Object.entries(issuesToDetails(parsed.error.issues, prefix))) messages.forEach((m) => add(k, m, row));
      // the identity rules still run when only other fields failed, so one answer names every problem of the row
      const identity = identitySchema.safeParse(raw);
      if (identity.success)
        checkPerson(identity.data as z.output<typeof employeeSchema>, today, (f, m) => {
          if (!details[`${prefix}.${f}`]) add(`${prefix}.${f}`, m, row);
        });
      return;
    }
    const e = parsed.data;
    const before = Object.keys(details).length;
    const person = checkPerson(e, today, (f, m) => add(`${prefix}.${f}`, m, row));
    if (person && (person.age < EMPLOYEE_MIN_AGE || person.age > EMPLOYEE_MAX_AGE))
      add(`${prefix}.date_of_birth`, `An employee must be ${EMPLOYEE_MIN_AGE} to ${EMPLOYEE_MAX_AGE} years old.`, row);
    if (person) {
      const other = seenIds.get(person.personId);
      if (other) add(`${prefix}.${e.nationality_iso === 'SA' ? 'nationality_id' : 'iqama_id'}`, `This id is already used by ${other}.`, row);
      else seenIds.set(person.personId, `employee row ${row}`);
    }
    if (e.email) {
      const other = seenEmails.get(e.email);
      if (other !== undefined) add(`${prefix}.email`, `This email is already used by employee row ${other}.`, row);
      else seenEmails.set(e.email, row);
    }

    const spouses = e.dependents.filter((d) => d.relationship === 'spouse').length;
    const isMarried = e.is_married ?? spouses > 0;
    const maxSpouses = e.gender === 'female' ? 1 : 4;
    if (spouses > 0 && !isMarried) add(`${prefix}.dependents`, 'A spouse can only be covered when is_married is true.', row);
    if (spouses > maxSpouses)
      add(
        `${prefix}.dependents`,
        `A ${e.gender ?? ''} employee may cover at most ${maxSpouses} spouse${maxSpouses === 1 ? '' : 's'}.`.replace('A  ', 'An '),
        row,
      );

    const dependents: DependentInput[] = [];
    e.dependents.forEach((d, j) => {
      const dp = `${prefix}.dependents.${j}`;
      const dep = checkPerson(d, today, (f, m) => add(`${dp}.${f}`, m, row));
      if (!dep) return;
      if (d.relationship === 'spouse' && d.gender && e.gender && d.gender === e.gender) add(`${dp}.gender`, 'A spouse must be of the other gender.', row);
      if (d.relationship === 'spouse' && dep.age < 18) add(`${dp}.date_of_birth`, 'A spouse must be at least 18 years old.', row);
      if (d.relationship === 'child' && dep.age >= CHILD_MAX_AGE) add(`${dp}.date_of_birth`, `A child must be under ${CHILD_MAX_AGE} years old.`, row);
      if (d.relationship === 'child' && person && dep.age >= person.age) add(`${dp}.date_of_birth`, 'A child must be younger than the employee.', row);
      if (d.relationship === 'parent' && person && dep.age <= person.age) add(`${dp}.date_of_birth`, 'A parent must be older than the employee.', row);
      const other = seenIds.get(dep.personId);
      if (other) add(`${dp}.${d.nationality_iso === 'SA' ? 'nationality_id' : 'iqama_id'}`, `This id is already used by ${other}.`, row);
      else seenIds.set(dep.personId, `a dependent in employee row ${row}`);
      dependents.push({ ...d, person_id: dep.personId, age: dep.age });
    });
    if (person && Object.keys(details).length === before)
      employees.push({ ...e, is_married: isMarried, person_id: person.personId, age: person.age, dependents });
  });
  return { employees, details, badRows: [...badRows].sort((a, b) => a - b) };
}
