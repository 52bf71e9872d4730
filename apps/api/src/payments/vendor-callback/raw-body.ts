import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const RAW_BODY = Symbol('rawBody');
const LIMIT = 64 * 1024;

/**
 * Keeps the exact bytes of request bodies on `path` (the vendor signs them, and re-serialised JSON
 * would not match), then hands the same bytes on to the normal JSON parsing.
 */
export function captureRawBody(fastify: FastifyInstance, path: string): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (request.url.split('?')[0] !== path) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > LIMIT) throw Object.assign(new Error('The request body is too large.'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
      chunks.push(chunk as Buffer);
    }
    const raw = Buffer.concat(chunks);
    (request as FastifyRequest & { [RAW_BODY]?: Buffer })[RAW_BODY] = raw;
    return Readable.from([raw]);
  });
}

export function rawBodyOf(request: FastifyRequest): string | undefined {
  return (request as FastifyRequest & { [RAW_BODY]?: Buffer })[RAW_BODY]?.toString('utf8');
}
