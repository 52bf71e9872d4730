import { PropertyInsurerIssuance } from '../../apps/api/src/property/policies/property-insurer-issuance';
import { PropertyPolicyRepository } from '../../apps/api/src/property/policies/property-policy.repository';
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
 * What the payments module does once the customer paid (its own issue wires it): the insurer issues its
 * policy, then the policy is activated and gets its document, in one transaction.
 */
export async function activateAsPaid(app: TestApp, policyId: number) {
  const repo = propertyRepository(app);
  const issued = await app.api.app.get(PropertyInsurerIssuance, { strict: false }).issue(policyId);
  const at = app.clock.now();
  return repo.transaction(async (tx) => {
    await tx.payment.updateMany({ where: { policyType: 'property', policyId, status: 'pending' }, data: { status: 'paid', paidAt: at, updatedAt: at } });
    const active = await repo.activate(tx, policyId, { providerPolicyId: issued.providerPolicyId, at });
    await repo.setDocument(tx, policyId, { providerPolicy: issued.documentUrl, at });
    return { active, issued };
  });
}

export async function setInsurerFault(sandboxUrl: string, code: string, fault: 'none' | 'error' | 'timeout' | 'malformed') {
  const res = await fetch(`${sandboxUrl}/__control/insurers/${code}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fault }) });
  if (res.status !== 200) throw new Error(`control failed: ${res.status}`);
}
