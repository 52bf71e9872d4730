import { addMonths, ageOn, formatDate, parseDate, type ErrorDetails } from '@lib/common';
import { MULTI_ENTRY_DAYS } from '@lib/providers';
import { MIN_APPLICANT_AGE, PASSPORT_VALID_MONTHS_AFTER_TRIP, TRAVEL_START_HORIZON_DAYS } from '../travel-products';
import type { TravelQuoteInput, TravellerInput } from './travel-quote.schema';

const DAY_MS = 86_400_000;

export interface TravelTrip {
  startDate: string;
  /** The last day of cover (inclusive). */
  endDate: string;
  /** Days of cover: the chosen duration, or 180 for a multi-entry policy. */
  days: number;
  /** Each traveller's age on the start date, in the request's order. */
  ages: number[];
}

/** A quote request as far as it is well-formed: the rules judge what is there (the schema names the rest). */
export type TravelQuoteDraft = Partial<Omit<TravelQuoteInput, 'travellers'>> & { travellers?: Partial<TravellerInput>[] };

/**
 * The rules that depend on today: the trip starts today or within the horizon, the duration fits the
 * policy kind, the applicant is an adult, nobody is born in the future, and every passport is valid
 * three months past the end of the trip (the Schengen rule). Every problem is named at once; a rule whose
 * fields are missing from the draft is left to the schema. The trip is given only for a whole request.
 */
export function checkTravelQuote(input: TravelQuoteDraft, now: Date): { details: ErrorDetails; trip: TravelTrip | null } {
  const details: ErrorDetails = {};
  const add = (field: string, message: string) => (details[field] ??= []).push(message);
  const today = parseDate(formatDate(now))!;

  const start = input.start_date === undefined ? null : parseDate(input.start_date)!;
  const latest = new Date(today.getTime() + TRAVEL_START_HORIZON_DAYS * DAY_MS);
  if (start && start < today) add('start_date', 'The start date must be today or later.');
  else if (start && start > latest) add('start_date', `The start date may be at most ${TRAVEL_START_HORIZON_DAYS} days ahead (${formatDate(latest)}).`);

  let days: number | null = null;
  if (input.multi_entry === true) {
    if (input.duration != null && input.duration !== MULTI_ENTRY_DAYS)
      add('duration', `A multi-entry policy runs ${MULTI_ENTRY_DAYS} days: leave the duration out or send ${MULTI_ENTRY_DAYS}.`);
    else days = MULTI_ENTRY_DAYS;
  } else if (input.multi_entry === false) {
    if (input.duration == null) add('duration', 'The duration field is required when multi entry is false.');
    else days = input.duration;
  }

  if (input.date_of_birth !== undefined) {
    const born = parseDate(input.date_of_birth)!;
    if (born > today) add('date_of_birth', 'The date of birth cannot be in the future.');
    else if (ageOn(born, today) < MIN_APPLICANT_AGE) add('date_of_birth', `The main applicant must be at least ${MIN_APPLICANT_AGE} years old.`);
  }

  const end = days === null || !start ? null : new Date(start.getTime() + (days - 1) * DAY_MS);
  const passportUntil = end ? addMonths(end, PASSPORT_VALID_MONTHS_AFTER_TRIP) : null;
  const seen = new Map<string, number>();
  const ages = (input.travellers ?? []).map((t, i) => {
    const birth = t.date_of_birth === undefined ? null : parseDate(t.date_of_birth)!;
    if (birth && birth > today) add(`travellers.${i}.date_of_birth`, 'The date of birth cannot be in the future.');
    const expiry = t.passport_expiry_date === undefined ? null : parseDate(t.passport_expiry_date)!;
    if (expiry && expiry < today) add(`travellers.${i}.passport_expiry_date`, 'The passport has expired.');
    else if (expiry && passportUntil && expiry < passportUntil) {
      add(
        `travellers.${i}.passport_expiry_date`,
        `The passport must be valid at least ${PASSPORT_VALID_MONTHS_AFTER_TRIP} months after the trip ends: until ${formatDate(passportUntil)} or later.`,
      );
    }
    if (t.passport_number !== undefined) {
      const twin = seen.get(t.passport_number);
      if (twin !== undefined) add(`travellers.${i}.passport_number`, `The passport number is the same as traveller ${twin}'s.`);
      else seen.set(t.passport_number, i);
    }
    return !birth || !start || birth > start ? 0 : ageOn(birth, start);
  });

  if (Object.keys(details).length || !end || days === null || !input.travellers?.length) return { details, trip: null };
  return { details, trip: { startDate: input.start_date!, endDate: formatDate(end), days, ages } };
}
