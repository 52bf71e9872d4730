import { arrayItemsParts, jsonPartsWith, type JsonParts } from '@lib/common';
import { presentOffer, presentQuoteRequest, quotesJson, type PresentableOffer, type PresentableRequest } from './quote-request.presenter';
import type { QuotesStatus } from './quote-request.repository';
import type { OutcomeRow, ShownQuoteRequest } from './quote-progress.repository';

export type InsurerState = 'pending' | 'quoted' | 'declined' | 'failed' | 'timeout';

const STATES: Record<string, InsurerState> = { ok: 'quoted', declined: 'declined', error: 'failed', timeout: 'timeout' };

type Outcome = Pick<OutcomeRow, 'insurerCode' | 'outcome' | 'offerCount' | 'latencyMs'>;

function presentInsurer(code: string, o: Outcome | undefined) {
  return o
    ? { code, state: STATES[o.outcome] ?? 'failed', offer_count: o.offerCount, latency_ms: o.latencyMs }
    : { code, state: 'pending' as InsurerState, offer_count: 0, latency_ms: null };
}

/** Each insurer asked, in listing order, with its state; rows from before progressive quotes list the answers. */
export function presentInsurers(insurerCodes: unknown, outcomes: readonly Outcome[]) {
  const byCode = new Map(outcomes.map((o) => [o.insurerCode, o]));
  const codes = Array.isArray(insurerCodes) ? (insurerCodes as string[]) : outcomes.map((o) => o.insurerCode);
  return codes.map((code) => presentInsurer(code, byCode.get(code)));
}

/**
 * The quote request object as Show Quote Request and the 202 of `Prefer: respond-async` give it: every
 * field of the spec's object, in the same order, then `status` and `insurers`.
 */
export function presentQuoteRequestProgress(r: ProgressOfRequest) {
  return { ...presentQuoteRequest(r), status: r.quotesStatus as QuotesStatus, insurers: presentInsurers(r.insurerCodes, r.outcomes) };
}

/** What the progress object is made of: a request, its offers, where its insurers are and their answers. */
export type ProgressOfRequest = PresentableRequest & {
  offers: readonly PresentableOffer[];
  quotesStatus: string;
  insurerCodes: unknown;
  outcomes: readonly Outcome[];
};

export type QuoteRequestProgressResponse = ReturnType<typeof presentQuoteRequestProgress>;

/** Show Quote Request's JSON (presentQuoteRequestProgress's) in parts, its `quotes` put in as they were kept. */
export function quoteRequestProgressJsonParts(r: ShownQuoteRequest): JsonParts {
  return jsonPartsWith(presentQuoteRequestProgress({ ...r, offers: [] }), 'quotes', arrayItemsParts(quotesJson(r.quotes)));
}

/** An `insurer` event: one insurer's outcome and its offers, in the quote request object's offer shape. */
export function presentInsurerEvent(outcome: Outcome, offers: readonly PresentableOffer[]) {
  return { ...presentInsurer(outcome.insurerCode, outcome), quotes: offers.map(presentOffer) };
}

export type InsurerEvent = ReturnType<typeof presentInsurerEvent>;
