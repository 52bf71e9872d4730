import type { FastifyRequest } from 'fastify';

/** The absolute URL of the request's path, without its query, as clients see it (PUBLIC_BASE_URL). */
export function absoluteUrl(publicBaseUrl: string, req: FastifyRequest): string {
  return `${publicBaseUrl}${req.url.split('?')[0]}`;
}
