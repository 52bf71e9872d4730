import { amountNumber, money, sum, VAT_PERCENT, withVat } from '@lib/common';
import { TRAVEL_BANDS, type WireTravelQuoteResponse } from '@lib/providers';

type Quoted = Extract<WireTravelQuoteResponse, { status: 'quoted' }>;

/** The bill as stored and shown: numbers of SAR with two places, computed in decimals. */
export interface TravelBill {
  items: Partial<Record<(typeof TRAVEL_BANDS)[number], { count: number; price: number; total: number }>>;
  adminFees: number;
  subtotal: number;
  vat_percentage: number;
  vat: number;
  total: number;
}

/**
 * The real service's bill, `items` per age band and `adminFees`, completed with the VAT it leaves
 * implicit: subtotal = the items' totals + the fee; price = subtotal + 15 % VAT, to the halala.
 */
export function travelBill(q: Quoted) {
  const items: TravelBill['items'] = {};
  for (const band of TRAVEL_BANDS) {
    const line = q.items[band];
    if (line) items[band] = { count: line.count, price: amountNumber(line.price), total: amountNumber(line.total) };
  }
  const net = sum([...TRAVEL_BANDS.flatMap((b) => (q.items[b] ? [q.items[b]!.total] : [])), q.admin_fee]);
  const { subtotal, vat, total } = withVat(net);
  const bill: TravelBill = {
    items,
    adminFees: amountNumber(q.admin_fee),
    subtotal: amountNumber(subtotal),
    vat_percentage: VAT_PERCENT,
    vat: amountNumber(vat),
    total: amountNumber(total),
  };
  return { bill, subtotal: money(subtotal), vat: money(vat), total: money(total) };
}
