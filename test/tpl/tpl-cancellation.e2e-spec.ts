import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';
import { form, issueForm, nextVehicle, pdfDocument, registerDocument, Vehicle } from './tpl-kit';

const INCORRECT = 'The cancellation document is incorrect. Please upload a new one.';

describe('TPL motor v2: cancellation', () => {
  let env: MotorTestEnv;
  let client: { id: string; secret: string; token: string };

  beforeAll(async () => {
    env = await startMotorEnv();
    client = await env.app.partner(['motor-tpl']);
  });
  afterAll(() => env.close());

  /** An issued (paid) policy of a fresh vehicle. */
  async function issued(who = client.token): Promise<{ id: number; v: Vehicle }> {
    const v = nextVehicle();
    const res = await env.app.request('/v2/car/policies', { method: 'POST', token: who, body: await issueForm(env, v) });
    if (res.status !== 201) throw new Error(`issue ${res.status} ${res.text}`);
    const hops = await payWithCard(res.body.payment_link, CARDS.success);
    await browse(hops.submitted.location!);
    return { id: res.body.id, v };
  }

  /** A post-transfer document the registry knows, saying what `says` overrides. */
  async function transferDocument(
    v: Vehicle,
    says: Partial<{ vin: string; car_sequence_number: string; owner_id: string; ownership_transfer_complete: boolean }> = {},
  ) {
    const bytes = pdfDocument(`transfer-${v.vin}-${Math.random()}`);
    await registerDocument(env, bytes, {
      vin: v.vin,
      car_sequence_number: v.car_sequence_number,
      owner_id: v.new_owner_id,
      ownership_transfer_complete: true,
      ...says,
    });
    return bytes;
  }

  const cancel = (id: number, bytes: Buffer | null, token = client.token) =>
    env.app.request(`/v2/car/policies/${id}/cancellation`, { method: 'POST', token, body: form({}, bytes ? { cancellation_document: { bytes } } : {}) });

  it('cancels an issued policy with a matching document, records the pro-rata refund; a second cancellation is 400 40010', async () => {
    const { id, v } = await issued();
    // Two months into the year of cover (2026-11-23 .. 2027-11-22): 2027-01-22 leaves 305 of 365 days.
    env.app.clock.advance(61 * 86_400_000);
    client.token = await env.app.token(client);
    const res = await cancel(id, await transferDocument(v));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 2, canceled_at: '2027-01-22T09:00:00.000000Z' });
    expect(res.body.refund_amount).toBe(Math.round((97750 * 305) / 365) / 100);
    const row = await env.app.db.prisma.tplPolicy.findUnique({ where: { id } });
    expect(row!.refundAmount!.toString()).toBe('816.82');
    expect(row!.cancellationSha256).toMatch(/^[0-9a-f]{64}$/);

    const again = await cancel(id, await transferDocument(v));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: '40010', message: 'Policy is already canceled.' });
  });

  it('422 naming vin when the document shows another vehicle', async () => {
    const { id, v } = await issued();
    const res = await cancel(id, await transferDocument(v, { vin: 'WDB00000000000999' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: '42201', message: INCORRECT });
    expect(Object.keys(res.body.details)).toEqual(['vin']);
    expect((await env.app.request(`/v2/car/policies/${id}`, { token: client.token })).body.status).toBe(1);
  });

  it('422 naming car_sequence_number when the sequence number differs', async () => {
    const { id, v } = await issued();
    const res = await cancel(id, await transferDocument(v, { car_sequence_number: '99999999' }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(INCORRECT);
    expect(Object.keys(res.body.details)).toEqual(['car_sequence_number']);
  });

  it('422 naming owner_id while the transfer is not complete: the document still shows the seller, or says so', async () => {
    const { id, v } = await issued();
    const seller = await cancel(id, await transferDocument(v, { owner_id: v.current_car_owner }));
    expect(seller.status).toBe(422);
    expect(Object.keys(seller.body.details)).toEqual(['owner_id']);
    const incomplete = await cancel(id, await transferDocument(v, { ownership_transfer_complete: false }));
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.details.owner_id[0]).toMatch(/not show the ownership transfer as complete/);
  });

  it('422 when the registry does not know the document, when it is missing, or not a document', async () => {
    const { id } = await issued();
    const unknown = await cancel(id, pdfDocument('never-registered'));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(INCORRECT);
    expect(Object.keys(unknown.body.details)).toEqual(['cancellation_document']);
    const missing = await cancel(id, null);
    expect(missing.status).toBe(422);
    expect(missing.body.details.cancellation_document[0]).toMatch(/required/);
    const text = await cancel(id, Buffer.from('hello'.repeat(50)));
    expect(text.body.details.cancellation_document[0]).toMatch(/PDF, JPG or PNG/);
  });

  it('409 for a policy not issued yet (pending payment)', async () => {
    const v = nextVehicle();
    const pending = await env.app.request('/v2/car/policies', { method: 'POST', token: client.token, body: await issueForm(env, v) });
    const res = await cancel(pending.body.id, await transferDocument(v));
    expect(res.status).toBe(409);
  });

  it("cancels by VIN with the policy's email; wrong email is 422; another client's policy is 404 both ways", async () => {
    const { id, v } = await issued();
    const byVin = (fields: Record<string, string>, bytes: Buffer, token = client.token) =>
      env.app.request('/v2/clients/policies/cancellation', { method: 'POST', token, body: form(fields, { cancellation_document: { bytes } }) });

    const wrongEmail = await byVin({ vin: v.vin, email: 'someone@example.com' }, await transferDocument(v));
    expect(wrongEmail.status).toBe(422);
    expect(Object.keys(wrongEmail.body.details)).toEqual(['email']);
    const badVin = await byVin({ vin: 'short', email: 'buyer@example.com' }, await transferDocument(v));
    expect(badVin.status).toBe(422);
    expect(Object.keys(badVin.body.details)).toEqual(['vin']);

    const other = await env.app.partner(['motor-tpl']);
    expect((await byVin({ vin: v.vin, email: 'buyer@example.com' }, await transferDocument(v), other.token)).status).toBe(404);
    expect((await cancel(id, await transferDocument(v), other.token)).status).toBe(404);

    const ok = await byVin({ vin: v.vin.toLowerCase(), email: 'BUYER@example.com' }, await transferDocument(v));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, status: 2 });
    const twice = await byVin({ vin: v.vin, email: 'buyer@example.com' }, await transferDocument(v));
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('40010');
  });

  it('rate limit of POST /car/policies/{carPolicy}/cancellation: 30 per minute, then 429', async () => {
    const p = await env.app.partner(['motor-tpl']);
    for (let i = 0; i < 30; i++) expect((await cancel(999999, null, p.token)).status).toBe(422);
    expect((await cancel(999999, null, p.token)).status).toBe(429);
  });
});
