import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { allFailed, fanOutQuotes, InsurerQuoteOutcome, MotorProvider } from '@lib/providers';
import { MotorCustomerRepository } from '../customers/motor-customer.repository';
import { MOTOR_PROVIDER, MotorInsurers } from '../motor-insurers';
import { answerRows } from './quote-answer.rows';
import { AcceptedQuoteRequest, QuoteRequestIntake, requestRow, RequestQuotesCommand } from './quote-request.intake';
import { presentQuoteRequest, QuoteRequestResponse } from './quote-request.presenter';
import { NewQuoteRequest, QuoteRequestRepository } from './quote-request.repository';

export type { RequestQuotesCommand } from './quote-request.intake';

/**
 * Request Quotes: validates every rule, checks the quote OTP, registers a customs-card vehicle,
 * asks every insurer in parallel, and stores the request with its offers and each insurer's outcome.
 * 502 only when every insurer failed; declines are a normal outcome (empty `quotes`).
 */
@Injectable()
export class RequestQuotesUseCase {
  private readonly log = new Logger('RequestQuotes');

  constructor(
    private readonly intake: QuoteRequestIntake,
    private readonly customers: MotorCustomerRepository,
    private readonly insurers: MotorInsurers,
    private readonly repo: QuoteRequestRepository,
    private readonly testClocks: TestClocks,
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: RequestQuotesCommand): Promise<QuoteRequestResponse> {
    const accepted = await this.intake.accept(cmd);
    const { input, now } = accepted;

    // The customer's details are written while the insurers work (they never see the email); a refused
    // email stops the fan-out and answers 422.
    const cancel = new AbortController();
    const fanOut = fanOutQuotes(this.provider, await this.insurers.list(), accepted.risk, {
      perInsurerTimeoutMs: this.config.motorInsurerTimeoutMs,
      deadlineMs: this.config.motorQuoteDeadlineMs,
      signal: cancel.signal,
    });
    try {
      await this.customers.remember({ clientId: cmd.clientId, ownerId: input.owner_id, email: input.email, phone: input.phone, at: now });
    } catch (e) {
      cancel.abort();
      await fanOut;
      throw e;
    }
    const outcomes = await fanOut;
    if (allFailed(outcomes)) {
      this.log.warn(`every insurer failed: ${outcomes.map((o) => `${o.insurer.code}=${o.outcome}`).join(', ')}`);
      throw new ApiError('PROVIDER_FAILED', 'No insurer answered the quote request. Try again shortly.');
    }
    const row = await this.repo.create(toRows(accepted, outcomes));
    await this.testClocks.attach(null, { type: 'quote_request', key: String(row.id) });
    return presentQuoteRequest(row);
  }
}

/** Every answer at once, offers numbered 0, 1, 2... in insurer order; answers numbered in that order too. */
function toRows(accepted: AcceptedQuoteRequest, outcomes: InsurerQuoteOutcome[]): NewQuoteRequest {
  const rows: NewQuoteRequest = {
    request: requestRow(accepted, {
      quotesStatus: 'complete',
      insurerCodes: outcomes.map((o) => o.insurer.code),
      quotesDeadlineAt: null,
      answerCount: outcomes.length,
    }),
    offers: [],
    prices: [],
    benefits: [],
    outcomes: [],
  };
  outcomes.forEach((o, i) => {
    const answer = answerRows(o, accepted.input.car_estimated_cost, rows.offers.length);
    rows.offers.push(...answer.offers);
    rows.prices.push(...answer.prices);
    rows.benefits.push(...answer.benefits);
    rows.outcomes.push({ ...answer.outcome, seq: i + 1 });
  });
  return rows;
}
