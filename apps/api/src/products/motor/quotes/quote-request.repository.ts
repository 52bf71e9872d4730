import { Inject, Injectable } from '@nestjs/common';
import type { CountAggregates } from '@lib/common';
import { ASYNC_COMMIT, Database, DATABASE, listTotal, listTotalKey, PrismaService } from '@lib/db';
import type { MotorQuoteRequest } from '@lib/db/generated/prisma/client';
import { KeptQuotesCache } from './kept-quotes.cache';
import { OfferRow, readOffers, readQuotes } from './quote-offer-reads.repository';
import { countRequests, countRequestsByMonth, readRequestPage, type QuoteRequestFilter, type QuoteRequestRecord } from './quote-request-reads.repository';
import { QUOTE_PROGRESS_CHANNEL } from './quote-progress.channel';
import type { MotorQuoteOfferOut, QuotesStatus } from './quote-request.response';

export type { QuotesStatus } from './quote-request.response';

/** A quote request with its offers (see readOffers). */
export type QuoteRequestRow = MotorQuoteRequest & { offers: OfferRow[] };

/**
 * An insurer's answer as a request is written with it: its outcome, its offers (each with its prices and benefits),
 * and those offers as partners read them (the quote request object's `quotes` items), kept with the outcome for Show
 * and List (an offer's row keeps its own columns and its prices' insurer references).
 */
export interface AnsweredInsurer {
  outcome: NewOutcome;
  offers: NewOffer[];
  quotes: MotorQuoteOfferOut[];
}

export interface NewQuoteRequest {
  clientId: string;
  ownerId: string;
  email: string;
  phone: string;
  birthdate: string;
  carSequenceNumber: string | null;
  customNumber: string | null;
  makerCode: number | null;
  modelCode: number | null;
  bodyTypeCode: number | null;
  isOwnershipTransfer: boolean;
  currentCarOwnerId: string;
  carEstimatedCost: string;
  carModelYear: number;
  startDate: string | null;
  drivers: unknown[] | null;
  locale: string;
  createdAt: Date;
  updatedAt: Date;
  quotesStatus: QuotesStatus;
  insurerCodes: string[];
  quotesDeadlineAt: Date | null;
  answerCount: number;
}

export interface NewOffer {
  id: string;
  position: number;
  insurerCode: string;
  providerReference: string;
  companyName: string;
  companyNameAr: string;
  companyLogoUrl: string;
  squareCompanyLogoUrl: string;
  type: string;
  insuranceTypeDisplay: string;
  insuranceTypeDisplayAr: string;
  fixType: string;
  vehicleEstimatedValue: string;
  expiresAt: Date;
  prices: NewPrice[];
  benefits: NewBenefit[];
}
/** A price of an offer, as made from an insurer's answer and as readOffers gives it: amounts as decimal strings. */
export interface NewPrice {
  id: string;
  position: number;
  providerReference: string;
  deductible: string | null;
  subtotal: string;
  vatPercentage: string;
  vat: string;
  total: string;
}
/** A benefit of an offer, as made from an insurer's answer and as readOffers gives it: amounts as decimal strings. */
export interface NewBenefit {
  id: string;
  position: number;
  code: string;
  name: string;
  nameAr: string;
  amount: string;
  vat: string;
  url: string | null;
}
export interface NewOutcome {
  insurerCode: string;
  outcome: string;
  latencyMs: number;
  offerCount: number;
  detail: string | null;
  /** The order the answer arrived in, from 1. */
  seq?: number;
  /** The insurer's place among the request's insurers, from 0 (its offers' positions start at position * POSITION_STRIDE). */
  position: number;
}

/**
 * The offers' and the outcomes' INSERTs of a statement whose CTE `parent` returns the request's id, their values from
 * the array parameters numbered from `first` (answerParams' order), spread into rows by unnest:
 * one parameter per column, however many rows, so the statement and its plan never change. An offer's price
 * references (an array per row, which unnest would flatten) come as the JSON text of an array. The outcomes' offers as
 * partners read them, most of the bytes, come as the JSON of one array holding each outcome's (json_array_elements hands
 * each over as its text): as a json[] the driver escaped every quote of them into the array's literal, which cost more
 * of the API's CPU than serializing the response.
 */
function answersInsertSql(first: number): string {
  const p = (i: number, type: string) => `$${first + i}::${type}[]`;
  return `offers AS (INSERT INTO "motor_offers" ("quote_request_id", "id", "position", "insurer_code", "provider_reference", "company_name",
                     "company_name_ar", "company_logo_url", "square_company_logo_url", "type", "insurance_type_display",
                     "insurance_type_display_ar", "fix_type", "vehicle_estimated_value", "expires_at", "price_references")
              SELECT parent.id, o.id, o.position, o.insurer_code, o.provider_reference, o.company_name, o.company_name_ar, o.company_logo_url,
                     o.square_company_logo_url, o.type, o.insurance_type_display, o.insurance_type_display_ar, o.fix_type,
                     o.vehicle_estimated_value, o.expires_at, ARRAY(SELECT json_array_elements_text(o.price_references::json))
                FROM parent, unnest(${p(0, 'uuid')}, ${p(1, 'int')}, ${p(2, 'text')}, ${p(3, 'text')}, ${p(4, 'text')}, ${p(5, 'text')}, ${p(6, 'text')},
                                    ${p(7, 'text')}, ${p(8, 'text')}, ${p(9, 'text')}, ${p(10, 'text')}, ${p(11, 'text')}, ${p(12, 'numeric')},
                                    ${p(13, 'timestamptz')}, ${p(14, 'text')})
                     AS o(id, position, insurer_code, provider_reference, company_name, company_name_ar, company_logo_url, square_company_logo_url,
                          type, insurance_type_display, insurance_type_display_ar, fix_type, vehicle_estimated_value, expires_at, price_references)),
       outcomes AS (INSERT INTO "motor_insurer_outcomes" ("quote_request_id", "insurer_code", "outcome", "latency_ms", "offer_count", "detail", "seq",
                     "position", "quotes")
              SELECT parent.id, r.* FROM parent, ROWS FROM (unnest(${p(15, 'text')}), unnest(${p(16, 'text')}), unnest(${p(17, 'int')}), unnest(${p(18, 'int')}),
                                                                 unnest(${p(19, 'text')}), unnest(${p(20, 'int')}), unnest(${p(21, 'int')}),
                                                                 json_array_elements($${first + 22}::json)) AS r)`;
}

/** The answers' values for answersInsertSql: one array per column, the offers of every answer together. */
function answerParams(answers: readonly AnsweredInsurer[]): unknown[] {
  const offers = answers.flatMap((a) => a.offers);
  const outcomes = answers.map((a) => a.outcome);
  return [
    offers.map((o) => o.id),
    offers.map((o) => o.position),
    offers.map((o) => o.insurerCode),
    offers.map((o) => o.providerReference),
    offers.map((o) => o.companyName),
    offers.map((o) => o.companyNameAr),
    offers.map((o) => o.companyLogoUrl),
    offers.map((o) => o.squareCompanyLogoUrl),
    offers.map((o) => o.type),
    offers.map((o) => o.insuranceTypeDisplay),
    offers.map((o) => o.insuranceTypeDisplayAr),
    offers.map((o) => o.fixType),
    offers.map((o) => o.vehicleEstimatedValue),
    // ISO instants: both drivers then agree on the exact moment whatever the session time zone
    offers.map((o) => o.expiresAt.toISOString()),
    offers.map((o) => JSON.stringify(o.prices.map((p) => p.providerReference))),
    outcomes.map((o) => o.insurerCode),
    outcomes.map((o) => o.outcome),
    outcomes.map((o) => o.latencyMs),
    outcomes.map((o) => o.offerCount),
    outcomes.map((o) => o.detail),
    outcomes.map((o) => o.seq ?? null),
    outcomes.map((o) => o.position),
    JSON.stringify(answers.map((a) => a.quotes)),
  ];
}

/** The request's columns and their SQL types, in the order requestParams gives their values. */
const REQUEST_COLUMNS = [
  ['client_id', 'uuid'],
  ['owner_id', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['birthdate', 'text'],
  ['car_sequence_number', 'text'],
  ['custom_number', 'text'],
  ['maker_code', 'int'],
  ['model_code', 'int'],
  ['body_type_code', 'int'],
  ['is_ownership_transfer', 'boolean'],
  ['current_car_owner_id', 'text'],
  ['car_estimated_cost', 'numeric'],
  ['car_model_year', 'int'],
  ['start_date', 'text'],
  ['drivers', 'jsonb'],
  ['locale', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['quotes_status', 'text'],
  ['insurer_codes', 'jsonb'],
  ['quotes_deadline_at', 'timestamptz'],
  ['answer_count', 'int'],
] as const;

function requestParams(r: NewQuoteRequest): unknown[] {
  return [
    r.clientId,
    r.ownerId,
    r.email,
    r.phone,
    r.birthdate,
    r.carSequenceNumber,
    r.customNumber,
    r.makerCode,
    r.modelCode,
    r.bodyTypeCode,
    r.isOwnershipTransfer,
    r.currentCarOwnerId,
    r.carEstimatedCost,
    r.carModelYear,
    r.startDate,
    r.drivers === null ? null : JSON.stringify(r.drivers),
    r.locale,
    r.createdAt.toISOString(),
    r.updatedAt.toISOString(),
    r.quotesStatus,
    JSON.stringify(r.insurerCodes),
    r.quotesDeadlineAt?.toISOString() ?? null,
    r.answerCount,
  ];
}

/** create's statement: the request, then its answers' offers and outcomes; with `asyncCommit`, see ASYNC_COMMIT. */
function createSql(asyncCommit: boolean): string {
  const names = REQUEST_COLUMNS.map(([c]) => `"${c}"`).join(', ');
  const values = REQUEST_COLUMNS.map(([, type], i) => `$${i + 1}::${type}`).join(', ');
  return `WITH parent AS (INSERT INTO "motor_quote_requests" (${names}) VALUES (${values}) RETURNING id),
       ${answersInsertSql(REQUEST_COLUMNS.length + 1)}
  SELECT id${asyncCommit ? `, ${ASYNC_COMMIT}` : ''} FROM parent`;
}

/** A connection refuses a name it prepared with another text: the two ways of committing are two statements. */
const CREATE_SQL = { sync: createSql(false), async: createSql(true) };

/**
 * How a write of answers to a request in progress (see addAnswers) ends: one of the three writes the service makes.
 * - `behind`: a synchronous request's answers written while its fan-out goes on. Nobody has been promised them yet, so
 *   the commit does not wait for the WAL flush (see ASYNC_COMMIT), and nothing is announced.
 * - `completing`: its last answers. The request is complete and durable, and its end announced (a stream opened on it
 *   meanwhile closes at once).
 * - `progressive`: a progressive request's answer as it arrives, announced to every instance at commit by its number.
 */
export type AnswersWrite = { kind: 'behind' } | { kind: 'completing' } | { kind: 'progressive'; seq: number };

/**
 * addAnswers' statement (see there): $2 how many answers, $3 whether they complete the request, $5 what is announced on
 * channel $4 (NULL for nothing), $6 whether the commit is asynchronous, then the answers (answersInsertSql).
 */
const ADD_ANSWERS_SQL = `WITH parent AS (UPDATE "motor_quote_requests" SET "answer_count" = "answer_count" + $2::int,
                              "quotes_status" = CASE WHEN $3::boolean THEN 'complete' ELSE "quotes_status" END,
                              "quotes_deadline_at" = CASE WHEN $3::boolean THEN NULL ELSE "quotes_deadline_at" END
                        WHERE "id" = $1::int AND "quotes_status" = 'in_progress' RETURNING "id"),
       ${answersInsertSql(7)}
  SELECT id, CASE WHEN $5::text IS NOT NULL THEN pg_notify($4, id || ':' || $5::text) END, CASE WHEN $6::boolean THEN ${ASYNC_COMMIT} END
    FROM parent`;

@Injectable()
export class QuoteRequestRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
    private readonly keptQuotes: KeptQuotesCache,
  ) {}

  /**
   * Writes the request, every answer's offers with prices and benefits, and each insurer's outcome (numbered
   * by its `seq`), in one statement (atomic, one round trip); or, for a progressive request, the request
   * alone (its answers come later: see addAnswers). Plain SQL here: a request holds hundreds of
   * rows, and compiling Prisma's bulk inserts cost more CPU than the rest of the request together.
   */
  async create(r: NewQuoteRequest, answers: readonly AnsweredInsurer[] = []): Promise<number> {
    // a request written in progress (see addAnswers) is made durable by its completing statement
    const asyncCommit = r.quotesStatus === 'in_progress';
    const [row] = await this.db.sql.query<{ id: number | string }>(
      asyncCommit ? CREATE_SQL.async : CREATE_SQL.sync,
      [...requestParams(r), ...answerParams(answers)],
      asyncCommit ? 'motor_quote_request_insert_async_commit' : 'motor_quote_request_insert',
    );
    return Number(row.id);
  }

  /**
   * Adds answers to a request in progress (written so by create, or a progressive request's): their offers and
   * outcomes (each numbered by its `seq`), and the request's answer count, in one statement under the request row's
   * lock; `write` says whether the request is complete with them and what is announced (see AnswersWrite). False, and
   * nothing written, when the request was no longer in progress (settled or stamped meanwhile): the answers are dropped.
   */
  async addAnswers(id: number, answers: readonly AnsweredInsurer[], write: AnswersWrite): Promise<boolean> {
    const announced = write.kind === 'completing' ? 'end' : write.kind === 'progressive' ? String(write.seq) : null;
    const rows = await this.db.sql.query(
      ADD_ANSWERS_SQL,
      [id, answers.length, write.kind === 'completing', QUOTE_PROGRESS_CHANNEL, announced, write.kind === 'behind', ...answerParams(answers)],
      'motor_quote_request_add_answers',
    );
    return rows.length === 1;
  }

  async findForClient(clientId: string, id: number): Promise<QuoteRequestRow | null> {
    const request = await this.prisma.motorQuoteRequest.findFirst({ where: { id, clientId, deletedAt: null } });
    return request && { ...request, offers: (await readOffers(this.db.sql, [request.id])).get(request.id)! };
  }

  /** A page of the client's requests, newest first, each with its offers as partners read them; and how many match. */
  async page(
    clientId: string,
    filter: QuoteRequestFilter,
    skip: number,
    take: number,
  ): Promise<[Array<QuoteRequestRecord & { quotes: MotorQuoteOfferOut[] }>, number]> {
    const [requests, total] = await Promise.all([
      readRequestPage(this.db.sql, clientId, filter, skip, take),
      listTotal(listTotalKey('motor_quote_requests', { clientId, ...filter }), (upTo) => countRequests(this.db.sql, clientId, filter, upTo)),
    ]);
    const quotes = await readQuotes(this.db.sql, requests, this.keptQuotes);
    return [requests.map((r) => ({ ...r, quotes: quotes.get(r.id)! })), total];
  }

  /** How many quote requests the filter matches, in all and per month of creation (UTC). */
  async aggregates(clientId: string, filter: QuoteRequestFilter): Promise<CountAggregates> {
    const rows = await countRequestsByMonth(this.db.sql, clientId, filter);
    const byMonth = Object.fromEntries(rows.map((r) => [r.month, r.count]));
    return { total_count: Object.values(byMonth).reduce((a, b) => a + b, 0), by_month: byMonth };
  }

  async softDelete(clientId: string, id: number, at: Date): Promise<boolean> {
    const r = await this.prisma.motorQuoteRequest.updateMany({ where: { id, clientId, deletedAt: null }, data: { deletedAt: at, updatedAt: at } });
    return r.count === 1;
  }

  /** Quote requests not deleted (for the dashboard). */
  countLive(): Promise<number> {
    return this.prisma.motorQuoteRequest.count({ where: { deletedAt: null } });
  }

  /** When each quote request (not deleted) made in [from, to) was made. */
  createdBetween(from: Date, to: Date): Promise<Array<{ createdAt: Date }>> {
    return this.prisma.motorQuoteRequest.findMany({ where: { deletedAt: null, createdAt: { gte: from, lt: to } }, select: { createdAt: true } });
  }
}
