import { Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDate, formatDateTime } from '@lib/common';
import { Prisma } from '@lib/db';
import { PaymentRepository } from '../../../payments/payment.repository';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import { PAYMENT_LINK_PERIODS_MS } from '../../../payments/payment-link-periods';
import { TravelQuoteRepository } from '../quotes/travel-quote.repository';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { clockedTravelQuote } from '../quotes/travel-quote.clock';
import type { PurchaseTravelPolicyInput } from './purchase-travel-policy.schema';
import { TravelPolicyRepository } from './travel-policy.repository';
import { TravelPolicyPresenter } from './travel-policy.view';
import { PolicyStatus } from '../../../policies/policy-status';

/**
 * Buys a quote: a policy awaiting payment (status 0) and its payment link, in one transaction with the
 * status webhook. A quote is bought once, before it expires and before its trip starts.
 */
@Injectable()
export class PurchaseTravelPolicyUseCase {
  constructor(
    private readonly quotes: TravelQuoteRepository,
    private readonly policies: TravelPolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly events: PolicyEvents,
    private readonly presenter: TravelPolicyPresenter,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(clientId: string, input: PurchaseTravelPolicyInput) {
    // a quote made on a test clock is bought on it: its expiry and the trip's start are that clock's
    await this.testClocks.adopt(clockedTravelQuote(input.quote_id), clientId);
    const now = this.clock.now();
    const quote = await this.quotes.findForClient(clientId, input.quote_id);
    if (!quote) throw ApiError.field('quote_id', 'The selected quote id is invalid.');
    if (quote.expiresAt <= now) throw ApiError.field('quote_id', `The quote expired at ${formatDateTime(quote.expiresAt)}; request a new one.`);
    if (quote.startDate < formatDate(now)) throw ApiError.field('quote_id', 'The trip of this quote has already started; request a new quote.');
    try {
      const view = await this.payments.transaction(async (tx) => {
        const policy = await this.policies.create(tx, {
          clientId,
          quoteId: quote.quoteId,
          insurerCode: quote.insurerCode,
          status: PolicyStatus.Pending,
          multiEntry: quote.multiEntry,
          duration: quote.duration,
          startDate: quote.startDate,
          endDate: quote.endDate,
          subtotal: quote.subtotal,
          vat: quote.vat,
          price: quote.price,
          redirectUrl: input.redirect_url ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await this.testClocks.attach(tx, clockedPolicy('travel', policy.id));
        const expiresAt = new Date(Math.min(now.getTime() + PAYMENT_LINK_PERIODS_MS.travel, quote.expiresAt.getTime()));
        const payment = await this.payments.createPending(tx, {
          clientId,
          policyType: 'travel',
          policyId: policy.id,
          amount: quote.price.toFixed(2),
          expiresAt,
          at: now,
        });
        const view = { policy, quote, payment };
        await this.events.statusUpdated(tx, this.presenter.shown(view));
        return view;
      });
      return this.presenter.present(view);
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
        throw new ApiError('CONFLICT', 'This quote was already purchased; show that policy, or request a new quote for another purchase.');
      }
      throw err;
    }
  }
}
