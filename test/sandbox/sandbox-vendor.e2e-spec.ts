import { ManualClock } from '../../libs/common/src';
import { SANDBOX_VENDOR_API_KEY } from '../../libs/config/src';
import { http, RunningSandbox, startSandbox } from './sandbox-test-kit';

const checkout = (over: Record<string, unknown> = {}) => ({
  reference: '6f1f7d0e-1111-4222-8333-944455556666',
  amount: '1127.00',
  currency: 'SAR',
  description: 'Motor insurance',
  locale: 'en',
  return_url: 'http://127.0.0.1:1/pay/x/return',
  callback_url: 'http://127.0.0.1:1/payments/vendor/callback',
  expires_at: '2026-11-23T09:00:00.000Z',
  ...over,
});

async function vendor(sandbox: RunningSandbox, method: string, path: string, body?: unknown, key = SANDBOX_VENDOR_API_KEY) {
  const res = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('sandbox payment vendor and policy issuing', () => {
  let sandbox: RunningSandbox;
  const clock = new ManualClock('2026-11-22T09:00:00.000Z');

  beforeAll(async () => {
    sandbox = await startSandbox({ clock });
    await http('PUT', `${sandbox.baseUrl}/__control/vendor`, { callbacks: 'hold' });
  });
  afterAll(() => sandbox.close());

  it('needs the merchant API key and a valid checkout', async () => {
    expect((await vendor(sandbox, 'POST', '/vendor/checkouts', checkout(), 'wrong-key')).status).toBe(401);
    const bad = await vendor(sandbox, 'POST', '/vendor/checkouts', checkout({ amount: '12.5', currency: 'USD', extra: 1 }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['amount', 'currency']));
    expect((await vendor(sandbox, 'POST', '/vendor/checkouts', checkout({ expires_at: '2026-11-22T08:59:59.000Z' }))).status).toBe(422);
    expect((await vendor(sandbox, 'GET', '/vendor/payments/vp_nope')).status).toBe(404);
  });

  it('reuses an open checkout of the same reference, settles it by test card, and never shows card data', async () => {
    const first = await vendor(sandbox, 'POST', '/vendor/checkouts', checkout());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', amount: '1127.00', checkout_url: `${sandbox.baseUrl}/vendor/checkout/${first.body.id}` });
    expect((await vendor(sandbox, 'POST', '/vendor/checkouts', checkout())).body.id).toBe(first.body.id);

    const form = await fetch(first.body.checkout_url);
    expect(form.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:1");
    const paid = await fetch(first.body.checkout_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card_number=4000+0000+0000+0002&expiry=12%2F30&cvc=123&name=A',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:1/pay/x/return?vendor_payment_id=${first.body.id}`);
    const read = await vendor(sandbox, 'GET', `/vendor/payments/${first.body.id}`);
    expect(read.body).toMatchObject({ status: 'declined', failure_code: 'card_declined' });
    expect(JSON.stringify(read.body)).not.toContain('4000');
    // a settled checkout cannot be paid again, and a new one is opened for the same reference
    expect((await vendor(sandbox, 'POST', '/vendor/checkouts', checkout())).body.id).not.toBe(first.body.id);
  });

  it('issues a policy once per reference', async () => {
    const request = {
      reference: 'motor-policy-1',
      payment_reference: 'pay-1',
      offer_reference: 'offer-1',
      price_reference: 'price-1',
      owner_id: '1012345678',
      vehicle: { sequence_number: '123456789' },
      start_date: '2026-11-23',
      premium: '1127.00',
    };
    const first = await http('POST', `${sandbox.baseUrl}/insurers/dune/motor/policies`, request);
    expect(first.status).toBe(201);
    // digits only: the real service's clients type provider_policy_id as an integer
    expect(first.body).toMatchObject({
      policy_number: expect.stringMatching(/^[1-9]\d{8,15}$/),
      start_date: '2026-11-23',
      end_date: '2027-11-22',
      already_issued: false,
    });
    expect(Number.isSafeInteger(Number(first.body.policy_number))).toBe(true);
    const again = await http('POST', `${sandbox.baseUrl}/insurers/dune/motor/policies`, request);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ policy_number: first.body.policy_number, already_issued: true });
    const second = (await http('POST', `${sandbox.baseUrl}/insurers/dune/motor/policies`, { ...request, reference: 'motor-policy-2' })).body.policy_number;
    const otherInsurer = (await http('POST', `${sandbox.baseUrl}/insurers/palm/motor/policies`, request)).body.policy_number;
    expect(second).toMatch(/^\d+$/);
    expect(new Set([first.body.policy_number, second, otherInsurer]).size).toBe(3);
    expect((await http('POST', `${sandbox.baseUrl}/insurers/dune/motor/policies`, { ...request, premium: 'lots' })).status).toBe(422);
  });
});
