/**
 * SME medical, end to end against the sandbox: a company, its employees loaded from the (sandbox) company registry,
 * their health declarations, quotes from every medical insurer, a policy requested, the company's payment link paid
 * with the sandbox payment tool, the policy shown active, and the company's policies listed.
 * Every answer here is typed by the document (MedicalCompany, MedicalEmployeeList, MedicalQuoteRequest, MedicalPolicy, ...).
 * Run: CLIENT_ID=... CLIENT_SECRET=... node dist/packages/sdk/examples/medical.js
 */
import { check, randomDigits, sandboxClient } from './sandbox-env';

/** "No" to every question of `GET /api/v1/medical/medical-forms`, and "None of the above" chronic conditions. */
const HEALTHY = {
  allergies: 'no',
  current_medications: 'no',
  hospitalizations: 'no',
  pre_existing_conditions: 'no',
  past_surgeries: 'no',
  surgery_complications: 'no',
  chest_pain_or_breathlessness: 'no',
  heart_procedures: 'no',
  smoking: 'no',
  alcohol_consumption: 'no',
  physical_activity: 'no',
  family_history: 'no',
  chronic_disease: ['None of the above'],
};

async function main(): Promise<void> {
  const api = sandboxClient();
  // A company's registration numbers are its own: new ones each run.
  const cr = `7${randomDigits(9)}`;

  const company = check(
    'company',
    await api.POST('/api/v1/medical/companies', {
      body: {
        name: 'Example Trading Co.',
        name_ar: 'شركة المثال التجارية',
        commercial_registration_number: cr,
        unified_national_number: `7${randomDigits(9)}`,
        sponsor_number: randomDigits(10),
        email_address: 'hr@example.com',
        phone_number: '0512345678',
        city: 'Riyadh',
        size: 'micro',
      },
    }),
  );

  // The sandbox registry answers these employees for this commercial registration number; the service loads them.
  check(
    'register the company in the sandbox registry',
    await api.PUT('/api/v1/sandbox/company-registry/{cr}', {
      params: { path: { cr } },
      body: {
        employees: [
          {
            name: 'Khalid Al-Otaibi',
            nationality_iso: 'SA',
            nationality_id: '1012345678',
            date_of_birth: '1405-03-10',
            gender: 'male',
            mobile_number: '0512345678',
          },
          { name: 'Ravi Kumar', nationality_iso: 'IN', iqama_id: '2012345678', date_of_birth: '1988-07-21', gender: 'male', mobile_number: '0598765432' },
        ],
      },
    }),
  );
  const { employees } = check(
    'employees from the registry',
    await api.POST('/api/v1/medical/companies/{companyId}/employees/fetch', { params: { path: { companyId: company.id } } }),
  );

  const declared = check(
    'health declarations',
    await api.POST('/api/v1/medical/medical-forms/fill', { body: { company_id: company.id, all_employees: HEALTHY } }),
  );
  if (declared.pending_declarations.length) throw new Error(`still to declare: ${declared.pending_declarations.map((e) => e.name).join(', ')}`);

  const quoteRequest = check('quotes', await api.POST('/api/v1/medical/quote-requests', { body: { company_id: company.id } }));
  const cheapest = [...quoteRequest.quotes].sort((a, b) => a.total_price - b.total_price)[0];
  if (!cheapest) throw new Error(`no medical quote (failed: ${quoteRequest.failed_providers.map((f) => f.insurance_provider).join(', ')})`);

  const requested = check(
    'policy request',
    await api.POST('/api/v1/medical/policies', {
      body: {
        quote_request_id: quoteRequest.id,
        quote_price_id: cheapest.quote_price_id,
        redirect_url: 'https://shop.example.com/medical/done?policy=policyID',
      },
    }),
  );

  // One payment for everything the company owes, valid 15 minutes.
  const link = check('payment link', await api.GET('/api/v1/medical/payment-link', { params: { query: { company_id: company.id } } }));
  if (!link.policy_ids.includes(requested.id)) throw new Error(`the payment link does not cover policy ${requested.id}`);
  check('sandbox payment', await api.POST('/api/v1/sandbox/payments/pay', { body: { payment_link: link.payment_link, outcome: 'paid' } }));

  const policy = check('show policy', await api.GET('/api/v1/medical/policies/{policyId}', { params: { path: { policyId: requested.id } } }));
  if (policy.status !== 1) throw new Error(`policy ${policy.id} is not active after payment (status ${policy.status})`);

  const listed = check('list policies', await api.GET('/api/v1/medical/policies', { params: { query: { company_id: company.id } } }));
  if (listed.length !== 1 || listed[0].id !== policy.id)
    throw new Error(`expected policy ${policy.id} alone for company ${company.id}, listed ${listed.length}`);

  process.stdout.write(
    `medical: company ${company.id} (${employees.length} employees), policy ${policy.id} with ${policy.insurance_provider} paid (${link.amount} SAR), insurer's number ${policy.provider_policy_id}\n`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
