import type { WireLifeQuoteRequest, WireLifeQuoteResponse, WireSingleIssued, WireSingleIssueRequest } from './life-provider.wire';

/** The life insurers' side: a quote per insurer and issuing a paid policy (idempotent by reference). */
export interface LifeProvider {
  readonly insurerCodes: readonly string[];
  quote(insurerCode: string, risk: WireLifeQuoteRequest, timeoutMs?: number): Promise<WireLifeQuoteResponse>;
  issue(insurerCode: string, request: WireSingleIssueRequest, timeoutMs?: number): Promise<WireSingleIssued>;
}
