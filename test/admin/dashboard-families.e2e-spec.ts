import { signIn } from './admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, issueMotorPolicy, motorQuote, payWithCard } from '../payments/payment-kit';
import { eventually, offerBody, payLink, policyBody } from '../life/life-kit';

const HORSE = {
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', use: 'racing', microchip_number: '682000000012345', value: 250000 },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};

/** The dashboard counts every family the same way: policies by status, premium as money paid less refunds, claims to decide. */
describe('the dashboard across product families', () => {
  let env: MotorTestEnv;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0' } });
  });
  afterAll(() => env.close());

  it('counts life and horse with motor, leaves unpaid premium out, takes refunds off, and shows open claims', async () => {
    const { token } = await env.app.partner(['motor-tpl-comparison', 'life-snp', 'horse']);
    const quote = await motorQuote(env, token);
    const used = new Set<string>();
    const paidMotor = (await issueMotorPolicy(env, token, quote, used)).policy;
    const unpaidMotor = (await issueMotorPolicy(env, token, quote, used)).policy;
    await browse((await payWithCard(paidMotor.payment_link, CARDS.success)).submitted.location!);
    const offer = (await env.app.request('/api/v1/life-snp/offers', { token, json: offerBody() })).body[0];
    const life = (await env.app.request('/api/v1/life-snp/policies', { token, json: policyBody(offer.offer_id) })).body;
    await payLink(life.payment_link);
    const horse = (await env.app.request('/api/v1/horse/policies', { token, json: HORSE })).body;
    await payLink(horse.payment_link);
    await eventually(async () => (await env.app.db.prisma.horsePolicy.count({ where: { id: horse.id, status: 1 } })) === 1);
    // the horse is cancelled within its cooling-off days: all of it goes back
    const form = new FormData();
    expect((await env.app.request(`/api/v1/horse/policies/${horse.id}/cancellation`, { method: 'POST', token, body: form })).status).toBe(200);
    const claim = new FormData();
    for (const [k, v] of Object.entries({ claim_type: 'death', description: 'Reported by the family.', requested_amount: '1000' })) claim.append(k, v);
    expect((await env.app.request(`/api/v1/life-snp/policies/${life.id}/claims`, { method: 'POST', token, body: claim })).status).toBe(201);

    const ops = await signIn(env.app, 'operations');
    const board = (await ops.call('/admin/api/dashboard?days=7')).body;
    expect(board.counters).toMatchObject({ policies_total: 4, payments_pending: 1, claims_open: 1, claims_unassigned: 1 });
    expect(board.policies_by_status).toEqual({ pending: 1, active: 2, cancelled: 1 });
    const paid = Number(paidMotor.price) + Number(life.premium_amount);
    // horse: paid then refunded in full; the unpaid motor policy counts nothing
    expect(Number(board.premium_volume)).toBeCloseTo(paid, 2);
    expect(board.sources).toEqual(expect.arrayContaining(['payments', 'claims', 'motor-policies', 'life', 'horse', 'tpl', 'medical', 'travel', 'property']));
    expect(board.series.policies_issued.reduce((n: number, p: any) => n + p.value, 0)).toBe(3);
    expect(board.series.claims_opened.reduce((n: number, p: any) => n + p.value, 0)).toBe(1);
    expect(unpaidMotor.status).toBe(0);

    // each counter opens the list it counts, and the list says the same number
    let staff = ops;
    const total = async (path: string, filter: object) =>
      Number((await staff.call(`${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`)).headers.get('content-range')!.split('/')[1]);
    expect(await total('/admin/api/payments', { open: true })).toBe(1);
    expect(await total('/admin/api/claims', { undecided: true })).toBe(1);
    expect((await ops.call(`/admin/api/payments?filter=${encodeURIComponent('{"open":"yes"}')}`)).status).toBe(422);
    // a payment link that lapses leaves the card and the list together
    env.app.clock.advance(3 * 86_400_000);
    staff = await signIn(env.app, 'operations'); // the first session has lapsed too
    expect((await staff.call('/admin/api/dashboard?days=7')).body.counters.payments_pending).toBe(0);
    expect(await total('/admin/api/payments', { open: true })).toBe(0);
  });
});
