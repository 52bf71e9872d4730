import { http } from '../sandbox/sandbox-test-kit';
import { MotorTestEnv, OWNER, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { countRequests } from '../../apps/api/src/products/motor/quotes/quote-request-reads.repository';
import { readOffers, type OfferRow } from '../../apps/api/src/products/motor/quotes/quote-offer-reads.repository';

const TOP_LEVEL_FIELDS = [
  'attachments',
  'birthdate',
  'car_estimated_cost',
  'car_model_year',
  'car_sequence_number',
  'client_id',
  'created_at',
  'current_car_owner_id',
  'drivers',
  'email',
  'id',
  'is_ownership_transfer',
  'owner_id',
  'phone',
  'quotes',
  'start_date',
  'updated_at',
];
const OFFER_FIELDS = [
  'benefits',
  'company_logo',
  'company_logo_url',
  'company_name',
  'company_name_ar',
  'fix_type',
  'insurance_type_display',
  'insurance_type_display_ar',
  'prices',
  'quote_expiry_date',
  'quote_reference_id',
  'square_company_logo_url',
  'type',
  'vehicle_estimated_value',
];

describe('POST/GET/DELETE /api/v1/car-comp/quote-requests', () => {
  let env: MotorTestEnv;
  let token: string;
  let clientId: string;
  let otp: string;

  beforeAll(async () => {
    env = await startMotorEnv();
    const p = await env.app.partner(['motor-comprehensive-comparison']);
    token = p.token;
    clientId = p.id;
    otp = await quoteOtp(env.app, token);
  });
  afterAll(() => env.close());

  const quote = (over: Record<string, unknown> = {}, opts: { headers?: Record<string, string>; token?: string } = {}) =>
    env.app.request('/api/v1/car-comp/quote-requests', { token: opts.token ?? token, json: quoteBody(otp, over), headers: opts.headers });

  it('returns the quote request object with offers from several insurers, exactly the documented fields', async () => {
    const res = await quote({ start_date: '2026-11-30' });
    expect(res.status).toBe(201);
    const r = res.body;
    expect(Object.keys(r).sort()).toEqual(TOP_LEVEL_FIELDS);
    expect(r).toMatchObject({
      owner_id: OWNER.owner_id,
      car_sequence_number: 123456789,
      current_car_owner_id: OWNER.owner_id,
      client_id: clientId,
      attachments: null,
      drivers: null,
      car_model_year: 2024,
    });
    expect(r.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(new Set(r.quotes.map((q: any) => q.company_name)).size).toBeGreaterThanOrEqual(5);
    for (const q of r.quotes) {
      expect(Object.keys(q).sort()).toEqual(OFFER_FIELDS);
      expect(q.quote_expiry_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(['Comprehensive', 'TPL', 'TPL +']).toContain(q.type);
      for (const p of q.prices) {
        expect(Math.round((p.subtotal + p.vat) * 100)).toBe(Math.round(p.total * 100));
        expect(p.vat_percentage).toBe(15);
        expect(Math.round(p.subtotal * 15)).toBe(Math.round(p.vat * 100)); // VAT is 15% of the subtotal, to the halala
      }
      if (q.type === 'Comprehensive') {
        expect(['Agency', 'workshop']).toContain(q.fix_type);
        expect(q.prices.length).toBeGreaterThan(1);
        expect(q.prices.every((p: any) => typeof p.deductible === 'number')).toBe(true);
      } else {
        expect(q.fix_type).toBe('');
        expect(q.prices).toHaveLength(1);
        expect(q.prices[0].deductible).toBeNull();
      }
      for (const b of q.benefits) expect(b.amount === 0 ? b.vat === 0 : b.vat > 0).toBe(true);
    }
    const noLogo = r.quotes.find((q: any) => q.company_logo_url === '');
    expect(noLogo?.square_company_logo_url).toBe('');
    const withLogo = r.quotes.find((q: any) => q.company_logo_url !== '');
    expect(withLogo.company_logo_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/logos\/.+-wide\.svg$/);
    expect((await fetch(withLogo.company_logo_url)).status).toBe(200);
  });

  it('stores each offer as partners read it, with the insurer’s references, its exact expiry, and amounts as decimal strings', async () => {
    const res = await quote();
    expect(res.status).toBe(201);
    const stored = (await readOffers(env.app.db.sql, [res.body.id])).get(res.body.id)!;
    expect(stored.map((o) => o.id)).toEqual(res.body.quotes.map((q: any) => q.quote_reference_id));
    const decimal = /^\d+\.\d{2}$/;
    stored.forEach((o, i) => {
      const q = res.body.quotes[i];
      expect(o).toMatchObject({
        companyName: q.company_name,
        companyNameAr: q.company_name_ar,
        type: q.type,
        fixType: q.fix_type,
        insuranceTypeDisplayAr: q.insurance_type_display_ar,
      });
      expect(o.providerReference).toMatch(/\S/);
      expect(o.insurerCode).toMatch(/^[a-z]/);
      expect(o.vehicleEstimatedValue).toMatch(decimal);
      expect(Number(o.vehicleEstimatedValue)).toBe(q.vehicle_estimated_value);
      expect(o.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00')).toBe(q.quote_expiry_date);
      const prices = o.prices as any[];
      expect(prices.map((p) => p.id)).toEqual(q.prices.map((p: any) => p.quote_price_id));
      prices.forEach((p, j) => {
        expect(p).toMatchObject({ position: j, vatPercentage: '15.00', providerReference: expect.stringMatching(/\S/) });
        for (const k of ['subtotal', 'vat', 'total']) {
          expect(p[k]).toMatch(decimal);
          expect(Number(p[k])).toBe(q.prices[j][k]);
        }
        expect(p.deductible === null ? null : Number(p.deductible)).toBe(q.prices[j].deductible);
      });
      const benefits = o.benefits as any[];
      expect(benefits.map((b) => [b.id, b.code, b.name, b.nameAr, Number(b.amount), Number(b.vat), b.url, b.position])).toEqual(
        q.benefits.map((b: any, j: number) => [b.quote_benefit_id, b.id, b.name, b.name_ar, b.amount, b.vat, b.url, j]),
      );
      for (const b of benefits) expect([b.amount, b.vat]).toEqual([expect.stringMatching(decimal), expect.stringMatching(decimal)]);
    });
    // the insurer's references differ between offers and prices of one insurer (what issuance sends back to it)
    const refs = stored.flatMap((o) => [
      `${o.insurerCode}/${o.providerReference}`,
      ...o.prices.map((p) => `${o.insurerCode}/${o.providerReference}/${p.providerReference}`),
    ]);
    expect(new Set(refs).size).toBe(refs.length);
    // prices and benefits are kept once, with the insurer's outcome: the offer rows hold only the prices' references
    const rows = await env.app.db.prisma.motorOffer.findMany({ where: { quoteRequestId: res.body.id }, orderBy: { position: 'asc' } });
    expect(rows.map((r) => [r.prices, r.benefits, r.priceReferences])).toEqual(stored.map((o) => [null, null, o.prices.map((p) => p.providerReference)]));
  });

  /** Offers as they were written before their prices and benefits were kept once: each row with its own copy. */
  async function asWrittenBefore(offers: ReadonlyArray<Pick<OfferRow, 'id' | 'prices' | 'benefits'>>) {
    for (const o of offers) {
      await env.app.db.sql.query('UPDATE motor_offers SET prices = $2::json, benefits = $3::json, price_references = NULL WHERE id = $1::uuid', [
        o.id,
        JSON.stringify(o.prices),
        JSON.stringify(o.benefits),
      ]);
    }
  }

  it('reads an offer written before prices and benefits were kept once from its own copy', async () => {
    const res = await quote();
    const [offer] = (await readOffers(env.app.db.sql, [res.body.id])).get(res.body.id)!;
    const copy = {
      prices: offer.prices.map((p) => ({ ...p, providerReference: `OLD-${p.providerReference}`, total: '1.01' })),
      benefits: [{ id: offer.id, position: 0, code: 'OLD', name: 'Old "copy"', nameAr: 'قديم', amount: '2.50', vat: '0.38', url: null }],
    };
    await asWrittenBefore([{ ...offer, ...copy }]);
    const [read] = (await readOffers(env.app.db.sql, [res.body.id])).get(res.body.id)!;
    expect(read).toEqual({ ...offer, ...copy });
  });

  it('prices the same request the same way (deterministic sandbox)', async () => {
    const a = (await quote()).body.quotes.map((q: any) => q.prices.map((p: any) => p.total));
    const b = (await quote()).body.quotes.map((q: any) => q.prices.map((p: any) => p.total));
    expect(a).toEqual(b);
  });

  it('answers JSON, and a retry with the same Idempotency-Key gets the same quote request without asking the insurers again', async () => {
    const headers = { 'Idempotency-Key': `quote-${Date.now()}` };
    const first = await quote({}, { headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const before = await env.app.db.prisma.motorQuoteRequest.count();
    const retry = await quote({}, { headers });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await env.app.db.prisma.motorQuoteRequest.count()).toBe(before);
    expect((await env.app.request(`/api/v1/car-comp/quote-requests/${first.body.id}`, { token })).body).toMatchObject(first.body);
  });

  it('records each insurer outcome and latency for operations, numbered in listing order, the request complete', async () => {
    const res = await quote();
    const outcomes = await env.app.db.prisma.motorInsurerOutcome.findMany({ where: { quoteRequestId: res.body.id } });
    expect(outcomes.length).toBe(9);
    expect(outcomes.every((o) => o.outcome === 'ok' && o.latencyMs >= 0)).toBe(true);
    const stored = await env.app.db.prisma.motorQuoteRequest.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({ quotesStatus: 'complete', answerCount: 9, quotesDeadlineAt: null });
    const codes = stored.insurerCodes as string[];
    expect(outcomes.map((o) => [o.insurerCode, o.seq]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual(codes.map((c, i) => [c, i + 1]));
  });

  describe('rules', () => {
    const expectFields = async (over: Record<string, unknown>, fields: string[]) => {
      const res = await quote(over);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details).sort()).toEqual([...fields].sort());
      return res.body.details;
    };

    it("refuses another customer's email (the insurers are stopped) and stores nothing", async () => {
      const other = { owner_id: '2055555555', email: 'second.owner@example.com', phone: '0555555555', birthdate: '1991-03-01' };
      const code = await quoteOtp(env.app, token, other);
      const res = await env.app.request('/api/v1/car-comp/quote-requests', {
        token,
        json: quoteBody(code, { owner_id: other.owner_id, phone: other.phone, birthdate: other.birthdate, email: OWNER.email }),
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details)).toEqual(['email']);
      const listed = await env.app.request(`/api/v1/car-comp/quote-requests?owner_id=${other.owner_id}`, { token });
      expect(listed.body.total).toBe(0);
    });

    it('Hijri birthdate for a national id, Gregorian for an iqama', async () => {
      await expectFields({ birthdate: '1990-02-30' }, ['birthdate']);
      await expectFields({ birthdate: '1445-13-01' }, ['birthdate']);
      await expectFields({ birthdate: '1446-01-30' }, ['birthdate']); // Muharram 1446 has 29 days
      expect((await quote({ birthdate: '1446-02-30' })).status).toBe(201);
    });

    it('sequence number xor custom number, with its codes', async () => {
      await expectFields({ car_sequence_number: undefined }, ['car_sequence_number']);
      await expectFields({ custom_number: '1234567' }, ['custom_number', 'maker_code', 'model_code', 'body_type_code']);
      await expectFields({ car_sequence_number: '1234567' }, ['car_sequence_number']);
      await expectFields({ car_sequence_number: undefined, custom_number: '12345', maker_code: 1, model_code: 1001, body_type_code: 1 }, ['custom_number']);
      await expectFields({ car_sequence_number: undefined, custom_number: '1234567', maker_code: 1, model_code: 2001, body_type_code: 1 }, ['model_code']);
      await expectFields({ maker_code: 1 }, ['maker_code']);
    });

    it('ownership transfer needs the current owner', async () => {
      await expectFields({ is_ownership_transfer: true }, ['current_car_owner_id']);
      const ok = await quote({ is_ownership_transfer: true, current_car_owner_id: 2033333333 });
      expect(ok.status).toBe(201);
      expect(ok.body.current_car_owner_id).toBe('2033333333');
    });

    it("the seller may be a company, by its unified number (the real service's own example)", async () => {
      const ok = await quote({ is_ownership_transfer: true, current_car_owner_id: '7001234567' });
      expect(ok.status).toBe(201);
      expect(ok.body.current_car_owner_id).toBe('7001234567');
      expect(ok.body.quotes.length).toBeGreaterThan(0);
      await expectFields({ is_ownership_transfer: true, current_car_owner_id: '8001234567' }, ['current_car_owner_id']);
      // the buyer stays a person
      await expectFields({ owner_id: '7001234567' }, ['owner_id']);
    });

    it('model year 1950 to next year, start date after today and within 28 days', async () => {
      await expectFields({ car_model_year: 1949 }, ['car_model_year']);
      await expectFields({ car_model_year: 2028 }, ['car_model_year']);
      expect((await quote({ car_model_year: 2027 })).status).toBe(201);
      await expectFields({ start_date: '2026-11-22' }, ['start_date']);
      await expectFields({ start_date: '2026-12-20' }, ['start_date']);
      expect((await quote({ start_date: '2026-12-19' })).status).toBe(201);
    });

    it('drivers: shares of 25/50/75/100 summing to 100 with the owner among them', async () => {
      const owner = { owner_id: OWNER.owner_id, birthdate: OWNER.birthdate };
      const other = { owner_id: '2044444444', birthdate: '1992-04-01' };
      await expectFields(
        {
          drivers: [
            { ...owner, driving_percentage: 30 },
            { ...other, driving_percentage: 70 },
          ],
        },
        ['drivers.0.driving_percentage', 'drivers.1.driving_percentage'],
      );
      await expectFields(
        {
          drivers: [
            { ...owner, driving_percentage: 50 },
            { ...other, driving_percentage: 25 },
          ],
        },
        ['drivers'],
      );
      await expectFields({ drivers: [{ ...other, driving_percentage: 100 }] }, ['drivers']);
      const ok = await quote({
        drivers: [
          { ...owner, driving_percentage: 75 },
          { ...other, driving_percentage: 25 },
        ],
      });
      expect(ok.status).toBe(201);
      expect(ok.body.drivers).toHaveLength(2);
    });

    it('names every failing field at once and rejects unknown ones', async () => {
      await expectFields({ owner_id: '123', phone: '0412345678', car_estimated_cost: -1, iban: 'x' }, ['owner_id', 'phone', 'car_estimated_cost', 'iban']);
      // the rules between fields and on today run beside a malformed field, not only once it is fixed
      await expectFields({ email: 'not-an-email', start_date: '2026-11-22', car_model_year: 1949, is_ownership_transfer: true }, [
        'email',
        'start_date',
        'car_model_year',
        'current_car_owner_id',
      ]);
      await expectFields({ phone: '0412345678', car_sequence_number: undefined }, ['phone', 'car_sequence_number']);
    });
  });

  it('registers a customs-card vehicle with the registry first, and again is fine', async () => {
    const customs = { car_sequence_number: undefined, custom_number: '7654321', maker_code: 1, model_code: 1001, body_type_code: 1 };
    const first = await quote(customs);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ custom_number: '7654321', maker_code: 1, model_code: 1001, body_type_code: 1 });
    expect(first.body.car_sequence_number).toBeUndefined();
    expect((await http('GET', `${env.sandbox.baseUrl}/registry/vehicles/7654321`)).status).toBe(200);
    expect((await quote(customs)).status).toBe(201);
  });

  describe('insurer faults', () => {
    const setAll = (fault: string) =>
      Promise.all(
        ['dune', 'palm', 'oryx', 'compass', 'lantern', 'caravan', 'pearl', 'summit', 'naseem'].map((c) =>
          http('PUT', `${env.sandbox.baseUrl}/__control/insurers/${c}`, { fault }),
        ),
      );
    afterEach(() => http('POST', `${env.sandbox.baseUrl}/__control/reset`));

    it('returns the others when one insurer hangs: it is cut off and recorded as a timeout', async () => {
      await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/dune`, { fault: 'timeout' });
      await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/palm`, { fault: 'error' });
      // the hung insurer never answers: the call returning at all shows it was cut off at its timeout
      const res = await quote();
      expect(res.status).toBe(201);
      const names = res.body.quotes.map((q: any) => q.company_name);
      expect(names.length).toBeGreaterThan(0);
      const outcomes = await env.app.db.prisma.motorInsurerOutcome.findMany({ where: { quoteRequestId: res.body.id } });
      expect(outcomes.find((o) => o.insurerCode === 'dune')?.outcome).toBe('timeout');
      expect(outcomes.find((o) => o.insurerCode === 'palm')?.outcome).toBe('error');
    });

    it('answers 502 when every insurer fails, and stores nothing', async () => {
      await setAll('error');
      const before = await env.app.db.prisma.motorQuoteRequest.count();
      const res = await quote();
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('50201');
      expect(await env.app.db.prisma.motorQuoteRequest.count()).toBe(before);
    });

    it('stores the request whole when only the last insurer to answer quoted, between requests written as they were answered', async () => {
      // nothing is written while only failures are in hand: the request, its offers and outcomes go in one statement at
      // the end, on connections that have written other requests in progress
      for (let round = 0; round < 3; round++) {
        expect((await quote()).status).toBe(201);
        await setAll('error');
        await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/summit`, { fault: 'none', latency_ms: 500 });
        const res = await quote();
        expect(res.status).toBe(201);
        expect(new Set(res.body.quotes.map((q: any) => q.company_name))).toEqual(new Set(['Summit Ridge Takaful']));
        const stored = await env.app.db.prisma.motorQuoteRequest.findUnique({ where: { id: res.body.id }, include: { outcomes: true } });
        expect(stored?.quotesStatus).toBe('complete');
        expect(stored?.outcomes.filter((o) => o.outcome === 'error')).toHaveLength(8);
        await http('POST', `${env.sandbox.baseUrl}/__control/reset`);
      }
    });

    it('answers 201 with empty quotes when every insurer declines', async () => {
      const res = await quote({ car_model_year: 1960, car_estimated_cost: 9_000_000 });
      expect(res.status).toBe(201);
      expect(res.body.quotes).toEqual([]);
    });
  });

  describe('reading and deleting', () => {
    it("lists the client's own requests with the paginated envelope and the owner filter", async () => {
      const res = await env.app.request('/api/v1/car-comp/quote-requests?per_page=2', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
      expect(res.body.data).toHaveLength(2);
      expect(res.body.total).toBeGreaterThan(2);
      expect(res.body.next_page_url).toContain('page=2');
      const none = await env.app.request('/api/v1/car-comp/quote-requests?owner_id=2099999999', { token });
      expect(none.body.total).toBe(0);
      expect((await env.app.request('/api/v1/car-comp/quote-requests?per_page=500', { token })).status).toBe(422);
    });

    it("lists exactly the rows its filters match, newest first, page by page, and never another client's", async () => {
      const list = async (query: string, as = token) => {
        const res = await env.app.request(`/api/v1/car-comp/quote-requests?per_page=100${query}`, { token: as });
        expect(res.status).toBe(200);
        return res.body.data as Array<{ id: number; owner_id: string; created_at: string }>;
      };
      const all = await list('');
      expect(all.length).toBeGreaterThan(3);
      expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
      const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
      expect(ids(await list(`&owner_id=${OWNER.owner_id}`))).toEqual(ids(all.filter((r) => r.owner_id === OWNER.owner_id)));
      expect(await list('&owner_id=2099999999')).toEqual([]);
      const day = all[0].created_at.slice(0, 10);
      const shift = (days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
      expect(ids(await list(`&date_from=${day}&date_to=${day}&owner_id=${OWNER.owner_id}`))).toEqual(
        ids(all.filter((r) => r.created_at.startsWith(day) && r.owner_id === OWNER.owner_id)),
      );
      expect(await list(`&date_from=${shift(1)}`)).toEqual([]);
      expect(await list(`&date_to=${shift(-1)}`)).toEqual([]);
      const second = await env.app.request('/api/v1/car-comp/quote-requests?per_page=2&page=2', { token });
      expect(ids(second.body.data)).toEqual(ids(all.slice(2, 4)));
      expect(await list('', (await env.app.partner(['motor-tpl-comparison'])).token)).toEqual([]);
      // the aggregates count what the same filters match
      const aggregates = async (query: string) =>
        (await env.app.request(`/api/v1/car-comp/quote-requests?include_aggregates=true${query}`, { token })).body.aggregates;
      const counted = (rows: Array<{ created_at: string }>) => {
        const byMonth: Record<string, number> = {};
        for (const r of rows) byMonth[r.created_at.slice(0, 7)] = (byMonth[r.created_at.slice(0, 7)] ?? 0) + 1;
        return { total_count: rows.length, by_month: byMonth };
      };
      expect(await aggregates('')).toEqual(counted(all));
      const ownersDay = all.filter((r) => r.created_at.startsWith(day) && r.owner_id === OWNER.owner_id);
      expect(ownersDay.length).toBeGreaterThan(0);
      expect(await aggregates(`&date_from=${day}&date_to=${day}&owner_id=${OWNER.owner_id}`)).toEqual(counted(ownersDay));
      expect(await aggregates(`&owner_id=2099999999`)).toEqual({ total_count: 0, by_month: {} });
      expect(await aggregates(`&date_to=${shift(-1)}&owner_id=${OWNER.owner_id}`)).toEqual({ total_count: 0, by_month: {} });
      // the total: counted exactly, or up to a bound (a list past it is counted whole once, see listTotal)
      expect(await countRequests(env.app.db.sql, clientId, {})).toBe(all.length);
      expect(await countRequests(env.app.db.sql, clientId, {}, 2)).toBe(2);
      expect(await countRequests(env.app.db.sql, clientId, { ownerId: '2099999999' })).toBe(0);
      expect(await countRequests(env.app.db.sql, clientId, { from: new Date(Date.parse(shift(1))) }, 5)).toBe(0);
    });

    it('shows one, hides it from other clients, and deletes it', async () => {
      const created = (await quote()).body;
      const id = created.id;
      const shown = await env.app.request(`/api/v1/car-comp/quote-requests/${id}`, { token });
      expect(shown.status).toBe(200);
      expect(shown.body.id).toBe(id);
      // read back from the database: every offer, price and benefit as the creating answer gave them, in its order
      expect(created.quotes.length).toBeGreaterThan(1);
      expect(shown.body.quotes).toEqual(created.quotes);
      const listed = (await env.app.request(`/api/v1/car-comp/quote-requests?per_page=1`, { token })).body.data[0];
      expect(listed.id).toBe(id);
      expect(listed.quotes).toEqual(created.quotes);

      const other = await env.app.partner(['motor-tpl-comparison']);
      expect((await env.app.request(`/api/v1/car-comp/quote-requests/${id}`, { token: other.token })).status).toBe(404);
      expect((await env.app.request(`/api/v1/car-comp/quote-requests/${id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
      expect((await env.app.request('/api/v1/car-comp/quote-requests', { token: other.token })).body.total).toBe(0);

      const del = await env.app.request(`/api/v1/car-comp/quote-requests/${id}`, { method: 'DELETE', token });
      expect(del.status).toBe(200);
      expect(del.body).toEqual({ message: 'Quote deleted successfully.' });
      expect((await env.app.request(`/api/v1/car-comp/quote-requests/${id}`, { token })).status).toBe(404);
      expect((await env.app.request(`/api/v1/car-comp/quote-requests/abc`, { token })).status).toBe(422);
    });

    it('reads the offers as kept with each answer, and presents those of answers stored before that from their rows', async () => {
      const read = async (id: number) => ({
        shown: (await env.app.request(`/api/v1/car-comp/quote-requests/${id}`, { token })).body,
        listed: (await env.app.request(`/api/v1/car-comp/quote-requests?per_page=1`, { token })).body.data[0],
      });
      const keptOf = (id: number) =>
        env.app.db.sql.query<{ insurer_code: string; quotes: unknown[] }>(
          'SELECT insurer_code, quotes FROM motor_insurer_outcomes WHERE quote_request_id = $1 ORDER BY position',
          [id],
        );
      const created = (await quote()).body;
      // each answer keeps its offers as partners read them, in listing order
      const kept = await keptOf(created.id);
      expect(kept.flatMap((o) => o.quotes)).toEqual(created.quotes);
      const quoted = kept.find((o) => o.quotes.length > 0)!;

      // what is read is that JSON: an answer's kept offers taken away before the first read are gone from both reads
      await env.app.db.sql.query(`UPDATE motor_insurer_outcomes SET quotes = '[]' WHERE quote_request_id = $1 AND insurer_code = $2`, [
        created.id,
        quoted.insurer_code,
      ]);
      const without = created.quotes.filter(
        (q: { quote_reference_id: string }) => !quoted.quotes.some((k: any) => k.quote_reference_id === q.quote_reference_id),
      );
      expect(without.length).toBeLessThan(created.quotes.length);
      let { shown, listed } = await read(created.id);
      expect(shown.quotes).toEqual(without);
      expect(listed.quotes).toEqual(without);
      // the request ended, so its offers can never change: once read, they are read from the cache, not the database
      await env.app.db.sql.query(`UPDATE motor_insurer_outcomes SET quotes = $3::json WHERE quote_request_id = $1 AND insurer_code = $2`, [
        created.id,
        quoted.insurer_code,
        JSON.stringify(quoted.quotes),
      ]);
      ({ shown, listed } = await read(created.id));
      expect(shown.quotes).toEqual(without);
      expect(listed.quotes).toEqual(without);

      // an answer stored before the JSON was kept (its offers' rows held their prices and benefits): the request is
      // presented from its offers' rows, the same object
      const older = (await quote()).body;
      const olderQuoted = (await keptOf(older.id)).find((o) => o.quotes.length > 0)!;
      await asWrittenBefore((await readOffers(env.app.db.sql, [older.id], [olderQuoted.insurer_code])).get(older.id)!);
      await env.app.db.sql.query('UPDATE motor_insurer_outcomes SET quotes = NULL, position = NULL WHERE quote_request_id = $1 AND insurer_code = $2', [
        older.id,
        olderQuoted.insurer_code,
      ]);
      ({ shown, listed } = await read(older.id));
      expect(shown.quotes).toEqual(older.quotes);
      expect(listed).toEqual(older);
      const { status, insurers, ...object } = shown;
      expect(object).toEqual(older);
      expect(status).toBe('complete');
      expect(insurers.length).toBe(kept.length);
    });
  });
});

describe('a quote request while its last insurer is still answering', () => {
  // insurers may take 8 s here, and one takes 4: seconds in which the other answers are stored, however busy the machine
  let env: MotorTestEnv;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    env = await startMotorEnv({ env: { MOTOR_INSURER_TIMEOUT_MS: '8000', MOTOR_QUOTE_DEADLINE_MS: '9000' } });
    const p = await env.app.partner(['motor-comprehensive-comparison']);
    token = p.token;
    clientId = p.id;
  });
  afterAll(() => env.close());

  it('is stored in progress as its insurers answer, then completed with the last one, and shown as it was answered', async () => {
    await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/dune`, { latency_ms: 4000 });
    const otp = await quoteOtp(env.app, token);
    let answered = false;
    const response = env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) }).finally(() => (answered = true));
    // the answers are written behind the fan-out: the request holds more of them at each look, all but dune's in the end
    const seen: number[] = [];
    let early: { answerCount: number; outcomes: Array<{ insurerCode: string }> } | null = null;
    while (!answered && early?.answerCount !== 8) {
      early = await env.app.db.prisma.motorQuoteRequest.findFirst({ where: { clientId, quotesStatus: 'in_progress' }, include: { outcomes: true } });
      if (early) seen.push(early.answerCount);
      if (early?.answerCount !== 8) await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const res = await response;
    expect(res.status).toBe(201);
    expect(early).toMatchObject({ answerCount: 8 });
    expect(early!.outcomes).toHaveLength(8);
    expect(early!.outcomes.map((o) => o.insurerCode)).not.toContain('dune');
    const stored = await env.app.db.prisma.motorQuoteRequest.findUniqueOrThrow({ where: { id: res.body.id }, include: { outcomes: true } });
    expect(stored).toMatchObject({ quotesStatus: 'complete', answerCount: 9, quotesDeadlineAt: null });
    expect(stored.outcomes.find((o) => o.insurerCode === 'dune')).toMatchObject({ outcome: 'ok', seq: (stored.insurerCodes as string[]).indexOf('dune') + 1 });
    const duneOffers = await env.app.db.prisma.motorOffer.findMany({ where: { quoteRequestId: res.body.id, insurerCode: 'dune' }, select: { id: true } });
    expect(duneOffers.length).toBeGreaterThan(0);
    expect(res.body.quotes.map((q: any) => q.quote_reference_id)).toEqual(expect.arrayContaining(duneOffers.map((o) => o.id)));
    const shown = await env.app.request(`/api/v1/car-comp/quote-requests/${res.body.id}`, { token });
    expect(shown.body.quotes).toEqual(res.body.quotes);
  });
});
