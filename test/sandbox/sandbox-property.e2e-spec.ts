import { money } from '../../libs/common/src';
import { HttpPropertyProvider, PropertyProviderError, type PropertyRisk } from '../../libs/providers/src';
import { control, http, RunningSandbox, startSandbox } from './sandbox-test-kit';

const RISK = { building_type: 'apartment', building_age: 12, apartment_size: 140, city_name: 'Jeddah', property_cost: '600000.00', contents_cost: null };
const PORT_RISK: PropertyRisk = {
  buildingType: 'apartment',
  buildingAge: 12,
  apartmentSize: 140,
  city: 'Jeddah',
  propertyCost: money('600000'),
  contentsCost: null,
};

describe('sandbox property insurers and national address registry over HTTP', () => {
  let sandbox: RunningSandbox;
  let provider: HttpPropertyProvider;

  beforeAll(async () => {
    sandbox = await startSandbox();
    provider = new HttpPropertyProvider({ baseUrl: sandbox.baseUrl, timeoutMs: 5000 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => http('POST', `${sandbox.baseUrl}/__control/reset`));

  it('prices deterministically by value, building type, age and city, never below the minimum', async () => {
    const a = await http('POST', `${sandbox.baseUrl}/insurers/dune/property/prices`, RISK);
    expect(a.status).toBe(200);
    // 600000 x 0.55 per mille = 330.00; loadings: age 12 -> 2%, Jeddah 10% -> 369.60; minimum 350
    expect(a.body.net_premium).toBe('369.60');
    expect((await http('POST', `${sandbox.baseUrl}/insurers/dune/property/prices`, RISK)).body).toEqual(a.body);
    const small = await http('POST', `${sandbox.baseUrl}/insurers/dune/property/prices`, { ...RISK, property_cost: '1000.00', city_name: 'Riyadh' });
    expect(small.body.net_premium).toBe('350.00');
    const bad = await http('POST', `${sandbox.baseUrl}/insurers/dune/property/prices`, { ...RISK, property_cost: null });
    expect(bad.status).toBe(422);
    expect((await http('POST', `${sandbox.baseUrl}/insurers/nobody/property/prices`, RISK)).status).toBe(404);
    expect((await http('POST', `${sandbox.baseUrl}/insurers/compass/property/prices`, RISK)).status).toBe(404);
  });

  it('issues the same policy for the same reference and cancels it once', async () => {
    const issue = { reference: 'property-1', risk: PORT_RISK, startDate: '2026-12-01', endDate: '2027-12-01', insuredId: '1012345678' };
    const first = await provider.issue('palm', issue);
    expect(first.providerPolicyId).toMatch(/^\d+$/);
    expect(await provider.issue('palm', issue)).toEqual(first);
    expect((await provider.issue('palm', { ...issue, reference: 'property-2' })).providerPolicyId).not.toBe(first.providerPolicyId);
    expect(await provider.cancellationStatus('palm', first.providerPolicyId)).toEqual({ status: 'active', cancelledAt: null });
    const cancelled = await provider.cancel('palm', first.providerPolicyId, { reason: 'sold', effectiveDate: '2027-02-01' });
    expect(cancelled.status).toBe('cancelled');
    expect(await provider.cancellationStatus('palm', first.providerPolicyId)).toEqual(cancelled);
    await expect(provider.cancellationStatus('dune', first.providerPolicyId)).rejects.toMatchObject({ failure: 'not_found' });
  });

  it("reports faults as the port's failures", async () => {
    const id = (await provider.issue('oryx', { reference: 'r', risk: PORT_RISK, startDate: '2026-12-01', endDate: '2027-12-01', insuredId: 'X1' }))
      .providerPolicyId;
    for (const [fault, failure] of [
      ['error', 'unavailable'],
      ['timeout', 'timeout'],
      ['malformed', 'bad_response'],
    ] as const) {
      await control(sandbox, 'oryx', { fault });
      const err = await provider.cancellationStatus('oryx', id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PropertyProviderError);
      expect([fault, (err as PropertyProviderError).failure]).toEqual([fault, failure]);
    }
  });

  it('resolves seeded short addresses, 404 for unknown ones, 422 for malformed ones', async () => {
    expect(await provider.nationalAddress('DKHA2087')).toMatchObject({ buildingNumber: '2087', cityName: 'Khobar' });
    await expect(provider.nationalAddress('ZZZZ9999')).rejects.toMatchObject({ failure: 'not_found' });
    expect((await http('GET', `${sandbox.baseUrl}/registry/national-addresses/RRR78661`)).status).toBe(422);
  });
});
