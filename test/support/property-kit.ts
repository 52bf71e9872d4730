import { CARDS, payWithCard } from '../payments/payment-kit';
import { PropertyPolicyRepository } from '../../apps/api/src/products/property/policies/property-policy.repository';
import type { TestApp } from './test-app';

export const VALID_IBAN = 'SA0380000000608010167519';

/** A valid issuance body for the test clock's today of 2026-11-22: starts 2026-12-01. */
export function policyBody(over: Record<string, unknown> = {}) {
  return {
    insurance_provider: 'dune',
    personal_details: {
      name: 'Sara Ahmed',
      name_ar: 'سارة أحمد',
      gender: 'F',
      email: 'sara@example.com',
      phone_number: '+966512345678',
      birthdate: '1990-04-12',
      nationality: 'SA',
      nationality_id: '1012345678',
    },
    building_details: { building_age: 6, building_type: 'villa', apartment_size: 420 },
    address: {
      street_name: 'Al Imam Saud Bin Faisal Road',
      building_number: '7866',
      district_name: 'Al Sahafah',
      city_name: 'Riyadh',
      additional_number: '3412',
      zip_code: '13521',
      unit_number: '12',
    },
    property_cost: 850000,
    contents_cost: 120000,
    iban: VALID_IBAN,
    start_date: '2026-12-01',
    has_agreed_to_terms_and_conditions: true,
    redirect_url: 'https://shop.example/done?policy=policyID&x=1',
    ...over,
  };
}

/** A body with one nested field replaced (`personal_details.name`), or removed when value is undefined. */
export function withField(path: string, value: unknown) {
  const body = JSON.parse(JSON.stringify(policyBody())) as Record<string, any>;
  const keys = path.split('.');
  const last = keys.pop()!;
  const target = keys.reduce((o, k) => o[k], body);
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}

export function propertyRepository(app: TestApp): PropertyPolicyRepository {
  return app.api.app.get(PropertyPolicyRepository, { strict: false });
}

/**
 * The customer pays the policy's payment link with the sandbox vendor's succeeding test card; answers the
 * policy row once the payment activated it (the insurer's policy id and document, as the insurer issued them).
 */
export async function activateAsPaid(app: TestApp, policyId: number) {
  const payment = await app.db.prisma.payment.findFirst({ where: { policyType: 'property', policyId, status: 'pending' } });
  if (!payment) throw new Error(`property policy ${policyId} has no pending payment`);
  const paid = await payWithCard(`${app.url}/pay/${payment.linkToken}`, CARDS.success);
  // activation follows the vendor's callback: wait for the row, however long a busy machine takes
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    const row = await propertyRepository(app).find(policyId);
    if (row?.status === 1) return { active: row, issued: { providerPolicyId: row.providerPolicyId!, documentUrl: row.providerPolicy! }, paid };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`property policy ${policyId} was not activated by its payment`);
}

export async function setInsurerFault(sandboxUrl: string, code: string, fault: 'none' | 'error' | 'timeout' | 'malformed') {
  const res = await fetch(`${sandboxUrl}/__control/insurers/${code}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fault }),
  });
  if (res.status !== 200) throw new Error(`control failed: ${res.status}`);
}
