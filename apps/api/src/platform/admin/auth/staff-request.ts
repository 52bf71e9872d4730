import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@lib/common/permissions';

/** The signed-in staff member of a console request. */
export interface Staff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export type StaffRequest = FastifyRequest & { staff?: Staff; principal?: string };
