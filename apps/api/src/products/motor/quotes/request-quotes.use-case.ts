import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, type Halalas } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { ShutdownDeadline } from '../../../platform/lifecycle/shutdown-deadline';
import { allFailed, fanOutQuotes, InsurerQuoteOutcome, MotorProvider } from '@lib/providers';
import { MotorCustomerRepository } from '../customers/motor-customer.repository';
import { MOTOR_PROVIDER, MotorInsurers } from '../motor-insurers';
import { answerRows } from './quote-answer.rows';
import { QuoteRequestIntake, requestRow, RequestQuotesCommand } from './quote-request.intake';
import { presentQuoteRequest } from './quote-request.presenter';
import type { MotorQuoteRequestOut } from './quote-request.response';
import { AnsweredInsurer, NewQuoteRequest, QuoteRequestRepository } from './quote-request.repository';
import { SETTLE_GRACE_MS } from './quote-fan-out.runner';
import { AnswerWriteBehind, stamped } from './quote-answers.write-behind';

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
    private readonly shutdown: ShutdownDeadline,
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: RequestQuotesCommand): Promise<MotorQuoteRequestOut> {
    const accepted = await this.intake.accept(cmd);
    const { input, now } = accepted;
    const value = accepted.risk.vehicle.estimatedValue;
    const insurers = await this.insurers.list();
    const insurerCodes = insurers.map((i) => i.code);

    // The customer's details are written while the insurers work (they never see the email); a refused
    // email stops the fan-out and answers 422.
    const remembered = this.customers.remember({ clientId: cmd.clientId, ownerId: input.owner_id, email: input.email, phone: input.phone, at: now });
    const cancel = new AbortController();
    // Each answer becomes rows and the offers partners read the moment it arrives, and is written behind the fan-out
    // (in progress: if this instance dies, the deadline stamp completes it), so all that is left when the last one
    // answers is its own rows and the request's status, in one small statement.
    const answered: AnsweredInsurer[] = new Array(insurers.length);
    const settleBy = new Date(Date.now() + this.config.motorQuoteDeadlineMs + SETTLE_GRACE_MS);
    const behind = new AnswerWriteBehind(answered, {
      create: async (inHand) => {
        await remembered;
        return this.repo.create(
          requestRow(accepted, { quotesStatus: 'in_progress', insurerCodes, quotesDeadlineAt: settleBy, answerCount: inHand.length }),
          inHand,
        );
      },
      add: (id, answers) => this.repo.addAnswers(id, answers, { kind: 'behind' }),
    });
    const fanOut = fanOutQuotes(this.provider, insurers, accepted.risk, {
      perInsurerTimeoutMs: this.config.motorInsurerTimeoutMs,
      deadlineMs: this.config.motorQuoteDeadlineMs,
      // a stopping instance's grace period ending cuts the insurers still working (timeouts), so the partner still gets
      // the request, complete, before its connection is cut
      signal: AbortSignal.any([cancel.signal, this.shutdown.signal]),
      onOutcome: (outcome, index) => {
        answered[index] = settled(outcome, value, index);
        behind.arrived(index);
      },
    });
    try {
      await remembered;
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
    const answers = outcomes.map((o, i) => answered[i] ?? settled(o, value, i));
    const request = requestRow(accepted, { quotesStatus: 'complete', insurerCodes, quotesDeadlineAt: null, answerCount: outcomes.length });
    const id = await this.write(request, answers, behind);
    await this.testClocks.attach(null, { type: 'quote_request', key: String(id) });
    return presentQuoteRequest(
      { ...request, id, attachments: null },
      answers.flatMap((a) => a.quotes),
    );
  }

  /** The request with every answer: those not written behind the fan-out, and the request completed; or all of it at once. */
  private async write(request: NewQuoteRequest, answers: AnsweredInsurer[], behind: AnswerWriteBehind): Promise<number> {
    const early = await behind.settle();
    if (!early) return this.repo.create(request, answers);
    if (
      !(await this.repo.addAnswers(
        early.id,
        answers.filter((_, i) => !early.written.has(i)),
        { kind: 'completing' },
      ))
    )
      throw stamped(early.id);
    return early.id;
  }
}

/** Insurer `index`'s outcome as kept until the response (numbered in listing order). */
function settled(outcome: InsurerQuoteOutcome, carEstimatedValue: Halalas, index: number): AnsweredInsurer {
  return answerRows(outcome, carEstimatedValue, index, index + 1);
}
