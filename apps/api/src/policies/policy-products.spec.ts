import type { ClaimPolicyResolver } from './claims/claim-policies';
import type { PolicyActivator } from '../payments/policy-activators';
import type { PolicyProduct } from './policy-product';
import { PolicyProducts } from './policy-products';
import type { PolicySearchSpec } from './policy-search';
import type { PolicySubjectRepository } from './policy-subject.repository';

const dashboard = { source: 'x', table: 'x_policies', issuedColumn: 'purchased_at' };
const search = {
  resource: 'motor-policies' as const,
  from: 'x_policies p',
  policyNumber: 'p.provider_policy_id',
  holder: null,
  holderId: null,
  nationalIds: [],
  phones: [],
  emails: [],
  names: [],
};

const portal = { premium: 'p.price', insurer: 'p.insurer_code', issuedAt: 'p.purchased_at', cover: null };

describe('PolicyProducts', () => {
  it('answers a payment type its activator and refuses a second registration or an unknown type', () => {
    const products = new PolicyProducts({} as PolicySubjectRepository);
    const motor: PolicyProduct = { family: 'motor', payments: {} as PolicyActivator, dashboard, search, portal };
    products.register(motor);
    expect(products.activator('motor')).toBe(motor.payments);
    expect(() => products.register(motor)).toThrow(/already/);
    expect(() => products.activator('property')).toThrow(/No product family "property"/);
  });

  it('finds claim cover by the claims key, which may differ from the payments one', async () => {
    const products = new PolicyProducts({} as PolicySubjectRepository);
    const claims: ClaimPolicyResolver = {
      family: 'motor-tpl',
      claimTypes: ['other'],
      find: async (id) => ({ id, clientId: 'c', coverFrom: new Date(0), coverUntil: new Date(1), refusal: null }),
      limitFor: async () => ({ amount: '10.00', what: 'the cover' }),
    };
    products.register({ family: 'tpl', payments: {} as PolicyActivator, claims, dashboard, search, portal });
    products.register({ family: 'motor', payments: {} as PolicyActivator, dashboard, search, portal });
    expect(products.claimFamilies()).toEqual(['motor-tpl']);
    expect(products.claimTypes('motor-tpl')).toEqual(['other']);
    expect(products.claimTypes('tpl')).toEqual([]);
    expect((await products.claimablePolicy('motor-tpl', 7))?.id).toBe(7);
    expect(await products.claimablePolicy('motor', 7)).toBeNull();
    expect(await products.claimLimit('motor-tpl', 7, 'other')).toEqual({ amount: '10.00', what: 'the cover' });
  });

  it("reads the subjects of a page of claims with one call per family, from that family's search spec, and searches one family", async () => {
    const calls: Array<[string, number[]]> = [];
    const subject = (id: number) => ({
      policyId: id,
      clientId: 'c',
      holderName: 'Sara',
      holderId: '1012345678',
      policyNumber: null,
      status: 1,
      coverFrom: null,
      coverTo: null,
    });
    const rows = {
      subjects: async (spec: PolicySearchSpec, ids: number[]) => (calls.push([spec.from, ids]), ids.map(subject)),
      search: async (spec: PolicySearchSpec, s: { id: number | null }, take: number) =>
        (s.id && spec.from === 'life_policies p' ? [subject(s.id)] : []).slice(0, take),
    } as unknown as PolicySubjectRepository;
    const products = new PolicyProducts(rows);
    const resolver = (family: string): ClaimPolicyResolver => ({ family, claimTypes: ['other'], find: async () => null });
    const specOf = (table: string) => ({ ...search, from: `${table} p` });
    products.register({ family: 'life', payments: {} as PolicyActivator, claims: resolver('life'), dashboard, search: specOf('life_policies'), portal });
    products.register({ family: 'horse', payments: {} as PolicyActivator, claims: resolver('horse'), dashboard, search: specOf('horse_policies'), portal });
    const found = await products.claimSubjects([
      { productFamily: 'life', policyId: 1 },
      { productFamily: 'life', policyId: 1 },
      { productFamily: 'life', policyId: 2 },
      { productFamily: 'horse', policyId: 1 },
      { productFamily: 'motor', policyId: 9 },
    ]);
    expect(calls).toEqual([
      ['life_policies p', [1, 2]],
      ['horse_policies p', [1]],
    ]);
    expect([...found.keys()].sort()).toEqual(['horse:1', 'life:1', 'life:2']);
    expect(await products.searchClaimSubjects('life', ' 12 ', 5)).toEqual([subject(12)]);
    expect(await products.searchClaimSubjects('horse', '12', 5)).toEqual([]);
    expect(await products.searchClaimSubjects('motor', '12', 5)).toEqual([]);
  });
});
