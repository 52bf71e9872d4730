import { ErrorDetails, isSaudiPersonId, textIssues, textIssuesToDetails, vinProblem, z } from '@lib/common';

export const EXTRA_FIELDS_MAX = 255;
export const ISSUE_FIELDS = ['email', 'vin', 'car_sequence_number', 'current_car_owner', 'new_owner_id', 'extra_fields', 'redirect_url'] as const;
export const REQUIRED_ISSUE_FIELDS = ['email', 'vin', 'car_sequence_number', 'current_car_owner', 'new_owner_id'] as const;

export interface TplIssueValues {
  email: string;
  vin: string;
  carSequenceNumber: string;
  currentCarOwner: string;
  newOwnerId: string;
  extraFields: Record<string, unknown> | null;
  redirectUrl: string | null;
}

const redirectSchema = z.url({ protocol: /^https?$/ }).max(2048);

const emailSchema = z.email().max(255);

/** Checks the text fields of POST /v2/car/policies, adding every problem to `details`. */
export function checkIssueFields(values: Record<string, string>, details: ErrorDetails): TplIssueValues | null {
  const add = (f: string, m: string) => (details[f] ??= []).push(m);
  for (const f of REQUIRED_ISSUE_FIELDS) if (values[f] === undefined || values[f].trim() === '') add(f, `The ${f.replace(/_/g, ' ')} field is required.`);
  const email = values.email?.trim() ?? '';
  if (email && !emailSchema.safeParse(email).success) add('email', 'The email must be a valid email address.');
  const vin = values.vin?.trim().toUpperCase() ?? '';
  if (vin) {
    const problem = vinProblem(vin);
    if (problem) add('vin', problem);
  }
  const seq = values.car_sequence_number?.trim() ?? '';
  if (seq && !/^\d{8,9}$/.test(seq)) add('car_sequence_number', 'The car sequence number must be between 8 and 9 digits.');
  const seller = values.current_car_owner?.trim() ?? '';
  // The seller may be a company, by its unified number (starting 7); the buyer is a person.
  if (seller && !isSaudiPersonId(seller) && !/^7\d{9}$/.test(seller))
    add('current_car_owner', "The current car owner must be 10 digits starting with 1 (national id), 2 (iqama) or 7 (a company's unified number).");
  const buyer = values.new_owner_id?.trim() ?? '';
  if (buyer && !isSaudiPersonId(buyer)) add('new_owner_id', 'The new owner id must be 10 digits starting with 1 (national id) or 2 (iqama).');
  const redirectUrl = values.redirect_url?.trim() || null;
  if (redirectUrl && !redirectSchema.safeParse(redirectUrl).success)
    add('redirect_url', 'The redirect url must be an http or https URL of at most 2048 characters.');
  if (values.current_car_owner && values.current_car_owner.trim() === values.new_owner_id?.trim()) {
    add('new_owner_id', 'The new owner id must differ from the current car owner: this cover is for an ownership transfer.');
  }
  let extraFields: Record<string, unknown> | null = null;
  if (values.extra_fields !== undefined && values.extra_fields !== '') {
    if (values.extra_fields.length > EXTRA_FIELDS_MAX) add('extra_fields', `The extra fields may not be longer than ${EXTRA_FIELDS_MAX} characters.`);
    else {
      try {
        const parsed: unknown = JSON.parse(values.extra_fields);
        const unclean = textIssuesToDetails(textIssues(parsed, ['extra_fields']));
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) add('extra_fields', 'The extra fields must be a JSON object.');
        else if (Object.keys(unclean).length) Object.entries(unclean).forEach(([f, ms]) => ms.forEach((m) => add(f, m)));
        else extraFields = parsed as Record<string, unknown>;
      } catch {
        add('extra_fields', 'The extra fields must be a JSON object.');
      }
    }
  }
  if (Object.keys(details).length) return null;
  return { email, vin, carSequenceNumber: seq, currentCarOwner: seller, newOwnerId: buyer, extraFields, redirectUrl };
}
