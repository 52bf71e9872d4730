import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { makePhotoFiles } from '../support/photo-files';
import { APPLICANT, cancellationForm, eventually, offerBody, payLink, PDF, policyBody, TRUNCATED_PDF } from './life-kit';

const DAY = 86_400_000;

describe('life policies: issuance, listing, cancellation', () => {
  let env: MotorTestEnv;
  let token: string;
  const post = (path: string, json: unknown, t = token) => env.app.request(`/api/v1/life-snp${path}`, { token: t, json });
  const list = (t = token, q = '') => env.app.request(`/api/v1/life-snp/policies${q}`, { token: t });
  const cancel = (id: number, form?: FormData, t = token) =>
    env.app.request(`/api/v1/life-snp/policies/${id}/cancellation`, { token: t, method: 'POST', body: form });
  const freshOffer = async (over: Record<string, unknown> = {}, t = token) => (await post('/offers', offerBody(over), t)).body[0];
  const issue = async (over: Record<string, unknown> = {}) => {
    const offer = await freshOffer(over);
    const res = await post('/policies', policyBody(offer.offer_id));
    if (res.status !== 201) throw new Error(`issue ${res.status} ${res.text}`);
    return { offer, policy: res.body };
  };
  const activePolicy = async (over: Record<string, unknown> = {}) => {
    const issued = await issue(over);
    await payLink(issued.policy.payment_link);
    const shown = await eventually(async () => (await list()).body.find((p: any) => p.id === issued.policy.id && p.status === 1));
    return { ...issued, policy: shown };
  };

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } }); // the clock moves months ahead
    token = (await env.app.partner(['life-snp'])).token;
  });
  afterAll(() => env.close());

  it('issues a pending policy with a first-instalment payment link; paying activates it with the insurer', async () => {
    const { offer, policy } = await issue();
    expect(policy).toMatchObject({
      status: 0,
      offer_id: offer.offer_id,
      insurer: offer.insurer,
      sum_assured: offer.sum_assured,
      premium_amount: offer.premium,
      premium_frequency: 'monthly',
      policy_term_years: 20,
      provider_policy_id: null,
      applicant_id: APPLICANT,
      iban_masked: expect.stringMatching(/^SA03\*{17}519$/),
      refund_amount: null,
    });
    expect(JSON.stringify(policy)).not.toContain('0380000000608010167519');
    expect(policy.payment_link).toMatch(new RegExp(`^${env.app.url}/pay/[\\w-]{32}$`));
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'life', policyId: policy.id } });
    expect(payment).toMatchObject({ status: 'pending', currency: 'SAR' });
    expect(payment.amount.toFixed(2)).toBe(offer.premium.toFixed(2));
    // the list reads the policy, its offer and its open payment's link in one statement: the same object as issued
    expect((await list()).body.find((p: any) => p.id === policy.id)).toEqual(policy);

    await payLink(policy.payment_link);
    const active = await eventually(async () => (await list()).body.find((p: any) => p.id === policy.id && p.status === 1));
    expect(active.provider_policy_id).toMatch(/^\d+$/);
    expect(active).toMatchObject({ start_date: '2026-11-22', end_date: '2046-11-21', payment_link: null });

    // one policy per offer
    expect((await post('/policies', policyBody(offer.offer_id))).status).toBe(409);
  });

  it.each([
    [{ beneficiaries: [{ name: 'A', national_id: '1098765432', relationship: 'spouse', share_percentage: 60 }] }, 'beneficiaries'],
    [{ beneficiaries: [] }, 'beneficiaries'],
    [
      {
        beneficiaries: [
          { name: 'A', national_id: '1098765432', relationship: 'spouse', share_percentage: 50 },
          { name: 'B', national_id: '1098765432', relationship: 'child', share_percentage: 50 },
        ],
      },
      'beneficiaries',
    ],
    [{ beneficiaries: [{ name: 'A', national_id: APPLICANT, relationship: 'other', share_percentage: 100 }] }, 'beneficiaries'],
    [{ beneficiaries: [{ name: 'A', national_id: '1098765432', relationship: 'cousin', share_percentage: 100 }] }, 'beneficiaries.0.relationship'],
    [{ beneficiaries: [{ name: 'A', national_id: '123', relationship: 'spouse', share_percentage: 100 }] }, 'beneficiaries.0.national_id'],
    [{ beneficiaries: [{ name: 'A', national_id: '1098765432', relationship: 'spouse', share_percentage: 100.5 }] }, 'beneficiaries.0.share_percentage'],
    [{ iban: 'SA0480000000608010167519' }, 'iban'],
    [{ iban: 'SA03800000006080101675' }, 'iban'],
    [{ consent: false }, 'consent'],
    [{ applicant_id: '1000000001' }, 'applicant_id'],
    [{ offer_id: 'not-a-uuid' }, 'offer_id'],
    [{ offer_id: '00000000-0000-4000-8000-000000000000' }, 'offer_id'],
    [{ agreed_premium: 100 }, 'agreed_premium'],
  ])('refuses %j naming %s, writing nothing', async (over, field) => {
    const offer = await freshOffer();
    const res = await post('/policies', policyBody(offer.offer_id, over));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toContain(field);
    expect(await env.app.db.prisma.lifePolicy.count({ where: { offerId: offer.offer_id } })).toBe(0);
  });

  it("refuses an expired offer and another client's offer", async () => {
    const offer = await freshOffer();
    env.app.clock.advance(Date.parse(offer.valid_until) - env.app.clock.now().getTime() + 1000);
    const late = await post('/policies', policyBody(offer.offer_id));
    expect(late.status).toBe(422);
    expect(late.body.details.offer_id[0]).toMatch(/expired/);

    const other = await env.app.partner(['life-snp']);
    const theirs = await freshOffer({}, other.token);
    const res = await post('/policies', policyBody(theirs.offer_id));
    expect(res.status).toBe(422);
    expect(res.body.details.offer_id[0]).toMatch(/No offer/);
  });

  it('keeps policies and cancellations to their client', async () => {
    const mine = (await list()).body;
    expect(mine.length).toBeGreaterThan(0);
    const other = await env.app.partner(['life-snp']);
    expect((await list(other.token)).body).toEqual([]);
    expect((await cancel(mine[0].id, undefined, other.token)).status).toBe(404);
    expect((await list(token, '?status=1')).body.every((p: any) => p.status === 1)).toBe(true);
    expect((await list(token, '?status=7')).status).toBe(422);
  });

  it('pages the plain array with page and per_page, the total and the neighbouring pages in headers', async () => {
    await issue();
    await issue();
    const all = await list();
    const total = all.body.length;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.headers.get('x-total-count')).toBe(String(total));
    const second = await list(token, '?per_page=1&page=2');
    expect(second.status).toBe(200);
    expect(second.body).toEqual([all.body[1]]);
    const link = second.headers.get('link')!;
    expect(link).toContain(`${env.app.url}/api/v1/life-snp/policies?page=1&per_page=1>; rel="first"`);
    expect(link).toContain('page=1&per_page=1>; rel="prev"');
    expect(link).toContain('page=3&per_page=1>; rel="next"');
    expect(link).toContain(`page=${total}&per_page=1>; rel="last"`);
    expect((await list(token, `?per_page=1&page=${total + 1}`)).body).toEqual([]);
    const tooMany = await list(token, '?per_page=501');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.details.per_page[0]).toBe('The per page may not be greater than 500.');
  });

  it('refunds everything within the 30-day cooling-off period, keeps the document, and refuses a second cancellation with 400', async () => {
    const { policy } = await activePolicy();
    env.app.clock.advance(29 * DAY);
    const res = await cancel(policy.id, cancellationForm({ cancellation_document: PDF }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 2, refund_amount: policy.premium_amount });
    expect(res.body.cancellation_document).toMatch(new RegExp(`^${env.app.url}/files/[0-9a-f-]{36}\\.pdf$`));
    expect((await fetch(res.body.cancellation_document)).status).toBe(401);
    expect((await fetch(res.body.cancellation_document, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    const stored = await env.app.db.prisma.lifePolicy.findUniqueOrThrow({ where: { id: policy.id } });
    expect(stored.refundAmount!.toFixed(2)).toBe(policy.premium_amount.toFixed(2));

    const again = await cancel(policy.id);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('40010');
  });

  it('refunds the unused share of the paid period after cooling-off, computed from the clock', async () => {
    const { policy } = await activePolicy({ premium_frequency: 'annual' });
    const start = Date.parse(`${policy.start_date}T00:00:00Z`);
    const periodEnd = Date.UTC(new Date(start).getUTCFullYear() + 1, new Date(start).getUTCMonth(), new Date(start).getUTCDate());
    env.app.clock.advance(45 * DAY);
    const res = await cancel(policy.id); // no document: it is optional
    expect(res.status).toBe(200);
    const today = Date.UTC(env.app.clock.now().getUTCFullYear(), env.app.clock.now().getUTCMonth(), env.app.clock.now().getUTCDate());
    const unused = Math.round((periodEnd - today) / DAY);
    const periodDays = Math.round((periodEnd - start) / DAY);
    const cents = BigInt(Math.round(policy.premium_amount * 100)) * BigInt(unused);
    const expected = Number((cents * 2n + BigInt(periodDays)) / (2n * BigInt(periodDays))) / 100; // half-up
    expect(res.body.refund_amount).toBe(expected);
    expect(res.body.refund_amount).toBeLessThan(policy.premium_amount);
    expect(res.body.cancellation_document).toBeNull();
  });

  it('checks the cancellation document by content and cancels nothing when it is refused', async () => {
    const photos = await makePhotoFiles();
    const { policy } = await activePolicy();
    for (const bad of [TRUNCATED_PDF, photos.text, photos.truncatedJpeg]) {
      const res = await cancel(policy.id, cancellationForm({ cancellation_document: bad }));
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details)).toEqual(['cancellation_document']);
    }
    const stranger = await cancel(policy.id, cancellationForm({ passport: PDF }));
    expect(stranger.status).toBe(422);
    expect(Object.keys(stranger.body.details)).toEqual(['passport']);
    expect((await list()).body.find((p: any) => p.id === policy.id).status).toBe(1);
    const oversize = await cancel(policy.id, cancellationForm({ cancellation_document: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) }));
    expect(oversize.status).toBe(422);
    expect(oversize.body.details.cancellation_document[0]).toMatch(/5 MB/);
    const image = await cancel(policy.id, cancellationForm({ cancellation_document: (await photos.set(1)).front }));
    expect(image.status).toBe(200);
    expect(image.body.cancellation_document).toMatch(/\.jpg$/);
  });

  it('does not cancel a policy still awaiting payment', async () => {
    const { policy } = await issue();
    expect((await cancel(policy.id)).status).toBe(409);
  });
});
