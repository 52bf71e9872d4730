import { presentQuoteRequest, type PresentableRequest } from './quote-request.presenter';
import type { InsurerOut, InsurerState, MotorQuoteOfferOut, MotorQuoteRequestOut, QuotesStatus } from './quote-request.response';
import type { OutcomeRow } from './quote-progress.repository';

const STATES: Record<string, InsurerState> = { ok: 'quoted', declined: 'declined', error: 'failed', timeout: 'timeout' };

type Outcome = Pick<OutcomeRow, 'insurerCode' | 'outcome' | 'offerCount' | 'latencyMs'>;

function presentInsurer(code: string, o: Outcome | undefined): InsurerOut {
  return o
    ? { code, state: STATES[o.outcome] ?? 'failed', offer_count: o.offerCount, latency_ms: o.latencyMs }
    : { code, state: 'pending', offer_count: 0, latency_ms: null };
}

/** Each insurer asked, in listing order, with its state; rows from before progressive quotes list the answers. */
export function presentInsurers(insurerCodes: unknown, outcomes: readonly Outcome[]): InsurerOut[] {
  const byCode = new Map(outcomes.map((o) => [o.insurerCode, o]));
  const codes = Array.isArray(insurerCodes) ? (insurerCodes as string[]) : outcomes.map((o) => o.insurerCode);
  return codes.map((code) => presentInsurer(code, byCode.get(code)));
}

/**
 * The quote request object as Show Quote Request and the 202 of `Prefer: respond-async` give it: every
 * field of the spec's object, then `status` and `insurers`.
 */
export function presentQuoteRequestProgress(r: ProgressOfRequest, quotes: MotorQuoteOfferOut[]): MotorQuoteRequestOut {
  return { ...presentQuoteRequest(r, quotes), status: r.quotesStatus as QuotesStatus, insurers: presentInsurers(r.insurerCodes, r.outcomes) };
}

/** What the progress object is made of besides its offers: a request, where its insurers are and their answers. */
export type ProgressOfRequest = PresentableRequest & {
  quotesStatus: string;
  insurerCodes: unknown;
  outcomes: readonly Outcome[];
};

/** An `insurer` event: one insurer's outcome and its offers, as the quote request object gives them (presentOffer). */
export function presentInsurerEvent(outcome: Outcome, quotes: MotorQuoteOfferOut[]): InsurerEvent {
  return { ...presentInsurer(outcome.insurerCode, outcome), quotes };
}

export type InsurerEvent = InsurerOut & { quotes: MotorQuoteOfferOut[] };
