import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { projectRoot } from '@lib/db';
import { sendError } from '@lib/http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Browser hardening for the console's and the portal's pages: no framing, no sniffing, scripts and styles only from here. */
const PAGE_HEADERS = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

export function consoleDistDir(): string {
  return join(projectRoot(), 'apps', 'admin', 'dist');
}

export function portalDistDir(): string {
  return join(projectRoot(), 'apps', 'portal', 'dist');
}

/** The console at /admin (apps/admin/dist). */
export function serveConsole(fastify: FastifyInstance, dist = consoleDistDir()): void {
  serveBuiltApp(fastify, { prefix: '/admin', dist, build: 'npm run build:admin' });
}

/** The partners' portal at /portal (apps/portal/dist), built and served the console's way. */
export function servePortal(fastify: FastifyInstance, dist = portalDistDir()): void {
  serveBuiltApp(fastify, { prefix: '/portal', dist, build: 'npm run build:portal' });
}

/**
 * Serves a built single-page app at `prefix`: files as they are (hashed assets cached for a year), and
 * index.html for every other path so the app's client-side routes load on refresh. `<prefix>/api/*` never
 * falls back: an unknown API path is the usual JSON 404.
 */
function serveBuiltApp(fastify: FastifyInstance, app: { prefix: string; dist: string; build: string }): void {
  const { prefix, dist } = app;
  const strip = new RegExp(`^${prefix}/?`);
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(req.url.split('?')[0]).replace(strip, '');
    if (path === 'api' || path.startsWith('api/')) return sendError(reply, new ApiError('ROUTE_NOT_FOUND'));
    const index = join(dist, 'index.html');
    if (!existsSync(index)) {
      return reply.status(503).type('text/plain; charset=utf-8').send(`This page is not built. Run \`${app.build}\` (npm start builds it), then reload.`);
    }
    const file = normalize(join(dist, path));
    if (path && file.startsWith(dist + sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('assets/');
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(createReadStream(file));
    }
    if (extname(path)) return sendError(reply, new ApiError('ROUTE_NOT_FOUND'));
    reply.headers({ ...PAGE_HEADERS, 'Cache-Control': 'no-cache' });
    return reply.type(TYPES['.html']).send(createReadStream(index));
  };
  // `<prefix>` itself redirects to `<prefix>/` in a hook rather than a route of its own, so the API's routes stay
  // one flat `<prefix>/...` branch of the route tree.
  fastify.addHook('onRequest', async (req, reply) => {
    const [path, query] = req.url.split('?');
    if (path === prefix && (req.method === 'GET' || req.method === 'HEAD')) return reply.redirect(`${prefix}/${query ? `?${query}` : ''}`, 308);
  });
  fastify.get(`${prefix}/*`, handler);
}
