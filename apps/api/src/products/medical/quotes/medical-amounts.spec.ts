import { presentInsuredLines } from './medical-amounts';

const halalas = (n: number) => Math.round(n * 100);

describe('presentInsuredLines', () => {
  // three members of 33.33 net: 99.99 net, 15.00 VAT (15% of 99.99 rounded), 114.99 in all
  const lines = [
    { name: 'A', identifier: '1000000001', category: 'basic', price: '66.66', dependents: [{ name: 'A2', relationship: 'child', price: '33.33' }] },
    { name: 'B', identifier: '2000000001', category: 'basic', price: '33.33', dependents: [] },
  ];

  it('gives each line its share of the VAT so the lines add up exactly to the total, the VAT apart too', () => {
    const shown = presentInsuredLines(lines, '114.99');
    expect(shown.map((l) => [l.price, l.price_before_vat, l.vat])).toEqual([
      [76.66, 66.66, 10],
      [38.33, 33.33, 5],
    ]);
    expect(shown[0].dependents[0]).toMatchObject({ price: 38.33, price_before_vat: 33.33, vat: 5 });
    expect(shown.reduce((s, l) => s + halalas(l.price), 0)).toBe(11499);
  });

  it('puts a leftover halala on the largest fraction, the earlier member on a tie, the same every time', () => {
    // 0.01 VAT over three equal members: the first (the employee of line A) takes it
    const shown = presentInsuredLines(lines, '100.00');
    expect(shown.map((l) => l.vat)).toEqual([0.01, 0]);
    expect(shown[0].dependents[0].vat).toBe(0);
    expect(presentInsuredLines(lines, '100.00')).toEqual(shown);
    // 0.02 over three equal members: the first two of the tie, A and its dependent A2
    const two = presentInsuredLines(lines, '100.01');
    expect(two.map((l) => l.vat)).toEqual([0.02, 0]);
    expect(two[0].dependents[0].vat).toBe(0.01);
    expect(two.reduce((s, l) => s + halalas(l.price), 0)).toBe(10001);
  });
});
