import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { SANDBOX_SELLER_VAT_NUMBERS } from '@lib/config';
import { TaxInvoiceRepository } from '../../apps/api/src/payments/tax-invoices/tax-invoice.repository';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { activateAsPaid, policyBody } from '../support/property-kit';
import { eventually as lifeEventually, offerBody, payLink, policyBody as lifePolicyBody } from '../life/life-kit';
import { paidMedicalPolicy } from '../medical/medical-kit';
import { CARDS, issueMotorPolicy, motorQuote, payWithCard } from './payment-kit';

const dir = join(__dirname, '../../test-output/tax-invoices');

/** Polls until `check` answers something truthy (documents are produced just after activation). */
async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  for (const until = Date.now() + ms; ;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What a phone scanning the printed invoice reads: page 1 rendered by poppler, the QR found and decoded by jsQR. */
async function scanQr(pdf: Buffer, name: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.pdf`), pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', '-f', '1', '-l', '1', join(dir, `${name}.pdf`), join(dir, name)]);
  const { data, info } = await sharp(readFileSync(join(dir, `${name}.png`)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error(`no QR code found on ${name}.png`);
  return code.data;
}

/** ZATCA's TLV read independently of the service's encoder: tag byte, length byte, that many UTF-8 bytes. */
function tlv(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const out: Record<number, string> = {};
  for (let i = 0; i < bytes.length; i += 2 + bytes[i + 1]) out[bytes[i]] = bytes.subarray(i + 2, i + 2 + bytes[i + 1]).toString('utf8');
  return out;
}

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });

describe('simplified tax invoices (ZATCA): QR code, seller VAT number, gapless numbers per seller', () => {
  let env: MotorTestEnv;
  let token: string;
  let other: string;
  const used = new Set<string>();

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0', PROPERTY_INSURER_TIMEOUT_MS: '5000' } });
    token = (await env.app.partner(['motor-tpl-comparison', 'property-multi'])).token;
    other = (await env.app.partner(['property-multi'])).token;
  });
  afterAll(() => env.close());

  it("a paid motor policy's invoice carries the seller, its VAT number, the time, the total and the VAT in its QR code", async () => {
    const quote = await motorQuote(env, token);
    const { policy, offer } = await issueMotorPolicy(env, token, quote, used);
    const hops = await payWithCard(policy.payment_link, CARDS.success);
    expect(hops.submitted.status).toBe(303);
    const shown = await eventually(async () => {
      const p = (await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token })).body;
      return p.invoice_url ? p : null;
    });
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'motor', policyId: policy.id } });
    const row = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: policy.id } });
    expect(payment.status).toBe('paid');

    const pdf = Buffer.from(await (await fetch(shown.invoice_url, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer());
    const fields = tlv(await scanQr(pdf, 'motor'));
    const vatNumber = SANDBOX_SELLER_VAT_NUMBERS[row.insurerCode];
    expect(vatNumber).toMatch(/^3\d{13}3$/);
    expect(fields).toEqual({
      1: offer.company_name_ar,
      2: vatNumber,
      3: payment.paidAt!.toISOString(),
      4: Number(payment.amount.toString()).toFixed(2),
      5: Number(offer.prices[0].vat).toFixed(2),
    });
    expect(payment.amount.toString()).toBe(String(policy.price));

    // the printed invoice says the same: number, seller, VAT number, date and time, VAT and total
    const invoice = await env.app.db.prisma.taxInvoice.findFirstOrThrow({ where: { paymentId: payment.id } });
    expect(invoice).toMatchObject({ sellerCode: row.insurerCode, vatNumber, policyType: 'motor', policyId: policy.id });
    expect(invoice.issuedAt).toEqual(payment.paidAt);
    expect(invoice.number).toBe(`INV-${row.insurerCode.toUpperCase()}-${String(invoice.sequence).padStart(8, '0')}`);
    const text = pdfText(pdf);
    for (const s of ['Simplified Tax Invoice', invoice.number, offer.company_name, vatNumber, payment.paidAt!.toISOString(), fields[4], fields[5]]) {
      expect(text).toContain(s);
    }
  }, 120_000);

  it('numbers the invoices of one seller consecutively, also when payments arrive together, and a rolled-back number is given again', async () => {
    const issue = async () => (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
    const [a, b, c] = [await issue(), await issue(), await issue()];
    await activateAsPaid(env.app, a.id);
    await Promise.all([activateAsPaid(env.app, b.id), activateAsPaid(env.app, c.id)]);
    const invoices = await env.app.db.prisma.taxInvoice.findMany({
      where: { policyType: 'property', policyId: { in: [a.id, b.id, c.id] } },
      orderBy: { sequence: 'asc' },
    });
    expect(invoices.map((i) => i.sellerCode)).toEqual(['dune', 'dune', 'dune']);
    const first = invoices[0].sequence;
    expect(invoices.map((i) => i.sequence)).toEqual([first, first + 1, first + 2]);
    expect(invoices[0].policyId).toBe(a.id);
    // every dune number so far, from 1, without a gap (the TPL and motor sandbox insurers share none of them)
    const dune = await env.app.db.prisma.taxInvoice.findMany({ where: { sellerCode: 'dune' }, orderBy: { sequence: 'asc' }, select: { sequence: true } });
    expect(dune.map((d) => d.sequence)).toEqual(dune.map((_, i) => i + 1));

    // a number taken in a transaction that rolls back is given to the next one
    const repo = env.app.api.app.get(TaxInvoiceRepository, { strict: false });
    await expect(
      env.app.db.prisma.$transaction(async (tx) => {
        expect(await repo.nextNumber(tx, 'dune')).toBe(first + 3);
        throw new Error('activation failed');
      }),
    ).rejects.toThrow('activation failed');
    expect(await env.app.db.prisma.$transaction((tx) => repo.nextNumber(tx, 'dune'))).toBe(first + 3);
    await env.app.db.prisma.$executeRaw`UPDATE "tax_invoice_counters" SET "last_number" = "last_number" - 1 WHERE "seller_code" = 'dune'`;
  }, 120_000);

  it('gives a paid property policy its invoice on request, the same every time, to its own client only', async () => {
    const policy = (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
    const url = `/api/v1/property/policies/${policy.id}/tax-invoice`;
    expect((await env.app.request(url, { token })).status).toBe(404);
    await activateAsPaid(env.app, policy.id);
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: policy.id } });
    const fetchPdf = async () => {
      const res = await fetch(`${env.app.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return Buffer.from(await res.arrayBuffer());
    };
    const [once, twice] = [await fetchPdf(), await fetchPdf()];
    const invoice = await env.app.db.prisma.taxInvoice.findFirstOrThrow({ where: { paymentId: payment.id } });
    expect(pdfText(once)).toContain(invoice.number);
    expect(pdfText(twice)).toContain(invoice.number);
    expect(tlv(await scanQr(once, 'property'))).toEqual({
      1: 'الكثبان للتأمين التعاوني',
      2: SANDBOX_SELLER_VAT_NUMBERS.dune,
      3: payment.paidAt!.toISOString(),
      4: Number(policy.price).toFixed(2),
      5: invoice.vat.toFixed(2),
    });
    expect(Number(invoice.vat)).toBeGreaterThan(0);
    const other404 = await env.app.request(url, { token: other });
    expect(other404.status).toBe(404);
    expect(other404.body.message).toContain('No tax invoice');
  }, 120_000);
  describe('horse, life and medical', () => {
    let t: string;
    beforeAll(async () => {
      t = (await env.app.partner(['horse', 'life-snp', 'sme-medical'])).token;
    });
    const pdfOf = async (path: string) => {
      const res = await fetch(`${env.app.url}${path}`, { headers: { Authorization: `Bearer ${t}` } });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };

    it('a paid horse policy: 15 % VAT, from the horse insurer', async () => {
      const horse = (
        await env.app.request('/api/v1/horse/policies', {
          token: t,
          json: {
            horse: {
              name: 'Desert Wind',
              breed: 'Arabian',
              date_of_birth: '2019-03-01',
              sex: 'male',
              use: 'racing',
              microchip_number: '682000000012345',
              value: 250000,
            },
            owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
            declaration: true,
          },
        })
      ).body;
      expect((await env.app.request(`/api/v1/horse/policies/${horse.id}/tax-invoice`, { token: t })).status).toBe(404);
      await payLink(horse.payment_link);
      await lifeEventually(async () => (await env.app.request(`/api/v1/horse/policies/${horse.id}`, { token: t })).body.status === 1);
      const horsePaid = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'horse', policyId: horse.id } });
      expect(tlv(await scanQr(await pdfOf(`/api/v1/horse/policies/${horse.id}/tax-invoice`), 'horse'))).toEqual({
        1: 'درع القافلة للتأمين',
        2: SANDBOX_SELLER_VAT_NUMBERS.caravan,
        3: horsePaid.paidAt!.toISOString(),
        4: '18687.50',
        5: '2437.50',
      });
    }, 120_000);

    it('a paid life policy: VAT-exempt, VAT 0', async () => {
      const offer = (await env.app.request('/api/v1/life-snp/offers', { token: t, json: offerBody() })).body[0];
      const life = (await env.app.request('/api/v1/life-snp/policies', { token: t, json: lifePolicyBody(offer.offer_id) })).body;
      await payLink(life.payment_link);
      const lifePaid = await lifeEventually(() => env.app.db.prisma.payment.findFirst({ where: { policyType: 'life', policyId: life.id, status: 'paid' } }));
      const lifeRow = await env.app.db.prisma.lifePolicy.findUniqueOrThrow({ where: { id: life.id } });
      // life premiums are VAT-exempt: VAT 0 on an invoice for the whole first instalment
      expect(tlv(await scanQr(await pdfOf(`/api/v1/life-snp/policies/${life.id}/tax-invoice`), 'life'))).toEqual({
        1: offer.insurer_ar,
        2: SANDBOX_SELLER_VAT_NUMBERS[lifeRow.insurerCode],
        3: lifePaid.paidAt!.toISOString(),
        4: Number(lifePaid.amount).toFixed(2),
        5: '0.00',
      });
    }, 120_000);

    it("a paid medical policy: the invoice of its company's payment from its insurer, to its own client only", async () => {
      const { policy: medical, company } = await paidMedicalPolicy(env.app, t, '7000000099');
      const medicalPaid = await lifeEventually(() =>
        env.app.db.prisma.payment.findFirst({ where: { policyType: 'medical', policyId: company.id, status: 'paid' } }),
      );
      const medicalRow = await env.app.db.prisma.medicalPolicy.findUniqueOrThrow({ where: { id: medical.id } });
      const medicalQr = tlv(await scanQr(await pdfOf(`/api/v1/medical/policies/${medical.id}/tax-invoice`), 'medical'));
      expect(medicalQr).toMatchObject({
        2: SANDBOX_SELLER_VAT_NUMBERS[medicalRow.insuranceProvider],
        3: medicalPaid.paidAt!.toISOString(),
        4: Number(medicalRow.price).toFixed(2),
        5: Number(medicalRow.vat).toFixed(2),
      });
      expect(medicalQr[1]).toMatch(/[\u0600-\u06FF]/);
      // another medical client: not found, never its invoice
      const stranger = (await env.app.partner(['sme-medical'])).token;
      expect((await env.app.request(`/api/v1/medical/policies/${medical.id}/tax-invoice`, { token: stranger })).status).toBe(404);
    }, 120_000);
  });
});
