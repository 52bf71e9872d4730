import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ageOn, ApiError, Clock, parseDate } from '@lib/common';
import type { LifeProvider, WireLifeQuoteResponse } from '@lib/providers';
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
  ) {}

  async execute(clientId: string, input: LifeOfferRequest) {
    const now = this.clock.now();
    const age = ageOn(parseDate(input.date_of_birth)!, now);
    if (age < LIFE_MIN_AGE || age > LIFE_MAX_AGE) throw ApiError.field('date_of_birth', `The applicant must be ${LIFE_MIN_AGE} to ${LIFE_MAX_AGE} years old (is ${age}).`);
    const risk = {
      age,
      gender: input.gender,
      smoker: input.smoker,
      term_years: input.policy_term_years,
      premium_frequency: input.premium_frequency,
      ...(input.sum_assured !== undefined ? { sum_assured: input.sum_assured.toFixed(2) } : { monthly_contribution: input.monthly_contribution!.toFixed(2) }),
    };
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
      growthRatePercent: q.offer.assumed_growth_rate_percent,
      projectedValues: q.offer.projected_values,
      expiresAt: new Date(q.offer.valid_until),
      createdAt: now,
    }));
    await this.offers.createMany(rows);
    return (await this.offers.findByIds(rows.map((r) => r.id))).sort((a, b) => a.premium.comparedTo(b.premium)).map(presentLifeOffer);
  }
}
