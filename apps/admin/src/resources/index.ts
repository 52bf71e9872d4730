import auditLog from './audit-log';
import clients from './clients';
import payments from './payments';
import staff from './staff';

/** Every console resource, in menu order. Permissions decide which are registered and shown. */
export const RESOURCES = [clients, payments, staff, auditLog];
