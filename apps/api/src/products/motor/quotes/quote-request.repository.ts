import { Inject, Injectable } from '@nestjs/common';
import type { CountAggregates } from '@lib/common';
import { BulkColumn, bulkRows, Database, DATABASE, insertTree, listTotal, listTotalKey, Prisma, PrismaService } from '@lib/db';
import type { MotorQuoteRequest } from '@lib/db/generated/prisma/client';
import { OfferRow, readOffers } from './quote-offers.read';

/** A quote request with its offers (see readOffers). */
export type QuoteRequestRow = MotorQuoteRequest & { offers: OfferRow[] };

/** An insurer's answer as a request is written with it: its outcome and its rows. */
export interface AnsweredInsurer {
  outcome: NewOutcome;
  offers: readonly NewOffer[];
  prices: readonly NewPrice[];
  benefits: readonly NewBenefit[];
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
}
export interface NewPrice {
  id: string;
  offerId: string;
  position: number;
  providerReference: string;
  deductible: string | null;
  subtotal: string;
  vatPercentage: string;
  vat: string;
  total: string;
}
export interface NewBenefit {
  id: string;
  offerId: string;
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
}

/** Where a quote request's insurers are: still answering, done, or done with every insurer failed. */
export type QuotesStatus = 'in_progress' | 'complete' | 'failed';

export const OFFER_COLUMNS: BulkColumn<NewOffer>[] = [
  ['id', 'uuid', (o) => o.id],
  ['position', 'int', (o) => o.position],
  ['insurer_code', 'text', (o) => o.insurerCode],
  ['provider_reference', 'text', (o) => o.providerReference],
  ['company_name', 'text', (o) => o.companyName],
  ['company_name_ar', 'text', (o) => o.companyNameAr],
  ['company_logo_url', 'text', (o) => o.companyLogoUrl],
  ['square_company_logo_url', 'text', (o) => o.squareCompanyLogoUrl],
  ['type', 'text', (o) => o.type],
  ['insurance_type_display', 'text', (o) => o.insuranceTypeDisplay],
  ['insurance_type_display_ar', 'text', (o) => o.insuranceTypeDisplayAr],
  ['fix_type', 'text', (o) => o.fixType],
  ['vehicle_estimated_value', 'numeric', (o) => o.vehicleEstimatedValue],
  ['expires_at', 'timestamptz', (o) => o.expiresAt],
];
export const PRICE_COLUMNS: BulkColumn<NewPrice>[] = [
  ['id', 'uuid', (p) => p.id],
  ['offer_id', 'uuid', (p) => p.offerId],
  ['position', 'int', (p) => p.position],
  ['provider_reference', 'text', (p) => p.providerReference],
  ['deductible', 'numeric', (p) => p.deductible],
  ['subtotal', 'numeric', (p) => p.subtotal],
  ['vat_percentage', 'numeric', (p) => p.vatPercentage],
  ['vat', 'numeric', (p) => p.vat],
  ['total', 'numeric', (p) => p.total],
];
export const BENEFIT_COLUMNS: BulkColumn<NewBenefit>[] = [
  ['id', 'uuid', (b) => b.id],
  ['offer_id', 'uuid', (b) => b.offerId],
  ['position', 'int', (b) => b.position],
  ['code', 'text', (b) => b.code],
  ['name', 'text', (b) => b.name],
  ['name_ar', 'text', (b) => b.nameAr],
  ['amount', 'numeric', (b) => b.amount],
  ['vat', 'numeric', (b) => b.vat],
  ['url', 'text', (b) => b.url],
];
const OUTCOME_COLUMNS: BulkColumn<NewOutcome>[] = [
  ['insurer_code', 'text', (o) => o.insurerCode],
  ['outcome', 'text', (o) => o.outcome],
  ['latency_ms', 'int', (o) => o.latencyMs],
  ['offer_count', 'int', (o) => o.offerCount],
  ['detail', 'text', (o) => o.detail],
  ['seq', 'int', (o) => o.seq ?? null],
];

@Injectable()
export class QuoteRequestRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /**
   * Writes the request, every answer's offers with prices and benefits, and each insurer's outcome (numbered
   * in the order given), in one statement (atomic, one round trip); or, for a progressive request, the request
   * alone (its answers come later: see QuoteProgressRepository). Plain SQL here: a request holds hundreds of
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
      [
        bulkRows('motor_offers', OFFER_COLUMNS, answers.flatMap((a) => a.offers), 'quote_request_id'),
        bulkRows('motor_offer_prices', PRICE_COLUMNS, answers.flatMap((a) => a.prices)),
        bulkRows('motor_offer_benefits', BENEFIT_COLUMNS, answers.flatMap((a) => a.benefits)),
        bulkRows(
          'motor_insurer_outcomes',
          OUTCOME_COLUMNS,
          answers.map((a, i) => ({ ...a.outcome, seq: i + 1 })),
          'quote_request_id',
        ),
      ],
      'motor_quote_request_insert',
    );
  }

  async findForClient(clientId: string, id: number): Promise<QuoteRequestRow | null> {
    const request = await this.prisma.motorQuoteRequest.findFirst({ where: { id, clientId, deletedAt: null } });
    return request && { ...request, offers: (await readOffers(this.db.sql, [request.id])).get(request.id)! };
  }

  async page(clientId: string, filter: QuoteRequestFilter, skip: number, take: number): Promise<[QuoteRequestRow[], number]> {
    const where = quoteRequestWhere(clientId, filter);
    const [requests, total] = await Promise.all([
      this.prisma.motorQuoteRequest.findMany({ where, orderBy: { id: 'desc' }, skip, take }),
      listTotal(listTotalKey('motor_quote_requests', where), (n) =>
        n ? this.prisma.motorQuoteRequest.count({ where, take: n, orderBy: { id: 'desc' } }) : this.prisma.motorQuoteRequest.count({ where }),
      ),
    ]);
    const offers = await readOffers(
      this.db.sql,
      requests.map((r) => r.id),
    );
    return [requests.map((r) => ({ ...r, offers: offers.get(r.id)! })), total];
  }

  /** How many quote requests the filter matches, in all and per month of creation (UTC). */
  async aggregates(clientId: string, filter: QuoteRequestFilter): Promise<CountAggregates> {
    const rows = await this.prisma.$queryRaw<Array<{ month: string; count: bigint }>>`
      SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS count
        FROM "motor_quote_requests"
       WHERE "client_id" = ${clientId}::uuid AND "deleted_at" IS NULL
         AND (${filter.ownerId ?? null}::text IS NULL OR "owner_id" = ${filter.ownerId ?? null}::text)
         AND (${filter.from ?? null}::timestamptz IS NULL OR "created_at" >= ${filter.from ?? null}::timestamptz)
         AND (${filter.to ?? null}::timestamptz IS NULL OR "created_at" <= ${filter.to ?? null}::timestamptz)
       GROUP BY 1 ORDER BY 1`;
    const byMonth = Object.fromEntries(rows.map((r) => [r.month, Number(r.count)]));
    return { total_count: Object.values(byMonth).reduce((a, b) => a + b, 0), by_month: byMonth };
  }

  async softDelete(clientId: string, id: number, at: Date): Promise<boolean> {
    const r = await this.prisma.motorQuoteRequest.updateMany({ where: { id, clientId, deletedAt: null }, data: { deletedAt: at, updatedAt: at } });
    return r.count === 1;
  }
}

export interface QuoteRequestFilter {
  ownerId?: string;
  /** Inclusive bounds on created_at. */
  from?: Date;
  to?: Date;
}

function quoteRequestWhere(clientId: string, f: QuoteRequestFilter): Prisma.MotorQuoteRequestWhereInput {
  return {
    clientId,
    deletedAt: null,
    ...(f.ownerId ? { ownerId: f.ownerId } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
  };
}
