import type { FastifyInstance } from 'fastify';

/** One year, the usual HSTS lifetime; subdomains included (the API's host serves nothing over plain http). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer starts with (a route may still set its own, later):
 * - `X-Content-Type-Options: nosniff`, so no browser reads a JSON answer or an upload as script or HTML;
 * - `Cache-Control: no-store`: partner and admin answers carry personal data and must not sit in a cache
 *   (static assets, signed files and pages that may be cached say so themselves);
 * - `Strict-Transport-Security` when the request came over https through a trusted proxy (TRUST_PROXY=true and
 *   `X-Forwarded-Proto: https`): the service never terminates TLS itself, so it must not send it over plain http.
 */
export function addSecurityHeaders(fastify: FastifyInstance, options: { trustProxy: boolean }): void {
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store');
    if (options.trustProxy && req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
