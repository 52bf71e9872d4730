import { insurerCall } from '../shared/insurer-call';
import { wireSingleIssuedSchema, type WireSingleIssueRequest } from '../life/life-provider.wire';
import type { HorseProvider } from './horse-provider.port';
import { wireHorseQuoteResponseSchema, type WireHorseQuoteRequest } from './horse-provider.wire';

export const HORSE_INSURER_CODE = 'caravan';

export class HttpHorseProvider implements HorseProvider {
  readonly insurerCode = HORSE_INSURER_CODE;

  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  quote(risk: WireHorseQuoteRequest) {
    return insurerCall(this.options.baseUrl, 'POST', `/insurers/${this.insurerCode}/horse/quotes`, risk, wireHorseQuoteResponseSchema, this.options.timeoutMs);
  }

  issue(request: WireSingleIssueRequest) {
    return insurerCall(this.options.baseUrl, 'POST', `/insurers/${this.insurerCode}/horse/policies`, request, wireSingleIssuedSchema, 20_000);
  }
}
