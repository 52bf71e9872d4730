import { signIn } from '../admin/admin-kit';
import { CARDS, issueMotorPolicy, motorQuote, payWithCard } from '../payments/payment-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { policyBody } from '../support/property-kit';
import { form, issueForm, nextVehicle, pdfDocument, registerDocument } from '../tpl/tpl-kit';
import { cancellationForm, offerBody, policyBody as lifePolicyBody } from '../life/life-kit';
import { TRAVEL, travelPolicy } from '../travel/travel-kit';
import { eventually, LOCAL_RECEIVERS_ENV, WebhookReceiver } from './webhook-receiver';

/**
 * A purchase end to end, as a partner's webhook endpoint sees it: the real service's sequence of status 0
 * with the payment link, status 1 with the insurer's policy id, then the documents, each carrying the policy
 * as Show Policy answers it (with the `extra_data` given at issuance).
 */
describe('webhooks over a whole purchase', () => {
  let env: MotorTestEnv;
  let receiver: WebhookReceiver;
  let partner: Awaited<ReturnType<MotorTestEnv['app']['partner']>>;

  beforeAll(async () => {
    env = await startMotorEnv({
      env: { TOKEN_TTL_SECONDS: '31536000', WEBHOOK_POLL_INTERVAL_MS: '30', POLICY_DOCUMENTS_POLL_MS: '0', ...LOCAL_RECEIVERS_ENV },
    });
    receiver = await WebhookReceiver.start();
    partner = await env.app.partner(['motor-tpl-comparison', 'property-multi', 'motor-tpl', 'life-snp', 'horse', 'travel']);
    const ops = await signIn(env.app, 'operations');
    expect((await ops.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: receiver.url } })).status).toBe(201);
  });
  afterAll(async () => {
    await receiver?.close();
    await env?.close();
  });

  /** The events about one policy, told apart by a field only its family's policy object has (ids overlap across families). */
  const eventsOf = (policyId: number, family: 'motor' | 'property' | 'tpl' | 'life' | 'horse' | 'travel') =>
    receiver.received
      .map((r) => ({ event: r.headers['webhook-event'], policy: JSON.parse(r.body).policy }))
      .filter((e) => e.policy.id === policyId && familyOf(e.policy) === family);
  const familyOf = (p: any) =>
    p.meta_data?.travellers
      ? 'travel'
      : p.meta_data?.insurance_provider
        ? 'property'
        : p.meta_data?.vin
          ? 'tpl'
          : p.beneficiaries
            ? 'life'
            : p.horse
              ? 'horse'
              : 'motor';

  it('motor: status 0 with the payment link, status 1 with the provider policy id, then the document', async () => {
    const quote = await motorQuote(env, partner.token);
    const { policy } = await issueMotorPolicy(env, partner.token, quote, new Set(), { extra_data: { order: 'A-17' } });
    await payWithCard(policy.payment_link, CARDS.success);
    const events = await eventually(async () => (eventsOf(policy.id, 'motor').length >= 3 ? eventsOf(policy.id, 'motor') : null), 20_000, 'three motor events');

    expect(events.map((e) => [e.event, e.policy.status])).toEqual([
      ['policy.status_updated', 0],
      ['policy.status_updated', 1],
      ['policy.documents_updated', 1],
    ]);
    expect(events[0].policy).toMatchObject({ payment_link: policy.payment_link, price: policy.price, provider_policy_id: null });
    expect(events[1].policy).toMatchObject({ payment_link: null, price: null, provider_policy_id: expect.any(String), provider_policy: null });
    expect(events.every((e) => e.policy.meta_data.extra_data?.order === 'A-17')).toBe(true);
    const shown = (await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token: partner.token })).body;
    expect(events[2].policy).toEqual(shown);
    expect(shown.provider_policy).toMatch(/^http/);
    // what the real service's webhook guide promises at each step
    expect(events[0].policy).toMatchObject({ purchased_at: null, policy_url: null, invoice_url: null });
    expect(events[1].policy).toMatchObject({
      purchased_at: expect.stringMatching(/Z$/),
      start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expiration_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(events[2].policy).toMatchObject({ policy_url: shown.provider_policy, invoice_url: expect.stringMatching(/\/files\/[0-9a-f-]{36}\.pdf$/) });
  });

  it("property: the same sequence, with the insurer's document", async () => {
    const issued = await env.app.request('/api/v1/property/policies', { token: partner.token, json: policyBody() });
    expect(issued.status).toBe(201);
    await payWithCard(issued.body.payment_link, CARDS.success);
    const events = await eventually(
      async () => (eventsOf(issued.body.id, 'property').length >= 3 ? eventsOf(issued.body.id, 'property') : null),
      20_000,
      'three property events',
    );

    expect(events.map((e) => [e.event, e.policy.status])).toEqual([
      ['policy.status_updated', 0],
      ['policy.status_updated', 1],
      ['policy.documents_updated', 1],
    ]);
    expect(events[0].policy.payment_link).toBe(issued.body.payment_link);
    expect(events[1].policy.provider_policy_id).toMatch(/^\d+$/);
    const shown = (await env.app.request(`/api/v1/property/policies/${issued.body.id}`, { token: partner.token })).body;
    expect(events[2].policy).toEqual(shown);

    const cancelled = await env.app.request(`/api/v1/property/policies/${issued.body.id}/cancellation`, {
      token: partner.token,
      json: { reason: 'Sold the house' },
    });
    expect(cancelled.status).toBe(200);
    const after = await eventually(
      async () => (eventsOf(issued.body.id, 'property').length >= 4 ? eventsOf(issued.body.id, 'property') : null),
      20_000,
      'the cancellation event',
    );
    expect([after[3].event, after[3].policy.status, after[3].policy.canceled_at]).toEqual(['policy.status_updated', 2, cancelled.body.canceled_at]);
  });

  /** Each family: issue a policy, and cancel it once paid (answering the cancellation's HTTP answer: the cancelled policy as shown). */
  const families = {
    tpl: async () => {
      const v = nextVehicle();
      const policy = (await env.app.request('/v2/car/policies', { method: 'POST', token: partner.token, body: await issueForm(env, v) })).body;
      const cancel = async () => {
        const bytes = pdfDocument(`transfer-${v.vin}`);
        await registerDocument(env, bytes, {
          vin: v.vin,
          car_sequence_number: v.car_sequence_number,
          owner_id: v.new_owner_id,
          ownership_transfer_complete: true,
        });
        return env.app.request(`/v2/car/policies/${policy.id}/cancellation`, {
          method: 'POST',
          token: partner.token,
          body: form({}, { cancellation_document: { bytes } }),
        });
      };
      return { policy, cancel };
    },
    life: async () => {
      const offer = (await env.app.request('/api/v1/life-snp/offers', { token: partner.token, json: offerBody() })).body[0];
      const policy = (await env.app.request('/api/v1/life-snp/policies', { token: partner.token, json: lifePolicyBody(offer.offer_id) })).body;
      const cancel = () =>
        env.app.request(`/api/v1/life-snp/policies/${policy.id}/cancellation`, { method: 'POST', token: partner.token, body: cancellationForm() });
      return { policy, cancel };
    },
    horse: async () => {
      const policy = (await env.app.request('/api/v1/horse/policies', { token: partner.token, json: HORSE })).body;
      const cancel = () =>
        env.app.request(`/api/v1/horse/policies/${policy.id}/cancellation`, { method: 'POST', token: partner.token, body: cancellationForm() });
      return { policy, cancel };
    },
    travel: async () => {
      const policy = await travelPolicy(env, partner.token);
      const cancel = () =>
        env.app.request(`${TRAVEL}/policies/${policy.id}/cancellation`, { method: 'POST', token: partner.token, json: { reason: 'Trip postponed' } });
      return { policy, cancel };
    },
  };

  it.each(['tpl', 'life', 'horse', 'travel'] as const)(
    '%s: status 0 with the payment link, status 1 after payment, status 2 on cancellation',
    async (family) => {
      const { policy, cancel } = await families[family]();
      expect(policy.payment_link).toMatch(/\/pay\//);
      await payWithCard(policy.payment_link, CARDS.success);
      await eventually(async () => eventsOf(policy.id, family).length >= 2, 20_000, `two ${family} events`);
      // Documents that come after payment (TPL, travel) are in before the cancellation, so its event and its answer show the same policy.
      if (family === 'tpl' || family === 'travel') {
        await eventually(async () => eventsOf(policy.id, family).some((e) => e.event === 'policy.documents_updated'), 20_000, `the ${family} documents event`);
      }
      const cancelled = await cancel();
      expect(cancelled.status).toBe(200);
      // TPL's documents event follows its status 1 on its own time: the status events keep their order.
      const statuses = () => eventsOf(policy.id, family).filter((e) => e.event === 'policy.status_updated');
      const events = await eventually(async () => (statuses().length >= 3 ? statuses() : null), 20_000, `three ${family} status events`);
      if (family === 'tpl') {
        const documents = await eventually(
          async () => eventsOf(policy.id, family).find((e) => e.event === 'policy.documents_updated') ?? null,
          20_000,
          'the TPL documents event',
        );
        expect(documents.policy).toMatchObject({ policy_url: expect.stringMatching(/\.pdf$/), invoice_url: expect.stringMatching(/\.pdf$/) });
      }
      expect(events.map((e) => [e.event, e.policy.status])).toEqual([
        ['policy.status_updated', 0],
        ['policy.status_updated', 1],
        ['policy.status_updated', 2],
      ]);
      expect(events[0].policy.payment_link).toBe(policy.payment_link);
      expect(events[1].policy.provider_policy_id).toEqual(expect.any(String));
      expect(events[2].policy).toEqual(cancelled.body);
    },
  );
});

const HORSE = {
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', use: 'racing', microchip_number: '682000000012345', value: 250000 },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};
