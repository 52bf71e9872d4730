import { insurerCall } from '../shared/insurer-call';
import { wireSingleIssuedSchema, type WireSingleIssueRequest } from '../life/life-provider.wire';
import type { TravelProvider } from './travel-provider.port';
import { wireTravelCancelledSchema, wireTravelQuoteResponseSchema, type WireTravelCancelRequest, type WireTravelQuoteRequest } from './travel-provider.wire';

/** Red Sea Compass Insurance underwrites the Schengen travel product in the sandbox. */
export const TRAVEL_INSURER_CODE = 'compass';

export class HttpTravelProvider implements TravelProvider {
  readonly insurerCode = TRAVEL_INSURER_CODE;

  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  quote(trip: WireTravelQuoteRequest) {
    return insurerCall(
      this.options.baseUrl,
      'POST',
      `/insurers/${this.insurerCode}/travel/quotes`,
      trip,
      wireTravelQuoteResponseSchema,
      this.options.timeoutMs,
    );
  }

  issue(request: WireSingleIssueRequest) {
    return insurerCall(this.options.baseUrl, 'POST', `/insurers/${this.insurerCode}/travel/policies`, request, wireSingleIssuedSchema, 20_000);
  }

  cancel(policyNumber: string, request: WireTravelCancelRequest) {
    const path = `/insurers/${this.insurerCode}/travel/policies/${encodeURIComponent(policyNumber)}/cancellation`;
    return insurerCall(this.options.baseUrl, 'POST', path, request, wireTravelCancelledSchema, 20_000);
  }
}
