import { Inject, Injectable } from '@nestjs/common';
import type { CountAggregates } from '@lib/common';
import { arrayParts, concatJsonArrays, joinJson, jsonBytes } from '@lib/common';
import {
  ASYNC_COMMIT,
  ChildTable,
  childInsertSql,
  Database,
  DATABASE,
  insertTree,
  JsonField,
  JsonRows,
  jsonRows,
  listTotal,
  listTotalKey,
  PrismaService,
} from '@lib/db';
import type { MotorQuoteRequest } from '@lib/db/generated/prisma/client';
import { KeptQuotesCache } from './kept-quotes.cache';
import { OfferRow, readOffers, readQuotes, type RequestQuotes } from './quote-offers.read';
import { countRequests, countRequestsByMonth, readRequestPage, type QuoteRequestFilter, type QuoteRequestRecord } from './quote-request.read';
import { QUOTE_PROGRESS_CHANNEL } from './quote-progress.channel';

/** A quote request with its offers (see readOffers). */
export type QuoteRequestRow = MotorQuoteRequest & { offers: OfferRow[] };

/**
 * An insurer's answer as a request is written with it: its outcome, its offers' rows as JSON (NewOffer's keys), and its
 * offers as partners read them (the quote request object's `quotes` items), kept with the outcome for Show and List.
 */
export interface AnsweredInsurer {
  outcome: NewOutcome;
  /** Made once when the answer arrived: what the write sends (OFFER_FIELDS' keys). */
  offersJson: Buffer;
  /** A JSON array, made once when the answer arrived (the Request Quotes response puts it in as it is, and so do reads). */
  quotesJson: Buffer;
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

/** Where a quote request's insurers are: still answering, done, or done with every insurer failed. */
export type QuotesStatus = 'in_progress' | 'complete' | 'failed';

/**
 * The columns of an offer and the keys they are written from (NewOffer's, and its prices' insurer references): its
 * prices and benefits are kept once, in its insurer's outcome (`quotes`, as partners read them; see readOffers).
 */
export const OFFER_FIELDS: readonly JsonField[] = [
  ['id', 'uuid', 'id'],
  ['position', 'int', 'position'],
  ['insurer_code', 'text', 'insurerCode'],
  ['provider_reference', 'text', 'providerReference'],
  ['company_name', 'text', 'companyName'],
  ['company_name_ar', 'text', 'companyNameAr'],
  ['company_logo_url', 'text', 'companyLogoUrl'],
  ['square_company_logo_url', 'text', 'squareCompanyLogoUrl'],
  ['type', 'text', 'type'],
  ['insurance_type_display', 'text', 'insuranceTypeDisplay'],
  ['insurance_type_display_ar', 'text', 'insuranceTypeDisplayAr'],
  ['fix_type', 'text', 'fixType'],
  ['vehicle_estimated_value', 'numeric', 'vehicleEstimatedValue'],
  ['expires_at', 'timestamptz', 'expiresAt'],
  ['price_references', 'text[]', 'priceReferences'],
];
const OUTCOME_FIELDS: readonly JsonField[] = [
  ['insurer_code', 'text', 'insurerCode'],
  ['outcome', 'text', 'outcome'],
  ['latency_ms', 'int', 'latencyMs'],
  ['offer_count', 'int', 'offerCount'],
  ['detail', 'text', 'detail'],
  ['seq', 'int', 'seq'],
  ['position', 'int', 'position'],
];

const OFFER_TABLE: ChildTable = { table: 'motor_offers', fields: OFFER_FIELDS, parentKey: 'quote_request_id' };
/** Each outcome's `quotes` (its offers as partners read them, most of a write's bytes) are given apart from its fields. */
const OUTCOME_TABLE: ChildTable = { table: 'motor_insurer_outcomes', fields: OUTCOME_FIELDS, parentKey: 'quote_request_id', apart: 'quotes' };

/** Answers' offers and outcomes (each numbered by its `seq`) as the tables a write adds them to. */
function answerTables(answers: readonly AnsweredInsurer[]): [offers: JsonRows, outcomes: JsonRows] {
  return [
    jsonRows(OFFER_TABLE.table, OFFER_FIELDS, concatJsonArrays(answers.map((a) => a.offersJson)), OFFER_TABLE.parentKey),
    {
      ...jsonRows(OUTCOME_TABLE.table, OUTCOME_FIELDS, jsonBytes(answers.map((a) => a.outcome)), OUTCOME_TABLE.parentKey),
      apart: { column: OUTCOME_TABLE.apart!, json: joinJson(arrayParts(answers.map((a) => [a.quotesJson]))) },
    },
  ];
}

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
 * addAnswers' statement (see there): $3 the offers, $4 the outcomes and $9 their quotes (see OUTCOME_TABLE), $7 what is
 * announced (NULL for nothing), $8 whether the commit is asynchronous.
 */
const ADD_ANSWERS_SQL = `WITH parent AS (UPDATE "motor_quote_requests" SET "answer_count" = "answer_count" + $2::int,
                              "quotes_status" = CASE WHEN $5::boolean THEN 'complete' ELSE "quotes_status" END,
                              "quotes_deadline_at" = CASE WHEN $5::boolean THEN NULL ELSE "quotes_deadline_at" END
                        WHERE "id" = $1::int AND "quotes_status" = 'in_progress' RETURNING "id"),
            offers AS (${childInsertSql(OFFER_TABLE, '$3')}),
            outcomes AS (${childInsertSql(OUTCOME_TABLE, '$4', '$9')})
       SELECT id, CASE WHEN $7::text IS NOT NULL THEN pg_notify($6, id || ':' || $7::text) END, CASE WHEN $8::boolean THEN ${ASYNC_COMMIT} END
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
    return insertTree(
      this.db.sql,
      {
        table: 'motor_quote_requests',
        columns: [
          ['client_id', 'uuid', r.clientId],
          ['owner_id', 'text', r.ownerId],
          ['email', 'text', r.email],
          ['phone', 'text', r.phone],
          ['birthdate', 'text', r.birthdate],
          ['car_sequence_number', 'text', r.carSequenceNumber],
          ['custom_number', 'text', r.customNumber],
          ['maker_code', 'int', r.makerCode],
          ['model_code', 'int', r.modelCode],
          ['body_type_code', 'int', r.bodyTypeCode],
          ['is_ownership_transfer', 'boolean', r.isOwnershipTransfer],
          ['current_car_owner_id', 'text', r.currentCarOwnerId],
          ['car_estimated_cost', 'numeric', r.carEstimatedCost],
          ['car_model_year', 'int', r.carModelYear],
          ['start_date', 'text', r.startDate],
          ['drivers', 'jsonb', r.drivers === null ? null : JSON.stringify(r.drivers)],
          ['locale', 'text', r.locale],
          ['created_at', 'timestamptz', r.createdAt],
          ['updated_at', 'timestamptz', r.updatedAt],
          ['quotes_status', 'text', r.quotesStatus],
          ['insurer_codes', 'jsonb', JSON.stringify(r.insurerCodes)],
          ['quotes_deadline_at', 'timestamptz', r.quotesDeadlineAt],
          ['answer_count', 'int', r.answerCount],
        ],
      },
      answerTables(answers),
      // a request written in progress (see addAnswers) is made durable by its completing statement
      { statementName: 'motor_quote_request_insert', asyncCommit: r.quotesStatus === 'in_progress' },
    );
  }

  /**
   * Adds answers to a request in progress (written so by create, or a progressive request's): their offers and
   * outcomes (each numbered by its `seq`), and the request's answer count, in one statement under the request row's
   * lock; `write` says whether the request is complete with them and what is announced (see AnswersWrite). False, and
   * nothing written, when the request was no longer in progress (settled or stamped meanwhile): the answers are dropped.
   */
  async addAnswers(id: number, answers: readonly AnsweredInsurer[], write: AnswersWrite): Promise<boolean> {
    const [offers, outcomes] = answerTables(answers);
    const announced = write.kind === 'completing' ? 'end' : write.kind === 'progressive' ? String(write.seq) : null;
    const rows = await this.db.sql.query(
      ADD_ANSWERS_SQL,
      [
        id,
        answers.length,
        offers.json,
        outcomes.json,
        write.kind === 'completing',
        QUOTE_PROGRESS_CHANNEL,
        announced,
        write.kind === 'behind',
        outcomes.apart!.json,
      ],
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
  ): Promise<[Array<QuoteRequestRecord & { quotes: RequestQuotes }>, number]> {
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
}
