import type { FastifyInstance } from 'fastify';
import { wireIssuePolicyRequestSchema } from '@lib/providers';
import { insurerOr404 } from '../insurers/insurer-or-404';
import { behaviourOf, simulateInsurer } from '../insurers/insurer-simulation';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422 } from '../sandbox-http';

/** Issuing a paid policy: the insurer assigns the policy number. Latency and faults apply as for quotes. */
export function registerMotorPolicyRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { code: string } }>('/insurers/:code/motor/policies', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'motor'), reply, ctx.lifecycle)) return reply;
    const input = parseOr422(wireIssuePolicyRequestSchema, request.body);
    const issued = ctx.policies.issueOnce(insurer.code, input, ctx.clock.now());
    return reply.status(issued.already_issued ? 200 : 201).send(issued);
  });
}
