import { policyRedirectUrl } from './policy-redirect-url';

describe('policyRedirectUrl', () => {
  it('replaces policyID in the query string only', () => {
    expect(policyRedirectUrl('https://shop.example/policyID/done?policy=policyID&x=1#policyID', 42)).toBe(
      'https://shop.example/policyID/done?policy=42&x=1#policyID',
    );
    expect(policyRedirectUrl('https://shop.example/done', 42)).toBe('https://shop.example/done');
  });

  it('is null without a redirect URL', () => {
    expect(policyRedirectUrl(null, 42)).toBeNull();
    expect(policyRedirectUrl(undefined, 42)).toBeNull();
    expect(policyRedirectUrl('', 42)).toBeNull();
  });
});
