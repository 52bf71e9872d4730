import { amountNumber } from '@lib/common';
import type { StoredMedicalQuote } from './medical-quote.repository';

type StoredLine = StoredMedicalQuote['employees'][number];

/**
 * Medical amounts are kept as decimal strings (computed with decimals) and answered as JSON numbers
 * with two places, as every other family and the real service answer them.
 */
export function presentInsuredLines(lines: StoredLine[]) {
  return lines.map((e) => ({ ...e, price: amountNumber(e.price), dependents: e.dependents.map((d) => ({ ...d, price: amountNumber(d.price) })) }));
}

export function presentQuote({ quote_reference: _ref, ...q }: StoredMedicalQuote) {
  return {
    ...q,
    subtotal: amountNumber(q.subtotal),
    vat: amountNumber(q.vat),
    total_price: amountNumber(q.total_price),
    price_per_employee: amountNumber(q.price_per_employee),
    employees: presentInsuredLines(q.employees),
    packages: Object.fromEntries(Object.entries(q.packages).map(([tier, p]) => [tier, { ...p, price: amountNumber(p.price), annual_limit: amountNumber(p.annual_limit) }])),
  };
}
