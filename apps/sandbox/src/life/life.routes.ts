import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { wireLifeQuoteRequestSchema, wireSingleIssueRequestSchema } from '@lib/providers';
import { insurerOr404 } from '../insurers/insurer-or-404';
import { behaviourOf, DECLINED_ON_REQUEST, simulateInsurer } from '../insurers/insurer-simulation';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import { findLifePlan } from './life-products.data';
import { priceLifePlan } from './life-pricing';
import type { SingleIssuedStore } from './single-issued.store';

function lifePlanOr404(code: string) {
  const insurer = insurerOr404(code);
  const plan = findLifePlan(insurer.code);
  if (!plan) throw new SandboxHttpError(404, 'not_found', `Insurer "${code}" sells no life plan.`);
  return { insurer, plan };
}

/** Life savings and protection quotes and issuance; latency and faults as configured for the insurer. */
export function registerLifeRoutes(app: FastifyInstance, ctx: SandboxContext, issued: SingleIssuedStore): void {
  app.post<{ Params: { code: string } }>('/insurers/:code/life/quotes', async (request, reply) => {
    const { insurer, plan } = lifePlanOr404(request.params.code);
    if (
      await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'life'), reply, ctx.lifecycle, () => ({
        status: 'declined',
        insurer: { code: insurer.code, name_en: insurer.nameEn, name_ar: insurer.nameAr },
        reason: DECLINED_ON_REQUEST,
      }))
    )
      return reply;
    const risk = parseOr422(wireLifeQuoteRequestSchema, request.body);
    if (!risk.sum_assured === !risk.monthly_contribution)
      throw SandboxHttpError.validation({ sum_assured: ['Send sum_assured or monthly_contribution, not both.'] });
    const who = { code: insurer.code, name_en: insurer.nameEn, name_ar: insurer.nameAr };
    const priced = priceLifePlan(plan, risk, ctx.clock.now());
    if (!priced.ok) return { status: 'declined', insurer: who, reason: priced.reason };
    return { status: 'quoted', insurer: who, offer: { reference: randomUUID(), ...priced.offer } };
  });

  app.post<{ Params: { code: string } }>('/insurers/:code/life/policies', async (request, reply) => {
    const { insurer } = lifePlanOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'life'), reply, ctx.lifecycle)) return reply;
    const input = parseOr422(wireSingleIssueRequestSchema, request.body);
    const result = issued.issueOnce('life', insurer.code, input, ctx.clock.now());
    return reply.status(result.already_issued ? 200 : 201).send(result);
  });
}
