import { Inject, Injectable } from '@nestjs/common';
import { ageOn, ApiError, Clock, parseDate, withVat } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import { isInsurerCallError, type HorseProvider } from '@lib/providers';
import { PaymentRepository } from '../../../payments/payment.repository';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import { PAYMENT_LINK_PERIODS_MS } from '../../../payments/payment-link-periods';
import { HORSE_PROVIDER } from '../horse-products';
import type { CreateHorsePolicyInput } from './create-horse-policy.schema';
import { HorsePolicyRepository } from './horse-policy.repository';
import { presentHorsePolicy, shownHorsePolicy } from './horse-policy.presenter';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { PolicyStatus } from '../../../policies/policy-status';

/** Prices the horse with the insurer, then writes the pending policy and its payment in one transaction. */
@Injectable()
export class CreateHorsePolicyUseCase {
  constructor(
    @Inject(HORSE_PROVIDER) private readonly provider: HorseProvider,
    private readonly policies: HorsePolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly events: PolicyEvents,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `documentUrl`: the file the real service's form sends in `upload`, already checked and stored. */
  async execute(clientId: string, input: CreateHorsePolicyInput, documentUrl: string | null = null) {
    const now = this.clock.now();
    const born = parseDate(input.horse.date_of_birth)!;
    if (born > now) throw ApiError.field('horse.date_of_birth', 'The date of birth cannot be in the future.');
    const value = input.horse.value.toFixed(2);
    let quote;
    try {
      quote = await this.provider.quote({ age_years: ageOn(born, now), breed: input.horse.breed, use: input.horse.use, value });
    } catch (err) {
      if (isInsurerCallError(err)) throw new ApiError('PROVIDER_FAILED', `The horse insurer did not price the horse: ${err.message}`);
      throw err;
    }
    if (quote.status === 'declined') throw ApiError.field('horse', `The insurer declines this horse: ${quote.reason}`);
    const { subtotal, vat, total } = withVat(quote.net_premium);
    const { policy, payment } = await this.payments.transaction(async (tx) => {
      const policy = await this.policies.create(tx, {
        clientId,
        insurerCode: this.provider.insurerCode,
        horse: { ...input.horse, value: Number(value), ...(documentUrl ? { document_url: documentUrl } : {}) },
        owner: input.owner,
        status: PolicyStatus.Pending,
        ratePercent: quote.rate_percent,
        netPremium: subtotal.toFixed(2),
        vat: vat.toFixed(2),
        price: total.toFixed(2),
        extraData: input.extra_fields === undefined ? Prisma.DbNull : (input.extra_fields as Prisma.InputJsonValue),
        createdAt: now,
        updatedAt: now,
      });
      await this.testClocks.attach(tx, clockedPolicy('horse', policy.id));
      const payment = await this.payments.createPending(tx, {
        clientId,
        policyType: 'horse',
        policyId: policy.id,
        amount: total.toFixed(2),
        expiresAt: new Date(now.getTime() + PAYMENT_LINK_PERIODS_MS.horse),
        at: now,
      });
      await this.events.statusUpdated(tx, shownHorsePolicy({ policy, payment }, this.config.publicBaseUrl));
      return { policy, payment };
    });
    return presentHorsePolicy({ policy, payment }, this.config.publicBaseUrl);
  }
}
