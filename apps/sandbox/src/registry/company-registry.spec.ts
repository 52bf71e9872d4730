import { wireRegisteredStaffSchema } from '@lib/providers';
import { registeredStaff } from './company-registry';

const today = new Date('2026-11-22T09:00:00.000Z');

describe('the sandbox company registry', () => {
  it('knows every valid CR but those ending 0000, the same way every time', () => {
    expect(registeredStaff('7001234567', today)).toEqual(registeredStaff('7001234567', today));
    expect(registeredStaff('7001230000', today)).toBeNull();
    expect(registeredStaff('8001234567', today)).toBeNull();
  });

  it('answers the wire contract with distinct people, for many companies', () => {
    for (let n = 0; n < 500; n++) {
      const staff = registeredStaff(String(7_000_000_001 + n * 7919), today)!;
      expect(wireRegisteredStaffSchema.safeParse(staff).success).toBe(true);
      const ids = staff.employees.map((e) => e.nationality_id ?? e.iqama_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(staff.employees.length).toBeGreaterThanOrEqual(2);
      expect(staff.employees.length).toBeLessThanOrEqual(6);
    }
  });
});
