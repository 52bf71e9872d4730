import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { amountString } from '@lib/common';
import { wireHorseQuoteRequestSchema, wireSingleIssueRequestSchema } from '@lib/providers';
import { insurerOr404 } from '../insurers/insurer-or-404';
import { behaviourOf, DECLINED_ON_REQUEST, simulateInsurer } from '../insurers/insurer-simulation';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import type { SingleIssuedStore } from '../life/single-issued.store';

/** The one sandbox horse insurer (a catalogue insurer); its rates are invented. */
export const HORSE_INSURER = 'caravan';
/** Yearly rate in percent of the declared value, by use; older horses load 10 % per year above 12. */
const USE_RATE_PERCENT = { racing: '6.50', breeding: '4.25', show_jumping: '5.50', endurance: '5.00', leisure: '3.25' } as const;
const MAX_VALUE = new Decimal(5_000_000);
const MIN_PREMIUM = new Decimal(750);

export function horsePremium(ageYears: number, use: keyof typeof USE_RATE_PERCENT, value: string) {
  let rate = new Decimal(USE_RATE_PERCENT[use]);
  if (ageYears > 12) rate = rate.times(new Decimal(1).plus(new Decimal('0.10').times(ageYears - 12)));
  const premium = Decimal.max(new Decimal(value).times(rate).dividedBy(100), MIN_PREMIUM);
  return { rate: rate.toFixed(2), premium: amountString(premium) };
}

export function registerHorseRoutes(app: FastifyInstance, ctx: SandboxContext, issued: SingleIssuedStore): void {
  const horseInsurer = (code: string) => {
    const insurer = insurerOr404(code);
    if (insurer.code !== HORSE_INSURER) throw new SandboxHttpError(404, 'not_found', `Insurer "${code}" does not insure horses.`);
    return insurer;
  };

  app.post<{ Params: { code: string } }>('/insurers/:code/horse/quotes', async (request, reply) => {
    const insurer = horseInsurer(request.params.code);
    if (
      await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'horse'), reply, ctx.lifecycle, () => ({
        status: 'declined',
        insurer: { code: insurer.code, name_en: insurer.nameEn, name_ar: insurer.nameAr },
        reason: DECLINED_ON_REQUEST,
      }))
    )
      return reply;
    const risk = parseOr422(wireHorseQuoteRequestSchema, request.body);
    const who = { code: insurer.code, name_en: insurer.nameEn, name_ar: insurer.nameAr };
    if (new Decimal(risk.value).greaterThan(MAX_VALUE))
      return { status: 'declined', insurer: who, reason: `Horses valued above ${MAX_VALUE.toFixed(0)} SAR are not insured.` };
    if (risk.age_years > 20) return { status: 'declined', insurer: who, reason: 'Horses older than 20 years are not insured.' };
    const { rate, premium } = horsePremium(risk.age_years, risk.use, risk.value);
    return { status: 'quoted', insurer: who, rate_percent: rate, net_premium: premium };
  });

  app.post<{ Params: { code: string } }>('/insurers/:code/horse/policies', async (request, reply) => {
    const insurer = horseInsurer(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'horse'), reply, ctx.lifecycle)) return reply;
    const input = parseOr422(wireSingleIssueRequestSchema, request.body);
    const result = issued.issueOnce('horse', insurer.code, input, ctx.clock.now());
    return reply.status(result.already_issued ? 200 : 201).send(result);
  });
}
