import englishMessages from 'ra-language-english';
import { auditEn } from './audit.en';
import { paymentsEn } from './payments.en';
import { partnerUsersEn } from './partner-users.en';
import { refundsEn } from './refunds.en';
import { renewalsEn } from './renewals.en';
import { dueEventsEn } from './due-events.en';
import { motorEn } from './motor.en';
import { embedTargetsEn } from './embed-targets.en';
import { propertyPoliciesEn } from './property-policies.en';
import { lifePoliciesEn } from './life-policies.en';
import { travelPoliciesEn } from './travel-policies.en';
import { medicalEn } from './medical.en';
import { claimsEn } from './claims.en';
import { webhooksEn } from './webhooks.en';
import { tplPoliciesEn } from './tpl-policies.en';
import { searchEn } from './search.en';
import { activityEn } from './activity.en';
import { enumsEn } from './enums.en';

/** The console's own words. ar.ts must have exactly these keys (it is typed with ConsoleMessages). */
export const en = {
  enums: enumsEn,
  embed_targets: embedTargetsEn,
  search: searchEn,
  activity: activityEn,
  app: {
    title: 'Insurance Console',
    language: 'Language',
    role: {
      admin: 'Admin',
      operations: 'Operations',
      account_manager: 'Account manager',
      claims_handler: 'Claims handler',
      system: 'System',
    },
    yes: 'Yes',
    no: 'No',
    none: 'None',
    copy: 'Copy',
    copied: 'Copied',
    close: 'Close',
    status: { active: 'Active', inactive: 'Inactive' },
  },
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome, %{name}',
    subtitle: 'Last %{days} days at a glance',
    clients: 'API clients',
    clients_active: '%{count} active',
    quote_requests: 'Quote requests',
    policies: 'Policies',
    premium_volume: 'Premium volume',
    payments_pending: 'Payments pending',
    claims_open: 'Claims to decide',
    claims_unassigned: '%{count} not taken',
    status: { pending: 'Awaiting payment', active: 'Active', cancelled: 'Cancelled', on_hold: 'On hold', expired: 'Expired' },
    activity: 'Activity over the last %{days} days',
    clients_created: 'New clients',
    quote_requests_series: 'Quote requests',
    policies_by_status: 'Policies by status',
    no_policies: 'No policies yet. Numbers appear here as product families go live.',
    medical_work: 'SME medical: companies to follow up',
    companies_missing_declarations: 'Companies missing declarations',
    employees_missing: '%{count} employees still to declare',
    amount_due: 'Amount due',
    companies_owing: 'from %{count} companies',
    open_list: 'Open the list',
    operations_work: 'Operations: needing action',
    refunds_needing_action: 'Refunds needing action',
    refunds_needing_action_hint: 'Failed after their last try or refused by the card vendor: try again with a reason',
    renewals_not_taken: 'Renewals not taken',
    renewals_not_taken_hint: 'Renewal notices sent, no renewal paid yet',
    scheduled_events_failed: 'Scheduled events failed',
    scheduled_events_failed_hint: 'Given up after their last try: look at the error and run them again',
  },
  resources: {
    ...motorEn,
    ...propertyPoliciesEn,
    ...medicalEn,
    ...tplPoliciesEn,
    ...lifePoliciesEn,
    ...travelPoliciesEn,
    ...claimsEn,
    clients: {
      name: 'API client |||| API clients',
      fields: {
        id: 'Client id',
        name: 'Name',
        active: 'Status',
        products: 'Products',
        secret_version: 'Secret version',
        secret_rotated_at: 'Secret rotated',
        contact_name: 'Contact name',
        contact_email: 'Contact email',
        contact_phone: 'Contact phone',
        created_at: 'Created',
        updated_at: 'Updated',
        q: 'Search',
        product: 'Product',
      },
      sections: { identity: 'Client', contact: 'Contact', credentials: 'Credentials' },
      actions: {
        rotate: 'Rotate secret',
        rotate_confirm_title: 'Rotate the secret of %{name}?',
        rotate_confirm: 'The current secret and every token issued with it stop working immediately.',
        deactivate: 'Deactivate',
        deactivate_confirm_title: 'Deactivate %{name}?',
        deactivate_confirm: 'Its tokens stop working and it cannot get new ones until reactivated.',
        activate: 'Activate',
        products: 'Products',
        products_title: 'Products of %{name}',
        save_products: 'Save products',
      },
      secret: {
        title: 'Client secret',
        once: 'Copy it now: this secret is shown once. Only its hash is stored, so it cannot be shown again.',
        client_id: 'Client id',
        secret: 'Client secret',
        done: 'I have stored it',
      },
      notifications: {
        rotated: 'Secret rotated',
        deactivated: 'Client deactivated',
        activated: 'Client activated',
        products_saved: 'Products saved',
      },
      products_count: '%{count} of %{total}',
    },
    staff: {
      name: 'Staff user |||| Staff',
      fields: {
        id: 'Id',
        email: 'Email',
        name: 'Name',
        role: 'Role',
        active: 'Status',
        password: 'Password',
        new_password: 'New password (leave empty to keep)',
        last_login_at: 'Last sign-in',
        locked_until: 'Locked until',
        created_at: 'Created',
        updated_at: 'Updated',
        q: 'Search',
      },
      password_help: 'At least 12 characters.',
    },
    'audit-log': auditEn,
    payments: paymentsEn,
    'partner-users': partnerUsersEn,
    refunds: refundsEn,
    renewals: renewalsEn,
    'due-events': dueEventsEn,
    ...webhooksEn,
  },
};

export type ConsoleMessages = typeof en;

export const englishConsoleMessages = { ...englishMessages, ...en, ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, username: 'Email' } } };
