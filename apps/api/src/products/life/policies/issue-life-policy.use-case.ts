import { Inject, Injectable } from '@nestjs/common';
import { amountString, ApiError, Clock, formatDate, money, type ErrorDetails } from '@lib/common';
import type { LifeOffer } from '@lib/db/generated/prisma/client';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import { PaymentRepository } from '../../../payments/payment.repository';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import { PAYMENT_LINK_PERIODS_MS } from '../../../payments/payment-link-periods';
import { LifeOfferRepository } from '../offers/life-offer.repository';
import type { IssueLifePolicyInput } from './issue-life-policy.schema';
import { LifePolicyRepository } from './life-policy.repository';
import { presentLifePolicy, shownLifePolicy } from './life-policy.presenter';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { PolicyStatus } from '../../../policies/policy-status';

/** Issues a pending life policy from an unexpired offer of the same client, with its first-instalment payment, in one transaction. */
@Injectable()
export class IssueLifePolicyUseCase {
  constructor(
    private readonly offers: LifeOfferRepository,
    private readonly policies: LifePolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly events: PolicyEvents,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(clientId: string, input: IssueLifePolicyInput) {
    const offer = await this.offers.findForClient(clientId, input.offer_id);
    if (!offer) throw ApiError.field('offer_id', 'No offer with this offer id.');
    await this.testClocks.adopt({ type: 'offer', key: offer.id });
    const now = this.clock.now();
    if (offer.expiresAt <= now) throw ApiError.field('offer_id', 'The offer has expired; request new offers.');
    if (offer.applicantId !== input.applicant_id) throw ApiError.field('applicant_id', 'The applicant id is not the one the offer was made for.');
    const differs = termsDifferingFromOffer(input, offer);
    if (Object.keys(differs).length) throw ApiError.validation(differs);
    const today = formatDate(now);
    if (input.start_date && (input.start_date < today || input.start_date > formatDate(new Date(now.getTime() + MAX_START_DAYS * 86_400_000)))) {
      throw ApiError.field('start_date', `The start date must be from today to ${MAX_START_DAYS} days ahead.`);
    }
    try {
      const { policy, payment } = await this.payments.transaction(async (tx) => {
        const policy = await this.policies.create(tx, {
          clientId,
          offerId: offer.id,
          insurerCode: offer.insurerCode,
          applicantId: offer.applicantId,
          beneficiaries: input.beneficiaries,
          iban: input.iban ?? null,
          requestedStartDate: input.start_date ?? null,
          status: PolicyStatus.Pending,
          premium: offer.premium,
          extraData: input.extra_fields === undefined ? Prisma.DbNull : (input.extra_fields as Prisma.InputJsonValue),
          createdAt: now,
          updatedAt: now,
        });
        await this.testClocks.attach(tx, clockedPolicy('life', policy.id));
        const expiresAt = new Date(Math.min(now.getTime() + PAYMENT_LINK_PERIODS_MS.life, offer.expiresAt.getTime()));
        const payment = await this.payments.createPending(tx, {
          clientId,
          policyType: 'life',
          policyId: policy.id,
          amount: offer.premium.toFixed(2),
          expiresAt,
          at: now,
        });
        await this.events.statusUpdated(tx, shownLifePolicy({ policy, offer, payment }, this.config.publicBaseUrl));
        return { policy, payment };
      });
      return presentLifePolicy({ policy, offer, payment }, this.config.publicBaseUrl);
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')
        throw new ApiError('CONFLICT', 'A policy was already issued from this offer.');
      throw e;
    }
  }
}

/** How far ahead a cover may be asked to start. */
const MAX_START_DAYS = 90;

/** The real service's repeated plan terms that do not match the offer, each named with the offer's value. */
function termsDifferingFromOffer(input: IssueLifePolicyInput, offer: LifeOffer): ErrorDetails {
  const differs: ErrorDetails = {};
  const check = (field: string, sent: unknown, expected: string | number | boolean, equal = sent === expected) => {
    if (sent !== undefined && !equal) differs[field] = [`The ${field.replace(/_/g, ' ')} does not match the offer (${String(expected)}).`];
  };
  check('date_of_birth', input.date_of_birth, offer.dateOfBirth);
  check('gender', input.gender, offer.gender);
  check('smoker', input.smoker, offer.smoker);
  check('policy_term_years', input.policy_term_years, offer.termYears);
  check('premium_frequency', input.premium_frequency, offer.premiumFrequency);
  const premium = amountString(offer.premium.toString());
  check('agreed_premium', input.agreed_premium, Number(premium), input.agreed_premium !== undefined && money(input.agreed_premium).equals(premium));
  const sum = amountString(offer.sumAssured.toString());
  check('sum_assured', input.sum_assured, Number(sum), input.sum_assured !== undefined && money(input.sum_assured).equals(sum));
  return differs;
}
