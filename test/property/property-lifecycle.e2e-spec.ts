import { PropertyInsurerIssuance } from '../../apps/api/src/products/property/policies/property-insurer-issuance';
import { signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { jpegPhoto, makePhotoFiles, PhotoFiles } from '../support/photo-files';
import { activateAsPaid, policyBody, propertyRepository, setInsurerFault } from '../support/property-kit';

/** A small, well-formed PDF (header, one object, end marker). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

function form(fields: Record<string, string>, files: Array<[string, Buffer, string]> = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [name, bytes, type] of files) f.append(name, new Blob([new Uint8Array(bytes)], { type }), `${name}.bin`);
  return f;
}

describe('property: activation, cancellation status, documents, cancellation and claims', () => {
  let env: MotorTestEnv;
  let token: string;
  let other: string;
  let photos: PhotoFiles;
  let active: any;
  let pending: any;
  let spare: any;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', PROPERTY_INSURER_TIMEOUT_MS: '5000' } });
    token = (await env.app.partner(['property-multi'])).token;
    other = (await env.app.partner(['property-multi'])).token;
    photos = await makePhotoFiles();
    const issue = async () => (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
    [active, pending, spare] = [await issue(), await issue(), await issue()];
  });
  afterAll(() => env.close());

  const policyUrl = (id: number, rest = '') => `/api/v1/property/policies/${id}${rest}`;
  const upload = (id: number, body: FormData, t = token) => env.app.request(policyUrl(id, '/documents'), { method: 'POST', token: t, body });
  const claim = (id: number, fields: Record<string, string>, files: Array<[string, Buffer, string]> = [], t = token) =>
    env.app.request(policyUrl(id, '/claims'), { method: 'POST', token: t, body: form(fields, files) });

  describe('activation by payment', () => {
    it("a card payment activates the policy once, with the insurer's policy id and document", async () => {
      const { active: row, issued } = await activateAsPaid(env.app, active.id);
      expect(await env.app.db.prisma.payment.count({ where: { policyType: 'property', policyId: active.id, status: 'paid' } })).toBe(1);
      expect(row).toMatchObject({ id: active.id, status: 1, providerPolicyId: issued.providerPolicyId });
      expect(row!.activatedAt).toEqual(env.app.clock.now());
      expect(issued.providerPolicyId).toMatch(/^\d+$/);
      // the insurer answers the same policy for the same reference, so a retried activation is harmless
      const issuance = env.app.api.app.get(PropertyInsurerIssuance, { strict: false });
      expect(await issuance.issue(active.id)).toEqual(issued);
      expect((await issuance.issue(pending.id)).providerPolicyId).not.toBe(issued.providerPolicyId);

      const repo = propertyRepository(env.app);
      const again = await repo.transaction((tx) => repo.activate(tx, active.id, { providerPolicyId: 'OTHER', at: env.app.clock.now() }));
      expect(again).toBeNull();
      expect((await repo.find(active.id))!.providerPolicyId).toBe(issued.providerPolicyId);
      expect(await repo.transaction((tx) => repo.activate(tx, 999_999, { providerPolicyId: 'X', at: env.app.clock.now() }))).toBeNull();
      expect(await repo.transaction((tx) => repo.setDocument(tx, 999_999, { providerPolicy: 'http://x/y.pdf', at: env.app.clock.now() }))).toBeNull();

      const shown = await env.app.request(policyUrl(active.id), { token });
      expect(shown.body).toMatchObject({
        status: 1,
        provider_policy_id: issued.providerPolicyId,
        provider_policy: issued.documentUrl,
        policy_url: issued.documentUrl,
        payment_link: null,
      });
      const pdf = await fetch(issued.documentUrl);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await activateAsPaid(env.app, spare.id);
    });
  });

  describe('GET /policies/{id}/cancellation-status', () => {
    it('asks the insurer live: active while it holds the policy, pending_payment before payment', async () => {
      expect((await env.app.request(policyUrl(active.id, '/cancellation-status'), { token })).body).toEqual({ status: 'active' });
      expect((await env.app.request(policyUrl(pending.id, '/cancellation-status'), { token })).body).toEqual({ status: 'pending_payment' });
    });

    it('is 502 when the insurer fails or does not answer', async () => {
      for (const fault of ['error', 'timeout', 'malformed'] as const) {
        await setInsurerFault(env.sandbox.baseUrl, 'dune', fault);
        try {
          const res = await env.app.request(policyUrl(active.id, '/cancellation-status'), { token });
          expect([fault, res.status, res.body.code]).toEqual([fault, 502, '50201']);
        } finally {
          await setInsurerFault(env.sandbox.baseUrl, 'dune', 'none');
        }
      }
      expect((await env.app.request(policyUrl(active.id, '/cancellation-status'), { token })).body).toEqual({ status: 'active' });
    });
  });

  describe('POST /policies/{id}/documents', () => {
    it('stores home photos and PDFs checked by content, and lists them on the policy', async () => {
      const res = await upload(
        active.id,
        form({ category: 'home' }, [
          ['documents', await jpegPhoto(1), 'image/jpeg'],
          ['documents', PDF, 'image/jpeg'],
        ]),
      );
      expect(res.status).toBe(200);
      expect(res.body.meta_data.documents).toHaveLength(2);
      const [photo, pdf] = res.body.meta_data.documents;
      expect(photo).toMatchObject({ category: 'home', content_type: 'image/jpeg' });
      expect(pdf).toMatchObject({ category: 'home', content_type: 'application/pdf' });
      expect(pdf.url).toMatch(/\.pdf$/);
      expect((await fetch(pdf.url)).status).toBe(401);
      const fetched = await fetch(pdf.url, { headers: { Authorization: `Bearer ${token}` } });
      expect(fetched.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PDF);
      const more = await upload(active.id, form({ category: 'valuables' }, [['document', await jpegPhoto(2), 'image/jpeg']]));
      expect(more.body.meta_data.documents.map((d: any) => d.category)).toEqual(['home', 'home', 'valuables']);
    });

    it('names each refused file, and refuses a missing or unknown category, other parts, and non-multipart bodies', async () => {
      const truncatedPdf = PDF.subarray(0, PDF.length - 8);
      const bad = await upload(
        active.id,
        form({ category: 'surroundings' }, [
          ['documents', photos.text, 'image/jpeg'],
          ['documents', await jpegPhoto(3), 'image/jpeg'],
          ['documents', photos.truncatedJpeg, 'image/jpeg'],
          ['documents', truncatedPdf, 'application/pdf'],
          ['documents', photos.oversizePng, 'image/png'],
        ]),
      );
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details).sort()).toEqual(['documents.0', 'documents.2', 'documents.3', 'documents.4']);
      expect(bad.body.details['documents.4'][0]).toMatch(/3 MB/);
      expect(Object.keys((await upload(active.id, form({ category: 'garage' }, [['documents', PDF, 'application/pdf']]))).body.details)).toEqual(['category']);
      expect(Object.keys((await upload(active.id, form({ category: 'home' }, []))).body.details)).toEqual(['documents']);
      expect(Object.keys((await upload(active.id, form({ category: 'home', extra: 'x' }, [['documents', PDF, 'application/pdf']]))).body.details)).toEqual([
        'extra',
      ]);
      const json = await env.app.request(policyUrl(active.id, '/documents'), { token, json: { category: 'home' } });
      expect(json.status).toBe(415);
      expect((await upload(active.id, form({ category: 'home' }, [['documents', PDF, 'application/pdf']]), other)).status).toBe(404);
      expect((await env.app.request(policyUrl(active.id), { token })).body.meta_data.documents).toHaveLength(3);
    });
  });

  describe('claims', () => {
    let claimId: number;

    it('refuses a claim on an unpaid policy and an incident outside the cover', async () => {
      const fields = { claim_type: 'water_damage', incident_date: '2026-11-21', description: 'Pipe burst.', requested_amount: '4200.00' };
      const unpaid = await claim(pending.id, fields);
      expect(unpaid.status).toBe(422);
      expect(Object.keys(unpaid.body.details)).toContain('policy_id');
      const before = await claim(active.id, fields);
      expect(Object.keys(before.body.details)).toEqual(['incident_date']);
      expect((await claim(active.id, fields, [], other)).status).toBe(404);
    });

    it('starts a claim with documents, lists and shows it to its client only', async () => {
      env.app.clock.set('2027-01-15T08:00:00.000Z');
      const fields = { claim_type: 'water_damage', incident_date: '2027-01-14', description: 'A burst pipe flooded the kitchen.', requested_amount: '4200.50' };
      const bad = await claim(active.id, { ...fields, claim_type: 'meteor', incident_date: '2027-01-16', requested_amount: '-3', description: '' });
      expect(Object.keys(bad.body.details).sort()).toEqual(['claim_type', 'description', 'requested_amount']);
      const future = await claim(active.id, { ...fields, incident_date: '2027-01-16' });
      expect(future.body.details.incident_date[0]).toMatch(/future/);
      const badFile = await claim(active.id, fields, [['documents', photos.garbage, 'image/png']]);
      expect(Object.keys(badFile.body.details)).toEqual(['documents.0']);
      expect(await env.app.db.prisma.claim.count()).toBe(0);

      const res = await claim(active.id, fields, [
        ['documents', await jpegPhoto(4), 'image/jpeg'],
        ['supporting_document', PDF, 'application/pdf'],
      ]);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        policy_id: active.id,
        claim_type: 'water_damage',
        incident_date: '2027-01-14',
        requested_amount: '4200.50',
        approved_amount: null,
        status: 'submitted',
        claim_status: 0,
      });
      expect(res.body.documents.map((d: any) => d.content_type)).toEqual(['image/jpeg', 'application/pdf']);
      expect(res.body.status_history).toEqual([{ status: 'submitted', at: '2027-01-15T08:00:00.000000Z' }]);
      claimId = res.body.id;

      const list = await env.app.request(policyUrl(active.id, '/claims'), { token });
      expect(list.body.data.map((c: any) => c.id)).toEqual([claimId]);
      expect((await env.app.request(policyUrl(active.id, `/claims/${claimId}`), { token })).body).toEqual(res.body);
      expect((await env.app.request(policyUrl(active.id, `/claims/${claimId}`), { token: other })).status).toBe(404);
      expect((await env.app.request(policyUrl(active.id, '/claims'), { token: other })).status).toBe(404);
      expect((await env.app.request(policyUrl(spare.id, `/claims/${claimId}`), { token })).status).toBe(404);
    });

    it('moves through submitted, under review, approved and paid, by the roles allowed, audited', async () => {
      const [handler, ops, manager] = [await signIn(env.app, 'claims_handler'), await signIn(env.app, 'operations'), await signIn(env.app, 'account_manager')];
      const move = (s: typeof handler, body: object) => s.call(`/admin/api/claims/${claimId}/transition`, { json: body });

      expect((await manager.call('/admin/api/claims')).status).toBe(403);
      const inbox = await ops.call('/admin/api/claims?filter={"status":"submitted"}');
      expect(inbox.body.map((c: any) => c.id)).toEqual([claimId]);
      expect(inbox.headers.get('content-range')).toBe('claims 0-0/1');
      // age: opened just now, so not yet a day old; once it was opened three days ago, it is
      const olderThan = (days: unknown) => ops.call(`/admin/api/claims?filter=${encodeURIComponent(JSON.stringify({ older_than_days: days }))}`);
      expect((await olderThan(0)).body.map((c: any) => c.id)).toEqual([claimId]);
      expect((await olderThan(1)).body).toEqual([]);
      const openedAt = (await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: claimId } })).createdAt;
      await env.app.db.prisma.claim.update({ where: { id: claimId }, data: { createdAt: new Date(openedAt.getTime() - 3 * 86_400_000) } });
      expect((await olderThan(1)).body.map((c: any) => c.id)).toEqual([claimId]);
      await env.app.db.prisma.claim.update({ where: { id: claimId }, data: { createdAt: openedAt } });
      expect(Object.keys((await olderThan(1.5)).body.details)).toEqual(['filter.older_than_days']);
      expect((await move(ops, { status: 'under_review' })).status).toBe(403);

      // handlers take claims; operations may not assign, and only claim handlers can be given one
      const assign = (s: typeof handler, staff_id: string | null) => s.call(`/admin/api/claims/${claimId}/assign`, { json: { staff_id } });
      expect((await assign(ops, handler.id)).status).toBe(403);
      expect(Object.keys((await assign(handler, manager.id)).body.details)).toEqual(['staff_id']);
      expect((await assign(handler, handler.id)).body.assignee_staff_id).toBe(handler.id);
      const mine = await handler.call(`/admin/api/claims?filter=${encodeURIComponent(JSON.stringify({ assignee_staff_id: handler.id }))}`);
      expect(mine.body.map((c: any) => c.id)).toEqual([claimId]);
      expect(mine.body[0]).toMatchObject({ assignee_staff_id: handler.id, assignee_name: 'Test claims_handler' });
      expect(await env.app.db.prisma.auditLogEntry.count({ where: { action: 'claims.assign', resourceId: String(claimId) } })).toBe(1);

      expect((await move(handler, { status: 'approved' })).status).toBe(409);
      expect((await move(handler, { status: 'under_review', note: 'Photos look consistent.' })).body.status).toBe('under_review');
      expect((await move(handler, { status: 'approved', approved_amount: '5000' })).status).toBe(422);
      expect((await move(handler, { status: 'rejected' })).body.details).toHaveProperty('note');
      // approving less than asked, paying and moving back each need a reason written down
      expect((await move(handler, { status: 'approved', approved_amount: '3900.25' })).body.details).toHaveProperty('note');
      const approved = await move(handler, { status: 'approved', approved_amount: '3900.25', note: 'Depreciation of the old sofa.' });
      expect(approved.body).toMatchObject({ status: 'approved', claim_status: 2, approved_amount: 3900.25 });
      expect((await move(handler, { status: 'paid' })).body.details).toHaveProperty('note');
      expect((await move(handler, { status: 'under_review' })).body.details).toHaveProperty('note');
      const reopened = await move(handler, { status: 'under_review', note: 'The invoice came in higher.' });
      expect(reopened.body).toMatchObject({ status: 'under_review', approved_amount: null });
      expect((await move(handler, { status: 'approved', approved_amount: '3900.25', note: 'Depreciation stays.' })).body.status).toBe('approved');
      const paid = await move(handler, { status: 'paid', note: 'Transferred to the IBAN on file.' });
      expect(paid.body).toMatchObject({ status: 'paid', claim_status: 4, paid_amount: 3900.25 });
      expect((await move(handler, { status: 'rejected', note: 'too late' })).status).toBe(409);
      expect((await assign(handler, null)).status).toBe(409);
      expect(paid.body.status_history.map((h: any) => [h.from, h.to, h.actor])).toEqual([
        [null, 'submitted', 'client'],
        ['submitted', 'under_review', handler.email],
        ['under_review', 'approved', handler.email],
        ['approved', 'under_review', handler.email],
        ['under_review', 'approved', handler.email],
        ['approved', 'paid', handler.email],
      ]);
      expect(paid.body.status_history[1].note).toBe('Photos look consistent.');

      const audit = await env.app.db.prisma.auditLogEntry.findMany({
        where: { action: 'claims.transition', resourceId: String(claimId) },
        orderBy: { id: 'asc' },
      });
      expect(audit.map((a) => (a.after as any).status)).toEqual(['under_review', 'approved', 'under_review', 'approved', 'paid']);

      const partnerView = await env.app.request(policyUrl(active.id, `/claims/${claimId}`), { token });
      expect(partnerView.body.status_history.map((h: any) => h.status)).toEqual(['submitted', 'under_review', 'approved', 'under_review', 'approved', 'paid']);
      expect(JSON.stringify(partnerView.body)).not.toContain('Photos look consistent');
    });

    it('lets staff open a claim on behalf of a customer, with the same rules', async () => {
      const handler = await signIn(env.app, 'claims_handler');
      const manager = await signIn(env.app, 'account_manager');
      const body = {
        product_family: 'property',
        policy_id: spare.id,
        claim_type: 'theft',
        incident_date: '2027-01-10',
        description: 'Customer called: TV stolen.',
        requested_amount: 3500,
      };
      expect((await manager.call('/admin/api/claims', { json: body })).status).toBe(403);
      expect((await handler.call('/admin/api/claims', { json: { ...body, policy_id: 999_999 } })).status).toBe(404);
      expect(Object.keys((await handler.call('/admin/api/claims', { json: { ...body, claim_type: 'meteor' } })).body.details)).toEqual(['claim_type']);
      const res = await handler.call('/admin/api/claims', { json: body });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'submitted', claim_status: 0, created_by: handler.email, product_family: 'property', policy_id: spare.id });
      expect(await env.app.db.prisma.auditLogEntry.count({ where: { action: 'claims.create', resourceId: String(res.body.id) } })).toBe(1);
      const rejected = await handler.call(`/admin/api/claims/${res.body.id}/transition`, { json: { status: 'rejected', note: 'No police report.' } });
      expect(rejected.body.status).toBe('rejected');
      expect((await handler.call(`/admin/api/claims/${res.body.id}/transition`, { json: { status: 'under_review' } })).status).toBe(409);
    });
  });

  describe('cancellation', () => {
    it('is 502 with nothing changed when the insurer fails', async () => {
      await setInsurerFault(env.sandbox.baseUrl, 'dune', 'error');
      try {
        const res = await env.app.request(policyUrl(spare.id, '/cancellation'), { token, json: {} });
        expect(res.status).toBe(502);
      } finally {
        await setInsurerFault(env.sandbox.baseUrl, 'dune', 'none');
      }
      expect((await env.app.request(policyUrl(spare.id), { token })).body.status).toBe(1);
    });

    it('cancels an active policy with the insurer, refunds pro rata, marks the payment refunded; twice is 400', async () => {
      env.app.clock.set('2027-03-11T10:00:00.000Z'); // 100 days into the 365-day term
      const res = await env.app.request(policyUrl(active.id, '/cancellation'), { token, json: { reason: 'Moved abroad.' } });
      expect(res.status).toBe(200);
      const expected = Math.round((Math.round(active.price * 100) * 265) / 365) / 100;
      expect(res.body).toMatchObject({
        status: 2,
        canceled_at: '2027-03-11T10:00:00.000000Z',
        cancellation: { reason: 'Moved abroad.', refund_amount: expected, unused_days: 265, term_days: 365 },
      });
      const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: active.id } });
      expect(payment.status).toBe('refunded');
      const row = await env.app.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: active.id } });
      expect(row.refundAmount!.toFixed(2)).toBe(expected.toFixed(2));
      expect(row.canceledBy).toBe('client');
      // Show Policy and the list read only the answer's columns in SQL; the cancellation's answer is made from the whole
      // row: the same object, its cancellation included
      expect((await env.app.request(policyUrl(active.id), { token })).body).toEqual(res.body);
      const listed = (await env.app.request('/api/v1/property/policies?per_page=100', { token })).body.data;
      expect(listed.find((p: { id: number }) => p.id === active.id)).toEqual(res.body);

      expect((await env.app.request(policyUrl(active.id, '/cancellation-status'), { token })).body).toEqual({ status: 'cancelled' });
      const twice = await env.app.request(policyUrl(active.id, '/cancellation'), { token, json: {} });
      expect(twice.status).toBe(400);
      expect(twice.body.code).toBe('40010');
      expect((await upload(active.id, form({ category: 'home' }, [['documents', PDF, 'application/pdf']]))).status).toBe(400);
      // the claim window closes with the cancellation
      const late = await claim(active.id, { claim_type: 'fire', incident_date: '2027-03-11', description: 'Kitchen fire.', requested_amount: '100' });
      expect(Object.keys(late.body.details)).toEqual(['incident_date']);
    });

    it('cancels an unpaid policy without refund and kills its payment link; activation then changes nothing', async () => {
      const res = await env.app.request(policyUrl(pending.id, '/cancellation'), { token, json: {} });
      expect(res.body).toMatchObject({ status: 2, payment_link: null, cancellation: { refund_amount: 0 } });
      expect((await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: pending.id } })).status).toBe('cancelled');
      const repo = propertyRepository(env.app);
      expect(await repo.transaction((tx) => repo.activate(tx, pending.id, { providerPolicyId: 'DUNE-HP-0000000001', at: env.app.clock.now() }))).toBeNull();
      expect((await env.app.request(policyUrl(pending.id, '/cancellation-status'), { token })).body).toEqual({ status: 'cancelled' });
      const long = await env.app.request(policyUrl(spare.id, '/cancellation'), { token, json: { reason: 'x'.repeat(501) } });
      expect(Object.keys(long.body.details)).toEqual(['reason']);
    });
  });

  describe('console: property policies', () => {
    it('lists with filters, masks personal data without read_pii, shows documents and payments', async () => {
      const [manager, handler] = [await signIn(env.app, 'account_manager'), await signIn(env.app, 'claims_handler')];
      const list = await manager.call('/admin/api/property-policies?filter={"status":2}');
      expect(list.status).toBe(200);
      expect(list.body.map((p: any) => p.id).sort()).toEqual([active.id, pending.id].sort());
      expect(list.body[0].meta_data.personal_details.name).not.toBe('Sara Ahmed');
      expect(list.body[0].meta_data.iban).toMatch(/\*/);
      const shown = await handler.call(`/admin/api/property-policies/${active.id}`);
      expect(shown.body.meta_data.personal_details.name).toBe('Sara Ahmed');
      expect(shown.body.meta_data.documents).toHaveLength(3);
      expect(shown.body.payments.map((p: any) => p.status)).toEqual(['refunded']);
      expect(shown.body.canceled_by).toBe('client');
      expect((await manager.call('/admin/api/property-policies?filter={"status":9}')).status).toBe(422);
    });

    it('checks the status live and cancels with a reason, by the roles allowed, audited', async () => {
      const [ops, manager] = [await signIn(env.app, 'operations'), await signIn(env.app, 'account_manager')];
      expect((await manager.call(`/admin/api/property-policies/${spare.id}/cancellation-status`)).status).toBe(403);
      expect((await ops.call(`/admin/api/property-policies/${spare.id}/cancellation-status`)).body).toEqual({ status: 'active' });
      expect((await manager.call(`/admin/api/property-policies/${spare.id}/cancel`, { json: { reason: 'Customer asked.' } })).status).toBe(403);
      expect(Object.keys((await ops.call(`/admin/api/property-policies/${spare.id}/cancel`, { json: {} })).body.details)).toEqual(['reason']);
      const res = await ops.call(`/admin/api/property-policies/${spare.id}/cancel`, { json: { reason: 'Customer asked by phone.' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 2, canceled_by: ops.email, cancellation: { reason: 'Customer asked by phone.' } });
      const audit = await env.app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'property-policies.cancel', resourceId: String(spare.id) } });
      expect(audit).toMatchObject({ staffEmail: ops.email, role: 'operations' });
      expect((audit.before as any).status).toBe(1);
      expect((audit.after as any).status).toBe(2);
      expect(JSON.stringify([audit.before, audit.after])).not.toContain('Sara');
      expect((await ops.call(`/admin/api/property-policies/${spare.id}/cancel`, { json: { reason: 'again' } })).status).toBe(400);
      expect(await env.app.db.prisma.auditLogEntry.count({ where: { action: 'property-policies.cancel' } })).toBe(1);
      expect((await ops.call(`/admin/api/property-policies/${spare.id}/cancellation-status`)).body).toEqual({ status: 'cancelled' });

      // the dashboard: three policies, all cancelled; two were paid and keep their premium less the refunds
      const rows = await env.app.db.prisma.propertyPolicy.findMany({ where: { activatedAt: { not: null } } });
      const kept = rows.reduce((c, r) => c + Math.round(Number(r.price) * 100) - Math.round(Number(r.refundAmount) * 100), 0);
      const dashboard = await ops.call('/admin/api/dashboard?days=7');
      expect(dashboard.body.policies_by_status).toMatchObject({ cancelled: 3 });
      expect(Math.round(Number(dashboard.body.premium_volume) * 100)).toBe(kept);
    });
  });
});
