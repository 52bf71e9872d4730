import { HOUR_MS, MINUTE_MS } from '../../libs/common/src';

const DAY_MS = 24 * HOUR_MS;
import { requestLogDetailShape, requestLogPageShape } from '../../apps/api/src/platform/request-log/request-log.response';
import { dayOf, RequestLogRepository, RequestLogRow } from '../../apps/api/src/platform/request-log/request-log.repository';
import { RequestLogRetention } from '../../apps/api/src/platform/request-log/request-log-retention';
import { requestLogId } from '../../apps/api/src/platform/request-log/request-log-id';
import { startTestApp, TestApp } from '../support/test-app';
import { eventually } from '../webhooks/webhook-receiver';
import { portalUser, PortalSession, resetPortalKit } from './portal-kit';

describe("the portal's Requests (the partner request log)", () => {
  let app: TestApp;

  beforeAll(async () => {
    resetPortalKit();
    app = await startTestApp({ env: { REQUEST_LOG_FLUSH_MS: '20', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await app?.close();
  });
  // Sign-ins are limited per address and minute: each test starts in a fresh window.
  beforeEach(() => app.clock.advance(MINUTE_MS));

  const search = async (user: PortalSession, query: string) => {
    const res = await user.call(`/portal/api/requests?${query}`);
    expect(res.status).toBe(200);
    return requestLogPageShape.parse(res.body);
  };

  it('a failing call is found by the X-Request-Id of its answer, with its error answer; another client never sees it', async () => {
    const a = await app.partner(['horse']);
    const owner = { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' };
    const failed = await app.request('/api/v1/horse/policies', { token: a.token, json: { owner }, headers: { 'Idempotency-Key': 'order-7731' } });
    expect(failed.status).toBe(422);
    const requestId = failed.headers.get('x-request-id')!;
    expect(requestId).toBeTruthy();

    const viewer = await portalUser(app, a.id, 'viewer');
    const page = await eventually(async () => {
      const p = await search(viewer, `request_id=${encodeURIComponent(requestId)}`);
      return p.total === 1 ? p : null;
    });
    const row = page.data[0];
    expect(row).toMatchObject({
      method: 'POST',
      route: '/api/v1/horse/policies',
      path: '/api/v1/horse/policies',
      status: 422,
      request_id: requestId,
      idempotency_key: 'order-7731',
      error_body: failed.body,
    });
    expect(row.latency_ms).toBeGreaterThanOrEqual(0);

    const shown = await viewer.call(`/portal/api/requests/${row.id}`);
    expect(shown.status).toBe(200);
    const detail = requestLogDetailShape.parse(shown.body);
    expect(detail).toMatchObject({ ...row, response_body: null });
    // what was sent is kept with its personal data masked, as the console masks it
    expect(detail.request_body).toMatchObject({ owner: { name: 'Faisal Alharbi' } });
    expect(JSON.stringify(detail.request_body)).not.toMatch(/1012345678|owner@example\.com|0512345678/);

    // the token request that made a.token is the client's too, and no secret is ever kept
    const token = await eventually(async () => {
      const p = await search(viewer, 'route=/oauth/token');
      return p.total >= 1 ? p : null;
    });
    expect(token.data[0]).toMatchObject({ method: 'POST', status: 200, error_body: null });
    // its bodies are kept with the secret and the token replaced
    const tokenCall = requestLogDetailShape.parse((await viewer.call(`/portal/api/requests/${token.data[0].id}`)).body);
    expect(tokenCall.request_body).toMatchObject({ client_id: a.id, client_secret: '***' });
    expect(tokenCall.response_body).toMatchObject({ access_token: '***', token_type: expect.any(String) });
    expect(JSON.stringify(tokenCall)).not.toContain(a.secret);
    expect(JSON.stringify(tokenCall)).not.toContain(a.token);
    const all = await search(viewer, 'per_page=100');
    expect(JSON.stringify(all)).not.toContain(a.secret);
    expect(JSON.stringify(all)).not.toContain(a.token);

    // the filters
    expect((await search(viewer, 'status=4xx')).data.map((r) => r.id)).toEqual([row.id]);
    expect((await search(viewer, 'status=422')).data.map((r) => r.id)).toEqual([row.id]);
    expect((await search(viewer, 'status=5xx')).total).toBe(0);
    expect((await search(viewer, 'route=/api/v1/horse')).data.map((r) => r.id)).toEqual([row.id]);
    const at = Date.parse(row.created_at);
    expect((await search(viewer, `from=${new Date(at + 1).toISOString()}&route=/api/v1/horse`)).total).toBe(0);
    expect((await search(viewer, `from=${new Date(at).toISOString()}&to=${new Date(at + 1).toISOString()}&route=/api/v1/horse`)).total).toBe(1);
    expect((await viewer.call('/portal/api/requests?status=abc')).status).toBe(422);
    expect((await viewer.call('/portal/api/requests?request_id=%00')).status).toBe(422);
    expect((await viewer.call('/portal/api/requests?from=yesterday')).status).toBe(422);

    // tenant isolation: client B's user finds nothing of A's
    const b = await app.partner(['horse']);
    const other = await portalUser(app, b.id, 'owner');
    expect((await other.call(`/portal/api/requests/${row.id}`)).status).toBe(404);
    expect((await search(other, `request_id=${encodeURIComponent(requestId)}`)).total).toBe(0);
    expect((await search(other, 'per_page=100')).data.map((r) => r.request_id)).not.toContain(requestId);
    expect((await viewer.call(`/portal/api/requests/${requestLogId(new Date())}`)).status).toBe(404);
    expect((await viewer.call('/portal/api/requests/not-an-id')).status).toBe(404);
    // and a staff session or none opens nothing here
    expect((await app.request('/portal/api/requests')).status).toBe(401);
  });

  it('retention drops the day partitions older than REQUEST_LOG_RETENTION_DAYS, and keeps partitions ready ahead', async () => {
    const { id: clientId } = await app.createClient(['horse']);
    const repository = app.api.app.get(RequestLogRepository);
    const now = app.clock.now().getTime();
    const rowAt = (at: Date, requestId: string): RequestLogRow => ({
      id: requestLogId(at),
      createdAt: at,
      clientId,
      method: 'GET',
      route: '/api/v1/horse/policies/:id',
      path: '/api/v1/horse/policies/1',
      status: 200,
      latencyMs: 3,
      requestId,
      idempotencyKey: null,
      errorBody: null,
      requestBody: null,
      responseBody: null,
    });
    const old = new Date(now - 31 * DAY_MS);
    const kept = new Date(now - 29 * DAY_MS);
    await repository.ensurePartitions([dayOf(old), dayOf(kept)]);
    await repository.insertMany([rowAt(old, 'old-one'), rowAt(kept, 'kept-one')]);
    const ids = async () =>
      (
        await app.db.sql.query<{ request_id: string }>('SELECT request_id FROM partner_request_log WHERE client_id = $1::uuid ORDER BY created_at', [clientId])
      ).map((r) => r.request_id);
    expect(await ids()).toEqual(['old-one', 'kept-one']);

    expect(await app.api.app.get(RequestLogRetention).sweep()).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual(['kept-one']);
    const days = (await repository.partitionDays()).map((d) => d.getTime());
    expect(days).not.toContain(dayOf(old).getTime());
    expect(days).toContain(dayOf(kept).getTime());
    expect(days).toContain(dayOf(new Date(now)).getTime() + 2 * DAY_MS);
  });
});
