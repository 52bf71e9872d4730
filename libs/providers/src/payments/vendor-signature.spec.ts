import { signVendorBody, verifyVendorSignature } from './vendor-signature';

const SECRET = 's'.repeat(40);

describe('vendor callback signatures', () => {
  const body = '{"event_id":"e1","status":"paid"}';
  const now = 1_800_000_000;

  it('accepts the signature of the exact body within the tolerance', () => {
    expect(verifyVendorSignature(SECRET, body, signVendorBody(SECRET, body, now - 299), now, 300)).toEqual({ ok: true, timestamp: now - 299 });
  });

  it('refuses another body, another secret, an old or missing signature', () => {
    const header = signVendorBody(SECRET, body, now);
    expect(verifyVendorSignature(SECRET, body.replace('paid', 'failed'), header, now, 300)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyVendorSignature('x'.repeat(40), body, header, now, 300)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyVendorSignature(SECRET, body, signVendorBody(SECRET, body, now - 301), now, 300)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyVendorSignature(SECRET, body, undefined, now, 300)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyVendorSignature(SECRET, body, 't=abc,v1=zz', now, 300)).toEqual({ ok: false, reason: 'malformed' });
  });
});
