import type { InsurerQuoteOutcome, MotorInsurer } from '@lib/providers';
import { answerRows } from './quote-answer.rows';
import { presentOffer } from './quote-request.presenter';

const insurer: MotorInsurer = {
  code: 'dune',
  nameEn: 'Dune Insurance',
  nameAr: '',
  logoUrl: 'https://logos.example/dune-wide.svg',
  squareLogoUrl: null,
  products: ['Comprehensive', 'TPL'],
};

const quoted: InsurerQuoteOutcome = {
  insurer,
  outcome: 'ok',
  latency_ms: 120.4,
  offers: [
    {
      providerReference: 'D-1',
      type: 'Comprehensive',
      productNameEn: 'Gold',
      productNameAr: 'ذهبي',
      fixType: 'Agency',
      vehicleEstimatedValue: 7_600_000,
      validUntil: new Date('2026-11-27T04:21:54.724Z'),
      prices: [
        { providerReference: 'D-1-500', deductible: 50_000, netPremium: 255_706 },
        { providerReference: 'D-1-1000', deductible: 100_000, netPremium: 10 },
      ],
      benefits: [{ code: '600100', nameEn: 'Roadside', nameAr: '', amount: 8_550, url: null }],
    },
    {
      providerReference: 'D-2',
      type: 'TPL',
      productNameEn: 'Third party',
      productNameAr: '',
      fixType: '',
      vehicleEstimatedValue: null,
      validUntil: new Date('2026-11-27T04:21:54.000Z'),
      prices: [{ providerReference: 'D-2-N', deductible: null, netPremium: 90_000 }],
      benefits: [],
    },
  ],
};

describe("an insurer's answer as rows", () => {
  it('prices VAT in halalas, falls back to English names, and presents as partners read offers', () => {
    const rows = answerRows(quoted, 8_000_050, 2);
    const [gold, tpl] = rows.offers.map(presentOffer);
    expect(gold).toMatchObject({
      company_name_ar: 'Dune Insurance',
      company_logo: 'dune-wide.svg',
      vehicle_estimated_value: 76000,
      quote_expiry_date: '2026-11-27T04:21:54+00:00',
    });
    expect(gold.prices).toMatchObject([
      { deductible: 500, subtotal: 2557.06, vat_percentage: 15, vat: 383.56, total: 2940.62 },
      { deductible: 1000, subtotal: 0.1, vat: 0.02, total: 0.12 }, // 0.015 rounds up to the halala
    ]);
    expect(gold.benefits).toMatchObject([{ id: '600100', name_ar: 'Roadside', amount: 85.5, vat: 12.83 }]);
    expect(tpl).toMatchObject({ insurance_type_display_ar: 'Third party', fix_type: '', vehicle_estimated_value: 80000.5, square_company_logo_url: '' });
    expect(rows.offers.map((o) => o.position)).toEqual([20_000, 20_001]);
    expect(rows.outcome).toEqual({ insurerCode: 'dune', outcome: 'ok', latencyMs: 120, offerCount: 2, detail: null, position: 2 });
  });

  it('gives every offer, price and benefit its own id, each price and benefit in its offer', () => {
    const rows = answerRows(quoted, 8_000_050, 0);
    const ids = rows.offers.flatMap((o) => [o.id, ...o.prices.map((p) => p.id), ...o.benefits.map((b) => b.id)]);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rows.offers.map((o) => [o.prices.length, o.benefits.length])).toEqual([
      [2, 1],
      [1, 0],
    ]);
  });

  it('keeps amounts as decimal strings in its rows, and its offers as partners read them, presented once from those rows', () => {
    const rows = answerRows(quoted, 8_000_050, 0);
    expect(rows.offers[0]).toMatchObject({
      vehicleEstimatedValue: '76000.00',
      expiresAt: new Date('2026-11-27T04:21:54.724Z'),
      prices: [
        { providerReference: 'D-1-500', deductible: '500.00', subtotal: '2557.06', vatPercentage: '15.00', vat: '383.56', total: '2940.62' },
        { providerReference: 'D-1-1000', subtotal: '0.10' },
      ],
      benefits: [{ code: '600100', name: 'Roadside', nameAr: 'Roadside', amount: '85.50', vat: '12.83', url: null }],
    });
    expect(rows.quotes).toEqual(rows.offers.map(presentOffer));
    expect(rows.quotes.map((q) => q.quote_reference_id)).toEqual(rows.offers.map((o) => o.id));
    const none = answerRows({ ...quoted, offers: [] }, 8_000_050, 0);
    expect([none.offers, none.quotes]).toEqual([[], []]);
  });
});
