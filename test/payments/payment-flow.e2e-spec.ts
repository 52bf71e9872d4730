import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, issueMotorPolicy, motorQuote, payWithCard } from './payment-kit';
import { signIn } from '../admin/admin-kit';

/** Polls until `check` answers something truthy (the document is produced just after activation). */
async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('hosted payment page, card vendor and activation', () => {
  let env: MotorTestEnv;
  let token: string;
  let quote: any;
  const used = new Set<string>();
  const issue = (extra: Record<string, unknown> = {}) => issueMotorPolicy(env, token, quote, used, extra);
  const show = (id: number) => env.app.request(`/api/v1/car-comp/policies/${id}`, { token });

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0' } });
    token = (await env.app.partner(['motor-tpl-comparison'])).token;
    quote = await motorQuote(env, token);
  });
  afterAll(() => env.close());

  it('shows what is paid for, in English and Arabic, without branding and with a strict CSP', async () => {
    const { policy, offer } = await issue();
    const en = await browse(policy.payment_link);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toContain('text/html');
    const csp = en.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`form-action 'self' ${env.sandbox.baseUrl}`);
    expect(en.text).toContain('<html lang="en" dir="ltr">');
    expect(en.text).toContain(offer.company_name);
    const price = offer.prices[0];
    const fmt = (n: number) => n.toLocaleString('en-GB', { minimumFractionDigits: 2 });
    expect(en.text).toContain(`data-testid="subtotal"><bdi>${fmt(price.subtotal)} SAR`);
    expect(en.text).toContain(`data-testid="vat"><bdi>${fmt(price.vat)} SAR`);
    expect(en.text).toContain(`data-testid="total"><bdi>${fmt(policy.price)} SAR`);
    expect(en.text).toContain('VAT (15%)');
    expect(en.text).not.toMatch(/<script/i);

    const ar = await browse(policy.payment_link, { headers: { 'Accept-Language': 'ar-SA,ar;q=0.9' } });
    expect(ar.text).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain(offer.company_name_ar);
    expect(ar.text).toContain('ضريبة القيمة المضافة');
    expect((await browse(`${policy.payment_link}?lang=en`, { headers: { 'Accept-Language': 'ar' } })).text).toContain('dir="ltr"');

    expect((await browse(`${env.app.url}/pay/not-a-real-token-at-all-xxxxxxxx`)).status).toBe(404);
  });

  it('takes a successful card payment: activates once, redirects with the policy id, and stores the policy PDF', async () => {
    const { policy, offer } = await issue({ redirect_url: 'https://shop.example/thanks?policy=policyID&src=ins' });
    const hops = await payWithCard(policy.payment_link, CARDS.success);
    expect(new URL(hops.checkout.location!).origin).toBe(env.sandbox.baseUrl);
    expect(hops.form.status).toBe(200);
    expect(hops.form.text).toContain('name="card_number"');
    expect(hops.submitted.status).toBe(303);
    expect(hops.submitted.location).toBe(`${policy.payment_link}/return?vendor_payment_id=${hops.vendorPaymentId}`);

    const back = await browse(hops.submitted.location!);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`https://shop.example/thanks?policy=${policy.id}&src=ins`);

    const shown = (await show(policy.id)).body;
    expect(shown).toMatchObject({ status: 1, payment_link: null, price: null });
    expect(shown.provider_policy_id).toMatch(/^\d+$/);
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyId: policy.id } });
    expect(payment).toMatchObject({ status: 'paid', vendorReference: hops.vendorPaymentId });
    expect(payment.paidAt).not.toBeNull();

    // the page now says paid; coming back again redirects again, without a second activation
    expect((await browse(policy.payment_link)).text).toContain('Payment received');
    expect((await browse(hops.submitted.location!)).location).toBe(`https://shop.example/thanks?policy=${policy.id}&src=ins`);

    const withDoc = await eventually(async () => {
      const p = (await show(policy.id)).body;
      return p.provider_policy ? p : null;
    });
    expect(withDoc.provider_policy).toMatch(new RegExp(`^${env.app.url}/files/[0-9a-f-]{36}\\.pdf$`));
    const pdf = await fetch(withDoc.provider_policy, { headers: { Authorization: `Bearer ${token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Kept under test-output/ so a person can look at the rendered page (English and Arabic shaping).
    const dir = join(__dirname, '../../test-output/payments');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'policy.pdf'), bytes);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'policy.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(withDoc.provider_policy_id);
    expect(text).toContain(`motor-policy-${policy.id}`);
    expect(text).toContain('123456789');
    expect(text).toContain(`SAR ${Number(policy.price).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(text).toContain('Motor Insurance Policy Schedule');
    // Arabic comes back in reading order, word for word: the words were shaped and placed right to left
    expect(text).toContain('جدول وثيقة تأمين المركبات');
    expect(text).toContain('رقم الوثيقة');
    expect(text).toContain(offer.company_name_ar);
    execFileSync('pdftoppm', ['-r', '80', '-png', '-singlefile', '-f', '1', '-l', '1', join(dir, 'policy.pdf'), join(dir, 'policy-page')]);
    const png = readFileSync(join(dir, 'policy-page.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(20_000);

    // the invoice is a tax invoice adding up to the price, and staff see both documents on the console's policy
    const invoice = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(await (await fetch(withDoc.invoice_url, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer()),
      encoding: 'utf8',
    });
    expect(invoice).toContain('Tax Invoice');
    expect(invoice).toMatch(/INV-[A-Z]+-\d{8}/);
    expect(invoice).toContain(Number(policy.price).toFixed(2));
    const ops = await signIn(env.app, 'operations');
    const staffView = (await ops.call(`/admin/api/motor-policies/${policy.id}`)).body;
    expect(staffView).toMatchObject({ start_date: withDoc.start_date, end_date: withDoc.end_date });
    for (const url of [staffView.provider_policy, staffView.invoice_url]) {
      expect(url).toMatch(new RegExp(`^${env.app.url}/admin/api/files/[0-9a-f-]{36}\\.pdf$`));
      expect((await ops.call(url.slice(env.app.url.length))).status).toBe(200);
    }
  });
});
