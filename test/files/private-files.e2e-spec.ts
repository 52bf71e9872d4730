import { can, STAFF_ROLES, type StaffRole } from '../../libs/common/src/permissions';
import { FileStore } from '../../apps/api/src/platform/files/file-store';
import { FileUrlSigner } from '../../apps/api/src/platform/files/file-url-signer';
import { resourceOfKind } from '../../apps/api/src/platform/files/file-kinds';
import { signInEveryRole, type StaffSession } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';

/** Every kind of file the service stores, as its writers name them. */
const KINDS = [
  'policy-invoice/motor',
  'horse-document',
  'vehicle-photo/front',
  'policy-document/motor',
  'property-document/title_deed',
  'claim-document/life',
  'claim-document/medical',
  'tpl/istimarah',
  'tpl/cancellation-document',
  'cancellation-document/horse',
  'cancellation-document/life',
  'travel-passport-copy',
  'travel-policy',
  'travel-invoice',
];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('stored files need authority', () => {
  let env: MotorTestEnv;
  let owner: { id: string; token: string };
  let other: { token: string };
  let staff: Record<StaffRole, StaffSession>;
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', FILE_URL_TTL_SECONDS: '60' } });
    const a = await env.app.partner(['motor-tpl-comparison', 'property-multi']);
    owner = { id: a.id, token: a.token };
    other = { token: (await env.app.partner(['motor-tpl-comparison'])).token };
    staff = await signInEveryRole(env.app);
    const store = env.app.api.app.get(FileStore, { strict: false });
    for (const kind of KINDS) urls[kind] = (await store.save({ clientId: owner.id, kind, contentType: 'application/pdf', bytes: PDF })).url;
  });
  afterAll(() => env.close());

  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });
  const staffUrl = (url: string) => url.replace(`${env.app.url}/files/`, `${env.app.url}/admin/api/files/`);

  it.each(KINDS)('%s: the owner downloads it with private, no-sniff, attachment headers; no token is 401; another client 404', async (kind) => {
    const mine = await get(urls[kind], { Authorization: `Bearer ${owner.token}` });
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PDF)).toBe(true);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-[0-9a-f]{8}\.pdf"$/);

    expect((await get(urls[kind])).status).toBe(401);
    expect((await get(urls[kind], { Authorization: 'Bearer not-a-token' })).status).toBe(401);
    const theirs = await get(urls[kind], { Authorization: `Bearer ${other.token}` });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain('%PDF');
  });

  it.each(KINDS)('%s: staff download it only when their role may read its product in full', async (kind) => {
    const resource = resourceOfKind(kind);
    expect(resource).not.toBeNull();
    for (const role of STAFF_ROLES) {
      const res = await staff[role].call(staffUrl(urls[kind]).slice(env.app.url.length));
      expect({ role, status: res.status }).toEqual({ role, status: can(role, 'read_pii', resource!) ? 200 : 404 });
      if (res.status === 200) expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    // no session at all
    expect((await get(staffUrl(urls[kind]))).status).toBe(401);
  });

  it('a signed URL works without a token until it expires; an altered or expired one is 404', async () => {
    const signer = env.app.api.app.get(FileUrlSigner, { strict: false });
    const url = urls['vehicle-photo/front'];
    const signed = signer.sign(url);
    expect(signed).toMatch(/\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect((await get(signed)).status).toBe(200);
    expect((await get(signed.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`))).status).toBe(404);
    expect((await get(signer.sign(urls['travel-policy']).replace(/^.*\?/, `${url}?`))).status).toBe(404);
    env.app.clock.advance(61_000);
    expect((await get(signed)).status).toBe(404);
  });

  it('a correctly signed URL whose expires runs past FILE_URL_TTL_SECONDS from now is refused', async () => {
    const signer = env.app.api.app.get(FileUrlSigner, { strict: false }) as unknown as { mac(name: string, expires: number): string };
    const url = urls['vehicle-photo/front'];
    const name = url.slice(url.lastIndexOf('/') + 1);
    const nowS = Math.floor(env.app.clock.now().getTime() / 1000);
    const at = (expires: number) => get(`${url}?expires=${expires}&signature=${signer.mac(name, expires)}`);
    expect((await at(nowS + 60)).status).toBe(200);
    const farAhead = await at(nowS + 365 * 86_400);
    expect(farAhead.status).toBe(404);
    expect(await farAhead.text()).not.toContain('%PDF');
    expect((await at(nowS + 60 + 3600)).status).toBe(404);
  });

  it('admin answers point staff at the staff route, which their session opens', async () => {
    const { policyBody } = await import('../support/property-kit');
    const issued = await env.app.request('/api/v1/property/policies', { token: owner.token, json: policyBody() });
    expect(issued.status).toBe(201);
    const form = new FormData();
    form.append('category', 'home');
    form.append('documents', new Blob([PDF], { type: 'application/pdf' }), 'deed.pdf');
    const uploaded = await env.app.request(`/api/v1/property/policies/${issued.body.id}/documents`, { method: 'POST', token: owner.token, body: form });
    expect(uploaded.status).toBe(200);
    const partnerUrl: string = uploaded.body.meta_data.documents[0].url;
    expect(partnerUrl.startsWith(`${env.app.url}/files/`)).toBe(true);

    const shown = await staff.operations.call(`/admin/api/property-policies/${issued.body.id}`);
    const staffDoc: string = shown.body.meta_data.documents[0].url;
    expect(staffDoc).toBe(staffUrl(partnerUrl));
    expect(JSON.stringify(shown.body)).not.toContain(`${env.app.url}/files/`);
    const got = await staff.operations.call(staffDoc.slice(env.app.url.length));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="property-document-home-[0-9a-f]{8}\.pdf"$/);
  });
});
