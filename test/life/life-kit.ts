import { MotorTestEnv } from '../support/motor-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';

export const APPLICANT = '1012345678';
export const PAYOUT_IBAN = 'SA0380000000608010167519';

export const offerBody = (over: Record<string, unknown> = {}) => ({
  applicant_id: APPLICANT,
  date_of_birth: '1990-06-15',
  gender: 'male',
  smoker: false,
  policy_term_years: 20,
  premium_frequency: 'monthly',
  sum_assured: 300000,
  ...over,
});

export const policyBody = (offerId: string, over: Record<string, unknown> = {}) => ({
  offer_id: offerId,
  applicant_id: APPLICANT,
  beneficiaries: [
    { name: 'Sara Ahmed', national_id: '1098765432', relationship: 'spouse', share_percentage: 60 },
    { name: 'Omar Ahmed', national_id: '1087654321', relationship: 'child', share_percentage: 40 },
  ],
  iban: PAYOUT_IBAN,
  consent: true,
  ...over,
});

/** Pays the link with the sandbox's success card and comes back, as the customer would. */
export async function payLink(paymentLink: string): Promise<void> {
  const hops = await payWithCard(paymentLink, CARDS.success);
  if (hops.submitted.status !== 303 || !hops.submitted.location) throw new Error(`card form answered ${hops.submitted.status}`);
  await browse(hops.submitted.location);
}

/** A PDF with header and trailer, and the same cut short. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const TRUNCATED_PDF = PDF.subarray(0, 30);

export function cancellationForm(parts: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [name, bytes] of Object.entries(parts)) form.append(name, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${name}.pdf`);
  return form;
}

/** Polls durable state until `check` finds it; the bound only turns a state that never comes into a failure. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 45_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type Env = MotorTestEnv;
