import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { contractComponents, ErrorCodes } from '@lib/common';
import type { AppConfig } from '@lib/config';
import { SPEC_RATE_LIMITS } from '@lib/http';

function description(config: AppConfig): string {
  const codes = Object.entries(ErrorCodes)
    .map(([name, e]) => `| ${e.code} | ${e.status} | ${name} | ${e.message} |`)
    .join('\n');
  const limits = Object.entries(SPEC_RATE_LIMITS)
    .map(([route, limit]) => `| ${route} | ${limit} |`)
    .join('\n');
  return `Embedded-insurance partner API (${config.env}). Call it from your backend only, never from a browser.

## Conventions
- JSON in and out. A 204 has no body. Unknown request fields are rejected with 422.
- Text may hold any printable character, tabs and line breaks, but no other control character (NUL, escape, C1) and no unpaired UTF-16 surrogate: such a value or field name is a 422 naming the field, in bodies, query strings, paths and multipart fields alike.
- Numeric ids are JSON integers or strings of decimal digits (\`42\` or \`"42"\`), 1 to 2147483647; anything else (\`true\`, \`"0x1"\`, \`" 1 "\`) is a 422.
- Answers carry \`Cache-Control: no-store\` and \`X-Content-Type-Options: nosniff\`. A 503 (50301) comes with \`Retry-After\`: retry then.
- Datetimes are ISO 8601 UTC with six fractional digits and \`Z\` (\`2026-11-22T10:15:30.123000Z\`); dates are \`YYYY-MM-DD\`; amounts are SAR with two decimals.
- Lists use one envelope: \`current_page, data, first_page_url, from, last_page, last_page_url, links, next_page_url, path, per_page, prev_page_url, to, total\`; \`page\` starts at 1, \`per_page\` is 1 to 100 (default 15).
- Send \`Idempotency-Key\` (1 to 255 visible ASCII characters) on any POST to make retries safe: the first request runs once; a retry with the same body gets the stored status and body (with \`Idempotent-Replayed: true\`); the same key with another body is 422 (42202); a retry while the first still runs is 409 (40901). Keys are kept ${config.idempotencyTtlHours} hours per client. Only a success is kept: a request answered with an error (a 422 for a bad field, a 404, a 5xx) changed nothing and does not use up its key, so the corrected request may be sent with the same key.
- \`X-Request-Id\` is echoed on every response (yours when you send a sane one, else a new UUID); quote it to support.
- Another client's resource is answered 404, never 403.

## Errors
Every error has the same body: \`code\`, \`message\`, \`details\` (422), \`retry_after_seconds\` (429, 503), plus RFC 9457 \`type\`, \`title\`, \`status\`.

| code | HTTP | name | meaning |
|---|---|---|---|
${codes}

## Rate limits
Counted per client and per route in fixed one-minute windows. The token endpoint counts granted tokens per client (so nobody else's failures lock a client out) and failed attempts per source address across every client id (${config.oauthFailedAttemptsPerAddress} a minute, then 429 for that address).
Responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 adds \`Retry-After\`.
Routes without a row below allow ${config.rateLimitDefaultPerMinute} requests per minute.

| route | per minute |
|---|---|
${limits}`;
}

/**
 * Documents what no controller route describes (the webhooks a partner receives). The layers above the platform
 * supply them (bootstrap's OPENAPI_SECTIONS): the platform imports nothing above it.
 */
export type OpenApiSection = (document: OpenAPIObject) => void;

export function buildOpenApi(app: NestFastifyApplication, config: AppConfig, sections: readonly OpenApiSection[]): OpenAPIObject {
  const base = new DocumentBuilder()
    .setTitle('Embedded Insurance API')
    .setDescription(description(config))
    .setVersion('1.0.0')
    .addServer(config.publicBaseUrl, config.env)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from POST /oauth/token.' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, base, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...(contractComponents() as Record<string, never>) };
  for (const add of sections) add(document);
  addPlatformResponses(document);
  return document;
}

type Response = { $ref?: string; content?: Record<string, { schema?: unknown; example?: unknown }> };
type Operation = { parameters?: { in: string }[]; requestBody?: unknown; security?: unknown[]; responses: Record<string, unknown> };

const PLATFORM_RESPONSES: Record<string, { status: number; description: string }> = {
  MalformedRequest: { status: 400, description: 'Malformed request: JSON that does not parse, or a body the route cannot read.' },
  Unauthenticated: { status: 401, description: 'Missing, malformed, expired or revoked credentials.' },
  Forbidden: { status: 403, description: 'Signed in, but this role may not do this.' },
  NotFound: { status: 404, description: "No such resource (another client's resource is a 404 too)." },
  TooLarge: { status: 413, description: 'The request body is larger than the limit.' },
  UriTooLong: { status: 414, description: 'The URL is longer than the limit.' },
  UnsupportedMediaType: { status: 415, description: 'The body is not in a media type this route reads.' },
  IdempotencyConflict: { status: 409, description: 'An earlier request with the same `Idempotency-Key` is still running (40901).' },
  Invalid: { status: 422, description: 'Validation failed; `details` names every failing field or parameter.' },
  RateLimited: { status: 429, description: 'Rate limit exceeded; see `Retry-After` and `retry_after_seconds`.' },
  Unavailable: { status: 503, description: 'The database cannot be reached for now; retry after `Retry-After` seconds.' },
};

/**
 * An error is always the JSON Error body, even on a route that answers a file or an event stream (the generator
 * gives its errors the route's own media type).
 */
function errorsAsJson(response: Response): void {
  if (response.$ref || response.content?.['application/json']?.schema) return;
  const media = Object.values(response.content ?? {})[0] ?? {};
  response.content = { 'application/json': { ...media, schema: media.schema ?? { $ref: '#/components/schemas/Error' } } };
}

/**
 * Documents on every operation the errors the platform itself may answer, whatever the route (a malformed body, a
 * rate limit, a database outage; on signed-in routes a missing session; where a path names a resource, a 404), with
 * the one Error body. A route's own `ApiErrors` descriptions win.
 */
function addPlatformResponses(document: OpenAPIObject): void {
  document.components!.responses = {
    ...document.components!.responses,
    ...Object.fromEntries(
      Object.entries(PLATFORM_RESPONSES).map(([name, r]) => [
        name,
        { description: r.description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      ]),
    ),
  };
  for (const [path, item] of Object.entries(document.paths)) {
    const console = path.startsWith('/admin/api') || path.startsWith('/portal/api');
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      const params = op.parameters ?? [];
      const wanted = ['MalformedRequest', 'UriTooLong', 'RateLimited', 'Unavailable'];
      if (op.requestBody) wanted.push('TooLarge', 'UnsupportedMediaType');
      if (op.security?.length || console) wanted.push('Unauthenticated');
      if (console) wanted.push('Forbidden');
      if (params.some((p) => p.in === 'path')) wanted.push('NotFound');
      if (params.length || op.requestBody || method === 'post') wanted.push('Invalid');
      if (method === 'post') wanted.push('IdempotencyConflict');
      for (const name of wanted) op.responses[String(PLATFORM_RESPONSES[name].status)] ??= { $ref: `#/components/responses/${name}` };
      for (const [status, response] of Object.entries(op.responses)) if (/^[45]/.test(status)) errorsAsJson(response as Response);
    }
  }
}

/**
 * OpenAPI 3 at /openapi.json (and .yaml) with interactive docs at /docs, built on its first request (once): building it reads
 * every route's metadata and schema (about 1.5 s of CPU in a fresh process), which a booting instance, or a test's, need not
 * spend.
 */
export function setupOpenApi(app: NestFastifyApplication, config: AppConfig, sections: readonly OpenApiSection[]): void {
  SwaggerModule.setup('docs', app, () => buildOpenApi(app, config, sections), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Embedded Insurance API',
    swaggerOptions: { persistAuthorization: true },
  });
}
