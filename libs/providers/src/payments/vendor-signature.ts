import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const VENDOR_SIGNATURE_HEADER = 'x-vendor-signature';

export function signVendorBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

/**
 * Checks the signature over the exact raw body and that its timestamp is within `toleranceSeconds`
 * of `nowSeconds`: a captured callback cannot be replayed later, nor a body altered.
 */
export function verifyVendorSignature(secret: string, body: string, header: string | undefined, nowSeconds: number, toleranceSeconds: number): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!/^\d{1,12}$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp: t };
}
