import type { WireSingleIssued, WireSingleIssueRequest } from '../life/life-provider.wire';
import type { WireHorseQuoteRequest, WireHorseQuoteResponse } from './horse-provider.wire';

/** The one sandbox horse insurer: prices a horse and issues the paid policy (idempotent by reference). */
export interface HorseProvider {
  readonly insurerCode: string;
  quote(risk: WireHorseQuoteRequest): Promise<WireHorseQuoteResponse>;
  issue(request: WireSingleIssueRequest): Promise<WireSingleIssued>;
}
