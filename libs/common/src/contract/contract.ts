import { z } from 'zod';

/**
 * Every response shape the API declares, by name: the OpenAPI document's components are made from this registry, a
 * route's answer refers to its shape by name, and the same schema compiles the route's serializer (see `Responds`).
 * A shape is declared once and reused wherever families share it.
 */
export const responseContract = z.registry<{ id: string }>();

/** Declares a named response shape (a component of the OpenAPI document). Names are unique. */
export function shape<T extends z.ZodType>(id: string, schema: T): T {
  const taken = [...contractIds()].includes(id);
  if (taken) throw new Error(`The response shape ${id} is declared twice.`);
  responseContract.add(schema, { id });
  return schema;
}

/** The name a shape was declared with, or undefined for an unnamed schema. */
export function shapeId(schema: z.ZodType): string | undefined {
  return responseContract.get(schema)?.id;
}

function* contractIds(): Iterable<string> {
  // the registry keeps its ids in `_idmap` (zod 4); the public API offers no listing
  const map = (responseContract as unknown as { _idmap: Map<string, z.ZodType> })._idmap;
  yield* map.keys();
}

/** Datetimes as the API writes them: ISO 8601 UTC with six fractional digits and `Z`. */
export const dateTimeOut = z.string().meta({ format: 'date-time', example: '2026-11-22T10:15:30.123000Z' });
/** Dates as `YYYY-MM-DD`. */
export const dateOut = z.string().meta({ format: 'date', example: '2026-12-01' });
/** A UUID. */
export const uuidOut = z.string().meta({ format: 'uuid', example: '3f0c2a8e-5b1d-4c7e-9a60-2d4b8c1e7f90' });
/** An amount in SAR with at most two decimals, as a JSON number (as the real service writes them). */
export const amountOut = z.number().meta({ description: 'SAR, at most two decimals.', example: 1079.73 });
/** An amount in SAR as a decimal string with two decimals (where the real service writes strings). */
export const amountTextOut = z.string().meta({ pattern: '^-?\\d+\\.\\d{2}$', description: 'SAR, two decimals.', example: '1079.73' });
/** A whole number id. */
export const intIdOut = z.number().int().min(1);

/** The one error body: `code`, `message`, `details` on 422, plus RFC 9457 `type`, `title`, `status`. */
export const errorShape = shape(
  'Error',
  z
    .object({
      code: z.string().meta({ pattern: '^\\d{5}$', description: 'HTTP status then a two-digit case number; see the table in the API description.' }),
      message: z.string().meta({ description: 'Human-readable; may change. Branch on `code`.' }),
      details: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: 'On 422 only: every failing field path (e.g. `drivers.0.owner_id`) with its messages.' }),
      retry_after_seconds: z.number().int().optional().meta({ description: 'On 429 and 503, equal to the `Retry-After` header.' }),
      error: z.string().optional().meta({ description: 'On the token endpoint only: the RFC 6749 error code.' }),
      error_description: z.string().optional().meta({ description: 'On the token endpoint only.' }),
      type: z.string().meta({ description: 'RFC 9457 problem type (`about:blank`).' }),
      title: z.string().meta({ description: 'RFC 9457 title: the HTTP status text.' }),
      status: z.number().int().meta({ description: 'RFC 9457 status: the HTTP status.' }),
    })
    .meta({
      example: {
        code: '42201',
        message: 'The chassis field is required.',
        details: { chassis: ['The chassis field is required.'] },
        type: 'about:blank',
        title: 'Unprocessable Entity',
        status: 422,
      },
    }),
);

const pageLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });

/** The list envelope every partner list answers with (Laravel's paginator), around a page of `item`; `extra` adds
 * what a list adds beside it (`aggregates`). */
export function paginated<T extends z.ZodType>(id: string, item: T, extra: z.ZodRawShape = {}) {
  return shape(
    id,
    z.object({
      ...extra,
      current_page: z.number().int(),
      data: z.array(item),
      first_page_url: z.string(),
      from: z.number().int().nullable(),
      last_page: z.number().int(),
      last_page_url: z.string(),
      links: z.array(pageLink),
      next_page_url: z.string().nullable(),
      path: z.string(),
      per_page: z.number().int(),
      prev_page_url: z.string().nullable(),
      to: z.number().int().nullable(),
      total: z.number().int(),
    }),
  );
}

/** A plain confirmation (`{"message": "..."}`), as DELETE routes answer. */
/**
 * A request body as the OpenAPI document describes it: the zod schema the route validates with, on its input side
 * (what a partner sends), with an example when given. What JSON Schema cannot say (a refinement) is left open.
 */
export function requestBodySchema(schema: z.ZodType, example?: unknown): object {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return example === undefined ? json : { ...json, example };
}

export const messageShape = shape('Message', z.object({ message: z.string() }));

/** The OpenAPI components of every declared shape, referring to each other by `#/components/schemas/<name>`. */
export function contractComponents(): Record<string, object> {
  const { schemas } = z.toJSONSchema(responseContract, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const s of Object.values(schemas)) {
    delete s.$id;
    nullInEnums(s);
  }
  return schemas;
}

/** OpenAPI 3.0.3: a nullable enum lists `null` among its values (zod writes `nullable` alone). */
function nullInEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(nullInEnums);
  const o = node as Record<string, unknown>;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...(o.enum as unknown[]), null];
  Object.values(o).forEach(nullInEnums);
}

/** A self-contained JSON Schema (draft 7, every shape inlined) for Fastify's serializer (fast-json-stringify). */
export function serializerSchema(schema: z.ZodType): object {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  withoutRequired(json);
  return json;
}

/**
 * fast-json-stringify throws on a missing required field: a row stored before a field existed would answer 500. The
 * serializer leaves such a field out instead; the document keeps `required`, tsc holds presenters to it, and the e2e
 * check fails a test whose answer lacks one.
 */
function withoutRequired(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(withoutRequired);
  const o = node as Record<string, unknown>;
  if (Array.isArray(o.required)) delete o.required;
  Object.values(o).forEach(withoutRequired);
}
