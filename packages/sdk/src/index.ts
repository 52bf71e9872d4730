import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** The one body of every error answer (4xx and 5xx): branch on `code`, show `message`, read `details` on a 422. */
export type ApiError = components['schemas']['Error'];

export type InsuranceClient = Client<paths>;

export interface InsuranceClientOptions {
  /** The service's address, e.g. `http://localhost:3000` for `npm start`. */
  baseUrl: string;
  /** From the portal's API management area (or `npm start`'s banner in the sandbox). */
  clientId: string;
  clientSecret: string;
  /** Another fetch implementation (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** Tokens are refreshed this long before they expire, so a call never leaves with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * A client of the partner API: every path, parameter and body of the OpenAPI document is typed, and each call
 * carries a bearer token obtained with the client credentials and renewed before it expires.
 */
export function createInsuranceClient(options: InsuranceClientOptions): InsuranceClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchImpl });
  client.use(bearerToken(new ClientCredentials(options, fetchImpl)));
  return client;
}

function bearerToken(tokens: ClientCredentials): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (schemaPath === '/oauth/token') return request;
      request.headers.set('Authorization', `Bearer ${await tokens.current()}`);
      return request;
    },
    async onResponse({ response }) {
      // A rotated secret revokes every token issued before: the next call asks for a new one.
      if (response.status === 401) tokens.forget();
      return response;
    },
  };
}

class ClientCredentials {
  private token?: Promise<{ value: string; renewAt: number }>;

  constructor(
    private readonly options: InsuranceClientOptions,
    private readonly fetchImpl: typeof globalThis.fetch,
  ) {}

  async current(): Promise<string> {
    const cached = this.token && (await this.token.catch(() => undefined));
    if (cached && Date.now() < cached.renewAt) return cached.value;
    this.token = this.request();
    return (await this.token).value;
  }

  forget(): void {
    this.token = undefined;
  }

  private async request(): Promise<{ value: string; renewAt: number }> {
    const res = await this.fetchImpl(new URL('/oauth/token', this.options.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: this.options.clientId, client_secret: this.options.clientSecret }),
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; code?: string; message?: string };
    if (!res.ok || !body.access_token) throw new Error(`token request refused (${res.status} ${body.code ?? ''}): ${body.message ?? ''}`);
    return { value: body.access_token, renewAt: Date.now() + (body.expires_in ?? 0) * 1000 - REFRESH_MARGIN_MS };
  }
}
