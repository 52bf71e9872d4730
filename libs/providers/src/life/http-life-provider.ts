import { insurerCall } from '../shared/insurer-call';
import type { LifeProvider } from './life-provider.port';
import { wireLifeQuoteResponseSchema, wireSingleIssuedSchema, type WireLifeQuoteRequest, type WireSingleIssueRequest } from './life-provider.wire';

/** The sandbox life insurers that sell savings and protection plans (a subset of the sandbox catalogue). */
export const LIFE_INSURER_CODES = ['palm', 'summit', 'lantern'] as const;

export class HttpLifeProvider implements LifeProvider {
  readonly insurerCodes = LIFE_INSURER_CODES;

  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  quote(insurerCode: string, risk: WireLifeQuoteRequest, timeoutMs = this.options.timeoutMs) {
    return insurerCall(this.options.baseUrl, 'POST', `/insurers/${encodeURIComponent(insurerCode)}/life/quotes`, risk, wireLifeQuoteResponseSchema, timeoutMs);
  }

  issue(insurerCode: string, request: WireSingleIssueRequest, timeoutMs = 20_000) {
    return insurerCall(this.options.baseUrl, 'POST', `/insurers/${encodeURIComponent(insurerCode)}/life/policies`, request, wireSingleIssuedSchema, timeoutMs);
  }
}
