import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { PDF } from '../life/life-kit';
import { control } from '../sandbox/sandbox-test-kit';
import { quoteBody, traveller, TRAVEL } from './travel-kit';

describe('travel quotes (Schengen)', () => {
  let env: MotorTestEnv;
  let token: string;
  const quote = (json: unknown, path = `${TRAVEL}/quotes`, t = token) => env.app.request(path, { token: t, json });

  beforeAll(async () => {
    env = await startMotorEnv();
    token = (await env.app.partner(['travel'])).token;
  });
  afterAll(() => env.close());

  it("prices the digest's request: one adult, ten days, 55 + 25 fee + 15 % VAT = 92 SAR, with the bill adding up", async () => {
    const res = await quote(quoteBody());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'yasmina_schengen_travel_insurance',
      nationality_id: '1012345678',
      phone_number: '+966501234567',
      email: 'sara@example.com',
      multi_entry: false,
      start_date: '2026-11-29',
      duration: 10,
      end_date: '2026-12-08',
      date_of_birth: '1990-04-02',
      travellers: [traveller()],
      bill: { items: { adult: { count: 1, price: 55, total: 55 } }, adminFees: 25, subtotal: 80, vat_percentage: 15, vat: 12, total: 92 },
      price: 92,
      meta_data: { multi_entry: false, start_date: '2026-11-29', duration: 10 },
      documents_uploaded: false,
      expires_at: '2026-11-24T09:00:00.000000Z',
    });
    expect(res.body.quote_id).toMatch(/^Q-[A-Z0-9]{8}$/);
    const stored = await env.app.db.prisma.travelQuote.findUniqueOrThrow({ where: { quoteId: res.body.quote_id } });
    expect(stored.price.toFixed(2)).toBe('92.00');
  });

  it('bands by age on the start date: a child at half, a senior at twice the adult rate; the bill adds up to the price exactly', async () => {
    const res = await quote(
      quoteBody({
        duration: 21,
        travellers: [
          traveller(),
          traveller({ full_name: 'Omar Alqahtani', passport_number: 'G22345678', gender: 'm', date_of_birth: '2015-06-01', relation: 'son' }),
          traveller({ full_name: 'Huda Alqahtani', passport_number: 'G32345678', date_of_birth: '1955-01-20', relation: 'mother' }),
        ],
      }),
    );
    expect(res.status).toBe(200);
    const { bill, price } = res.body;
    expect(bill.items).toEqual({
      child: { count: 1, price: 42.5, total: 42.5 },
      adult: { count: 1, price: 85, total: 85 },
      senior: { count: 1, price: 170, total: 170 },
    });
    // (42.50 + 85 + 170 + 25) = 322.50; VAT 48.375 -> 48.38; 370.88
    expect(bill).toMatchObject({ adminFees: 25, subtotal: 322.5, vat: 48.38, total: 370.88 });
    expect(price).toBe(370.88);
  });

  it('multi entry runs 180 days at its own rate; the duration may be left out', async () => {
    const res = await quote(quoteBody({ multi_entry: true, duration: undefined, travellers: [traveller({ passport_expiry_date: '2031-01-01' })] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      multi_entry: true,
      duration: 180,
      end_date: '2027-05-27',
      bill: { items: { adult: { count: 1, price: 450, total: 450 } } },
    });
  });

  it("is served under the older names too: /request-quote and the guide's /api/v1/travel/quotes", async () => {
    for (const path of [`${TRAVEL}/request-quote`, '/api/v1/travel/quotes']) {
      const res = await quote(quoteBody(), path);
      expect([path, res.status, res.body.price]).toEqual([path, 200, 92]);
    }
  });

  it('accepts the local 05 phone form and stores it international; gender and nationality in either case', async () => {
    const res = await quote(quoteBody({ phone_number: '0501234567', travellers: [traveller({ gender: 'F', nationality: 'eg' })] }));
    expect(res.status).toBe(200);
    expect(res.body.phone_number).toBe('+966501234567');
    expect(res.body.travellers[0]).toMatchObject({ gender: 'f', nationality: 'EG' });
  });

  it.each([
    ['nationality_id', { nationality_id: '3012345678' }],
    ['nationality_id', { nationality_id: undefined }],
    ['phone_number', { phone_number: '12345' }],
    ['email', { email: 'not-an-email' }],
    ['multi_entry', { multi_entry: 'no' }],
    ['duration', { duration: 11 }],
    ['duration', { duration: undefined }],
    ['duration', { multi_entry: true, duration: 30 }],
    ['start_date', { start_date: '2026-11-21' }],
    ['start_date', { start_date: '2027-05-22' }],
    ['start_date', { start_date: '2026-02-30' }],
    ['date_of_birth', { date_of_birth: '2012-01-01' }],
    ['date_of_birth', { date_of_birth: '2030-01-01' }],
    ['travellers', { travellers: [] }],
    ['travellers', { travellers: Array.from({ length: 11 }, (_, i) => traveller({ passport_number: `G1234567${i}` })) }],
    ['travellers.0.nationality', { travellers: [traveller({ nationality: 'IL' })] }],
    ['travellers.0.nationality', { travellers: [traveller({ nationality: 'XX' })] }],
    ['travellers.0.full_name', { travellers: [traveller({ full_name: 'سارة' })] }],
    ['travellers.0.passport_number', { travellers: [traveller({ passport_number: 'G1' })] }],
    ['travellers.0.gender', { travellers: [traveller({ gender: 'x' })] }],
    ['travellers.0.date_of_birth', { travellers: [traveller({ date_of_birth: '2027-01-01' })] }],
    ['travellers.0.relation', { travellers: [traveller({ relation: '' })] }],
    ['travellers.0.passport_expiry_date', { travellers: [traveller({ passport_expiry_date: '2027-03-07' })] }],
    ['travellers.0.passport_expiry_date', { travellers: [traveller({ passport_expiry_date: '2026-01-01' })] }],
    ['travellers.1.passport_number', { travellers: [traveller(), traveller({ full_name: 'Omar Alqahtani' })] }],
    ['travellers.0.extra', { travellers: [traveller({ extra: 1 })] }],
    ['destination', { destination: 'FR' }],
    ['travellers', { travellers: [traveller({ date_of_birth: '1930-01-01' })] }],
  ])('refuses a bad %s with a 422 naming it, storing nothing', async (field, over) => {
    const before = await env.app.db.prisma.travelQuote.count();
    const res = await quote(quoteBody(over as Record<string, unknown>));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toContain(field);
    expect(await env.app.db.prisma.travelQuote.count()).toBe(before);
  });

  it('names every failing field at once, the rules on today beside the malformed fields', async () => {
    const before = await env.app.db.prisma.travelQuote.count();
    const res = await quote(quoteBody({ email: 'not-an-email', start_date: '2026-11-01', travellers: [traveller({ gender: 'x' })] }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['email', 'start_date', 'travellers.0.gender']);
    expect(res.body.details.start_date).toEqual(['The start date must be today or later.']);
    // a rule needing a malformed field is left to that field's own message
    const twins = await quote(
      quoteBody({ email: 'x', travellers: [traveller(), traveller({ full_name: 'Omar Alqahtani', passport_expiry_date: '2026-01-01' })] }),
    );
    expect(Object.keys(twins.body.details).sort()).toEqual(['email', 'travellers.1.passport_expiry_date', 'travellers.1.passport_number']);
    expect(await env.app.db.prisma.travelQuote.count()).toBe(before);
  });

  it('the Schengen rule names the date the passport must reach: three months past the last day', async () => {
    const res = await quote(quoteBody({ travellers: [traveller({ passport_expiry_date: '2027-03-07' })] }));
    expect(res.body.details['travellers.0.passport_expiry_date']).toEqual([
      'The passport must be valid at least 3 months after the trip ends: until 2027-03-08 or later.',
    ]);
    expect((await quote(quoteBody({ travellers: [traveller({ passport_expiry_date: '2027-03-08' })] }))).status).toBe(200);
  });

  it('an insurer that fails or times out is a 502, and nothing is stored', async () => {
    await control(env.sandbox, 'compass', { fault: 'error' });
    const before = await env.app.db.prisma.travelQuote.count();
    try {
      const res = await quote(quoteBody());
      expect(res.status).toBe(502);
      expect(await env.app.db.prisma.travelQuote.count()).toBe(before);
    } finally {
      await control(env.sandbox, 'compass', { fault: 'none' });
    }
  });

  it('documents: once per quote (400 40018 on a repeat), checked by content, both required', async () => {
    const q = (await quote(quoteBody())).body;
    const form = (parts: Record<string, Buffer | string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(parts)) {
        if (typeof v === 'string') f.append(k, v);
        else f.append(k, new Blob([new Uint8Array(v)], { type: 'application/pdf' }), `${k}.pdf`);
      }
      return f;
    };
    const upload = (f: FormData) => env.app.request(`${TRAVEL}/upload-documents`, { token, method: 'POST', body: f });

    const missing = await upload(form({ quote_id: q.quote_id, id_document: PDF }));
    expect(missing.status).toBe(422);
    expect(missing.body.details).toEqual({ passport_document: ['The passport document must be a file.'] });
    const fake = await upload(form({ quote_id: q.quote_id, id_document: PDF, passport_document: Buffer.from('GIF89a not a document') }));
    expect(fake.status).toBe(422);
    expect(Object.keys(fake.body.details)).toEqual(['passport_document']);
    const unknown = await upload(form({ quote_id: 'Q-ZZZZZZZZ', id_document: PDF, passport_document: PDF }));
    expect([unknown.status, Object.keys(unknown.body.details ?? {})]).toEqual([422, ['quote_id']]);

    const ok = await upload(form({ quote_id: q.quote_id, id_document: PDF, passport_document: PDF }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ quote_id: q.quote_id, documents_uploaded: true });
    const again = await upload(form({ quote_id: q.quote_id, id_document: PDF, passport_document: PDF }));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: '40018', message: 'Documents already uploaded' });
    expect((await env.app.request(`${TRAVEL}/quotes/${q.quote_id}`, { token })).body.documents_uploaded).toBe(true);
    const stored = await env.app.db.prisma.travelQuote.findUniqueOrThrow({ where: { quoteId: q.quote_id } });
    expect(stored.idDocumentFileId && stored.passportDocumentFileId).toBeTruthy();
  });

  it("enrolment and tenancy: a client without travel is 403; another client's quote is 404 and cannot be documented", async () => {
    const motorOnly = (await env.app.partner(['motor-tpl'])).token;
    expect((await quote(quoteBody(), `${TRAVEL}/quotes`, motorOnly)).status).toBe(403);
    const mine = (await quote(quoteBody())).body;
    const other = (await env.app.partner(['travel'])).token;
    expect((await env.app.request(`${TRAVEL}/quotes/${mine.quote_id}`, { token: other })).status).toBe(404);
    const purchase = await env.app.request(`${TRAVEL}/policies`, { token: other, json: { quote_id: mine.quote_id } });
    expect([purchase.status, Object.keys(purchase.body.details)]).toEqual([422, ['quote_id']]);
  });
});
