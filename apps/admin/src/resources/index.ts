import auditLog from './audit-log';
import claims from './claims';
import propertyPolicies from './property-policies';
import clients from './clients';
import staff from './staff';

/** Every console resource, in menu order. Permissions decide which are registered and shown. */
export const RESOURCES = [clients, propertyPolicies, claims, staff, auditLog];
