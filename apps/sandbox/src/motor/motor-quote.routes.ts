import type { FastifyInstance } from 'fastify';
import { wireQuoteRequestSchema, type WireQuoteRequest } from '@lib/providers';
import { insurerOr404 } from '../insurers/insurer-or-404';
import { behaviourOf, DECLINED_ON_REQUEST, simulateInsurer } from '../insurers/insurer-simulation';
import { vehicleCodeErrors } from '../registry/vehicle-codes';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import { presentQuote } from './motor-offer.presenter';
import { priceMotorRisk } from './motor-pricing';

/** Rules the schema cannot see: catalogue codes and a model year no later than the year after the start. */
function checkRisk(r: WireQuoteRequest): void {
  const v = r.vehicle;
  const errors =
    v.maker_code !== undefined && v.model_code !== undefined && v.body_type_code !== undefined
      ? vehicleCodeErrors({ maker_code: v.maker_code, model_code: v.model_code, body_type_code: v.body_type_code }, 'vehicle.')
      : {};
  if (v.model_year > Number(r.start_date.slice(0, 4)) + 1)
    errors['vehicle.model_year'] = ['The model year may not be later than the year after the start date.'];
  if (Object.keys(errors).length > 0) throw SandboxHttpError.validation(errors);
}

function settle<T>(work: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    return { ok: false, error };
  }
}

export function registerMotorQuoteRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { code: string } }>('/insurers/:code/motor/quotes', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    // Priced on arrival and answered when the insurer's latency is up, as a real insurer's clock runs.
    const answer = settle(() => {
      const risk = parseOr422(wireQuoteRequestSchema, request.body);
      checkRisk(risk);
      return JSON.stringify(presentQuote(priceMotorRisk(insurer, risk), { insurer, request: risk, now: ctx.clock.now(), baseUrl: ctx.baseUrl(request) }));
    });
    if (
      await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'motor'), reply, ctx.lifecycle, () => ({
        status: 'declined',
        insurer: insurer.code,
        reason_code: 'declined_on_request',
        reason: DECLINED_ON_REQUEST,
      }))
    )
      return reply;
    if (!answer.ok) throw answer.error;
    return reply.type('application/json; charset=utf-8').send(answer.value);
  });
}
