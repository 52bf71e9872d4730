import { deepLinkMatches, normaliseAppLink, normaliseOrigin } from './embed-target.rules';

describe('embed targets: origins and app links', () => {
  it('keeps scheme, host and port of an origin, lower-cased, default port dropped', () => {
    expect(normaliseOrigin('https://Shop.Example.com', true)).toEqual({ ok: true, value: 'https://shop.example.com' });
    expect(normaliseOrigin('https://shop.example.com:443/', true)).toEqual({ ok: true, value: 'https://shop.example.com' });
    expect(normaliseOrigin('https://shop.example.com:8443', true)).toEqual({ ok: true, value: 'https://shop.example.com:8443' });
    expect(normaliseOrigin('http://127.0.0.1:5000', false)).toEqual({ ok: true, value: 'http://127.0.0.1:5000' });
  });

  it('refuses paths, queries, credentials, other schemes, wildcards, and http in production', () => {
    for (const bad of [
      'https://shop.example.com/cart',
      'https://shop.example.com?x=1',
      'https://shop.example.com#a',
      'https://u:p@shop.example.com',
      'ftp://shop.example.com',
      'javascript:alert(1)',
      'shop.example.com',
      'https://*.example.com',
      '',
    ]) {
      expect(normaliseOrigin(bad, false)).toMatchObject({ ok: false });
    }
    expect(normaliseOrigin('http://shop.example.com', true)).toEqual({ ok: false, problem: 'must use https' });
  });

  it('takes app links with a custom scheme or https, and matches deep links under them only', () => {
    expect(normaliseAppLink('AcmeApp://Insurance/', false)).toEqual({ ok: true, value: 'acmeapp://insurance' });
    expect(normaliseAppLink('javascript://x', false)).toMatchObject({ ok: false });
    expect(normaliseAppLink('acmeapp://insurance?x=1', false)).toMatchObject({ ok: false });
    expect(normaliseAppLink('http://acme.example/app', true)).toMatchObject({ ok: false });
    expect(deepLinkMatches('acmeapp://insurance/done?x=1', 'acmeapp://insurance')).toBe(true);
    expect(deepLinkMatches('acmeapp://insurance', 'acmeapp://insurance')).toBe(true);
    expect(deepLinkMatches('acmeapp://insurance-evil/done', 'acmeapp://insurance')).toBe(false);
    expect(deepLinkMatches('otherapp://insurance/done', 'acmeapp://insurance')).toBe(false);
  });
});
