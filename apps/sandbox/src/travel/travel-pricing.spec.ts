import { priceTrip } from './travel-pricing';

describe('sandbox travel pricing', () => {
  it('prices one adult for ten days at 55 SAR with a 25 SAR fee (the real service example: 92 SAR with VAT)', () => {
    expect(priceTrip({ start_date: '2027-01-10', duration_days: 10, multi_entry: false, travellers: [{ age: 36 }] })).toEqual({
      ok: true,
      items: { adult: { count: 1, price: '55.00', total: '55.00' } },
      adminFee: '25.00',
    });
  });

  it('groups travellers by age band: a child at half, a senior at twice the adult rate', () => {
    const r = priceTrip({ start_date: '2027-01-10', duration_days: 15, multi_entry: false, travellers: [{ age: 40 }, { age: 38 }, { age: 9 }, { age: 70 }] });
    expect(r).toEqual({
      ok: true,
      items: {
        adult: { count: 2, price: '70.00', total: '140.00' },
        child: { count: 1, price: '35.00', total: '35.00' },
        senior: { count: 1, price: '140.00', total: '140.00' },
      },
      adminFee: '25.00',
    });
  });

  it('band edges: 17 is a child, 18 an adult, 64 an adult, 65 a senior, 85 insured, 86 declined', () => {
    const bands = (age: number) => {
      const r = priceTrip({ start_date: '2027-01-10', duration_days: 7, multi_entry: false, travellers: [{ age }] });
      return r.ok ? Object.keys(r.items)[0] : 'declined';
    };
    expect([17, 18, 64, 65, 85, 86].map(bands)).toEqual(['child', 'adult', 'adult', 'senior', 'senior', 'declined']);
  });

  it('a multi-entry policy has its own rate whatever the duration', () => {
    const r = priceTrip({ start_date: '2027-01-10', duration_days: 180, multi_entry: true, travellers: [{ age: 30 }] });
    expect(r.ok && r.items.adult).toEqual({ count: 1, price: '450.00', total: '450.00' });
  });

  it('an unlisted length is priced at the next listed one; beyond 180 days a single trip is declined', () => {
    const r = priceTrip({ start_date: '2027-01-10', duration_days: 8, multi_entry: false, travellers: [{ age: 30 }] });
    expect(r.ok && r.items.adult?.price).toBe('55.00');
    expect(priceTrip({ start_date: '2027-01-10', duration_days: 181, multi_entry: false, travellers: [{ age: 30 }] }).ok).toBe(false);
  });
});
