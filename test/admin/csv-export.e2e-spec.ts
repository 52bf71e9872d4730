import { randomBytes, randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../support/test-app';
import { signInEveryRole, StaffSession } from './admin-kit';
import type { StaffRole } from '../../libs/common/src/permissions';

/** `?format=csv` on every admin list: what the filter matches, any size, streamed, as the role sees it. */
describe('admin list export as CSV', () => {
  let app: TestApp;
  let staff: Record<StaffRole, StaffSession>;
  const ROWS = 257; // more than two pages of the list route

  beforeAll(async () => {
    app = await startTestApp();
    staff = await signInEveryRole(app);
    const { id: clientId } = await app.createClient();
    const at = new Date('2026-11-01T10:00:00Z');
    await app.db.prisma.payment.createMany({
      data: Array.from({ length: ROWS }, (_, i) => ({
        id: randomUUID(),
        clientId,
        policyType: 'horse',
        policyId: i + 1,
        amount: i % 2 ? '100.00' : '250.50',
        currency: 'SAR',
        status: i % 2 ? 'expired' : 'paid',
        linkToken: randomBytes(24).toString('base64url'),
        vendorReference: i === 0 ? '=HYPERLINK("http://evil")' : `vp_csv_${String(i).padStart(4, '0')}`,
        expiresAt: at,
        createdAt: new Date(at.getTime() + i * 1000),
        updatedAt: at,
      })),
    });
  });
  afterAll(() => app.close());

  const csvOf = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('streams every matching row in the sort, with a header, over many pages of the list route', async () => {
    const res = await staff.operations.call(
      `/admin/api/payments?format=csv&sort=${encodeURIComponent('["created_at","ASC"]')}&filter=${encodeURIComponent('{"status":"paid"}')}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payments.csv"');
    expect(res.headers.get('content-range')).toBeNull();
    const [header, ...lines] = csvOf(res.text);
    const columns = header.split(',');
    expect(columns).toEqual(expect.arrayContaining(['id', 'amount', 'status', 'vendor_reference']));
    expect(lines).toHaveLength(Math.ceil(ROWS / 2));
    const status = columns.indexOf('status');
    expect(lines.every((l) => l.split(',')[status] === 'paid')).toBe(true);
    // the order of the sort, across pages
    expect(lines[1]).toContain('vp_csv_0002');
    expect(lines.at(-1)).toContain(`vp_csv_${String(ROWS - 1).padStart(4, '0')}`);
    // a value a spreadsheet would run as a formula is written as text
    expect(lines[0]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('answers 422 for a bad filter or format before any download starts, and 403 for a role that may not read the list', async () => {
    const bad = await staff.operations.call(`/admin/api/payments?format=csv&filter=${encodeURIComponent('{"status":"nope"}')}`);
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toMatch(/json/);
    expect((await staff.operations.call('/admin/api/payments?format=xml')).status).toBe(422);
    expect((await staff.claims_handler.call('/admin/api/payments?format=csv')).status).toBe(403);
  });

  it('masks personal data as the list does for the role', async () => {
    await app.db.prisma.apiClientContact.deleteMany();
    const client = await app.createClient();
    await staff.operations.call(`/admin/api/clients/${client.id}`, {
      method: 'PUT',
      json: { contact_name: 'Nora Alqahtani', contact_email: 'nora@shop.example', contact_phone: '0551234567' },
    });
    const full = await staff.operations.call('/admin/api/clients?format=csv');
    expect(full.text).toContain('nora@shop.example');
    const masked = await staff.claims_handler.call('/admin/api/clients?format=csv');
    expect(masked.status).toBe(200);
    expect(masked.text).not.toContain('nora@shop.example');
    expect(masked.text).not.toContain('0551234567');
    expect(masked.text).toContain('n***@shop.example'); // as the clients list shows it to claims handlers
  });
});
