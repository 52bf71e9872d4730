import { ApiError, issuesToDetails, type ErrorDetails } from '@lib/common';
import { checkTravelQuote, type TravelQuoteDraft, type TravelTrip } from './travel-quote.rules';
import { travelQuoteSchema, type TravelQuoteInput } from './travel-quote.schema';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a shape that are well-formed on their own, parsed; the others left out. */
function wellFormed(shape: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>, raw: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (!(key in raw)) continue;
    const r = schema.safeParse(raw[key]);
    if (r.success) out[key] = r.data;
  }
  return out;
}

/** The request as far as it is well-formed, so the rules on today can judge those fields while others are wrong. */
function draftOf(body: unknown): TravelQuoteDraft {
  if (!isRecord(body)) return {};
  const { travellers: travellersSchema, ...top } = travelQuoteSchema.shape;
  const draft = wellFormed(top, body) as TravelQuoteDraft;
  if (Array.isArray(body.travellers)) {
    const traveller = travellersSchema.element.shape;
    draft.travellers = body.travellers.map((t) => (isRecord(t) ? wellFormed(traveller, t) : {}));
  }
  return draft;
}

/**
 * Reads a travel quote request and names every problem at once: the schema's, and the rules on today
 * (start date, ages, passport validity) on whatever fields are well-formed. A start date in the past is
 * named beside a bad email, not only once the email is fixed.
 */
export function readTravelQuote(body: unknown, now: Date): { input: TravelQuoteInput; trip: TravelTrip } {
  const parsed = travelQuoteSchema.safeParse(body);
  const details: ErrorDetails = parsed.success ? {} : issuesToDetails(parsed.error.issues);
  const checked = checkTravelQuote(parsed.success ? parsed.data : draftOf(body), now);
  for (const [field, messages] of Object.entries(checked.details)) details[field] ??= messages;
  if (!parsed.success || !checked.trip || Object.keys(details).length) throw ApiError.validation(details);
  return { input: parsed.data, trip: checked.trip };
}
