import '@fastify/multipart';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

const ACCEPTS_MULTIPART = 'acceptsMultipart';

/** Marks a route that reads a multipart/form-data body itself; every other route keeps refusing one with 415. */
export const AcceptsMultipart = () => RouteConfig({ [ACCEPTS_MULTIPART]: true });

/**
 * @fastify/multipart accepts multipart/form-data on every route (it only reads the body when asked); a JSON
 * route would then see no body and answer a puzzling 422. Such requests are 415 unless the route opted in.
 */
export function refuseUnexpectedMultipart(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (req) => {
    const config = req.routeOptions?.config as unknown as Record<string, unknown> | undefined;
    if (req.isMultipart() && !config?.[ACCEPTS_MULTIPART]) {
      throw Object.assign(new Error('This endpoint does not take multipart/form-data.'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
    }
  });
}
