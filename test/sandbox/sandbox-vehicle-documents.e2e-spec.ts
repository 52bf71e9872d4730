import { createHash } from 'node:crypto';
import { HttpTplProvider, TplProviderError } from '@lib/providers';
import { http, startSandbox, type RunningSandbox } from './sandbox-test-kit';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const doc = (sha256: string, over: Record<string, unknown> = {}) => ({
  sha256,
  vin: 'WDB12345612345678',
  car_sequence_number: '123456789',
  owner_id: '1098765432',
  ownership_transfer_complete: true,
  ...over,
});

describe('sandbox vehicle documents and TPL insurer, through the HTTP TPL provider', () => {
  let sandbox: RunningSandbox;
  let provider: HttpTplProvider;

  beforeAll(async () => {
    sandbox = await startSandbox();
    provider = new HttpTplProvider({ baseUrl: sandbox.baseUrl, timeoutMs: 5_000 });
  });
  afterAll(() => sandbox.close());

  it('registers a document by content hash and finds it; an unknown hash is null', async () => {
    const sha = hash('doc-1');
    expect(await provider.findDocument(sha)).toBeNull();
    const res = await http('POST', `${sandbox.baseUrl}/__control/registry/documents`, doc(sha));
    expect(res.status).toBe(201);
    expect(await provider.findDocument(sha)).toMatchObject({
      sha256: sha,
      vin: 'WDB12345612345678',
      owner_id: '1098765432',
      ownership_transfer_complete: true,
    });
    expect(await provider.findDocument('not-a-hash')).toBeNull();
  });

  it.each([
    ['sha256', { sha256: 'abc' }],
    ['vin', { vin: 'WDB1234561234567I' }],
    ['car_sequence_number', { car_sequence_number: '1234' }],
    ['owner_id', { owner_id: '12' }],
    ['ownership_transfer_complete', { ownership_transfer_complete: 'yes' }],
  ])('the control route refuses a bad %s with 422', async (field, over) => {
    const res = await http('POST', `${sandbox.baseUrl}/__control/registry/documents`, doc(hash(`bad-${field}`), over));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('reset forgets documents', async () => {
    const sha = hash('doc-reset');
    await http('POST', `${sandbox.baseUrl}/__control/registry/documents`, doc(sha));
    await http('POST', `${sandbox.baseUrl}/__control/reset`);
    expect(await provider.findDocument(sha)).toBeNull();
  });

  it('quotes the flat price with VAT and issues once per reference', async () => {
    expect(await provider.price()).toEqual({
      insurer_code: 'dune',
      insurer_name_en: expect.any(String),
      insurer_name_ar: expect.any(String),
      subtotal: '850.00',
      vat_percentage: '15',
      vat: '127.50',
      total: '977.50',
    });
    const req = { reference: 'tpl-policy-1', vin: 'WDB12345612345678', car_sequence_number: '123456789', owner_id: '1098765432', start_date: '2026-11-23' };
    const first = await provider.issue(req);
    expect(first).toMatchObject({ start_date: '2026-11-23', end_date: '2027-11-22', already_issued: false });
    const again = await provider.issue(req);
    expect(again).toEqual({ ...first, already_issued: true });
    await expect(provider.issue({ ...req, start_date: 'soon' })).rejects.toBeInstanceOf(TplProviderError);
  });

  it('a registry that does not answer is a TplProviderError', async () => {
    const dead = new HttpTplProvider({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(dead.findDocument(hash('x'))).rejects.toBeInstanceOf(TplProviderError);
  });
});
