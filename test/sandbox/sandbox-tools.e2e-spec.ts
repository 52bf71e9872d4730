import { MotorTestEnv, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';
import { form, nextVehicle } from '../tpl/tpl-kit';

/** The partner-facing sandbox tools, driven only through the public API with a partner's own token. */
describe('sandbox tools a partner automates with', () => {
  let env: MotorTestEnv;
  let token: string;
  let other: string;
  const api = (path: string, opts: Parameters<MotorTestEnv['app']['request']>[1] = {}, t = token) => env.app.request(path, { token: t, ...opts });

  beforeAll(async () => {
    env = await startMotorEnv({
      env: { TOKEN_TTL_SECONDS: '31536000', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000', WEBHOOK_POLL_INTERVAL_MS: '30', ...LOCAL_RECEIVERS_ENV },
    });
    token = (await env.app.partner()).token;
    other = (await env.app.partner()).token;
  });
  afterAll(() => env.close());

  async function vehicleDocument(says: { vin: string; car_sequence_number: string; owner_id: string; ownership_transfer_complete: boolean }) {
    const res = await fetch(`${env.app.url}/api/v1/sandbox/vehicle-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(says),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await res.arrayBuffer());
  }

  it('a TPL policy issued, paid and cancelled by a partner: registry documents and a payment without a browser', async () => {
    const v = nextVehicle();
    const istimarah = await vehicleDocument({
      vin: v.vin,
      car_sequence_number: v.car_sequence_number,
      owner_id: v.current_car_owner,
      ownership_transfer_complete: false,
    });
    expect(istimarah.subarray(0, 5).toString()).toBe('%PDF-');
    const issued = await api('/v2/car/policies', {
      method: 'POST',
      body: form(
        {
          email: 'buyer@example.com',
          vin: v.vin,
          car_sequence_number: v.car_sequence_number,
          current_car_owner: v.current_car_owner,
          new_owner_id: v.new_owner_id,
        },
        { istimarah: { bytes: istimarah, name: 'istimarah.pdf', type: 'application/pdf' } },
      ),
    });
    expect(issued.status).toBe(201);
    expect(issued.body.status).toBe(0);

    const declined = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link, outcome: 'card_declined' } });
    expect(declined.status).toBe(200);
    expect(declined.body.payment).toMatchObject({ status: 'failed', failure_code: 'card_declined', policy_type: 'tpl' });
    const paid = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } });
    expect(paid.body).toMatchObject({ outcome: 'paid', payment: { status: 'paid' } });
    const active = await eventually(async () => {
      const p = (await api(`/v2/car/policies/${issued.body.id}`)).body;
      return p.status === 1 ? p : null;
    });
    expect(active.provider_policy_id).toBeTruthy();

    const transferred = await vehicleDocument({
      vin: v.vin,
      car_sequence_number: v.car_sequence_number,
      owner_id: v.new_owner_id,
      ownership_transfer_complete: true,
    });
    const cancelled = await api(`/v2/car/policies/${issued.body.id}/cancellation`, {
      method: 'POST',
      body: form({}, { cancellation_document: { bytes: transferred, name: 'after.pdf', type: 'application/pdf' } }),
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe(2);
  });

  it('a payment of another client is 404 to the payment tool; one already paid is 409; a bad outcome is 422', async () => {
    const v = nextVehicle();
    const istimarah = await vehicleDocument({
      vin: v.vin,
      car_sequence_number: v.car_sequence_number,
      owner_id: v.current_car_owner,
      ownership_transfer_complete: false,
    });
    const issued = await api('/v2/car/policies', {
      method: 'POST',
      body: form({ email: 'buyer@example.com', ...v }, { istimarah: { bytes: istimarah, name: 'i.pdf', type: 'application/pdf' } }),
    });
    expect((await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } }, other)).status).toBe(404);
    expect((await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link, outcome: 'free' } })).status).toBe(422);
    expect((await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } })).status).toBe(200);
    const again = await api('/api/v1/sandbox/payments/pay', { json: { payment_link: issued.body.payment_link } });
    expect(again.status).toBe(409);
  });

  it('insurer behaviour per client: an error and a decline for one partner only, per family, then restored', async () => {
    const quoteFor = async (t: string) => {
      const otp = await quoteOtp(env.app, t);
      return env.app.request('/api/v1/car-comp/quote-requests', { token: t, json: quoteBody(otp) });
    };
    expect((await api('/api/v1/sandbox/insurers/dune', { method: 'PUT', json: { family: 'motor', fault: 'error' } })).status).toBe(200);
    expect((await api('/api/v1/sandbox/insurers/palm', { method: 'PUT', json: { fault: 'decline' } })).status).toBe(200);
    const mine = await api('/api/v1/sandbox/insurers');
    expect(mine.body.mine).toEqual({ 'dune:motor': { fault: 'error' }, palm: { fault: 'decline' } });

    const outcomes = async (t: string) => {
      const res = await quoteFor(t);
      expect(res.status).toBe(201);
      const rows = await env.app.db.prisma.motorInsurerOutcome.findMany({ where: { quoteRequestId: res.body.id } });
      return Object.fromEntries(rows.map((r) => [r.insurerCode, r.outcome]));
    };
    const affected = await outcomes(token);
    expect([affected.dune, affected.palm]).toEqual(['error', 'declined']);
    const untouched = await outcomes(other);
    expect([untouched.dune, untouched.palm]).toEqual(['ok', 'ok']);

    // family-scoped: the horse insurer declines for this partner's horse policies only
    expect((await api('/api/v1/sandbox/insurers/caravan', { method: 'PUT', json: { family: 'horse', fault: 'decline' } })).status).toBe(200);
    const horse = {
      horse: {
        name: 'Desert Wind',
        breed: 'Arabian',
        date_of_birth: '2019-03-01',
        sex: 'male',
        use: 'racing',
        microchip_number: '682000000012345',
        value: 250000,
      },
      owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
      declaration: true,
    };
    const refused = await api('/api/v1/horse/policies', { json: horse });
    expect(refused.status).toBe(422);
    expect(refused.body.details.horse[0]).toMatch(/declines/);
    expect((await api('/api/v1/horse/policies', { json: horse }, other)).status).toBe(201);

    expect((await api('/api/v1/sandbox/insurers', { method: 'DELETE' })).body).toEqual({ mine: {} });
    expect((await api('/api/v1/horse/policies', { json: horse })).status).toBe(201);
    expect((await api('/api/v1/sandbox/insurers/nobody', { method: 'PUT', json: { fault: 'error' } })).status).toBe(404);
    expect((await api('/api/v1/sandbox/insurers/dune', { method: 'PUT', json: { fault: 'explode' } })).status).toBe(422);
    expect((await api('/api/v1/sandbox/insurers/dune', { method: 'PUT', json: {} })).status).toBe(422);
  });

  it("webhooks of the partner's own: register, test (signed, received), deliveries with attempts, replay with the same webhook-id, rotate; another client sees none of it", async () => {
    const receiver = await WebhookReceiver.start();
    try {
      for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/hooks', 'http://metadata.google.internal/x']) {
        const refused = await api('/api/v1/sandbox/webhook-endpoints', { json: { url } });
        expect([url, refused.status, Object.keys(refused.body.details ?? {})]).toEqual([url, 422, ['url']]);
      }
      const created = await api('/api/v1/sandbox/webhook-endpoints', { json: { url: receiver.url, description: 'CI receiver' } });
      expect(created.status).toBe(201);
      expect(created.body.secret).toMatch(/^whsec_/);
      const id = created.body.id as string;
      expect((await api('/api/v1/sandbox/webhook-endpoints')).body.map((e: any) => e.id)).toContain(id);
      expect((await api(`/api/v1/sandbox/webhook-endpoints/${id}`, {}, other)).status).toBe(404);
      expect((await api('/api/v1/sandbox/webhook-endpoints', {}, other)).body).toEqual([]);

      const test = await api(`/api/v1/sandbox/webhook-endpoints/${id}/test`, { json: { event: 'policy.status_updated' } });
      expect(test.status).toBe(202);
      // The client's earlier policies may still emit events to this endpoint; only the test delivery counts here.
      const deliveryId = test.body.delivery_id as string;
      const ofTest = () => receiver.received.filter((r) => r.headers['webhook-id'] === deliveryId);
      const [first] = await eventually(async () => (ofTest().length >= 1 ? ofTest() : null));
      expect(first.headers['webhook-signature']).toMatch(/^v1,/);
      await eventually(async () => {
        const page = (await api(`/api/v1/sandbox/webhook-deliveries?endpoint_id=${id}`)).body;
        return page.data?.find((d: any) => d.id === deliveryId)?.status === 'delivered' ? page : null;
      });
      const shown = await api(`/api/v1/sandbox/webhook-deliveries/${deliveryId}`);
      expect(shown.body.attempts).toHaveLength(1);
      expect(shown.body.attempts[0]).toMatchObject({ outcome: 'delivered', status_code: 200 });
      expect((await api(`/api/v1/sandbox/webhook-deliveries/${deliveryId}`, {}, other)).status).toBe(404);
      expect((await api(`/api/v1/sandbox/webhook-deliveries/${deliveryId}/replay`, { method: 'POST' }, other)).status).toBe(404);

      expect((await api(`/api/v1/sandbox/webhook-deliveries/${deliveryId}/replay`, { method: 'POST' })).status).toBe(200);
      await eventually(async () => ofTest().length >= 2);
      await eventually(async () => ((await api(`/api/v1/sandbox/webhook-deliveries/${deliveryId}`)).body.attempts.length === 2 ? true : null));

      const rotated = await api(`/api/v1/sandbox/webhook-endpoints/${id}/rotate-secret`, { method: 'POST' });
      expect(rotated.body.secret_version).toBe(2);
      expect(rotated.body.secret).not.toBe(created.body.secret);
      const disabled = await api(`/api/v1/sandbox/webhook-endpoints/${id}`, { method: 'PUT', json: { active: false } });
      expect(disabled.body.active).toBe(false);
      const audit = await env.app.db.prisma.auditLogEntry.findMany({ where: { resourceId: id } });
      expect(audit.map((a) => [a.action, a.role])).toEqual(
        expect.arrayContaining([
          ['webhook-endpoints.create', 'client'],
          ['webhook-endpoints.rotate_secret', 'client'],
        ]),
      );
    } finally {
      await receiver.close();
    }
  });

  it("the company registry answers a partner's own company to its medical employees fetch, and to no one else", async () => {
    const cr = '7009990001';
    const employees = [
      {
        name: 'Test Employee One',
        nationality_iso: 'SA',
        nationality_id: '1011111111',
        date_of_birth: '1405-03-10',
        gender: 'male',
        mobile_number: '0511111111',
      },
      { name: 'Test Employee Two', nationality_iso: 'IN', iqama_id: '2022222222', date_of_birth: '1991-06-01', gender: 'female', mobile_number: '0522222222' },
    ];
    const bad = await api(`/api/v1/sandbox/company-registry/${cr}`, { method: 'PUT', json: { employees: [{ ...employees[0], iqama_id: '2033333333' }] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(['employees.0.nationality_id']);
    expect((await api('/api/v1/sandbox/company-registry/123', { method: 'PUT', json: { employees } })).status).toBe(422);
    const registered = await api(`/api/v1/sandbox/company-registry/${cr}`, { method: 'PUT', json: { employees } });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ commercial_registration_number: cr, employees });

    const company = {
      name: 'Registry Test Co',
      name_ar: 'شركة اختبار',
      sponsor_number: '1000000001',
      unified_national_number: '7000000001',
      email_address: 'hr@example.com',
      phone_number: '+966512345678',
      commercial_registration_number: cr,
    };
    const mine = await api('/api/v1/medical/companies', { json: company });
    const fetched = await api(`/api/v1/medical/companies/${mine.body.id}/employees/fetch`, { method: 'POST' });
    expect(fetched.status).toBe(200);
    expect(fetched.body.employees.map((e: any) => e.name)).toEqual(['Test Employee One', 'Test Employee Two']);

    const theirs = await api('/api/v1/medical/companies', { json: company }, other);
    const theirFetch = await api(`/api/v1/medical/companies/${theirs.body.id}/employees/fetch`, { method: 'POST' }, other);
    expect(theirFetch.status).toBe(200);
    expect(theirFetch.body.employees.map((e: any) => e.name)).not.toContain('Test Employee One');
  });

  it('the vehicle document tool names bad fields', async () => {
    const res = await api('/api/v1/sandbox/vehicle-documents', {
      json: { vin: 'short', car_sequence_number: '12', owner_id: 'x', ownership_transfer_complete: 'yes' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['car_sequence_number', 'owner_id', 'ownership_transfer_complete', 'vin']);
  });
});
