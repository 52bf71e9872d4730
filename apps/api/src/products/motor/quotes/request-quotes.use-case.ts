import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { allFailed, fanOutQuotes, InsurerQuoteOutcome, MotorProvider } from '@lib/providers';
import { MotorCustomerRepository } from '../customers/motor-customer.repository';
import { MOTOR_PROVIDER, MotorInsurers } from '../motor-insurers';
import { answerRows, AnswerRows, POSITION_STRIDE } from './quote-answer.rows';
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
    // each answer becomes rows the moment it arrives, while slower insurers are still working: what is left once
    // the last one answers is the write and the response
    const answers: AnswerRows[] = [];
    const fanOut = fanOutQuotes(this.provider, await this.insurers.list(), accepted.risk, {
      perInsurerTimeoutMs: this.config.motorInsurerTimeoutMs,
      deadlineMs: this.config.motorQuoteDeadlineMs,
      signal: cancel.signal,
      onOutcome: (outcome, index) => {
        answers[index] = answerRows(outcome, accepted.risk.vehicle.estimatedValue, index * POSITION_STRIDE);
      },
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
    const row = await this.repo.create(toRows(accepted, outcomes, answers));
    await this.testClocks.attach(null, { type: 'quote_request', key: String(row.id) });
    return presentQuoteRequest(row);
  }
}

/** Every answer at once, in insurer order (their offers' positions say so too); answers numbered in that order. */
function toRows(accepted: AcceptedQuoteRequest, outcomes: InsurerQuoteOutcome[], answers: AnswerRows[]): NewQuoteRequest {
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
  outcomes.forEach((outcome, i) => {
    // made on arrival; again here only if that threw (the fan-out swallows its listener's errors), to fail with the reason
    const answer = answers[i] ?? answerRows(outcome, accepted.risk.vehicle.estimatedValue, i * POSITION_STRIDE);
    rows.offers.push(...answer.offers);
    rows.prices.push(...answer.prices);
    rows.benefits.push(...answer.benefits);
    rows.outcomes.push({ ...answer.outcome, seq: i + 1 });
  });
  return rows;
}
