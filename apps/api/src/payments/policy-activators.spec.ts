import { substitutePolicyId } from './policy-activators';

describe('substitutePolicyId', () => {
  it('replaces policyID in the query string only', () => {
    expect(substitutePolicyId('https://shop.example/policyID/done?policy=policyID&x=1#policyID', 42)).toBe(
      'https://shop.example/policyID/done?policy=42&x=1#policyID',
    );
    expect(substitutePolicyId('https://shop.example/done', 42)).toBe('https://shop.example/done');
  });
});
