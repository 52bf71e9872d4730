import { Injectable } from '@nestjs/common';
import { QuoteFanOutRunner } from './quote-fan-out.runner';
import { QuoteProgressRepository, ShownQuoteRequest } from './quote-progress.repository';

/**
 * Show Quote Request. A request still in progress past its deadline was left by an instance that died: it is
 * stamped (its unanswered insurers recorded as timeouts, the request completed) before it is shown, so no
 * partner ever reads an insurer pending past the deadline.
 */
@Injectable()
export class ShowQuoteRequestUseCase {
  constructor(
    private readonly progress: QuoteProgressRepository,
    private readonly runner: QuoteFanOutRunner,
  ) {}

  async execute(clientId: string, id: number): Promise<ShownQuoteRequest | null> {
    const row = await this.progress.findQuotedForClient(clientId, id);
    if (!row?.overdue) return row;
    await this.runner.settleOverdue(id);
    return this.progress.findQuotedForClient(clientId, id);
  }
}
