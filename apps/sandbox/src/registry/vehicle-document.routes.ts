import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_SCOPE_HEADER, wireIssueDocumentRequestSchema, wireRegisterDocumentRequestSchema, wireRegisteredStaffSchema } from '@lib/providers';
import { registeredStaff } from './company-registry';
import { renderVehicleDocument } from './vehicle-document.pdf';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';

/** Vehicle documents by content hash (looked up by the API, registered through the control route), and the company registry. */
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

  app.get<{ Params: { cr: string } }>('/registry/companies/:cr/employees', async (request) => {
    const scope = request.headers[SANDBOX_SCOPE_HEADER];
    const staff = ctx.companies.find(typeof scope === 'string' ? scope : undefined, request.params.cr) ?? registeredStaff(request.params.cr, ctx.clock.now());
    if (!staff) throw new SandboxHttpError(404, 'not_found', 'The company registry knows no company with this commercial registration number.');
    return staff;
  });

  /** A partner's own company for its tests: the registry answers these employees for this number, to that partner only. */
  app.put<{ Params: { scope: string; cr: string } }>('/__control/scopes/:scope/registry/companies/:cr', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const staff = parseOr422(wireRegisteredStaffSchema, { ...body, commercial_registration_number: request.params.cr });
    return ctx.companies.register(request.params.scope, staff);
  });

  /** Issues a document saying this (a PDF), registered under its hash: what a partner uploads as an istimarah or cancellation document. */
  app.post('/registry/documents/issue', async (request, reply) => {
    const input = parseOr422(wireIssueDocumentRequestSchema, request.body);
    const now = ctx.clock.now();
    const bytes = await renderVehicleDocument(input, `VID-${randomBytes(6).toString('hex').toUpperCase()}`, now);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    ctx.documents.register({ ...input, sha256 }, now);
    return reply.status(201).type('application/pdf').header('x-document-sha256', sha256).send(bytes);
  });
}
