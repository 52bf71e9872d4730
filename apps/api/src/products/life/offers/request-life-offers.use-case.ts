import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ageOn, amountString, ApiError, Clock, money, parseDate } from '@lib/common';
import { Prisma } from '@lib/db';
import { LIFE_RIDERS, type LifeProvider, type WireLifeQuoteResponse } from '@lib/providers';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { LIFE_PROVIDER } from '../life-products';
import { LIFE_MAX_AGE, LIFE_MIN_AGE, type LifeOfferRequest } from './life-offer.schema';
import { LifeOfferRepository } from './life-offer.repository';
import { presentLifeOffer } from './life-offer.presenter';

/** Asks every life insurer in parallel; an insurer that declines, fails or is slow is left out, the others still answer. */
@Injectable()
export class RequestLifeOffersUseCase {
  private readonly log = new Logger('LifeOffers');

  constructor(
    @Inject(LIFE_PROVIDER) private readonly provider: LifeProvider,
    private readonly offers: LifeOfferRepository,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(clientId: string, input: LifeOfferRequest) {
    const now = this.clock.now();
    const age = ageOn(parseDate(input.date_of_birth)!, now);
    if (age < LIFE_MIN_AGE || age > LIFE_MAX_AGE)
      throw ApiError.field('date_of_birth', `The applicant must be ${LIFE_MIN_AGE} to ${LIFE_MAX_AGE} years old (is ${age}).`);
    const risk = {
      age,
      gender: input.gender,
      smoker: input.smoker,
      term_years: input.policy_term_years,
      premium_frequency: input.premium_frequency,
      ...(input.sum_assured !== undefined ? { sum_assured: input.sum_assured.toFixed(2) } : { monthly_contribution: monthlyBudget(input) }),
      ...(input.riders ? { riders: LIFE_RIDERS.filter((r) => input.riders![r]) } : {}),
    };
    const details = applicantDetails(input);
    const answers = await Promise.allSettled(this.provider.insurerCodes.map((code) => this.provider.quote(code, risk)));
    const quoted: Array<Extract<WireLifeQuoteResponse, { status: 'quoted' }>> = [];
    answers.forEach((a, i) => {
      if (a.status === 'rejected') this.log.warn(`life insurer ${this.provider.insurerCodes[i]} failed: ${(a.reason as Error).message}`);
      else if (a.value.status === 'quoted') quoted.push(a.value);
    });
    if (answers.every((a) => a.status === 'rejected')) throw new ApiError('PROVIDER_FAILED', 'No life insurer answered; try again shortly.');
    const rows = quoted.map((q) => ({
      id: randomUUID(),
      clientId,
      insurerCode: q.insurer.code,
      insurerName: q.insurer.name_en,
      insurerNameAr: q.insurer.name_ar,
      productName: q.offer.product_name,
      providerReference: q.offer.reference,
      applicantId: input.applicant_id,
      dateOfBirth: input.date_of_birth,
      gender: input.gender,
      smoker: input.smoker,
      termYears: input.policy_term_years,
      premiumFrequency: input.premium_frequency,
      sumAssured: q.offer.sum_assured,
      premium: q.offer.premium,
      annualPremium: q.offer.annual_premium,
      benefits: q.offer.benefits,
      ridersIncluded: q.offer.riders_included ?? [...LIFE_STANDARD_RIDERS],
      applicantDetails: details ?? Prisma.DbNull,
      growthRatePercent: q.offer.assumed_growth_rate_percent,
      projectedValues: q.offer.projected_values,
      expiresAt: new Date(q.offer.valid_until),
      createdAt: now,
    }));
    await this.offers.createMany(rows);
    await this.testClocks.attach(null, ...rows.map((r) => ({ type: 'offer' as const, key: r.id })));
    return (await this.offers.findByIds(rows.map((r) => r.id))).sort((a, b) => a.premium.comparedTo(b.premium)).map(presentLifeOffer);
  }
}

/** What a plan includes when no riders are asked for (the insurers' standard: critical illness and disability). */
export const LIFE_STANDARD_RIDERS = ['critical_illness', 'total_permanent_disability'] as const;
const INSTALMENTS = { monthly: 12, quarterly: 4, semi_annual: 2, annual: 1 } as const;

/** The monthly budget: as sent, or the real service's `target_premium` per instalment spread over the months. */
function monthlyBudget(input: LifeOfferRequest): string {
  if (input.monthly_contribution !== undefined) return input.monthly_contribution.toFixed(2);
  return amountString(money(input.target_premium!.toFixed(2)).times(INSTALMENTS[input.premium_frequency]).dividedBy(12));
}

/** The applicant's other answers, kept with the offer and shown on it; null when none was given. */
function applicantDetails(input: LifeOfferRequest): Prisma.InputJsonValue | null {
  const d = {
    height_cm: input.height_cm,
    weight_kg: input.weight_kg,
    occupation_class: input.occupation_class,
    annual_income_sar: input.annual_income_sar,
    distribution_channel: input.distribution_channel,
    extra_fields: input.extra_fields,
  };
  const given = Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined));
  return Object.keys(given).length ? (given as Prisma.InputJsonValue) : null;
}
