/** Safe inside <script type="application/json">: nothing in it can close the element or start markup. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TITLES = { en: 'Car insurance offers', ar: 'عروض تأمين السيارات' } as const;
const LOADING = { en: 'Loading offers…', ar: 'جارٍ تحميل العروض…' } as const;

export interface PageShell {
  locale: 'en' | 'ar';
  assetVersion: string;
  /** Rendered before the script runs (the expired and refused pages need no script to be read). */
  message?: string;
  data: unknown;
}

/**
 * The page's HTML: a small shell with the session's data inline, so the script renders the offers
 * without another round trip. No third-party code, no inline script (the CSP forbids it).
 */
export function renderPage(p: PageShell): string {
  const dir = p.locale === 'ar' ? 'rtl' : 'ltr';
  const body = p.message ? `<p class="notice" role="status">${escapeHtml(p.message)}</p>` : `<p class="loading" role="status">${LOADING[p.locale]}</p>`;
  return `<!doctype html>
<html lang="${p.locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${TITLES[p.locale]}</title>
<link rel="stylesheet" href="/embed/assets/embed.css?v=${p.assetVersion}">
<script src="/embed/assets/embed.js?v=${p.assetVersion}" defer></script>
</head>
<body>
<main id="app">${body}</main>
<script type="application/json" id="embed-data">${jsonForScript(p.data)}</script>
</body>
</html>
`;
}
