import { formatDate, formatDateTime, parseDate } from '@lib/common';
import { parseHijriDate } from '@lib/common/saudi';
import type { MedicalEmployee } from './medical-employee.repository';
import type { MedicalDependentOut, MedicalEmployeeOut } from './employee.response';

type DeclarationAnswersOut = NonNullable<MedicalEmployeeOut['health_declaration']>['answers'];

type StoredDependent = {
  name: string;
  relationship: string;
  nationality_iso: string;
  date_of_birth: string;
  gender?: string;
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

export function presentEmployee(e: MedicalEmployee, now: Date): MedicalEmployeeOut {
  return {
    id: e.id,
    ...(e.personId.startsWith('1') ? { nationality_id: e.personId } : { iqama_id: e.personId }),
    name: e.name,
    nationality_iso: e.nationalityIso,
    date_of_birth: e.dateOfBirth,
    age: ageToday(e.personId, e.dateOfBirth, now),
    gender: e.gender as MedicalEmployeeOut['gender'],
    email: e.email,
    mobile_number: e.mobileNumber,
    category: e.category as MedicalEmployeeOut['category'],
    is_married: e.isMarried,
    dependents: dependentsOf(e).map((d) => presentDependent(d, now)),
    health_declaration: e.declaration
      ? { answers: e.declaration as DeclarationAnswersOut, filled_at: e.declaredAt ? formatDateTime(e.declaredAt) : null }
      : null,
  };
}

function presentDependent(d: StoredDependent, now: Date): MedicalDependentOut {
  return {
    name: d.name,
    relationship: d.relationship as MedicalDependentOut['relationship'],
    nationality_iso: d.nationality_iso,
    nationality_id: d.nationality_id,
    iqama_id: d.iqama_id,
    date_of_birth: d.date_of_birth,
    gender: d.gender as MedicalDependentOut['gender'],
    age: ageToday(d.nationality_id ?? d.iqama_id ?? '', d.date_of_birth, now),
  };
}
