import { allocateHalalas, amountNumber, amountString, halalasNumber, halalasOf, type Halalas } from '@lib/common';
import type { StoredMedicalQuote } from './medical-quote.repository';
import type { MedicalInsuredLineOut, MedicalQuoteOut } from './medical-quote.response';

type StoredLine = StoredMedicalQuote['employees'][number];

const halalas = (amount: string): Halalas => halalasOf(amountString(amount))!;
const amounts = (net: Halalas, vat: Halalas) => ({ price: halalasNumber(net + vat), price_before_vat: halalasNumber(net), vat: halalasNumber(vat) });

/**
 * The insured lines as partners read them: each employee's `price` covers them and their dependents with
 * their share of the VAT, so the lines add up exactly to `total` (the quote's `total_price`, the policy's
 * `price`). Lines are kept net, as the insurer priced each member; the VAT in `total` is shared over the
 * members in proportion to their net price, leftover halalas by allocateHalalas' deterministic rule.
 * Each line and dependent also gives `price_before_vat` and its `vat` apart.
 */
export function presentInsuredLines(lines: StoredLine[], total: string): MedicalInsuredLineOut[] {
  const members = lines.map((l) => {
    const dependents = l.dependents.map((d) => halalas(d.price));
    return { own: halalas(l.price) - dependents.reduce((a, b) => a + b, 0), dependents };
  });
  const nets = members.flatMap((m) => [m.own, ...m.dependents]);
  const vat = allocateHalalas(halalas(total) - nets.reduce((a, b) => a + b, 0), nets);
  let k = 0;
  return lines.map((l, i): MedicalInsuredLineOut => {
    const ownVat = vat[k++];
    const dependentVats = l.dependents.map(() => vat[k++]);
    return {
      name: l.name,
      identifier: l.identifier,
      category: l.category as MedicalInsuredLineOut['category'],
      ...amounts(
        halalas(l.price),
        dependentVats.reduce((a, b) => a + b, ownVat),
      ),
      dependents: l.dependents.map((d, j) => ({
        name: d.name,
        relationship: d.relationship as MedicalInsuredLineOut['dependents'][number]['relationship'],
        ...amounts(members[i].dependents[j], dependentVats[j]),
      })),
    };
  });
}

/** Medical amounts are kept as decimal strings (computed with decimals) and answered as JSON numbers with two places. */
export function presentQuote(q: StoredMedicalQuote): MedicalQuoteOut {
  return {
    quote_price_id: q.quote_price_id,
    insurance_provider: q.insurance_provider,
    insurance_provider_name: q.insurance_provider_name,
    insurance_provider_name_ar: q.insurance_provider_name_ar,
    subtotal: amountNumber(q.subtotal),
    vat: amountNumber(q.vat),
    total_price: amountNumber(q.total_price),
    price_per_employee: amountNumber(q.price_per_employee),
    currency: q.currency,
    valid_until: q.valid_until,
    employees: presentInsuredLines(q.employees, q.total_price),
    packages: Object.fromEntries(
      Object.entries(q.packages).map(([tier, p]) => [
        tier,
        {
          name: p.name,
          name_ar: p.name_ar,
          price: amountNumber(p.price),
          annual_limit: amountNumber(p.annual_limit),
          network: { name: p.network.name, hospitals: p.network.hospitals },
        },
      ]),
    ),
  };
}
