import { Injectable } from '@nestjs/common';
import { ApiError, ErrorDetails } from '@lib/common';
import { PrismaService, prismaSql } from '@lib/db';
import { readOffer } from '../quotes/quote-offer-reads.repository';

/** How long an offer of a request still in progress may take to appear (its write is milliseconds behind its event). */
const STREAMED_OFFER_WAIT_MS = 3_000;

export interface SelectionIds {
  quote_request_id: number;
  quote_reference_id: string;
  quote_price_id: string;
}

/**
 * The offer and price a customer chose, checked to come from one quote response of this client:
 * the price belongs to the offer, the offer to the request, and the offer has not lapsed.
 * References that do not resolve are 422 on the field, alike for unknown ids and other clients' ids.
 */
@Injectable()
export class SelectionRepository {
  constructor(private readonly prisma: PrismaService) {}

  async load(clientId: string, ids: SelectionIds, now: Date) {
    const request = await this.prisma.motorQuoteRequest.findFirst({ where: { id: ids.quote_request_id, clientId, deletedAt: null } });
    if (!request) throw ApiError.field('quote_request_id', 'The selected quote request id is invalid.');
    const sql = prismaSql(this.prisma);
    let offer = await readOffer(sql, ids.quote_reference_id);
    // a progressive request streams an offer just before its write commits: one picked that fast is waited for
    for (const stop = Date.now() + STREAMED_OFFER_WAIT_MS; !offer && request.quotesStatus === 'in_progress' && Date.now() < stop;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      offer = await readOffer(sql, ids.quote_reference_id);
    }
    // a price read with its offer: one not found there belongs to another offer, or to none
    const price = offer?.prices.find((p) => p.id === ids.quote_price_id);
    const details: ErrorDetails = {};
    if (!offer || offer.quoteRequestId !== request.id) details.quote_reference_id = ['The quote reference id does not belong to this quote request.'];
    if (!price) details.quote_price_id = ['The quote price id does not belong to the offer of the quote reference id.'];
    if (Object.keys(details).length) throw ApiError.validation(details);
    if (offer!.expiresAt <= now) throw ApiError.field('quote_reference_id', 'The offer has expired. Request new quotes.');
    return { request, offer: offer!, price: price! };
  }

  /** Records that an issue code was asked for this selection (with the payout IBAN). */
  async recordIssueRequest(data: {
    id: string;
    clientId: string;
    quoteRequestId: number;
    offerId: string;
    priceId: string;
    iban: string;
    createdAt: Date;
  }): Promise<void> {
    await this.prisma.motorIssueRequest.create({ data });
  }

  /** The client's latest issue request for this price, if any. */
  latestIssueRequest(clientId: string, priceId: string) {
    return this.prisma.motorIssueRequest.findFirst({ where: { clientId, priceId }, orderBy: { createdAt: 'desc' } });
  }
}

export type Selection = Awaited<ReturnType<SelectionRepository['load']>>;
