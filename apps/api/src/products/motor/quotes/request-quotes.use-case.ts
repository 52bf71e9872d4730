import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { allFailed, fanOutQuotes, MotorProvider } from '@lib/providers';
import { MotorCustomerRepository } from '../customers/motor-customer.repository';
import { MOTOR_PROVIDER, MotorInsurers } from '../motor-insurers';
import { answerRows, POSITION_STRIDE, type AnswerRows } from './quote-answer.rows';
import { QuoteRequestIntake, requestRow, RequestQuotesCommand } from './quote-request.intake';
import { presentQuoteRequest, type QuoteRequestResponse } from './quote-request.presenter';
import { QuoteRequestRepository } from './quote-request.repository';

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
    const value = accepted.risk.vehicle.estimatedValue;

    // The customer's details are written while the insurers work (they never see the email); a refused
    // email stops the fan-out and answers 422.
    const cancel = new AbortController();
    // each answer becomes rows the moment it arrives, while slower insurers are still working: what is left once
    // the last one answers is the write and the response
    const answered: AnswerRows[] = [];
    const fanOut = fanOutQuotes(this.provider, await this.insurers.list(), accepted.risk, {
      perInsurerTimeoutMs: this.config.motorInsurerTimeoutMs,
      deadlineMs: this.config.motorQuoteDeadlineMs,
      signal: cancel.signal,
      onOutcome: (outcome, index) => {
        answered[index] = answerRows(outcome, value, index * POSITION_STRIDE);
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
    // in insurer order; made again here only if that threw on arrival (the fan-out swallows its listener's errors),
    // to fail with the reason
    const answers = outcomes.map((o, i) => answered[i] ?? answerRows(o, value, i * POSITION_STRIDE));
    const request = requestRow(accepted, {
      quotesStatus: 'complete',
      insurerCodes: outcomes.map((o) => o.insurer.code),
      quotesDeadlineAt: null,
      answerCount: outcomes.length,
    });
    const id = await this.repo.create(request, answers);
    await this.testClocks.attach(null, { type: 'quote_request', key: String(id) });
    return presentQuoteRequest({ ...request, id, attachments: null, offers: answers.flatMap((a) => a.offers) });
  }
}
