import type { ClockedResource } from '../../../platform/test-clocks/test-clocks';

/** A travel quote as a test clock knows it: quote ids (`Q-...`) are the family's own, so the key names the family. */
export function clockedTravelQuote(quoteId: string): ClockedResource {
  return { type: 'quote_request', key: `travel:${quoteId}` };
}
