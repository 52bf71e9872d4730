import { formatDate, formatDateTime, parseDate } from '@lib/common';
import { parseHijriDate } from '@lib/common/saudi';
import type { MedicalEmployee } from './medical-employee.repository';

type StoredDependent = {
  name: string;
  relationship: string;
  nationality_iso: string;
  date_of_birth: string;
  gender: string;
  nationality_id?: string;
  iqama_id?: string;
};

/** Age in whole years today; the birthdate is Hijri for a national id (starting 1), Gregorian otherwise. */
export function ageToday(personId: string, dateOfBirth: string, now: Date): number | null {
  const birth = personId.startsWith('1') ? parseHijriDate(dateOfBirth)?.gregorian : parseDate(dateOfBirth);
  if (!birth) return null;
  const today = parseDate(formatDate(now))!;
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  if (today.getUTCMonth() < birth.getUTCMonth() || (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate())) age -= 1;
  return age;
}

export function dependentsOf(e: MedicalEmployee): StoredDependent[] {
  return e.dependents as StoredDependent[];
}

export function presentEmployee(e: MedicalEmployee, now: Date) {
  const idField = e.personId.startsWith('1') ? 'nationality_id' : 'iqama_id';
  return {
    id: e.id,
    [idField]: e.personId,
    name: e.name,
    nationality_iso: e.nationalityIso,
    date_of_birth: e.dateOfBirth,
    age: ageToday(e.personId, e.dateOfBirth, now),
    gender: e.gender,
    email: e.email,
    mobile_number: e.mobileNumber,
    category: e.category,
    is_married: e.isMarried,
    dependents: dependentsOf(e).map((d) => ({ ...d, age: ageToday(d.nationality_id ?? d.iqama_id ?? '', d.date_of_birth, now) })),
    health_declaration: e.declaration ? { answers: e.declaration, filled_at: e.declaredAt ? formatDateTime(e.declaredAt) : null } : null,
  };
}
