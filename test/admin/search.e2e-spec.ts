import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { activateAsPaid, policyBody as propertyBody } from '../support/property-kit';
import { offerBody, policyBody as lifeBody } from '../life/life-kit';
import { signInEveryRole, StaffSession } from './admin-kit';
import type { StaffRole } from '../../libs/common/src/permissions';

const HORSE_OWNER = { name: 'Faisal Alharbi', id: '1029384756', email: 'Faisal@Example.com', phone: '0555123456' };

const horseBody = (microchip: string) => ({
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', use: 'racing', microchip_number: microchip, value: 250000 },
  owner: HORSE_OWNER,
  declaration: true,
});

/** The console's one search box, across every family and the payments, as each role may see it. */
describe('GET /admin/api/search', () => {
  let env: MotorTestEnv;
  let staff: Record<StaffRole, StaffSession>;
  let horseId: number;
  let lifeId: number;
  let propertyId: number;
  let propertyPayment: { id: string; vendorReference: string };

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    staff = await signInEveryRole(env.app);
    const partner = await env.app.partner(['horse', 'life-snp', 'property-multi']);
    const token = partner.token;
    // an endpoint of the partner's: the deliveries about the property policy show on its page
    const endpoint = await staff.operations.call('/admin/api/webhook-endpoints', {
      json: { client_id: partner.id, url: 'https://8.8.8.8/hooks', description: 'Shop' },
    });
    expect(endpoint.status).toBe(201);
    const horse = await env.app.request('/api/v1/horse/policies', {
      token,
      json: horseBody('682000000099999'),
    });
    horseId = horse.body.id;
    // the life applicant has the horse owner's national id: one person, two families
    const offer = (await env.app.request('/api/v1/life-snp/offers', { token, json: offerBody({ applicant_id: HORSE_OWNER.id }) })).body[0];
    lifeId = (await env.app.request('/api/v1/life-snp/policies', { token, json: lifeBody(offer.offer_id, { applicant_id: HORSE_OWNER.id }) })).body.id;
    propertyId = (await env.app.request('/api/v1/property/policies', { token, json: propertyBody() })).body.id;
    await activateAsPaid(env.app, propertyId);
    const paid = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: propertyId, status: 'paid' } });
    propertyPayment = { id: paid.id, vendorReference: paid.vendorReference! };
  }, 120_000);
  afterAll(() => env.close());

  const search = (role: StaffRole, q: string) => staff[role].call(`/admin/api/search?q=${encodeURIComponent(q)}`);
  const hits = async (role: StaffRole, q: string) => {
    const res = await search(role, q);
    expect(res.status).toBe(200);
    return res.body.results as Array<Record<string, any>>;
  };

  it('finds a customer by a mobile number however it is typed, with the field that matched', async () => {
    for (const q of ['0555123456', '+966 55 512 3456', '966555123456']) {
      expect(await hits('operations', q)).toEqual([
        expect.objectContaining({
          resource: 'horse-policies',
          id: String(horseId),
          holder: HORSE_OWNER.name,
          status: 'pending',
          matched: 'phone',
          policy: null,
        }),
      ]);
    }
    // property keeps the phone in the international form
    expect(await hits('operations', '0512345678')).toEqual([
      expect.objectContaining({ resource: 'property-policies', id: String(propertyId), matched: 'phone' }),
    ]);
  });

  it('finds every policy of one national id across families, an email whatever its case, and part of a name', async () => {
    const byId = await hits('operations', HORSE_OWNER.id);
    expect(byId.map((h) => [h.resource, h.id, h.matched]).sort()).toEqual([
      ['horse-policies', String(horseId), 'national_id'],
      ['life-policies', String(lifeId), 'national_id'],
    ]);
    expect((await hits('operations', 'faisal@example.COM')).map((h) => h.id)).toEqual([String(horseId)]);
    expect((await hits('operations', 'alhar')).map((h) => [h.resource, h.matched])).toEqual([['horse-policies', 'name']]);
    expect((await hits('operations', 'سارة')).map((h) => [h.resource, h.holder])).toEqual([['property-policies', 'Sara Ahmed']]);
  });

  it("finds a policy by the insurer's policy number or a vehicle or horse reference, and by its id", async () => {
    const policy = await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: propertyId } });
    expect(await hits('operations', policy.providerPolicyId!.toLowerCase())).toEqual([
      expect.objectContaining({ resource: 'property-policies', matched: 'policy_number' }),
    ]);
    expect(await hits('operations', '682000000099999')).toEqual([expect.objectContaining({ resource: 'horse-policies', matched: 'reference' })]);
    const byId = await hits('operations', String(horseId));
    expect(byId).toContainEqual(expect.objectContaining({ resource: 'horse-policies', id: String(horseId), matched: 'id' }));
  });

  it("finds a payment by the card vendor's reference or its id, linked to the policy it paid for", async () => {
    for (const q of [propertyPayment.vendorReference, propertyPayment.id.toUpperCase()]) {
      expect(await hits('operations', q)).toEqual([
        expect.objectContaining({
          resource: 'payments',
          id: propertyPayment.id,
          status: 'paid',
          policy: { resource: 'property-policies', id: String(propertyId) },
        }),
      ]);
    }
  });

  it("matches personal fields only where the role reads personal data, and masks the holder as the family's pages do", async () => {
    // account managers read horse policies masked: no match on the owner's phone or name, the holder masked when found by id
    expect(await hits('account_manager', HORSE_OWNER.phone)).toEqual([]);
    expect(await hits('account_manager', 'alharbi')).toEqual([]);
    const byId = (await hits('account_manager', String(horseId))).find((h) => h.resource === 'horse-policies');
    expect(byId?.holder).not.toBe(HORSE_OWNER.name);
    expect(byId?.holder).toMatch(/\*/);
    // claims handlers read policies in full but not payments
    expect(await hits('claims_handler', HORSE_OWNER.phone)).toHaveLength(1);
    expect(await hits('claims_handler', propertyPayment.vendorReference)).toEqual([]);
  });

  it('answers 422 naming the problem for a query too short or missing, and 401 without a session', async () => {
    const short = await search('operations', ' ab ');
    expect(short.status).toBe(422);
    expect(short.text).toMatch(/at least 3 characters/);
    expect((await staff.operations.call('/admin/api/search')).status).toBe(422);
    expect((await env.app.request('/admin/api/search?q=faisal')).status).toBe(401);
    // wildcards are typed text, not patterns
    expect(await hits('operations', '%%%')).toEqual([]);
  });
});

/** The part of every policy page that is the same for every family: payments, refunds, webhooks sent, console history. */
describe('GET /admin/api/policy-activity/{resource}/{id}', () => {
  // shares the data of the search tests above through its own environment
  let env: MotorTestEnv;
  let staff: Record<StaffRole, StaffSession>;
  let propertyId: number;
  let horseId: number;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    staff = await signInEveryRole(env.app);
    const partner = await env.app.partner(['horse', 'property-multi']);
    await staff.operations.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: 'https://8.8.8.8/hooks', description: 'Shop' } });
    propertyId = (await env.app.request('/api/v1/property/policies', { token: partner.token, json: propertyBody() })).body.id;
    await activateAsPaid(env.app, propertyId);
    const cancelled = await staff.operations.call(`/admin/api/property-policies/${propertyId}/cancel`, { json: { reason: 'Customer sold the house.' } });
    expect(cancelled.status).toBe(200);
    horseId = (
      await env.app.request('/api/v1/horse/policies', {
        token: partner.token,
        json: horseBody('682000000011111'),
      })
    ).body.id;
  }, 120_000);
  afterAll(() => env.close());

  it("shows operations the policy's payment, its refund, the webhooks sent and the cancellation with its reason", async () => {
    const res = await staff.operations.call(`/admin/api/policy-activity/property-policies/${propertyId}`);
    expect(res.status).toBe(200);
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: propertyId } });
    expect(res.body.payments).toEqual([
      expect.objectContaining({
        id: payment.id,
        status: 'refunded',
        status_reason: 'policy_cancelled',
        amount: payment.amount.toFixed(2),
        vendor_reference: payment.vendorReference,
      }),
    ]);
    expect(res.body.refunds).toEqual([expect.objectContaining({ payment_id: payment.id, reason: 'policy_cancelled' })]);
    expect(res.body.webhooks.map((w: any) => w.event_type)).toEqual(expect.arrayContaining(['policy.status_updated']));
    // every delivery listed is about this property policy, not a horse policy with the same id
    const rows = await env.app.db.prisma.webhookDelivery.findMany({ where: { policyId: propertyId } });
    expect(res.body.webhooks.map((w: any) => w.id).sort()).toEqual(
      rows
        .filter((r) => r.policyType === 'property')
        .map((r) => r.id)
        .sort(),
    );
    expect(res.body.audit).toEqual([
      expect.objectContaining({
        action: 'property-policies.cancel',
        staff_email: staff.operations.email,
        role: 'operations',
        reason: 'Customer sold the house.',
      }),
    ]);
  });

  it("keeps each family's ids apart: the horse policy's page lists none of the property policy's rows", async () => {
    expect(horseId).toBe(propertyId); // each family numbers its policies from 1: the same id, another policy
    const res = await staff.operations.call(`/admin/api/policy-activity/horse-policies/${horseId}`);
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(res.body.refunds).toEqual([]);
    expect(res.body.audit).toEqual([]);
  });

  it('answers 404 for a policy that does not exist, not empty lists', async () => {
    for (const resource of ['horse-policies', 'property-policies', 'motor-policies']) {
      const res = await staff.operations.call(`/admin/api/policy-activity/${resource}/999999`);
      expect([resource, res.status, res.body.payments]).toEqual([resource, 404, undefined]);
    }
    expect((await staff.operations.call(`/admin/api/policy-activity/horse-policies/${horseId}`)).status).toBe(200);
  });

  it('leaves out the parts a role may not read, and refuses a family the role does not read or that does not exist', async () => {
    const handler = await staff.claims_handler.call(`/admin/api/policy-activity/property-policies/${propertyId}`);
    expect(handler.status).toBe(200);
    expect(handler.body).toMatchObject({ payments: null, refunds: null, webhooks: null });
    expect(handler.body.audit).toHaveLength(1);
    expect((await staff.account_manager.call(`/admin/api/policy-activity/property-policies/${propertyId}`)).body.payments).toHaveLength(1);
    expect((await staff.operations.call('/admin/api/policy-activity/claims/1')).status).toBe(404);
    expect((await staff.operations.call('/admin/api/policy-activity/property-policies/abc')).status).toBe(422);
    expect((await env.app.request(`/admin/api/policy-activity/property-policies/${propertyId}`)).status).toBe(401);
  });
});
