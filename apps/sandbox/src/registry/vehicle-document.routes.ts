import type { FastifyInstance } from 'fastify';
import { wireRegisterDocumentRequestSchema } from '@lib/providers';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';

/** Vehicle documents by content hash: looked up by the API, registered through the control route. */
export function registerVehicleDocumentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { sha256: string } }>('/registry/documents/:sha256', async (request) => {
    const doc = ctx.documents.find(request.params.sha256.toLowerCase());
    if (!doc) throw new SandboxHttpError(404, 'not_found', 'No vehicle document with this content is registered.');
    return doc;
  });

  app.post('/__control/registry/documents', async (request, reply) => {
    const input = parseOr422(wireRegisterDocumentRequestSchema, request.body);
    return reply.status(201).send(ctx.documents.register(input, ctx.clock.now()));
  });
}
