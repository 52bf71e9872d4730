import { jsonForScript, renderPage } from './embed-page.html';
import { originsOf, pageHeaders } from './embed-page.headers';

describe('the embed page shell', () => {
  it('inlines data that cannot close its script element or start markup', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>', amp: 'a&b', sep: '\u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', amp: 'a&b', sep: '\u2028' });
    const html = renderPage({ locale: 'ar', assetVersion: 'v1', data: { x: '</script>' }, message: '<b>expired</b>' });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('&lt;b&gt;expired&lt;/b&gt;');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('lets exactly the registered origin frame the page, or nobody', () => {
    const web = pageHeaders('https://shop.example.com', ['https://cdn.example.com']);
    expect(web['Content-Security-Policy']).toContain('frame-ancestors https://shop.example.com;');
    expect(web['Content-Security-Policy']).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    expect(web['X-Frame-Options']).toBeUndefined();
    const app = pageHeaders(null, []);
    expect(app['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(app['X-Frame-Options']).toBe('DENY');
    expect(originsOf(['https://a.example.com/logo.png', 'javascript:alert(1)', 'nonsense', 'https://a.example.com/b.png'])).toEqual(['https://a.example.com']);
  });
});
