import { createHash } from 'node:crypto';
import type { MedicalEmployee } from '../employees/medical-employee.repository';

/** Who is covered and on which tier: a quote is for this exact list, so a changed list needs new quotes. */
export function employeeFingerprint(staff: MedicalEmployee[]): string {
  const shape = staff.map((e) => [e.personId, e.category, e.dateOfBirth, e.dependents]);
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}
