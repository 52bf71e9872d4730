import { http, startSandbox, type RunningSandbox } from './sandbox-test-kit';
import { makePhotoFixtures, startPhotoServer, type PhotoServer } from './photo-fixtures';

const PARTS = ['front', 'back', 'right', 'left', 'chassis'] as const;

describe('sandbox vehicle photo check', () => {
  let sandbox: RunningSandbox;
  let photos: PhotoServer;

  beforeAll(async () => {
    const fixtures = await makePhotoFixtures();
    expect(fixtures.oversizePng.length).toBeGreaterThan(3 * 1024 * 1024);
    photos = await startPhotoServer(fixtures);
    sandbox = await startSandbox({ photoDownloadTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await sandbox.close();
    await photos.close();
  });

  /** Five good photos, with the given parts swapped for other files. */
  const set = (over: Partial<Record<(typeof PARTS)[number], string>> = {}) =>
    Object.fromEntries(PARTS.map((p, i) => [p, photos.url(over[p] ?? (i % 2 === 0 ? 'good.jpg' : 'good.png'))]));
  const submit = (vehicle: Record<string, string>, photoSet: Record<string, string>, insurer = 'dune') =>
    http('POST', `${sandbox.baseUrl}/insurers/${insurer}/motor/photos`, { vehicle, photos: photoSet });

  it('accepts five readable JPEG and PNG photos', async () => {
    const res = await submit({ sequence_number: '100000001' }, set());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'registered', photos: set() });
  });

  it('keeps the first set: a later set answers already_registered and replaces nothing', async () => {
    const vehicle = { custom_number: '5550001' };
    const first = set();
    expect((await submit(vehicle, first)).body.status).toBe('registered');
    const second = set({ front: 'good.png', back: 'good.jpg' });
    const res = await submit(vehicle, second);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'already_registered', photos: first });
  });

  it('keeps sets per insurer', async () => {
    const vehicle = { sequence_number: '100000002' };
    expect((await submit(vehicle, set(), 'dune')).body.status).toBe('registered');
    expect((await submit(vehicle, set(), 'palm')).body.status).toBe('registered');
  });

  it.each([
    ['garbage bytes', 'garbage.jpg', /not a readable JPEG or PNG/],
    ['a truncated JPEG', 'truncated.jpg', /damaged or truncated/],
    ['a truncated PNG', 'truncated.png', /damaged or truncated/],
    ['another image format', 'photo.webp', /only JPEG or PNG/],
    ['an oversize PNG', 'huge.png', /larger than 3 MB/],
    ['an oversize PNG without a declared length', 'chunked/huge.png', /larger than 3 MB/],
    ['a missing file', 'missing.jpg', /HTTP 404/],
  ])('refuses %s with 422 naming the part', async (_, file, reason) => {
    const vehicle = { sequence_number: '100000003' };
    const res = await submit(vehicle, set({ left: file }));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('photos_rejected');
    expect(Object.keys(res.body.errors)).toEqual(['photos.left']);
    expect(res.body.errors['photos.left'][0]).toMatch(/^The left photo /);
    expect(res.body.errors['photos.left'][0]).toMatch(reason);
  });

  it('tells apart a truncated image from garbage', async () => {
    const res = await submit({ sequence_number: '100000004' }, set({ front: 'truncated.jpg', chassis: 'garbage.jpg' }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['photos.chassis', 'photos.front']);
    expect(res.body.errors['photos.front'][0]).toMatch(/damaged or truncated/);
    expect(res.body.errors['photos.chassis'][0]).toMatch(/not a readable/);
  });

  it('keeps nothing from a refused set', async () => {
    const vehicle = { sequence_number: '100000005' };
    expect((await submit(vehicle, set({ back: 'garbage.jpg' }))).status).toBe(422);
    expect((await submit(vehicle, set())).body.status).toBe('registered');
  });

  it('refuses a set with a part missing or a vehicle given twice', async () => {
    const partial = set();
    delete partial.chassis;
    const missing = await submit({ sequence_number: '100000006' }, partial);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty(['photos.chassis']);
    const both = await submit({ sequence_number: '100000006', custom_number: '1234567' }, set());
    expect(both.status).toBe(422);
  });
});
