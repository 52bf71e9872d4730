import { findMedicalInsurer } from './medical-catalogue.data';
import { priceMember } from './medical-pricing';

describe('sandbox medical pricing', () => {
  const dune = findMedicalInsurer('dune')!;
  const member = (over: Partial<Parameters<typeof priceMember>[1]> = {}) =>
    priceMember(dune, { reference: 'E0', relationship: 'employee', category: 'basic', age: 35, ...over });

  it('charges the tier price per adult, half for a child and 1.5 times for a parent', () => {
    expect(member()).toBe('3200.00');
    expect(member({ category: 'executive' })).toBe('12500.00');
    expect(member({ relationship: 'spouse' })).toBe('3200.00');
    expect(member({ relationship: 'child', age: 8 })).toBe('1600.00');
    expect(member({ relationship: 'parent', age: 58 })).toBe('4800.00');
  });

  it('loads adults from 60 by 30%, never children', () => {
    expect(member({ age: 59 })).toBe('3200.00');
    expect(member({ age: 60 })).toBe('4160.00');
    expect(member({ relationship: 'parent', age: 70 })).toBe('6240.00');
  });
});
