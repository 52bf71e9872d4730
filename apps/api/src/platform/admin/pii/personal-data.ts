import { maskPersonal } from '@lib/common';
import { can } from '@lib/common/permissions';

/** Shows a personal value to one member of staff: in full, masked, or null when there is none. */
export type PersonalData = (v: string | null | undefined) => string | null;

/**
 * The console's one personal-data masker: staff whose role has read_pii on the resource see customers'
 * ids, names, contacts, IBANs and birthdates in full; everyone else sees them masked (maskPersonal).
 */
export function personalDataFor(role: string, resource: string): PersonalData {
  const full = can(role, 'read_pii', resource);
  return (v) => (v ? (full ? v : maskPersonal(v)) : null);
}
