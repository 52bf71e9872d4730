/** The page's security headers: framed only by the session's registered origin, nothing loaded from elsewhere but logos. */
export function pageHeaders(frameAncestor: string | null, imageOrigins: string[]): Record<string, string> {
  const ancestors = frameAncestor ?? "'none'";
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `img-src 'self' data: blob:${imageOrigins.length ? ' ' + imageOrigins.join(' ') : ''}`,
      "connect-src 'self'",
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
    ...(frameAncestor ? {} : { 'X-Frame-Options': 'DENY' }),
    // the token in the URL must never reach another site through a Referer
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
}

/** Origins (scheme, host, port) of absolute http(s) URLs, for img-src. */
export function originsOf(urls: string[]): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    try {
      const url = new URL(u);
      if (url.protocol === 'https:' || url.protocol === 'http:') out.add(url.origin);
    } catch {
      /* not a URL: nothing to allow */
    }
  }
  return [...out];
}
