import { ManualClock } from '@lib/common';
import { wireQuoteResponseSchema, type WireOffer } from '@lib/providers';
import { OWNER_ID, postQuote, quoteRequest, SECOND_DRIVER_ID, startSandbox, type RunningSandbox } from './sandbox-test-kit';

const NOW = '2026-11-20T10:00:00.000Z';

describe('sandbox motor quotes', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ clock: new ManualClock(NOW), insurers: { dune: { latency_ms: 0 }, oryx: { latency_ms: 0 } } });
  });
  afterAll(() => sandbox.close());

  const offers = async (insurer: string, request = quoteRequest()): Promise<WireOffer[]> => {
    const res = await postQuote(sandbox, insurer, request);
    expect(res.status).toBe(200);
    const parsed = wireQuoteResponseSchema.parse(res.body);
    if (parsed.status !== 'quoted') throw new Error(`${insurer} declined: ${parsed.reason}`);
    return parsed.offers;
  };
  const find = (list: WireOffer[], type: string, fix = '') => list.find((o) => o.type === type && o.fix_type === fix)!;

  it('answers the same prices to the same risk, whatever the request reference', async () => {
    const first = await offers('dune');
    const again = await offers('dune');
    const other = await offers('dune', quoteRequest({ request_reference: 'another-request' }));
    expect(again).toEqual(first);
    expect(other.map((o) => o.prices.map((p) => p.net_premium))).toEqual(first.map((o) => o.prices.map((p) => p.net_premium)));
    expect(other[0].reference).not.toBe(first[0].reference);
  });

  it('orders comprehensive prices by rising deductible and falling premium, Agency dearer', async () => {
    const list = await offers('dune');
    const workshop = find(list, 'Comprehensive', 'workshop');
    const agency = find(list, 'Comprehensive', 'Agency');
    expect(workshop.prices.map((p) => p.deductible)).toEqual(['500.00', '1000.00', '2000.00', '3000.00']);
    const premiums = workshop.prices.map((p) => Number(p.net_premium));
    expect([...premiums].sort((a, b) => b - a)).toEqual(premiums);
    expect(new Set(premiums).size).toBe(premiums.length);
    agency.prices.forEach((p, i) => expect(Number(p.net_premium)).toBeGreaterThan(Number(workshop.prices[i].net_premium)));
    for (const p of workshop.prices) expect(p.net_premium).toMatch(/^\d+\.\d{2}$/);
  });

  it('gives TPL and TPL + one price without deductible and no repair type', async () => {
    const list = await offers('dune');
    for (const type of ['TPL', 'TPL +']) {
      const offer = find(list, type);
      expect(offer.fix_type).toBe('');
      expect(offer.prices).toEqual([{ reference: expect.any(String), deductible: null, net_premium: expect.stringMatching(/^\d+\.\d{2}$/) }]);
    }
  });

  it('returns benefits with stable codes, both names and net amounts', async () => {
    const first = find(await offers('dune'), 'Comprehensive', 'workshop').benefits;
    const second = find(await offers('dune', quoteRequest({ request_reference: 'x' })), 'Comprehensive', 'workshop').benefits;
    expect(second.map((b) => b.code)).toEqual(first.map((b) => b.code));
    expect(first).toContainEqual({
      code: '600100',
      name_en: 'Roadside assistance',
      name_ar: 'المساعدة على الطريق',
      amount: '0.00',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/insurers\/dune\/terms\/600100$/),
    });
    expect(first.some((b) => Number(b.amount) > 0)).toBe(true);
  });

  it('serves the benefit terms it links to', async () => {
    const roadside = find(await offers('dune'), 'Comprehensive', 'workshop').benefits.find((b) => b.code === '600100')!;
    const res = await fetch(roadside.url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Roadside assistance');
  });

  it('returns the insurer valuation, or null when it priced the sent value', async () => {
    expect(find(await offers('dune'), 'Comprehensive', 'workshop').vehicle_estimated_value).toBe('76000.00');
    expect(find(await offers('palm'), 'Comprehensive', 'workshop').vehicle_estimated_value).toBeNull();
  });

  it('keeps offers valid for a different time per insurer', async () => {
    const hoursValid = async (insurer: string) => (Date.parse((await offers(insurer))[0].valid_until) - Date.parse(NOW)) / 3_600_000;
    expect(await hoursValid('dune')).toBe(24);
    expect(await hoursValid('palm')).toBe(48);
    expect(await hoursValid('oryx')).toBe(72);
    expect(await hoursValid('compass')).toBe(168);
  });

  it('prices customs-card vehicles from catalogue codes', async () => {
    const list = await offers(
      'dune',
      quoteRequest({ vehicle: { sequence_number: undefined, custom_number: '7654321', maker_code: 1, model_code: 1001, body_type_code: 1 } }),
    );
    expect(list.length).toBeGreaterThan(0);
  });

  describe('declines', () => {
    const declined = async (insurer: string, request: unknown) => {
      const res = await postQuote(sandbox, insurer, request);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'declined', insurer });
      return res.body as { reason_code: string; reason: string };
    };

    it('declines a driver under 21, in the requested language', async () => {
      const young = quoteRequest({
        locale: 'ar',
        drivers: [
          { id: OWNER_ID, age: 40, driving_percentage: 50 },
          { id: SECOND_DRIVER_ID, age: 19, driving_percentage: 50 },
        ],
      });
      const body = await declined('dune', young);
      expect(body.reason_code).toBe('driver_under_age');
      expect(body.reason).toMatch(/[\u0600-\u06FF]/);
    });

    it('declines an owner under 18, a value above the cap and a car too old for a comprehensive-only insurer', async () => {
      expect(
        (await declined('dune', quoteRequest({ owner: { id: OWNER_ID, age: 17 }, drivers: [{ id: OWNER_ID, age: 17, driving_percentage: 100 }] }))).reason_code,
      ).toBe('owner_under_age');
      expect((await declined('naseem', quoteRequest({ vehicle: { estimated_value: '350000.01' } }))).reason_code).toBe('value_above_cap');
      expect((await declined('compass', quoteRequest({ vehicle: { model_year: 2005 } }))).reason_code).toBe('no_product_for_vehicle');
    });

    it('still sells TPL when the car is too old for comprehensive', async () => {
      expect((await offers('dune', quoteRequest({ vehicle: { model_year: 2004 } }))).map((o) => o.type)).toEqual(['TPL', 'TPL +']);
    });
  });

  describe('input', () => {
    it.each([
      ['unknown fields', { ...quoteRequest(), extra: true }, 'extra'],
      [
        'both vehicle numbers',
        quoteRequest({ vehicle: { custom_number: '1234567', maker_code: 1, model_code: 1001, body_type_code: 1 } }),
        'vehicle.sequence_number',
      ],
      ['a custom number without codes', quoteRequest({ vehicle: { sequence_number: undefined, custom_number: '1234567' } }), 'vehicle.maker_code'],
      [
        'a model of another maker',
        quoteRequest({ vehicle: { sequence_number: undefined, custom_number: '1234567', maker_code: 2, model_code: 1001, body_type_code: 1 } }),
        'vehicle.model_code',
      ],
      [
        'a driver listed twice',
        quoteRequest({
          drivers: [
            { id: OWNER_ID, age: 40, driving_percentage: 50 },
            { id: OWNER_ID, age: 40, driving_percentage: 50 },
          ],
        }),
        'drivers',
      ],
      ['percentages not adding to 100', quoteRequest({ drivers: [{ id: OWNER_ID, age: 40, driving_percentage: 75 }] }), 'drivers'],
      ['a float estimated value', quoteRequest({ vehicle: { estimated_value: 80000 as unknown as string } }), 'vehicle.estimated_value'],
      ['a model year beyond next year', quoteRequest({ vehicle: { model_year: 2029 } }), 'vehicle.model_year'],
    ])('answers 422 naming the field for %s', async (_, body, field) => {
      const res = await postQuote(sandbox, 'dune', body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_failed', errors: { [field]: expect.any(Array) } });
    });

    it('answers 404 for an unknown insurer', async () => {
      const res = await postQuote(sandbox, 'nobody', quoteRequest());
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    });
  });
});
