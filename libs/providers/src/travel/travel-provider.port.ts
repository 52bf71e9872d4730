import type { WireSingleIssued, WireSingleIssueRequest } from '../life/life-provider.wire';
import type { WireTravelCancelled, WireTravelCancelRequest, WireTravelQuoteRequest, WireTravelQuoteResponse } from './travel-provider.wire';

/** The one travel insurer: prices a trip, issues the paid policy and cancels it (both idempotent by reference). */
export interface TravelProvider {
  readonly insurerCode: string;
  quote(trip: WireTravelQuoteRequest): Promise<WireTravelQuoteResponse>;
  issue(request: WireSingleIssueRequest): Promise<WireSingleIssued>;
  cancel(policyNumber: string, request: WireTravelCancelRequest): Promise<WireTravelCancelled>;
}
