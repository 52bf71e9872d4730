import auditLog from './audit-log';
import claims from './claims';
import propertyPolicies from './property-policies';
import medicalCompanies from './medical-companies';
import medicalPolicies from './medical-policies';
import tplPolicies from './tpl-policies';
import lifePolicies from './life-policies';
import horsePolicies from './horse-policies';
import travelPolicies from './travel-policies';
import clients from './clients';
import partnerUsers from './partner-users';
import motorPolicies from './motor-policies';
import motorQuoteRequests from './motor-quote-requests';
import payments from './payments';
import refunds from './refunds';
import renewals from './renewals';
import dueEvents from './due-events';
import staff from './staff';
import webhookDeliveries from './webhook-deliveries';
import webhookEndpoints from './webhook-endpoints';

/** Every console resource, in menu order. Permissions decide which are registered and shown. */
export const RESOURCES = [
  clients,
  partnerUsers,
  motorQuoteRequests,
  motorPolicies,
  propertyPolicies,
  tplPolicies,
  lifePolicies,
  horsePolicies,
  travelPolicies,
  medicalCompanies,
  medicalPolicies,
  claims,
  payments,
  refunds,
  renewals,
  dueEvents,
  webhookEndpoints,
  webhookDeliveries,
  staff,
  auditLog,
];
