import { createHmac } from 'node:crypto';
import { newSigningSecret, sign, verify } from './webhook-signature';
import { retryDelayMs, verdictOf } from './retry-policy';

describe('webhook signatures (Standard Webhooks)', () => {
  it('signs "id.timestamp.body" with the base64-decoded secret, as the documented recipe recomputes it', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = '{"policy":{"id":1}}';
    const header = sign(secret, 'msg_1', 1700000000, body);
    const recipe = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`msg_1.1700000000.${body}`)
      .digest('base64');
    expect(header).toBe(`v1,${recipe}`);
  });

  it('verifies, and refuses another body, id, secret or a stale timestamp; accepts any of several signatures', () => {
    const secret = newSigningSecret();
    const body = '{"policy":{"id":1}}';
    const sig = sign(secret, 'msg_1', 1700000000, body);
    const h = { id: 'msg_1', timestamp: '1700000000', signature: sig };
    expect(verify(secret, h, body, 1700000010)).toBe(true);
    expect(verify(secret, h, body.replace('1', '2'), 1700000010)).toBe(false);
    expect(verify(secret, { ...h, id: 'msg_2' }, body, 1700000010)).toBe(false);
    expect(verify(newSigningSecret(), h, body, 1700000010)).toBe(false);
    expect(verify(secret, h, body, 1700000000 + 301)).toBe(false);
    expect(verify(secret, { ...h, signature: `v1,AAAA ${sig}` }, body, 1700000010)).toBe(true);
  });
});

describe('retry policy', () => {
  it('grows four-fold from the base with ±20 % jitter, capped at six hours', () => {
    expect(retryDelayMs(1, 60_000, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(2, 60_000, () => 0.5)).toBe(240_000);
    expect(retryDelayMs(3, 60_000, () => 0)).toBe(Math.round(960_000 * 0.8));
    expect(retryDelayMs(3, 60_000, () => 0.999999)).toBeLessThanOrEqual(960_000 * 1.2);
    expect(retryDelayMs(12, 60_000, () => 0.5)).toBe(6 * 3600_000);
  });

  it('accepts 2xx, gives up on 4xx except 408 and 429, retries the rest', () => {
    expect([200, 204, 299].map(verdictOf)).toEqual(['delivered', 'delivered', 'delivered']);
    expect([400, 401, 404, 410].map(verdictOf)).toEqual(['final', 'final', 'final', 'final']);
    expect([408, 429, 500, 503, 301, null].map(verdictOf)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry', 'retry']);
  });
});
