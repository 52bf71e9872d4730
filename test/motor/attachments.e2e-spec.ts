import { http } from '../sandbox/sandbox-test-kit';
import { MotorTestEnv, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { makePhotoFiles, PHOTO_PARTS, PhotoFiles, photoForm } from '../support/photo-files';
import { VehiclePhotoRepository } from '../../apps/api/src/products/motor/photos/vehicle-photo.repository';

const errorShape = { type: 'about:blank', title: expect.any(String), status: expect.any(Number), code: expect.any(String), message: expect.any(String) };

describe('POST /api/v1/car-comp/quote-requests/{id}/attachments', () => {
  let env: MotorTestEnv;
  let token: string;
  let clientId: string;
  let secret: string;
  let otp: string;
  let photos: PhotoFiles;
  let insurerCodes: Map<string, string>;
  let nextSequence = 310000001;

  beforeAll(async () => {
    photos = await makePhotoFiles();
    env = await startMotorEnv();
    const p = await env.app.partner(['motor-comprehensive-comparison']);
    token = p.token;
    clientId = p.id;
    secret = p.secret;
    otp = await quoteOtp(env.app, token);
    const insurers = await http('GET', `${env.sandbox.baseUrl}/insurers`);
    insurerCodes = new Map(insurers.body.insurers.map((i: any) => [i.name_en, i.code]));
  });
  afterAll(() => env.close());

  /** A quote request of its own vehicle (insurers keep one photo set per vehicle), and a comprehensive and a TPL price of it. */
  async function quoteRequest(sequence = String(nextSequence++), who = token) {
    const res = await env.app.request('/api/v1/car-comp/quote-requests', { token: who, json: quoteBody(otp, { car_sequence_number: sequence }) });
    if (res.status !== 201) throw new Error(`quote request answered ${res.status}: ${res.text}`);
    const comp = res.body.quotes.find((q: any) => q.type === 'Comprehensive');
    const tpl = res.body.quotes.find((q: any) => q.type === 'TPL');
    return {
      id: res.body.id as number,
      body: res.body,
      comp,
      tpl,
      compPriceId: comp.prices[0].quote_price_id as string,
      tplPriceId: tpl.prices[0].quote_price_id as string,
      sequence,
    };
  }

  const upload = (id: number, form: FormData, opts: { token?: string; headers?: Record<string, string> } = {}) =>
    env.app.request(`/api/v1/car-comp/quote-requests/${id}/attachments`, { method: 'POST', token: opts.token ?? token, body: form, headers: opts.headers });

  const storedFiles = () => env.app.db.prisma.storedFile.count({ where: { clientId } });
  const photosRegistered = (id: number) => env.app.api.app.get(VehiclePhotoRepository).photosRegistered(id);

  it('checks, stores and registers the five photos: public URLs serve them with the right type; the quote request shows them', async () => {
    const qr = await quoteRequest();
    const files = await photos.set(1);
    expect(await photosRegistered(qr.id)).toBe(false);
    env.app.clock.advance(60_000);

    const res = await upload(qr.id, photoForm(qr.compPriceId, files));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['already_registered', 'attachments']);
    expect(res.body.already_registered).toBe(false);
    expect(Object.keys(res.body.attachments).sort()).toEqual([...PHOTO_PARTS].sort());
    for (const part of PHOTO_PARTS) {
      const url: string = res.body.attachments[part];
      expect(url).toMatch(new RegExp(`^${env.app.url}/files/[0-9a-f-]{36}\\.(jpg|png)$`));
      // private: the insurer downloaded them through signed URLs; the partner reads them with its token
      expect((await fetch(url)).status).toBe(401);
      const got = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(part === 'back' || part === 'left' ? 'image/png' : 'image/jpeg');
      expect(url.endsWith(part === 'back' || part === 'left' ? '.png' : '.jpg')).toBe(true);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await got.arrayBuffer()).equals(files[part])).toBe(true);
    }

    const shown = await env.app.request(`/api/v1/car-comp/quote-requests/${qr.id}`, { token });
    expect(shown.body.attachments).toEqual(res.body.attachments);
    expect(shown.body.updated_at).not.toBe(qr.body.updated_at);
    expect(await photosRegistered(qr.id)).toBe(true);
    const registration = await env.app.db.prisma.motorPhotoRegistration.findFirst({ where: { quoteRequestId: qr.id } });
    expect(registration).toMatchObject({ offerId: qr.comp.quote_reference_id, priceId: qr.compPriceId, alreadyRegistered: false });
  });

  it('a second set for the same vehicle: 200 already_registered with the first photos, which stay unchanged; the new files are not kept', async () => {
    const first = await quoteRequest();
    const firstFiles = await photos.set(2);
    const one = await upload(first.id, photoForm(first.compPriceId, firstFiles));
    expect(one.status).toBe(200);
    const filesAfterFirst = await storedFiles();

    const second = await quoteRequest(first.sequence);
    const sameInsurer = second.body.quotes.find(
      (q: any) => q.type === 'Comprehensive' && q.company_name === first.comp.company_name && q.fix_type === first.comp.fix_type,
    );
    const two = await upload(second.id, photoForm(sameInsurer.prices[0].quote_price_id, await photos.set(3)));
    expect(two.status).toBe(200);
    expect(two.body).toEqual({ attachments: one.body.attachments, already_registered: true });
    expect(await storedFiles()).toBe(filesAfterFirst);
    for (const part of PHOTO_PARTS) {
      const got = await fetch(one.body.attachments[part], { headers: { Authorization: `Bearer ${token}` } });
      expect(Buffer.from(await got.arrayBuffer()).equals(firstFiles[part])).toBe(true);
    }
    const shown = await env.app.request(`/api/v1/car-comp/quote-requests/${second.id}`, { token });
    expect(shown.body.attachments).toEqual(one.body.attachments);
    expect(await photosRegistered(second.id)).toBe(true);
  });

  it('fewer than five files: 422 naming each missing part', async () => {
    const qr = await quoteRequest();
    const { front, back, right } = await photos.set(4);
    const res = await upload(qr.id, photoForm(qr.compPriceId, { front, back, right }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ...errorShape, code: '42201', status: 422, message: 'The left field is required. (and 1 more error)' });
    expect(res.body.details).toEqual({ left: ['The left field is required.'], chassis: ['The chassis field is required.'] });
    const noPrice = await upload(qr.id, photoForm(undefined, await photos.set(4)));
    expect(noPrice.body.details).toEqual({ quote_price_id: ['The quote price id field is required.'] });
  });

  it('unknown parts and a photo sent as text: 422 naming them', async () => {
    const qr = await quoteRequest();
    const { front, back, right, left, chassis } = await photos.set(5);
    const res = await upload(qr.id, photoForm(qr.compPriceId, { front, back, right, left, chassis, roof: front }, { colour: 'red' }));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ roof: ['The roof field is not allowed.'], colour: ['The colour field is not allowed.'] });
    const asText = await upload(qr.id, photoForm(qr.compPriceId, { front, back, right, left }, { chassis: 'VIN123' }));
    expect(asText.body.details).toEqual({ chassis: ['The chassis field must be a file.'] });
  });

  it('more file parts than the route takes (8): 413 naming what to send, nothing stored', async () => {
    const qr = await quoteRequest();
    const set = await photos.set(5);
    const before = await storedFiles();
    const res = await upload(qr.id, photoForm(qr.compPriceId, { ...set, extra1: set.front, extra2: set.front, extra3: set.front, extra4: set.front }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      ...errorShape,
      status: 413,
      message: `The upload has too many parts: send quote_price_id and the five files ${PHOTO_PARTS.join(', ')} (at most 8 files and 4 fields).`,
    });
    expect(await storedFiles()).toBe(before);
    expect(await photosRegistered(qr.id)).toBe(false);
  });

  it('a text file named .jpg with an image/jpeg type: 422 on that part, judged by content, nothing stored', async () => {
    const qr = await quoteRequest();
    const before = await storedFiles();
    const res = await upload(qr.id, photoForm(qr.compPriceId, { ...(await photos.set(6)), back: photos.text, right: photos.garbage }));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ back: ['The back photo must be a JPEG or PNG image.'], right: ['The right photo must be a JPEG or PNG image.'] });
    expect(await storedFiles()).toBe(before);
  });

  it('a truncated JPEG: 422 on that part, nothing stored', async () => {
    const qr = await quoteRequest();
    const before = await storedFiles();
    const res = await upload(qr.id, photoForm(qr.compPriceId, { ...(await photos.set(7)), chassis: photos.truncatedJpeg }));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ chassis: ['The chassis photo is damaged or truncated and cannot be decoded.'] });
    expect(await storedFiles()).toBe(before);
  });

  it('a genuine photo above 3 MB: 422 naming the part; a much larger one is cut off while streaming', async () => {
    const qr = await quoteRequest();
    const before = await storedFiles();
    const res = await upload(qr.id, photoForm(qr.compPriceId, { ...(await photos.set(8)), left: photos.oversizePng }));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ left: ['The left photo must not be larger than 3 MB.'] });
    const huge = await upload(qr.id, photoForm(qr.compPriceId, { ...(await photos.set(8)), front: Buffer.alloc(40 * 1024 * 1024, 0xff) }));
    expect(huge.status).toBe(422);
    expect(huge.body.details).toEqual({ front: ['The front photo must not be larger than 3 MB.'] });
    expect(await storedFiles()).toBe(before);
  });

  it('a price of a TPL offer: 422 on quote_price_id', async () => {
    const qr = await quoteRequest();
    const res = await upload(qr.id, photoForm(qr.tplPriceId, await photos.set(9)));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ quote_price_id: ['Vehicle photos are for comprehensive cover only; this price belongs to a TPL offer.'] });
    expect(await photosRegistered(qr.id)).toBe(false);
  });

  it('a price of another quote request, or not a UUID: 422 on quote_price_id', async () => {
    const qr = await quoteRequest();
    const other = await quoteRequest();
    const res = await upload(qr.id, photoForm(other.compPriceId, await photos.set(10)));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ quote_price_id: ['The selected quote price id is not a price of this quote request.'] });
    const bad = await upload(qr.id, photoForm('not-a-uuid', await photos.set(10)));
    expect(bad.body.details).toEqual({ quote_price_id: ['The quote price id must be a valid UUID.'] });
  });

  it("another client's quote request, a deleted one, and no token: 404, 404, 401", async () => {
    const qr = await quoteRequest();
    const other = await env.app.partner(['motor-comprehensive-comparison']);
    const res = await upload(qr.id, photoForm(qr.compPriceId, await photos.set(11)), { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ...errorShape, code: '40401', status: 404 });

    expect((await env.app.request(`/api/v1/car-comp/quote-requests/${qr.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await upload(qr.id, photoForm(qr.compPriceId, await photos.set(11)))).status).toBe(404);

    const anonymous = await env.app.request(`/api/v1/car-comp/quote-requests/${qr.id}/attachments`, {
      method: 'POST',
      body: photoForm(qr.compPriceId, await photos.set(11)),
    });
    expect(anonymous.status).toBe(401);
  });

  it('a JSON body: 415 saying multipart/form-data is expected (and JSON routes refuse multipart)', async () => {
    const qr = await quoteRequest();
    const res = await env.app.request(`/api/v1/car-comp/quote-requests/${qr.id}/attachments`, { token, json: { quote_price_id: qr.compPriceId } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ ...errorShape, code: '41501', status: 415 });
    expect(res.body.message).toContain('multipart/form-data');
    // and the other way round: JSON routes keep refusing multipart bodies
    const other = await env.app.request('/api/v1/car-comp/quote-otp', { token, body: photoForm(undefined, {}, { owner_id: '1012345678' }) });
    expect(other.status).toBe(415);
    expect(other.body).toMatchObject({ ...errorShape, code: '41501', status: 415 });
  });

  it('the insurer fails (fault "error"): 502, nothing stored, no attachments', async () => {
    const qr = await quoteRequest();
    const code = insurerCodes.get(qr.comp.company_name)!;
    const before = await storedFiles();
    await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/${code}`, { fault: 'error' });
    try {
      const res = await upload(qr.id, photoForm(qr.compPriceId, await photos.set(12)));
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ ...errorShape, code: '50201', status: 502 });
    } finally {
      await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/${code}`, { fault: 'none' });
    }
    expect(await storedFiles()).toBe(before);
    expect((await env.app.request(`/api/v1/car-comp/quote-requests/${qr.id}`, { token })).body.attachments).toBeNull();
    expect(await photosRegistered(qr.id)).toBe(false);
  });

  it('Idempotency-Key: the same files replay the answer; other files under the same key are refused', async () => {
    const qr = await quoteRequest();
    const files = await photos.set(13);
    const headers = { 'Idempotency-Key': `photos-${qr.id}` };
    const first = await upload(qr.id, photoForm(qr.compPriceId, files), { headers });
    expect(first.status).toBe(200);
    const again = await upload(qr.id, photoForm(qr.compPriceId, files), { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const otherFiles = await upload(qr.id, photoForm(qr.compPriceId, { ...files, front: (await photos.set(14)).front }), { headers });
    expect(otherFiles.status).toBe(422);
    expect(otherFiles.body.code).toBe('42202');
  });

  it('is documented: the multipart body with its six parts, the answers, and the public Files route', async () => {
    const doc = (await env.app.request('/openapi.json')).body;
    const op = doc.paths['/api/v1/car-comp/quote-requests/{id}/attachments'].post;
    const schema = op.requestBody.content['multipart/form-data'].schema;
    expect(schema.required.sort()).toEqual(['quote_price_id', ...PHOTO_PARTS].sort());
    for (const part of PHOTO_PARTS) expect(schema.properties[part]).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '422', '502']));
    const answer = doc.components.schemas[op.responses['200'].content['application/json'].schema.$ref.split('/').pop()];
    expect(answer.properties.attachments.required.sort()).toEqual([...PHOTO_PARTS].sort());
    const files = doc.paths['/files/{name}'].get;
    expect(files.tags).toEqual(['Files']);
    expect(files.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(files.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });

  it('unknown file ids: 404 in the error shape', async () => {
    for (const name of ['0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.jpg', 'not-a-file.png', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await env.app.request(`/files/${name}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ ...errorShape, code: '40401', status: 404 });
    }
  });

  // Last: it moves the shared clock past every offer's validity.
  it('an expired offer: 422 on quote_price_id', async () => {
    const qr = await quoteRequest();
    env.app.clock.advance(8 * 24 * 3_600_000);
    const fresh = await env.app.token({ id: clientId, secret }); // tokens last a day
    const res = await upload(qr.id, photoForm(qr.compPriceId, await photos.set(15)), { token: fresh });
    expect(res.status).toBe(422);
    expect(res.body.details.quote_price_id[0]).toMatch(/^The offer of this price expired at .*; request quotes again\.$/);
  });
});
