import { http } from '../sandbox/sandbox-test-kit';
import { startTestApp, TestApp } from '../support/test-app';
import { latestCode, MotorTestEnv, OWNER, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { openEventStream } from './event-stream-client';

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
const INSURERS = ['dune', 'palm', 'oryx', 'compass', 'lantern', 'caravan', 'pearl', 'summit', 'naseem'];
const IBAN = 'SA0380000000608010167519';
const BASE = '/api/v1/car-comp/quote-requests';

/** An offer without the ids each request gives anew (and its expiry, which follows the clock): what two requests for the same risk share. */
const comparable = (q: any) => ({
  ...q,
  quote_reference_id: undefined,
  quote_expiry_date: undefined,
  prices: q.prices.map((p: any) => ({ ...p, quote_price_id: undefined })),
  benefits: q.benefits.map((b: any) => ({ ...b, quote_benefit_id: undefined })),
});

describe('progressive quotes: Prefer: respond-async, the quote request as it fills, and its event stream', () => {
  let env: MotorTestEnv;
  let token: string;
  let otp: string;

  beforeAll(async () => {
    // room for a slow insurer that still answers: it is what keeps a request in progress in these tests
    env = await startMotorEnv({ env: { MOTOR_INSURER_TIMEOUT_MS: '20000', MOTOR_QUOTE_DEADLINE_MS: '25000', RATE_LIMIT_DEFAULT_PER_MINUTE: '100000' } });
    token = (await env.app.partner(['motor-comprehensive-comparison'])).token;
    otp = await quoteOtp(env.app, token);
  });
  afterAll(() => env.close());
  afterEach(() => http('POST', `${env.sandbox.baseUrl}/__control/reset`));

  const setInsurer = (code: string, behaviour: { latency_ms?: number; fault?: string }) =>
    http('PUT', `${env.sandbox.baseUrl}/__control/insurers/${code}`, behaviour);
  const requestAsync = (over: Record<string, unknown> = {}, app: TestApp = env.app, tok = token) =>
    app.request(BASE, { token: tok, json: quoteBody(otp, over), headers: { Prefer: 'respond-async' } });
  const show = (id: number, tok = token) => env.app.request(`${BASE}/${id}`, { token: tok });
  /** Reads the quote request until `done` holds (answers come in the background); fails after 60 s. */
  const until = async (id: number, done: (body: any) => boolean) => {
    const stop = Date.now() + 60_000;
    for (;;) {
      const res = await show(id);
      if (done(res.body) || Date.now() > stop) return res.body;
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const stateOf = (body: any, code: string) => body.insurers.find((i: any) => i.code === code)?.state;
  /** Each answer's offers as kept with it (what Show and List put in their answers), in listing order. */
  const kept = (id: number) =>
    env.app.db.sql.query<{ insurer_code: string; position: number | null; quotes: unknown[] | null }>(
      'SELECT insurer_code, position, quotes FROM motor_insurer_outcomes WHERE quote_request_id = $1 ORDER BY position',
      [id],
    );

  it("answers 202 with the request in progress, shows the fast insurers' offers (issuable) while the slow one is pending, then all in the synchronous order", async () => {
    // dune answers with offers, seconds after the others
    await setInsurer('dune', { latency_ms: 4000 });
    const res = await requestAsync();
    expect(res.status).toBe(202);
    expect(res.headers.get('preference-applied')).toBe('respond-async');
    expect(res.headers.get('location')).toBe(`${env.app.url}${BASE}/${res.body.id}`);
    expect(Object.keys(res.body).slice(-2)).toEqual(['status', 'insurers']);
    expect([...Object.keys(res.body)].sort()).toEqual([...TOP_LEVEL_FIELDS, 'insurers', 'status'].sort());
    expect(res.body).toMatchObject({ status: 'in_progress', owner_id: OWNER.owner_id, car_sequence_number: 123456789 });
    expect(res.body.insurers.map((i: any) => i.code)).toEqual(INSURERS);
    expect(stateOf(res.body, 'dune')).toBe('pending');

    const partial = await until(res.body.id, (b) => b.insurers.filter((i: any) => i.state !== 'pending').length === 8);
    expect(partial.status).toBe('in_progress');
    expect(stateOf(partial, 'dune')).toBe('pending');
    expect(partial.insurers.find((i: any) => i.code === 'dune')).toEqual({ code: 'dune', state: 'pending', offer_count: 0, latency_ms: null });
    expect(partial.insurers.filter((i: any) => i.code !== 'dune').every((i: any) => i.state === 'quoted' && i.offer_count > 0 && i.latency_ms >= 0)).toBe(true);
    expect(partial.quotes.length).toBe(partial.insurers.reduce((n: number, i: any) => n + i.offer_count, 0));
    expect(partial.quotes.some((q: any) => q.company_name === 'Dune Cooperative Insurance')).toBe(false);

    // an offer listed is an offer that can be issued, while dune is still pending
    const offer = partial.quotes.find((q: any) => q.type !== 'Comprehensive');
    const sel = { quote_request_id: partial.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
    env.app.clock.advance(61_000);
    const code = await env.app.request('/api/v1/car-comp/issue-otp', {
      token,
      json: { ...sel, owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN },
    });
    expect(code.status).toBe(204);
    const policy = await env.app.request('/api/v1/car-comp/policies', { token, json: { ...sel, otp: await latestCode(env.app, token, OWNER.phone) } });
    expect(policy.status).toBe(201);

    const done = await until(res.body.id, (b) => b.status !== 'in_progress');
    expect(done.status).toBe('complete');
    expect(done.insurers.every((i: any) => i.state === 'quoted')).toBe(true);
    expect(done.quotes.filter((q: any) => q.company_name === 'Dune Cooperative Insurance').length).toBe(done.insurers[0].offer_count);

    // the same inputs synchronously: the same offers in the same order (insurer order, not arrival order)
    const sync = await env.app.request(BASE, { token, json: quoteBody(otp) });
    expect(sync.status).toBe(201);
    expect(done.quotes.map(comparable)).toEqual(sync.body.quotes.map(comparable));
    expect(done.quotes[0].company_name).toBe('Dune Cooperative Insurance');
    const { status, insurers, ...asSpec } = done;
    expect(Object.keys(asSpec)).toEqual(Object.keys(sync.body));
    expect([status, insurers.length]).toEqual(['complete', 9]);
    // each answer kept its offers as partners read them, at its insurer's place
    const answers = await kept(res.body.id);
    expect(answers.map((a) => [a.insurer_code, a.position])).toEqual(INSURERS.map((code, i) => [code, i]));
    expect(answers.flatMap((a) => a.quotes!)).toEqual(done.quotes);
  });

  it('streams each insurer as it answers, the slow one last, then complete; replays for a late client and after Last-Event-ID', async () => {
    await setInsurer('dune', { latency_ms: 4000 });
    await setInsurer('palm', { fault: 'error' });
    await setInsurer('oryx', { fault: 'decline' });
    const res = await requestAsync();
    expect(res.status).toBe(202);
    const stream = await openEventStream(`${env.app.url}${BASE}/${res.body.id}/events`, { token });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');

    const first = await stream.next();
    expect(first).toMatchObject({ id: '1', event: 'insurer' });
    expect(first.data.code).not.toBe('dune');
    const events = [first, ...(await stream.rest())];
    const insurerEvents = events.filter((e) => e.event === 'insurer');
    expect(insurerEvents.map((e) => e.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(insurerEvents.map((e) => e.data.code).sort()).toEqual([...INSURERS].sort());
    // the slow insurer answered last, with offers in the quote request object's shape
    const dune = insurerEvents[8].data;
    expect(dune).toMatchObject({ code: 'dune', state: 'quoted' });
    expect(dune.quotes.length).toBe(dune.offer_count);
    expect(dune.quotes[0]).toMatchObject({ company_name: 'Dune Cooperative Insurance', quote_reference_id: expect.any(String) });
    expect(insurerEvents.find((e) => e.data.code === 'palm')!.data).toMatchObject({ state: 'failed', offer_count: 0, quotes: [] });
    expect(insurerEvents.find((e) => e.data.code === 'oryx')!.data).toMatchObject({ state: 'declined', quotes: [] });
    const last = events[events.length - 1];
    expect(last.event).toBe('complete');
    expect(last.data).toMatchObject({ id: res.body.id, status: 'complete' });
    expect(last.data.insurers.map((i: any) => i.code)).toEqual(INSURERS);
    expect(events.length).toBe(10);

    // the offers streamed are the request's offers
    const shown = (await show(res.body.id)).body;
    const streamed = new Set(insurerEvents.flatMap((e) => e.data.quotes.map((q: any) => q.quote_reference_id)));
    expect(shown.quotes.map((q: any) => q.quote_reference_id).sort()).toEqual([...streamed].sort());

    // a late client gets everything; Last-Event-ID skips what was received
    const late = await (await openEventStream(`${env.app.url}${BASE}/${res.body.id}/events`, { token })).rest();
    expect(late.map((e) => e.id ?? e.event)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'complete']);
    expect(late.map((e) => e.data.code).slice(0, 9)).toEqual(insurerEvents.map((e) => e.data.code));
    // read back from the database, each insurer's event is the one streamed live: offers, prices and benefits in order
    expect(late.slice(0, 9).map((e) => e.data)).toEqual(insurerEvents.map((e) => e.data));
    const resumed = await (await openEventStream(`${env.app.url}${BASE}/${res.body.id}/events`, { token, lastEventId: '6' })).rest();
    expect(resumed.map((e) => e.id ?? e.event)).toEqual(['7', '8', '9', 'complete']);
  });

  it('follows a request running on another instance (same database), and leaves no listener behind a client that leaves', async () => {
    const other = await startTestApp({
      db: env.app.db,
      clock: env.app.clock,
      env: { SANDBOX_URL: env.sandbox.baseUrl, MOTOR_INSURER_TIMEOUT_MS: '20000', MOTOR_QUOTE_DEADLINE_MS: '25000' },
    });
    try {
      await setInsurer('dune', { latency_ms: 3000 });
      const res = await requestAsync({}, other);
      expect(res.status).toBe(202);
      const stream = await openEventStream(`${env.app.url}${BASE}/${res.body.id}/events`, { token });
      const events = await stream.rest();
      expect(events.map((e) => e.id ?? e.event)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'complete']);
      expect(events[8].data.code).toBe('dune');
      expect(events[9].data.status).toBe('complete');

      const { QuoteProgressHub } = await import('../../apps/api/src/products/motor/quotes/quote-progress.hub');
      const hub = env.app.api.app.get(QuoteProgressHub);
      await setInsurer('dune', { latency_ms: 3000 });
      const second = await requestAsync({}, other);
      const leaving = await openEventStream(`${env.app.url}${BASE}/${second.body.id}/events`, { token });
      await leaving.next();
      expect(hub.followers).toBe(1);
      leaving.close();
      const stop = Date.now() + 30_000;
      while (hub.followers > 0 && Date.now() < stop) await new Promise((r) => setTimeout(r, 20));
      expect(hub.followers).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('keeps every rule, the OTP and every 422 before any 202, and stores nothing then', async () => {
    const before = await env.app.db.prisma.motorQuoteRequest.count();
    const bad = await requestAsync({ owner_id: '123', car_estimated_cost: -1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['car_estimated_cost', 'owner_id']);
    expect(bad.headers.get('preference-applied')).toBeNull();
    const wrongOtp = await env.app.request(BASE, { token, json: quoteBody(otp === '0000' ? '1111' : '0000'), headers: { Prefer: 'respond-async' } });
    expect(wrongOtp.status).toBe(422);
    expect(wrongOtp.body.details).toHaveProperty('otp');
    expect(await env.app.db.prisma.motorQuoteRequest.count()).toBe(before);
  });

  it("hides another client's request and its stream (404), and refuses a malformed id (422)", async () => {
    const mine = await requestAsync();
    const other = await env.app.partner(['motor-tpl-comparison']);
    expect((await show(mine.body.id, other.token)).status).toBe(404);
    const foreign = await openEventStream(`${env.app.url}${BASE}/${mine.body.id}/events`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.text!).code).toBeDefined();
    expect((await openEventStream(`${env.app.url}${BASE}/abc/events`, { token })).status).toBe(422);
    expect((await openEventStream(`${env.app.url}${BASE}/${mine.body.id}/events`)).status).toBe(401);
    await until(mine.body.id, (b) => b.status !== 'in_progress');
  });

  it("ends failed when every insurer fails (the synchronous call's 502), on the request and its stream", async () => {
    await Promise.all(INSURERS.map((c) => setInsurer(c, { fault: 'error' })));
    const res = await requestAsync();
    expect(res.status).toBe(202);
    const events = await (await openEventStream(`${env.app.url}${BASE}/${res.body.id}/events`, { token })).rest();
    expect(events.at(-1)).toMatchObject({ event: 'complete', data: { status: 'failed' } });
    const done = (await show(res.body.id)).body;
    expect(done).toMatchObject({ status: 'failed', quotes: [] });
    expect(done.insurers.every((i: any) => i.state === 'failed')).toBe(true);
  });

  it('completes a request its instance left in progress, at its deadline, on the next read', async () => {
    const res = await requestAsync();
    await until(res.body.id, (b) => b.status === 'complete');
    // the database as an instance that died mid-fan-out leaves it: the last insurer to answer unanswered, still in progress
    const last = await env.app.db.prisma.motorInsurerOutcome.findFirstOrThrow({ where: { quoteRequestId: res.body.id, seq: 9 } });
    const code = last.insurerCode;
    await env.app.db.prisma.motorInsurerOutcome.delete({ where: { quoteRequestId_insurerCode: { quoteRequestId: res.body.id, insurerCode: code } } });
    await env.app.db.prisma.motorOffer.deleteMany({ where: { quoteRequestId: res.body.id, insurerCode: code } });
    await env.app.db.prisma.motorQuoteRequest.update({
      where: { id: res.body.id },
      data: { quotesStatus: 'in_progress', answerCount: 8, quotesDeadlineAt: new Date(Date.now() + 60_000) },
    });
    // before its deadline it stays in progress (its instance may still be working)
    expect(stateOf((await show(res.body.id)).body, code)).toBe('pending');
    await env.app.db.prisma.motorQuoteRequest.update({ where: { id: res.body.id }, data: { quotesDeadlineAt: new Date(Date.now() - 1000) } });

    const events = await (await openEventStream(`${env.app.url}${BASE}/${res.body.id}/events`, { token, lastEventId: '8' })).rest();
    expect(events.map((e) => [e.id ?? e.event, e.data.code ?? e.data.status])).toEqual([
      ['9', code],
      ['complete', 'complete'],
    ]);
    expect(events[0].data).toMatchObject({ state: 'timeout', quotes: [] });
    const shown = (await show(res.body.id)).body;
    expect(shown.status).toBe('complete');
    expect(shown.insurers.find((i: any) => i.code === code)).toMatchObject({ state: 'timeout', offer_count: 0 });
    // the stamp keeps the unanswered insurer's (empty) offers at its place, so reads keep using what was kept
    const answers = await kept(res.body.id);
    expect(answers.find((a) => a.insurer_code === code)).toEqual({ insurer_code: code, position: INSURERS.indexOf(code), quotes: [] });
    expect(answers.every((a) => a.quotes !== null)).toBe(true);
    expect(answers.flatMap((a) => a.quotes!)).toEqual(shown.quotes);
  });

  it("leaves the synchronous call as it was: 201, the spec's fields only, no preference applied", async () => {
    const res = await env.app.request(BASE, { token, json: quoteBody(otp), headers: { Prefer: 'return=representation' } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(TOP_LEVEL_FIELDS);
    expect(res.headers.get('preference-applied')).toBeNull();
    expect(res.headers.get('location')).toBeNull();
    // Show adds the progress fields after the spec's, unchanged otherwise
    const shown = (await show(res.body.id)).body;
    expect(Object.keys(shown)).toEqual([...Object.keys(res.body), 'status', 'insurers']);
    expect(shown.quotes).toEqual(res.body.quotes);
    expect(shown.status).toBe('complete');
  });
});
