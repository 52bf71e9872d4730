import auditLog from './audit-log';
import clients from './clients';
import staff from './staff';
import webhookDeliveries from './webhook-deliveries';
import webhookEndpoints from './webhook-endpoints';

/** Every console resource, in menu order. Permissions decide which are registered and shown. */
export const RESOURCES = [clients, webhookEndpoints, webhookDeliveries, staff, auditLog];
