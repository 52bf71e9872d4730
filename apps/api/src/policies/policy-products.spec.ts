import type { ClaimPolicyResolver } from '../claims/claim-policies';
import type { PolicyActivator } from '../payments/policy-activators';
import type { PolicyProduct } from './policy-product';
import { PolicyProducts } from './policy-products';

const dashboard = { source: 'x', table: 'x_policies', issuedColumn: 'purchased_at' };
const search = { resource: 'motor-policies' as const, from: 'x_policies p', policyNumber: 'p.provider_policy_id', holder: null, nationalIds: [], phones: [], emails: [], names: [] };

describe('PolicyProducts', () => {
  it('answers a payment type its activator and refuses a second registration or an unknown type', () => {
    const products = new PolicyProducts();
    const motor: PolicyProduct = { family: 'motor', payments: {} as PolicyActivator, dashboard, search };
    products.register(motor);
    expect(products.activator('motor')).toBe(motor.payments);
    expect(() => products.register(motor)).toThrow(/already/);
    expect(() => products.activator('property')).toThrow(/No product family "property"/);
  });

  it('finds claim cover by the claims key, which may differ from the payments one', async () => {
    const products = new PolicyProducts();
    const claims: ClaimPolicyResolver = {
      family: 'motor-tpl',
      claimTypes: ['other'],
      find: async (id) => ({ id, clientId: 'c', coverFrom: new Date(0), coverUntil: new Date(1), refusal: null }),
      limitFor: async () => ({ amount: '10.00', what: 'the cover' }),
    };
    products.register({ family: 'tpl', payments: {} as PolicyActivator, claims, dashboard, search });
    products.register({ family: 'motor', payments: {} as PolicyActivator, dashboard, search });
    expect(products.claimFamilies()).toEqual(['motor-tpl']);
    expect(products.claimTypes('motor-tpl')).toEqual(['other']);
    expect(products.claimTypes('tpl')).toEqual([]);
    expect((await products.claimablePolicy('motor-tpl', 7))?.id).toBe(7);
    expect(await products.claimablePolicy('motor', 7)).toBeNull();
    expect(await products.claimLimit('motor-tpl', 7, 'other')).toEqual({ amount: '10.00', what: 'the cover' });
  });
});
