import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PartnerSite {
  port: number;
  /** The partner page framing `embedUrl`, as seen from `host` (localhost or 127.0.0.1: two different origins). */
  pageUrl(host: string, embedUrl: string): string;
  close(): Promise<void>;
}

/**
 * A partner's checkout page on its own origin: frames the embed URL it is given, keeps every message
 * that comes from the API's origin in `window.received`. The frame fills the phone's screen and scrolls inside.
 */
export async function startPartnerSite(apiOrigin: string): Promise<PartnerSite> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://partner.test');
    if (url.pathname !== '/checkout') {
      res.writeHead(404).end();
      return;
    }
    const src = url.searchParams.get('src') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner checkout</title>
<style>body{margin:0;font-family:sans-serif}header{padding:8px 12px;background:#222;color:#fff}iframe{display:block;width:100%;height:calc(100vh - 36px);border:0}</style></head>
<body><header>Partner shop: car insurance</header>
<iframe id="embed" title="Car insurance offers" src="${src.replace(/"/g, '&quot;')}"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', function (e) {
    if (e.origin !== ${JSON.stringify(apiOrigin)} || !e.data || e.data.source !== 'insurance-embed') return;
    window.received.push(e.data);
  });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    pageUrl: (host, embedUrl) => `http://${host}:${port}/checkout?src=${encodeURIComponent(embedUrl)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
