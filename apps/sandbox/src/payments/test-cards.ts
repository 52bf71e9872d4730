/**
 * The sandbox vendor's test cards (documented in docs/payments.md). Any expiry in the future and any
 * 3-digit CVC work; the number alone decides the outcome.
 */
export const TEST_CARDS = {
  '4111111111111111': { outcome: 'paid', failureCode: null },
  '5555555555554444': { outcome: 'paid', failureCode: null },
  '4000000000000002': { outcome: 'declined', failureCode: 'card_declined' },
  '4000000000009995': { outcome: 'declined', failureCode: 'insufficient_funds' },
  '4000000000000119': { outcome: 'failed', failureCode: 'processing_error' },
} as const satisfies Record<string, { outcome: 'paid' | 'declined' | 'failed'; failureCode: string | null }>;

export type CardOutcome = { outcome: 'paid' | 'declined' | 'failed'; failureCode: string | null };

export function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

export interface CardForm {
  card_number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

/** Field errors of a submitted card form, keyed by field; empty when the card can be charged. */
export function cardErrors(form: CardForm, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  const number = (form.card_number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.card_number = 'invalid_number';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry ?? '');
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = 'invalid_expiry';
  else {
    const endOfMonth = Date.UTC(2000 + Number(m[2]), Number(m[1]), 1);
    if (endOfMonth <= now.getTime()) errors.expiry = 'expired_card';
  }
  if (!/^\d{3,4}$/.test(form.cvc ?? '')) errors.cvc = 'invalid_cvc';
  if (!(form.name ?? '').trim()) errors.name = 'required';
  return errors;
}

/** A well-formed card that is not a test card is declined: the sandbox never pretends to charge a real card. */
export function outcomeOf(cardNumber: string): CardOutcome {
  const number = cardNumber.replace(/[\s-]/g, '');
  return (TEST_CARDS as Record<string, CardOutcome>)[number] ?? { outcome: 'declined', failureCode: 'unknown_test_card' };
}
