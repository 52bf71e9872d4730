import type { FastifyInstance } from 'fastify';
import { z } from '@lib/common';
import { FAULT_MODES, INSURER_FAMILIES } from '../insurers/insurer-behaviour.store';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';

const behaviourPatchSchema = z
  .strictObject({
    latency_ms: z.number().int().min(0).max(600_000).optional(),
    fault: z.enum(FAULT_MODES).optional(),
  })
  .refine((p) => p.latency_ms !== undefined || p.fault !== undefined, { message: 'Give latency_ms, fault or both.' });

/** Test and demo controls. No auth: this is a simulator and must never be deployed as anything else. */
export function registerControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/__control/insurers', async () => ({ insurers: ctx.behaviours.all() }));

  app.put<{ Params: { code: string } }>('/__control/insurers/:code', async (request) => {
    const patch = parseOr422(behaviourPatchSchema, request.body);
    const next = ctx.behaviours.patch(request.params.code, patch);
    if (!next) throw new SandboxHttpError(404, 'not_found', `Insurer "${request.params.code}" not found.`);
    return { code: request.params.code, ...next };
  });

  // One scope's own settings (the API's sandbox tools put the calling client's id here).
  const scopedPatchSchema = z
    .strictObject({
      family: z.enum(INSURER_FAMILIES).nullish(),
      latency_ms: z.number().int().min(0).max(600_000).optional(),
      fault: z.enum(FAULT_MODES).optional(),
    })
    .refine((p) => p.latency_ms !== undefined || p.fault !== undefined, { message: 'Give latency_ms, fault or both.' });

  app.get<{ Params: { scope: string } }>('/__control/scopes/:scope', async (request) => ({
    scope: request.params.scope,
    insurers: ctx.behaviours.scopeSettings(request.params.scope),
  }));

  app.put<{ Params: { scope: string; code: string } }>('/__control/scopes/:scope/insurers/:code', async (request) => {
    const { family, ...patch } = parseOr422(scopedPatchSchema, request.body);
    const next = ctx.behaviours.patchScoped(request.params.scope, request.params.code, family ?? null, patch);
    if (!next) throw new SandboxHttpError(404, 'not_found', `Insurer "${request.params.code}" not found.`);
    return { scope: request.params.scope, insurers: ctx.behaviours.scopeSettings(request.params.scope) };
  });

  app.delete<{ Params: { scope: string } }>('/__control/scopes/:scope', async (request) => {
    ctx.behaviours.clearScope(request.params.scope);
    return { scope: request.params.scope, insurers: {} };
  });

  /** Back to the start-up latencies and faults, with no registered vehicles, photos or property cancellations. */
  app.post('/__control/reset', async () => {
    ctx.behaviours.reset();
    ctx.registry.clear();
    ctx.documents.clear();
    ctx.tplPolicies.clear();
    ctx.photos.clear();
    ctx.policies.clear();
    ctx.vendor.payments.clear();
    ctx.vendor.refundFault = false;
    ctx.vendor.callbacks.mode = 'auto';
    ctx.propertyCancellations.clear();
    return { insurers: ctx.behaviours.all() };
  });
}
