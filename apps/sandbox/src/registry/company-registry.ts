import { createHash } from 'node:crypto';
import { formatDate, formatHijriDate, gregorianToHijri } from '@lib/common';
import type { WireRegisteredStaff } from '@lib/providers';

const FIRST = ['Khalid', 'Sara', 'Fahad', 'Noura', 'Omar', 'Huda', 'Yousef', 'Reem', 'Ali', 'Lama'];
const LAST = ['Al-Otaibi', 'Al-Harbi', 'Al-Qahtani', 'Al-Shehri', 'Al-Dosari', 'Al-Zahrani'];
const RESIDENT = [
  { name: 'Amina Hassan', iso: 'EG' },
  { name: 'Ravi Kumar', iso: 'IN' },
  { name: 'Maria Santos', iso: 'PH' },
  { name: 'Ahmad Raza', iso: 'PK' },
];

/**
 * The sandbox's company registry (the real service's "employees by CR number"): every valid commercial
 * registration number is a company with 2 to 6 employees derived from the number, the same every time.
 * A number ending in 0000 is a company the registry does not know (404), to test that path.
 */
export function registeredStaff(cr: string, today: Date): WireRegisteredStaff | null {
  if (!/^7\d{9}$/.test(cr) || cr.endsWith('0000')) return null;
  const seed = createHash('sha256').update(`company-registry:${cr}`).digest();
  const count = 2 + (seed[0] % 5);
  const employees = Array.from({ length: count }, (_, i) => {
    const b = seed[(i * 3 + 1) % seed.length];
    const age = 22 + ((b + i * 7) % 38);
    const born = new Date(Date.UTC(today.getUTCFullYear() - age, b % 12, 1 + (b % 27)));
    const serial = String((seed.readUInt32BE((i * 4) % 28) % 900_000_000) + 10_000_000 + i)
      .padStart(9, '0')
      .slice(-9);
    const mobile = `05${String(seed.readUInt32BE((i * 4 + 2) % 28) % 100_000_000).padStart(8, '0')}`;
    if (b % 3 === 0) {
      const r = RESIDENT[b % RESIDENT.length];
      return {
        name: r.name,
        nationality_iso: r.iso,
        iqama_id: `2${serial}`,
        date_of_birth: formatDate(born),
        gender: b % 2 ? ('male' as const) : ('female' as const),
        mobile_number: mobile,
      };
    }
    const female = b % 2 === 0;
    const first = FIRST[(b >> 1) % FIRST.length];
    return {
      name: `${first} ${LAST[b % LAST.length]}`,
      nationality_iso: 'SA',
      nationality_id: `1${serial}`,
      date_of_birth: formatHijriDate(gregorianToHijri(born)!),
      gender: female ? ('female' as const) : ('male' as const),
      mobile_number: mobile,
    };
  });
  return { commercial_registration_number: cr, employees };
}
