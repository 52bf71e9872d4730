import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Holds every answer the e2e tests receive through `http()` to the OpenAPI document the app under test serves: a
 * status the operation does not document, a JSON body an operation declares no schema for, or a body that does not
 * match its schema (a missing required field, a field of the wrong type or format, a value outside its enum) fails
 * the request, and with it the test. Paths the document does not describe (pages, static files, other servers) are
 * not checked.
 */
interface Operation {
  pattern: RegExp;
  params: number;
  method: string;
  template: string;
  responses: Record<string, Response>;
}

interface Checker {
  operations: Operation[];
  validators: Map<string, ValidateFunction>;
  ajv: Ajv;
  responses: Record<string, Response>;
}

type Response = { $ref?: string; content?: Record<string, { schema?: unknown }> };

const checkers = new Map<string, Promise<Checker | null>>();

type Document = { openapi?: string; paths?: Record<string, Record<string, unknown>>; components?: { responses?: Record<string, Response> } };

/** Origins whose document is the run's document of their kind (see shareOpenApiDocument), by the file that keeps it. */
const sharedFiles = new Map<string, string>();

/**
 * Says that the app at `origin` serves the same document as every other app of the same `kind` in this run (the same
 * code, and the same modules: apps of one APP_ENV and no extra modules). The first such app's document is kept in the
 * run's folder and read from there by later ones, in any test file or worker: the app builds its document only when
 * asked (about 1.5 s of CPU in a fresh test file), so most apps under test then never build it.
 */
export function shareOpenApiDocument(origin: string, kind: string): void {
  if (process.env.TEST_TMP_DIR) sharedFiles.set(origin, join(process.env.TEST_TMP_DIR, `openapi-${kind}.json`));
}

async function documentOf(origin: string): Promise<Document | null> {
  const file = sharedFiles.get(origin);
  if (file) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Document;
    } catch {
      // not kept yet: this app's own, kept below
    }
  }
  const res = await fetch(`${origin}/openapi.json`).catch(() => null);
  if (!res || res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('json')) return null;
  const text = await res.text();
  if (file) {
    // written whole under another name, then renamed: a reader in another worker never sees half of it
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  }
  return JSON.parse(text) as Document;
}

async function load(origin: string): Promise<Checker | null> {
  const doc = await documentOf(origin);
  if (!doc?.openapi || !doc.paths) return null;
  const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' });
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    for (const [method, op] of Object.entries(item)) {
      const responses = (op as { responses?: Operation['responses'] }).responses;
      if (!responses) continue;
      operations.push({ pattern: new RegExp(`^${source}$`), params: (template.match(/\{/g) ?? []).length, method: method.toUpperCase(), template, responses });
    }
  }
  return { operations, validators: new Map(), ajv, responses: doc.components?.responses ?? {} };
}

/** No schema, or one that says no more than "an object" (an example alone types nothing). */
function untyped(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return true;
  const keys = Object.keys(schema).filter((k) => !['type', 'example', 'description', 'examples'].includes(k));
  return keys.length === 0 && (schema as { type?: string }).type === 'object';
}

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

export async function checkAgainstOpenApi(url: string, method: string, status: number, contentType: string, text: string): Promise<void> {
  const target = new URL(url);
  let checker = checkers.get(target.origin);
  if (!checker) {
    checker = load(target.origin);
    checkers.set(target.origin, checker);
  }
  const c = await checker;
  if (!c) return;
  const candidates = c.operations.filter((o) => o.method === method.toUpperCase() && o.pattern.test(target.pathname));
  if (candidates.length === 0) return;
  // a literal path wins over a templated one (/claims/types before /claims/{id})
  const op = candidates.sort((a, b) => a.params - b.params)[0];
  const where = `${method.toUpperCase()} ${op.template}`;
  const declared = op.responses[String(status)] ?? op.responses.default;
  const documented = declared?.$ref ? c.responses[declared.$ref.split('/').pop()!] : declared;
  if (!documented) throw new Error(`OpenAPI: ${where} answered ${status}, a status the document does not give for it. Body: ${text.slice(0, 300)}`);
  if (!contentType.includes('json') || text === '') return;
  const key = declared === op.responses.default ? 'default' : String(status);
  const media = Object.keys(documented.content ?? {}).find((m) => m.includes('json'));
  if (!media || untyped(documented.content?.[media]?.schema)) {
    throw new Error(`OpenAPI: ${where} answered ${status} with a JSON body, but the document declares no schema for it.`);
  }
  const id = `${where} ${key} ${media}`;
  let validate = c.validators.get(id);
  if (!validate) {
    const at = declared?.$ref
      ? pointer('components', 'responses', declared.$ref.split('/').pop()!, 'content', media, 'schema')
      : pointer('paths', op.template, op.method.toLowerCase(), 'responses', key, 'content', media, 'schema');
    validate = c.ajv.compile({ $ref: `openapi#/${at}` });
    c.validators.set(id, validate);
  }
  if (!validate(JSON.parse(text))) {
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map(
        (e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`,
      )
      .join('; ');
    throw new Error(`OpenAPI: ${where} answered ${status} with a body that does not match its schema: ${errors}. Body: ${text.slice(0, 300)}`);
  }
}
