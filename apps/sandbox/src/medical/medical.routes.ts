import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { MEDICAL_TIERS, wireMedicalIssueRequestSchema, wireMedicalQuoteRequestSchema, type WireMedicalIssued } from '@lib/providers';
import { behaviourOf, simulateInsurer } from '../insurers/insurer-simulation';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import { findMedicalInsurer, MEDICAL_INSURERS, medicalInsurerNames } from './medical-catalogue.data';
import { priceMember } from './medical-pricing';

const QUOTE_VALID_DAYS = 30;

function insurerOr404(code: string) {
  const insurer = findMedicalInsurer(code);
  if (!insurer) throw new SandboxHttpError(404, 'not_found', `Insurer "${code}" sells no medical cover.`);
  return insurer;
}

/** Medical insurers: their packages, quotes for a list of members, and issuance once paid (idempotent by reference). */
export function registerMedicalRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const issued = new Map<string, WireMedicalIssued>();

  app.get('/medical/insurers', async () => ({
    insurers: MEDICAL_INSURERS.map((i) => {
      const names = medicalInsurerNames(i.code);
      return {
        code: i.code,
        name_en: names.en,
        name_ar: names.ar,
        packages: MEDICAL_TIERS.map((t) => ({
          category: t,
          name: i.packages[t].name,
          name_ar: i.packages[t].nameAr,
          price: i.packages[t].price,
          annual_limit: i.packages[t].annualLimit,
          network: i.packages[t].network,
        })),
      };
    }),
  }));

  app.post<{ Params: { code: string } }>('/insurers/:code/medical/quotes', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'medical'), reply, ctx.lifecycle)) return reply;
    const body = parseOr422(wireMedicalQuoteRequestSchema, request.body);
    const members = body.members.map((m) => ({ reference: m.reference, price: priceMember(insurer, m) }));
    const now = ctx.clock.now();
    const digest = createHash('sha256')
      .update(`${insurer.code}:${JSON.stringify(body)}:${now.toISOString()}`)
      .digest('hex')
      .slice(0, 16);
    return {
      quote_reference: `${insurer.code.toUpperCase()}-MQ-${digest}`,
      currency: 'SAR',
      members,
      subtotal: Decimal.sum(...members.map((m) => m.price)).toFixed(2),
      valid_until: new Date(now.getTime() + QUOTE_VALID_DAYS * 86_400_000).toISOString(),
    };
  });

  app.post<{ Params: { code: string } }>('/insurers/:code/medical/policies', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'medical'), reply, ctx.lifecycle)) return reply;
    const body = parseOr422(wireMedicalIssueRequestSchema, request.body);
    const key = `${insurer.code}:${body.reference}`;
    const earlier = issued.get(key);
    if (earlier) return { ...earlier, already_issued: true };
    const now = ctx.clock.now();
    const start = new Date(now.getTime() + 86_400_000);
    const end = new Date(start.getTime() + 364 * 86_400_000);
    const policy: WireMedicalIssued = {
      policy_number: ctx.policyNumbers.next(),
      issued_at: now.toISOString(),
      start_date: start.toISOString().slice(0, 10),
      end_date: end.toISOString().slice(0, 10),
      already_issued: false,
    };
    issued.set(key, policy);
    return policy;
  });
}
