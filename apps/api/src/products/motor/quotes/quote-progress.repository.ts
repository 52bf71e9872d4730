import { Inject, Injectable } from '@nestjs/common';
import { Database, DATABASE, type Listener, PrismaService } from '@lib/db';
import type { MotorInsurerOutcome } from '@lib/db/generated/prisma/client';
import { KeptQuotesCache } from './kept-quotes.cache';
import { OfferRow, readOffers, readQuotes } from './quote-offer-reads.repository';
import type { MotorQuoteOfferOut } from './quote-request.response';
import type { QuoteRequestRow, QuotesStatus } from './quote-request.repository';
import { readShownRequest, type ShownRequestRecord } from './quote-request-reads.repository';

import { QUOTE_PROGRESS_CHANNEL } from './quote-progress.channel';

export { QUOTE_PROGRESS_CHANNEL } from './quote-progress.channel';

/** An answer's outcome as read: without its offers' JSON (read as it is, apart: see readQuotes). */
export type OutcomeRow = Omit<MotorInsurerOutcome, 'quotes'>;
/** Prisma's omit of an outcome's offers' JSON: never parsed into objects, never sent whole. */
const WITHOUT_QUOTES = { quotes: true } as const;
export type QuoteProgressRow = QuoteRequestRow & { outcomes: OutcomeRow[] };
/** What Show Quote Request answers with: the request, its answers, and its offers as partners read them. */
export type ShownQuoteRequest = ShownRequestRecord & { quotes: MotorQuoteOfferOut[] };

/** Answers recorded after a given one, and where the request stands (the event stream's catch-up). */
export interface AnswersAfter {
  status: QuotesStatus;
  answerCount: number;
  deadlineAt: Date | null;
  answers: Array<{ outcome: OutcomeRow; offers: OfferRow[] }>;
}

/** What the unanswered insurers are recorded as when a request is settled. */
export interface Settlement {
  /** Only requests whose deadline passed (their instance died or stopped): boot sweep and reads. */
  overdueOnly: boolean;
  outcome: 'timeout' | 'error';
  detail: string;
  latencyMs: number;
  at: Date;
}

/**
 * A progressive quote request's settling and its reads (its answers are added by QuoteRequestRepository.addAnswers,
 * each announced to every instance at commit, so only once it can be read and issued).
 */
@Injectable()
export class QuoteProgressRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
    private readonly keptQuotes: KeptQuotesCache,
  ) {}

  /**
   * Ends requests still in progress: every insurer without an answer gets `outcome` (numbered after the
   * others), and the request becomes complete, or failed when no insurer quoted or declined. One request
   * (`quoteRequestId`) or every overdue one (null). Returns the ids settled.
   */
  async settle(quoteRequestId: number | null, s: Settlement): Promise<number[]> {
    const rows = await this.db.sql.query<{ id: number }>(
      `WITH r AS (
         SELECT "id", "answer_count", "insurer_codes" FROM "motor_quote_requests"
          WHERE "quotes_status" = 'in_progress' AND ($1::int IS NULL OR "id" = $1::int)
            AND (NOT $2::boolean OR "quotes_deadline_at" < now())
          ORDER BY "id" FOR UPDATE
       ),
       missing AS (
         -- after the highest number given (an answer lost in flight leaves a gap, never a duplicate)
         SELECT r.id, c.code, c.ord - 1 AS position,
                (SELECT COALESCE(max(o.seq), 0) FROM "motor_insurer_outcomes" o WHERE o.quote_request_id = r.id) + row_number() OVER (PARTITION BY r.id ORDER BY c.ord) AS seq
           FROM r, jsonb_array_elements_text(COALESCE(r.insurer_codes, '[]'::jsonb)) WITH ORDINALITY AS c(code, ord)
          WHERE NOT EXISTS (SELECT 1 FROM "motor_insurer_outcomes" o WHERE o.quote_request_id = r.id AND o.insurer_code = c.code)
       ),
       added AS (
         INSERT INTO "motor_insurer_outcomes" ("quote_request_id", "insurer_code", "outcome", "latency_ms", "offer_count", "detail", "seq", "position", "quotes")
         SELECT id, code, $3::text, $4::int, 0, $5::text, seq, position, '[]'::json FROM missing
         ON CONFLICT DO NOTHING
       ),
       done AS (
         UPDATE "motor_quote_requests" q
            SET "answer_count" = q.answer_count + (SELECT count(*) FROM missing m WHERE m.id = q.id),
                "quotes_status" = CASE
                  WHEN jsonb_array_length(COALESCE(q.insurer_codes, '[]'::jsonb)) = 0 THEN 'complete'
                  WHEN EXISTS (SELECT 1 FROM "motor_insurer_outcomes" o WHERE o.quote_request_id = q.id AND o.outcome IN ('ok', 'declined')) THEN 'complete'
                  ELSE 'failed' END,
                "updated_at" = $6::timestamptz
           FROM r WHERE q.id = r.id
         RETURNING q.id
       )
       SELECT id, pg_notify($7, id || ':end') FROM done`,
      [quoteRequestId, s.overdueOnly, s.outcome, s.latencyMs, s.detail.slice(0, 500), s.at.toISOString(), QUOTE_PROGRESS_CHANNEL],
    );
    return rows.map((r) => Number(r.id));
  }

  /** When the next request still in progress (any instance's) becomes overdue; null when none is in progress. */
  async nextDeadline(): Promise<Date | null> {
    const [row] = await this.db.sql.query<{ due: Date | null }>(
      `SELECT min("quotes_deadline_at") AS due FROM "motor_quote_requests" WHERE "quotes_status" = 'in_progress'`,
    );
    return row?.due ? new Date(row.due) : null;
  }

  /** The request with its offers so far and every answer, for its client only. */
  async findForClient(clientId: string, id: number): Promise<QuoteProgressRow | null> {
    const request = await this.prisma.motorQuoteRequest.findFirst({
      where: { id, clientId, deletedAt: null },
      include: { outcomes: { orderBy: { seq: 'asc' }, omit: WITHOUT_QUOTES } },
    });
    return request && { ...request, offers: (await readOffers(this.db.sql, [request.id])).get(request.id)! };
  }

  /** The request with its offers so far as partners read them (Show Quote Request) and every answer, for its client only. */
  async findQuotedForClient(clientId: string, id: number): Promise<ShownQuoteRequest | null> {
    const request = await readShownRequest(this.db.sql, clientId, id);
    return request && { ...request, quotes: (await readQuotes(this.db.sql, [request], this.keptQuotes)).get(request.id)! };
  }

  /** Whether the client may follow this request (its own, not deleted). */
  async belongsTo(clientId: string, id: number): Promise<boolean> {
    return (await this.prisma.motorQuoteRequest.count({ where: { id, clientId, deletedAt: null } })) === 1;
  }

  /**
   * The answers numbered after `seq`, with their offers in listing order; null once the request is gone.
   * The request's state is read first, so when it says the request ended every answer is in what follows.
   */
  async answersAfter(quoteRequestId: number, seq: number): Promise<AnswersAfter | null> {
    const request = await this.prisma.motorQuoteRequest.findFirst({
      where: { id: quoteRequestId, deletedAt: null },
      select: { quotesStatus: true, answerCount: true, quotesDeadlineAt: true },
    });
    if (!request) return null;
    const outcomes = await this.prisma.motorInsurerOutcome.findMany({
      where: { quoteRequestId, seq: { gt: seq } },
      orderBy: { seq: 'asc' },
      omit: WITHOUT_QUOTES,
    });
    const quoted = outcomes.filter((o) => o.offerCount > 0).map((o) => o.insurerCode);
    const offers = quoted.length ? (await readOffers(this.db.sql, [quoteRequestId], quoted)).get(quoteRequestId)! : [];
    return {
      status: request.quotesStatus as QuotesStatus,
      answerCount: request.answerCount,
      deadlineAt: request.quotesDeadlineAt,
      answers: outcomes.map((outcome) => ({ outcome, offers: offers.filter((f) => f.insurerCode === outcome.insurerCode) })),
    };
  }

  /** Every answer of a request (the stream's closing summary). */
  async summary(quoteRequestId: number): Promise<{ status: QuotesStatus; insurerCodes: string[] | null; outcomes: OutcomeRow[] } | null> {
    const row = await this.prisma.motorQuoteRequest.findFirst({
      where: { id: quoteRequestId },
      select: { quotesStatus: true, insurerCodes: true, outcomes: { orderBy: { seq: 'asc' }, omit: WITHOUT_QUOTES } },
    });
    return row ? { status: row.quotesStatus as QuotesStatus, insurerCodes: (row.insurerCodes as string[] | null) ?? null, outcomes: row.outcomes } : null;
  }

  /** LISTENs for the NOTIFY each stored answer and each end sends; resolves once listening, the function it returns stops. */
  listenForProgress(listener: Listener): Promise<() => Promise<void>> {
    return this.db.listen(QUOTE_PROGRESS_CHANNEL, listener);
  }
}
