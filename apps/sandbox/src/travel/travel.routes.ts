import type { FastifyInstance } from 'fastify';
import { wireSingleIssueRequestSchema, wireTravelCancelRequestSchema, wireTravelQuoteRequestSchema, TRAVEL_INSURER_CODE } from '@lib/providers';
import { insurerOr404 } from '../insurers/insurer-or-404';
import { behaviourOf, DECLINED_ON_REQUEST, simulateInsurer } from '../insurers/insurer-simulation';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import type { SingleIssuedStore } from '../life/single-issued.store';
import { priceTrip } from './travel-pricing';

const PRODUCT = { en: 'Compass Schengen Travel', ar: 'البوصلة للسفر إلى دول شنغن' };

/** The sandbox travel insurer: prices a trip by age band and length, issues the paid policy, cancels it (both idempotent). */
export function registerTravelRoutes(app: FastifyInstance, ctx: SandboxContext, issued: SingleIssuedStore): void {
  const cancelled = new Map<string, string>();
  const travelInsurer = (code: string) => {
    const insurer = insurerOr404(code);
    if (insurer.code !== TRAVEL_INSURER_CODE) throw new SandboxHttpError(404, 'not_found', `Insurer "${code}" does not sell travel insurance.`);
    return insurer;
  };

  app.post<{ Params: { code: string } }>('/insurers/:code/travel/quotes', async (request, reply) => {
    const insurer = travelInsurer(request.params.code);
    if (
      await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'travel'), reply, ctx.lifecycle, () => ({
        status: 'declined',
        insurer: { code: insurer.code, name_en: insurer.nameEn, name_ar: insurer.nameAr },
        reason: DECLINED_ON_REQUEST,
      }))
    )
      return reply;
    const trip = parseOr422(wireTravelQuoteRequestSchema, request.body);
    const who = { code: insurer.code, name_en: insurer.nameEn, name_ar: insurer.nameAr };
    const priced = priceTrip(trip);
    if (!priced.ok) return { status: 'declined', insurer: who, reason: priced.reason };
    return { status: 'quoted', insurer: who, items: priced.items, admin_fee: priced.adminFee, product_name_en: PRODUCT.en, product_name_ar: PRODUCT.ar };
  });

  app.post<{ Params: { code: string } }>('/insurers/:code/travel/policies', async (request, reply) => {
    const insurer = travelInsurer(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'travel'), reply, ctx.lifecycle)) return reply;
    const input = parseOr422(wireSingleIssueRequestSchema, request.body);
    const result = issued.issueOnce('travel', insurer.code, input, ctx.clock.now());
    return reply.status(result.already_issued ? 200 : 201).send(result);
  });

  app.post<{ Params: { code: string; policyNumber: string } }>('/insurers/:code/travel/policies/:policyNumber/cancellation', async (request, reply) => {
    const insurer = travelInsurer(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'travel'), reply, ctx.lifecycle)) return reply;
    const input = parseOr422(wireTravelCancelRequestSchema, request.body);
    const number = request.params.policyNumber;
    if (!issued.issuedNumber('travel', insurer.code, number)) throw new SandboxHttpError(404, 'not_found', `No travel policy ${number}.`);
    const before = cancelled.get(number);
    if (!before) cancelled.set(number, input.cancelled_on);
    return { policy_number: number, cancelled_on: before ?? input.cancelled_on, already_cancelled: Boolean(before) };
  });
}
