import type { ZodType } from 'zod';
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
    return this.call('GET', `/registry/documents/${sha256}`, undefined, wireRegisteredDocumentSchema);
  }

  price() {
    return this.call('GET', '/tpl/price', undefined, wireTplPriceSchema).then((r) => r!);
  }

  issue(request: WireTplIssueRequest) {
    return this.call('POST', '/tpl/policies', request, wireTplIssuedSchema).then((r) => r!);
  }

  private async call<T>(method: string, path: string, body: unknown, schema: ZodType<T>): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new TplProviderError(`${method} ${path} failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (res.status === 404 && method === 'GET') return null;
    if (res.status >= 300) throw new TplProviderError(`${method} ${path} answered HTTP ${res.status}.`, res.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new TplProviderError(`${method} ${path} answered a body that is not JSON.`, res.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new TplProviderError(`${method} ${path} broke the contract.`, res.status);
    return parsed.data;
  }
}
