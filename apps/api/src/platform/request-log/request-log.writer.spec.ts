import { loadConfig } from '@lib/config';
import { HttpMetrics } from '@lib/http';
import type { RequestLogRepository, RequestLogRow } from './request-log.repository';
import { RequestLogEntry, RequestLogWriter } from './request-log.writer';

/** A repository whose writes wait until released: a slow database, as the writer sees one. */
class SlowRepository {
  readonly batches: RequestLogRow[][] = [];
  readonly days: Date[] = [];
  private release!: () => void;
  private readonly gate = new Promise<void>((r) => (this.release = r));
  open(): void {
    this.release();
  }
  async ensurePartitions(days: readonly Date[]): Promise<void> {
    this.days.push(...days);
  }
  async insertMany(rows: readonly RequestLogRow[]): Promise<void> {
    await this.gate;
    this.batches.push([...rows]);
  }
}

const entry = (n: number, over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  at: new Date('2026-12-02T06:00:00Z'),
  clientId: '3f0c2a8e-5b1d-4c7e-9a60-2d4b8c1e7f90',
  method: 'POST',
  route: '/api/v1/horse/policies',
  path: '/api/v1/horse/policies',
  status: 201,
  latencyMs: n,
  requestId: `r${n}`,
  idempotencyKey: null,
  requestBody: undefined,
  answerText: null,
  ...over,
});

describe('the request log writer', () => {
  const config = loadConfig({ REQUEST_LOG_BUFFER_MAX: '3', REQUEST_LOG_BATCH_SIZE: '2' });

  it('buffers without waiting, drops and counts past its bound, and writes in batches of at most batchSize', async () => {
    const repository = new SlowRepository();
    const metrics = new HttpMetrics(false);
    const writer = new RequestLogWriter(repository as unknown as RequestLogRepository, config, metrics);
    // the second record fills a batch and starts a write, which waits on the database: the buffer keeps filling
    for (let n = 1; n <= 8; n++) writer.record(entry(n));
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/request_log_dropped_total\{reason="buffer_full"\} 3/);

    repository.open();
    await writer.flush();
    expect(repository.batches.map((b) => b.map((r) => r.requestId))).toEqual([['r1', 'r2'], ['r3', 'r4'], ['r5']]);
    expect(repository.days).toEqual([new Date('2026-12-02T00:00:00Z')]);
    expect(await metrics.registry.metrics()).toMatch(/request_log_written_total 5/);
  });

  it('keeps an error answer with personal data masked, and ignores calls after shutdown', async () => {
    const repository = new SlowRepository();
    repository.open();
    const writer = new RequestLogWriter(repository as unknown as RequestLogRepository, config, new HttpMetrics(false));
    const error = JSON.stringify({
      code: 'VALIDATION_ERROR',
      message: 'Mobile 0551234567 or a@b.sa is not yours',
      details: { client_secret: ['wrong abc123'] },
    });
    writer.record(entry(1, { status: 422, answerText: error, path: '/api/v1/people/1234567890' }));
    await writer.onApplicationShutdown();
    writer.record(entry(2));
    await writer.flush();
    const [[row]] = repository.batches;
    expect(repository.batches.flat()).toHaveLength(1);
    expect(row.path).toBe('/api/v1/people/********90');
    expect(JSON.stringify(row.errorBody)).not.toMatch(/0551234567|a@b\.sa/);
    expect(row.errorBody).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Mobile ********67 or a***@b.sa is not yours',
      details: { client_secret: '***' },
    });
    expect(row.id).toMatch(/^[0-9a-f-]{14}7/);
  });

  it('keeps what was sent and a successful answer masked and cut, or none of it with REQUEST_LOG_BODIES=false', async () => {
    const sent = { owner: { id: '1012345678', email: 'owner@example.com' }, password: 'hunter2 is long', note: 'x'.repeat(9000) };
    const answer = JSON.stringify({ id: 7, phone: '0512345678', access_token: 'eyJ.secret.token' });
    const written = async (bodies: 'true' | 'false') => {
      const repository = new SlowRepository();
      repository.open();
      const writer = new RequestLogWriter(repository as unknown as RequestLogRepository, loadConfig({ REQUEST_LOG_BODIES: bodies }), new HttpMetrics(false));
      writer.record(entry(1, { requestBody: sent, answerText: answer }));
      writer.record(entry(2, { requestBody: { a: 1 }, answerText: '{"code":"VALIDATION_ERROR"}', status: 422 }));
      await writer.flush();
      return repository.batches.flat();
    };
    const [ok, failed] = await written('true');
    // past 8,192 characters the masked text is cut; the secret was replaced before the cut
    expect(ok.requestBody).toEqual({
      truncated: expect.stringMatching(/^\{"owner":\{"id":"\*+78","email":"o\*\*\*@example\.com"\},"password":"\*\*\*","note":"x+$/),
    });
    expect((ok.requestBody as { truncated: string }).truncated).toHaveLength(8192);
    expect(ok.responseBody).toEqual({ id: 7, phone: '********78', access_token: '***' });
    expect([failed.requestBody, failed.responseBody, failed.errorBody]).toEqual([{ a: 1 }, null, { code: 'VALIDATION_ERROR' }]);

    const [proto] = await (async () => {
      const repository = new SlowRepository();
      repository.open();
      const writer = new RequestLogWriter(repository as unknown as RequestLogRepository, config, new HttpMetrics(false));
      writer.record(entry(3, { requestBody: JSON.parse('{"__proto__":{"token":"abc","mobile":"0551234567"},"n":[1,"a@b.sa"]}') as unknown }));
      await writer.flush();
      return repository.batches.flat();
    })();
    // a `__proto__` key stays a key of the kept body (masked like any other), never the copy's prototype
    expect(JSON.stringify(proto.requestBody)).toBe('{"__proto__":{"token":"***","mobile":"********67"},"n":[1,"a***@b.sa"]}');
    expect(Object.getPrototypeOf(proto.requestBody)).toBe(Object.prototype);

    const [off, offFailed] = await written('false');
    expect([off.requestBody, off.responseBody, offFailed.requestBody, offFailed.errorBody]).toEqual([null, null, null, { code: 'VALIDATION_ERROR' }]);
  });
});
