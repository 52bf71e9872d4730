import type { AppConfig } from '@lib/config';
import { StaffRole } from '@lib/common/permissions';
import { StaffService } from './staff.service';

/**
 * Sandbox only: one staff user per role with fixed, documented passwords (docs/console.md).
 * Created when missing; never in production.
 */
export const SANDBOX_STAFF: ReadonlyArray<{ email: string; name: string; role: StaffRole; password: string }> = [
  { email: 'admin@sandbox.test', name: 'Sandbox Admin', role: 'admin', password: 'sandbox-admin-pass' },
  { email: 'operations@sandbox.test', name: 'Sandbox Operations', role: 'operations', password: 'sandbox-operations-pass' },
  { email: 'account.manager@sandbox.test', name: 'Sandbox Account Manager', role: 'account_manager', password: 'sandbox-account-manager-pass' },
  { email: 'claims@sandbox.test', name: 'Sandbox Claims Handler', role: 'claims_handler', password: 'sandbox-claims-pass' },
];

export async function ensureSandboxStaff(config: AppConfig, staff: StaffService): Promise<typeof SANDBOX_STAFF> {
  if (config.env !== 'sandbox') return [];
  for (const s of SANDBOX_STAFF) {
    if (await staff.findByEmail(s.email)) continue;
    await staff.create({ staffId: null, email: 'sandbox-seed', role: 'system' }, s);
  }
  return SANDBOX_STAFF;
}
