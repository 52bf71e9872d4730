import type { ZodType } from 'zod';
import { callContract, lookupContract, type ContractCall, type FailureFactory } from '../shared/contract-call';
import { TplProvider, TplProviderError } from './tpl-provider.port';
import { wireRegisteredDocumentSchema, wireTplIssuedSchema, wireTplPriceSchema, type WireTplIssueRequest } from './tpl-provider.wire';

export interface HttpTplProviderOptions {
  baseUrl: string;
  timeoutMs?: number;
}

/** The TPL provider port over HTTP; every answer is checked against the contract. */
export class HttpTplProvider implements TplProvider {
  private readonly baseUrl: string;

  constructor(private readonly options: HttpTplProviderOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  findDocument(sha256: string) {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return Promise.resolve(null);
    return lookupContract(this.contract('GET', `/registry/documents/${sha256}`, undefined, wireRegisteredDocumentSchema), tplError);
  }

  price() {
    return callContract(this.contract('GET', '/tpl/price', undefined, wireTplPriceSchema), tplError);
  }

  issue(request: WireTplIssueRequest) {
    return callContract(this.contract('POST', '/tpl/policies', request, wireTplIssuedSchema), tplError);
  }

  private contract<T>(method: string, path: string, body: unknown, schema: ZodType<T>): ContractCall<T> {
    return { baseUrl: this.baseUrl, method, path, body, schema, timeoutMs: this.options.timeoutMs ?? 10_000 };
  }
}

const tplError: FailureFactory = (_failure, message, _details, status) => new TplProviderError(message, status);
