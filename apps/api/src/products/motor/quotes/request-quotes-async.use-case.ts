import { Injectable } from '@nestjs/common';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { MotorCustomerRepository } from '../customers/motor-customer.repository';
import { MotorInsurers } from '../motor-insurers';
import { QuoteFanOutRunner } from './quote-fan-out.runner';
import { QuoteRequestIntake, requestRow, RequestQuotesCommand } from './quote-request.intake';
import { presentQuoteRequestProgress } from './quote-progress.presenter';
import type { MotorQuoteRequestOut } from './quote-request.response';
import { QuoteRequestRepository } from './quote-request.repository';

/**
 * Request Quotes with `Prefer: respond-async`: the same rules, OTP check and 422s as the synchronous call,
 * then the request is stored in progress and answered (202) while its insurers are asked; each answer is
 * stored as it arrives (see QuoteFanOutRunner).
 */
@Injectable()
export class RequestQuotesAsyncUseCase {
  constructor(
    private readonly intake: QuoteRequestIntake,
    private readonly customers: MotorCustomerRepository,
    private readonly insurers: MotorInsurers,
    private readonly repo: QuoteRequestRepository,
    private readonly runner: QuoteFanOutRunner,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(cmd: RequestQuotesCommand): Promise<MotorQuoteRequestOut> {
    const accepted = await this.intake.accept(cmd);
    const { input, now } = accepted;
    // before the 202: a refused email is still a 422
    await this.customers.remember({ clientId: cmd.clientId, ownerId: input.owner_id, email: input.email, phone: input.phone, at: now });
    const insurers = await this.insurers.list();
    const progress = {
      quotesStatus: 'in_progress' as const,
      insurerCodes: insurers.map((i) => i.code),
      quotesDeadlineAt: this.runner.deadlineFromNow(),
      answerCount: 0,
    };
    const request = requestRow(accepted, progress);
    const id = await this.repo.create(request);
    await this.testClocks.attach(null, { type: 'quote_request', key: String(id) });
    this.runner.start(id, accepted, insurers);
    return presentQuoteRequestProgress({ ...request, id, attachments: null, outcomes: [] }, []);
  }
}
