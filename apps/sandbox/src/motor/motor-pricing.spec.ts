import type { WireQuoteRequest } from '@lib/providers';
import { findInsurer } from '../insurers/insurer-catalogue.data';
import type { InsurerProfile } from '../insurers/insurer-profile';
import { priceMotorRisk, type PricedOffer, type PricingResult } from './motor-pricing';

const OWNER = '1012345678';
const SON = '1098765432';

function risk(over: Partial<Omit<WireQuoteRequest, 'vehicle'>> & { vehicle?: Partial<WireQuoteRequest['vehicle']> } = {}): WireQuoteRequest {
  const { vehicle, ...rest } = over;
  return {
    request_reference: 'qr-1',
    locale: 'en',
    owner: { id: OWNER, age: 40 },
    drivers: [{ id: OWNER, age: 40, driving_percentage: 100 }],
    is_ownership_transfer: false,
    start_date: '2026-12-01',
    ...rest,
    vehicle: { sequence_number: '123456789', model_year: 2025, estimated_value: '80000', ...vehicle },
  };
}

function insurer(code: string): InsurerProfile {
  const found = findInsurer(code);
  if (!found) throw new Error(code);
  return found;
}

function offers(result: PricingResult): PricedOffer[] {
  if (result.status !== 'quoted') throw new Error(`declined: ${result.reasonCode}`);
  return result.offers;
}

function offer(result: PricingResult, type: string, fix = ''): PricedOffer {
  const found = offers(result).find((o) => o.type === type && o.fixType === fix);
  if (!found) throw new Error(`no ${type} ${fix}`);
  return found;
}

const premium = (o: PricedOffer, i = 0) => o.prices[i].netPremium;

describe('priceMotorRisk', () => {
  const dune = insurer('dune');

  it('is deterministic and ignores the request reference', () => {
    const a = priceMotorRisk(dune, risk());
    expect(priceMotorRisk(dune, risk())).toEqual(a);
    expect(priceMotorRisk(dune, risk({ request_reference: 'another' }))).toEqual(a);
  });

  it('offers Agency and workshop comprehensive, TPL and TPL + for a new car', () => {
    expect(offers(priceMotorRisk(dune, risk())).map((o) => `${o.type}/${o.fixType}`)).toEqual([
      'Comprehensive/Agency',
      'Comprehensive/workshop',
      'TPL/',
      'TPL +/',
    ]);
  });

  it('lowers the premium as the deductible rises, and Agency costs more than workshop', () => {
    const result = priceMotorRisk(dune, risk());
    const agency = offer(result, 'Comprehensive', 'Agency');
    const workshop = offer(result, 'Comprehensive', 'workshop');
    expect(workshop.prices.map((p) => p.deductible)).toEqual([500, 1000, 2000, 3000]);
    for (let i = 1; i < workshop.prices.length; i++) expect(premium(workshop, i).lessThan(premium(workshop, i - 1))).toBe(true);
    workshop.prices.forEach((_, i) => expect(premium(agency, i).greaterThan(premium(workshop, i))).toBe(true));
  });

  it('prices TPL with one option and no deductible, TPL + above it', () => {
    const result = priceMotorRisk(dune, risk());
    const tpl = offer(result, 'TPL');
    expect(tpl.prices).toHaveLength(1);
    expect(tpl.prices[0].deductible).toBeNull();
    expect(premium(offer(result, 'TPL +')).greaterThan(premium(tpl))).toBe(true);
  });

  it('drops Agency repair once the car is older than the insurer allows', () => {
    const types = offers(priceMotorRisk(dune, risk({ vehicle: { model_year: 2020 } }))).map((o) => `${o.type}/${o.fixType}`);
    expect(types).toEqual(['Comprehensive/workshop', 'TPL/', 'TPL +/']);
  });

  it('drops comprehensive for cars older than 20 model years but still sells TPL', () => {
    const types = offers(priceMotorRisk(dune, risk({ vehicle: { model_year: 2005 } }))).map((o) => o.type);
    expect(types).toEqual(['TPL', 'TPL +']);
  });

  it('charges more for a dearer car and for an older model year of the same value', () => {
    const base = premium(offer(priceMotorRisk(dune, risk({ vehicle: { model_year: 2019 } })), 'Comprehensive', 'workshop'));
    const dearer = premium(offer(priceMotorRisk(dune, risk({ vehicle: { model_year: 2019, estimated_value: '160000' } })), 'Comprehensive', 'workshop'));
    const older = premium(offer(priceMotorRisk(dune, risk({ vehicle: { model_year: 2012 } })), 'Comprehensive', 'workshop'));
    expect(dearer.greaterThan(base)).toBe(true);
    expect(older.greaterThan(base)).toBe(true);
  });

  it('charges more when a young driver drives more', () => {
    const drivers = (ownerShare: 25 | 75, sonShare: 25 | 75) => [
      { id: OWNER, age: 45, driving_percentage: ownerShare },
      { id: SON, age: 22, driving_percentage: sonShare },
    ];
    const light = priceMotorRisk(dune, risk({ drivers: drivers(75, 25) }));
    const heavy = priceMotorRisk(dune, risk({ drivers: drivers(25, 75) }));
    expect(premium(offer(heavy, 'TPL')).greaterThan(premium(offer(light, 'TPL')))).toBe(true);
    expect(premium(offer(heavy, 'Comprehensive', 'workshop')).greaterThan(premium(offer(light, 'Comprehensive', 'workshop')))).toBe(true);
  });

  it('charges more on an ownership transfer', () => {
    const plain = premium(offer(priceMotorRisk(dune, risk()), 'TPL'));
    const transfer = premium(offer(priceMotorRisk(dune, risk({ is_ownership_transfer: true })), 'TPL'));
    expect(transfer.greaterThan(plain)).toBe(true);
  });

  it('prices buses dearer than cars for TPL', () => {
    const car = premium(
      offer(
        priceMotorRisk(dune, risk({ vehicle: { sequence_number: undefined, custom_number: '1234567', maker_code: 1, model_code: 1001, body_type_code: 1 } })),
        'TPL',
      ),
    );
    const bus = premium(
      offer(
        priceMotorRisk(dune, risk({ vehicle: { sequence_number: undefined, custom_number: '1234567', maker_code: 1, model_code: 1013, body_type_code: 13 } })),
        'TPL',
      ),
    );
    expect(bus.greaterThan(car)).toBe(true);
  });

  it('differs between insurers', () => {
    const a = premium(offer(priceMotorRisk(dune, risk()), 'Comprehensive', 'workshop'));
    const b = premium(offer(priceMotorRisk(insurer('pearl'), risk()), 'Comprehensive', 'workshop'));
    expect(a.equals(b)).toBe(false);
  });

  it('returns its own valuation only for insurers that value cars', () => {
    expect(offer(priceMotorRisk(dune, risk()), 'Comprehensive', 'workshop').valuation?.toFixed(2)).toBe('76000.00');
    expect(offer(priceMotorRisk(insurer('pearl'), risk()), 'Comprehensive', 'workshop').valuation).toBeNull();
  });

  it('keeps money exact to the halala', () => {
    for (const o of offers(priceMotorRisk(dune, risk()))) for (const p of o.prices) expect(p.netPremium.decimalPlaces()).toBeLessThanOrEqual(2);
  });

  it.each([
    ['an owner under 18', risk({ owner: { id: OWNER, age: 17 }, drivers: [{ id: OWNER, age: 17, driving_percentage: 100 }] }), 'owner_under_age'],
    [
      'a driver under 21',
      risk({
        drivers: [
          { id: OWNER, age: 40, driving_percentage: 50 },
          { id: SON, age: 20, driving_percentage: 50 },
        ],
      }),
      'driver_under_age',
    ],
    ['a value above the cap', risk({ vehicle: { estimated_value: '500000.01' } }), 'value_above_cap'],
  ])('declines %s', (_, request, code) => {
    const result = priceMotorRisk(dune, request);
    expect(result).toMatchObject({ status: 'declined', reasonCode: code });
  });

  it('declines when no product fits, with the reason in both languages', () => {
    const result = priceMotorRisk(insurer('compass'), risk({ vehicle: { model_year: 2010 } }));
    expect(result).toMatchObject({ status: 'declined', reasonCode: 'no_product_for_vehicle' });
    if (result.status === 'declined') expect(result.reason.ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('applies each insurer its own minimum driver age', () => {
    const twentyTwo = risk({
      drivers: [
        { id: OWNER, age: 40, driving_percentage: 50 },
        { id: SON, age: 22, driving_percentage: 50 },
      ],
    });
    expect(priceMotorRisk(dune, twentyTwo).status).toBe('quoted');
    expect(priceMotorRisk(insurer('summit'), twentyTwo).status).toBe('declined');
  });
});
