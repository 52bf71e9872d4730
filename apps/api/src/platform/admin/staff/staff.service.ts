import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, Clock, formatNullableDateTime, formatDateTime } from '@lib/common';
import { StaffRole } from '@lib/common/permissions';
import type { AdminStaffOut } from './staff.response';
import type { Prisma } from '@lib/db';
import type { StaffUser } from '@lib/db/generated/prisma/client';
import { hashSecret } from '../../clients/secret-hasher';
import { AuditActor, AuditTrail, Tx } from '../audit/audit-trail';
import { StaffUserRepository } from './staff-user.repository';

export type { StaffUser };

export const MIN_PASSWORD_LENGTH = 12;

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

export interface StaffChanges {
  name?: string;
  role?: StaffRole;
  active?: boolean;
  password?: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw ApiError.field('password', `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > 256) throw ApiError.field('password', 'The password may not be greater than 256 characters.');
}

/** What a staff record looks like in the audit log: no hash, no lockout counters. */
export function staffSummary(s: StaffUser): Record<string, unknown> {
  return { email: s.email, name: s.name, role: s.role, active: s.active };
}

export function presentStaff(s: StaffUser): AdminStaffOut {
  return {
    id: s.id,
    email: s.email,
    name: s.name,
    // stored through the role enum only (create, update, the CLI)
    role: s.role as StaffRole,
    active: s.active,
    locked_until: formatNullableDateTime(s.lockedUntil),
    last_login_at: formatNullableDateTime(s.lastLoginAt),
    created_at: formatDateTime(s.createdAt),
    updated_at: formatDateTime(s.updatedAt),
  };
}

/** Staff accounts: created by an admin in the console, by the operator CLI, or seeded in sandbox. */
@Injectable()
export class StaffService {
  constructor(
    private readonly staff: StaffUserRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  /** A page of staff users for the console, and the total. */
  page(
    f: { ids?: string[]; role?: string; active?: boolean; q?: string },
    orderBy: Prisma.StaffUserOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[StaffUser[], number]> {
    return this.staff.page(f, orderBy, skip, take);
  }

  find(id: string): Promise<StaffUser | null> {
    return this.staff.find(id);
  }

  /** Staff names by id, for lists that show who works a row. */
  async namesOf(ids: Array<string | null>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((i): i is string => Boolean(i)))];
    const rows = wanted.length ? await this.staff.names(wanted) : [];
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  findByEmail(email: string): Promise<StaffUser | null> {
    return this.staff.findByEmail(normaliseEmail(email));
  }

  async create(actor: AuditActor, input: NewStaff): Promise<StaffUser> {
    checkPassword(input.password);
    const email = normaliseEmail(input.email);
    const name = input.name.trim();
    if (!name) throw ApiError.field('name', 'The name field is required.');
    const passwordHash = await hashSecret(input.password);
    return this.audit.run(actor, async (tx) => {
      if (await this.staff.findByEmailIn(tx, email)) throw ApiError.field('email', 'A staff user with this email already exists.');
      const now = this.clock.now();
      const user = await this.staff.create(tx, { id: randomUUID(), email, name, role: input.role, passwordHash, createdAt: now, updatedAt: now });
      return { result: user, audit: { action: 'staff.create', resource: 'staff', resourceId: user.id, after: staffSummary(user) } };
    });
  }

  async update(actor: AuditActor, id: string, changes: StaffChanges): Promise<StaffUser> {
    if (changes.password !== undefined) checkPassword(changes.password);
    const passwordHash = changes.password !== undefined ? await hashSecret(changes.password) : undefined;
    return this.audit.run(actor, async (tx) => {
      const before = await this.lockForUpdate(tx, id);
      if (actor.staffId === id && changes.role !== undefined && changes.role !== before.role) {
        throw ApiError.field('role', 'You cannot change your own role.');
      }
      if (actor.staffId === id && changes.active === false) throw ApiError.field('active', 'You cannot deactivate yourself.');
      const now = this.clock.now();
      const after = await this.staff.update(tx, id, {
        ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        ...(passwordHash ? { passwordHash, failedLogins: 0, lockedUntil: null } : {}),
        updatedAt: now,
      });
      // Losing access (deactivated, new role or new password) ends every open session at once.
      if (changes.active === false || (changes.role && changes.role !== before.role) || passwordHash) {
        await this.staff.revokeSessions(tx, id, now);
      }
      const summaryAfter = { ...staffSummary(after), ...(passwordHash ? { password: 'changed' } : {}) };
      return { result: after, audit: { action: 'staff.update', resource: 'staff', resourceId: id, before: staffSummary(before), after: summaryAfter } };
    });
  }

  private async lockForUpdate(tx: Tx, id: string): Promise<StaffUser> {
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await this.staff.findIn(tx, id) : null;
    if (!user) throw ApiError.notFound('No staff user with this id.');
    return user;
  }
}
