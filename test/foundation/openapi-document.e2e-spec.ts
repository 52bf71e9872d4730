import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { startTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The document's own rules, checked as CI runs the suite: partners generate clients from it. */
describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: Json;

  beforeAll(async () => {
    app = await startTestApp();
    doc = (await app.request('/openapi.json')).body;
  });
  afterAll(() => app.close());

  const operations = () =>
    Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Json })),
    );

  it('names every operation once, tags and summarizes it, with its success answer', () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(
      operations()
        .filter((o) => !o.op.tags?.length || !o.op.summary)
        .map((o) => `${o.method} ${o.path}`),
    ).toEqual([]);
  });

  /** The Error body, or a named shape that carries all of it (a route's error with more detail, e.g. the rows at fault). */
  const isErrorBody = (schema: Json | undefined) => {
    if (!schema?.$ref) return false;
    const named = doc.components.schemas[schema.$ref.split('/').pop()];
    return ['code', 'message', 'type', 'title', 'status'].every((f) => named?.required?.includes(f));
  };

  it('gives every JSON answer a schema: errors the Error body, successes their shape', () => {
    const untyped: string[] = [];
    const errorsWithout: string[] = [];
    for (const { path, method, op } of operations()) {
      for (const [status, declared] of Object.entries(op.responses as Record<string, Json>)) {
        const response = declared.$ref ? doc.components.responses[declared.$ref.split('/').pop()] : declared;
        const media = Object.keys(response.content ?? {}).find((m) => m.includes('json'));
        const schema = media ? response.content[media].schema : undefined;
        const loose = !schema || (schema.type === 'object' && !schema.properties && !schema.additionalProperties && !schema.allOf && !schema.anyOf);
        if (status.startsWith('2') && status !== '204' && loose) {
          const binary = Object.keys(response.content ?? {}).some((m) => !m.includes('json'));
          if (!binary) untyped.push(`${method.toUpperCase()} ${path} ${status}`);
        }
        if (/^[45]/.test(status) && !isErrorBody(schema)) errorsWithout.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(errorsWithout).toEqual([]);
    expect(untyped).toEqual([]);
  });

  it('holds every example to its schema', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'openapi' });
    const wrong: string[] = [];
    const check = (pointer: string, example: unknown) => {
      const validate = ajv.compile({ $ref: `openapi#${pointer}` });
      if (!validate(example)) wrong.push(`${pointer}: ${ajv.errorsText(validate.errors)}`);
    };
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Json>)) {
      if (schema.example !== undefined) check(`/components/schemas/${escape(name)}`, schema.example);
    }
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        for (const [media, content] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          if (content.example === undefined || !content.schema) continue;
          check(`/paths/${escape(path)}/${method}/responses/${status}/content/${escape(media)}/schema`, content.example);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refers to every schema it declares, and declares every schema it refers to', () => {
    const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: undefined } });
    const refs = (s: string) => [...s.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    const declared = Object.keys(doc.components.schemas);
    // a schema is used when an operation, a webhook or a used schema refers to it
    const used = new Set(refs(text));
    for (let grew = true; grew;) {
      grew = false;
      for (const name of [...used]) {
        for (const ref of refs(JSON.stringify(doc.components.schemas[name] ?? {}))) {
          if (!used.has(ref)) {
            used.add(ref);
            grew = true;
          }
        }
      }
    }
    expect(declared.filter((name) => !used.has(name))).toEqual([]);
    expect([...used].filter((name) => !declared.includes(name))).toEqual([]);
  });
});
