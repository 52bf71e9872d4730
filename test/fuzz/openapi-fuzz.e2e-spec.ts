import { signIn } from '../admin/admin-kit';
import { http, HttpResponse } from '../support/http';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { PDF } from '../life/life-kit';
import { FuzzWorld, seedWorld } from './fuzz-seed';
import {
  JSON_MUTATIONS,
  multipartBody,
  Part,
  PART_MUTATIONS,
  PATH_MUTATIONS,
  pathsOf,
  QUERY_MUTATIONS,
  Random,
  REMOVE,
  sample,
  Schema,
  seededRandom,
  withValueAt,
} from './fuzz-values';

/**
 * Walks /openapi.json and, for every partner and admin operation it documents, sends malformed values: every
 * JSON body field (and the body as a whole), every query parameter, every path parameter and every multipart
 * text part (and the form's shape), authenticated as a real client or a staff admin, with real ids in the path
 * so the body is reached. It asserts that nothing answers 5xx.
 *
 * Deterministic: FUZZ_SEED (default below) picks which malformed values each field gets, FUZZ_PER_FIELD how many
 * (default 6 of the ~45 for a JSON field). Routes other teams add are picked up from the document by themselves: a
 * body sampled from their schema and ids read from their list route stand in until fuzz-seed.ts gives them a
 * body the API accepted. Not covered: the HTML pages (/pay, /embed), headers other than authentication.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const PER_FIELD = Number(process.env.FUZZ_PER_FIELD ?? 6);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Operations that end or disable what later operations need: run last. */
const DESTRUCTIVE = /\/(cancel|cancellation|deletion|policy-cancellation|deactivate|rotate-secret|unenrol|logout)$/;

interface Operation {
  method: string;
  template: string;
  op: Schema;
}

interface Attempt {
  what: string;
  path: string;
  body?: Buffer | string;
  contentType?: string;
}

interface Failure {
  operation: string;
  what: string;
  status: number | string;
  answer: string;
}

describe('OpenAPI fuzz: no malformed input answers 5xx', () => {
  let env: MotorTestEnv;
  let world: FuzzWorld;
  let doc: Schema;

  beforeAll(async () => {
    env = await startMotorEnv({
      env: { TOKEN_TTL_SECONDS: '31536000', WEBHOOK_WORKER: 'false', PAYMENT_RECONCILE_MS: '0', REFUND_POLL_MS: '0', POLICY_DOCUMENTS_POLL_MS: '0' },
    });
    world = await seedWorld(env);
    doc = (await env.app.request('/openapi.json')).body;
  }, 180_000);
  afterAll(() => env?.close());

  it(`sends malformed values to every field of every documented route (seed ${SEED})`, async () => {
    const rnd = seededRandom(SEED);
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    const perOperation = new Map<string, Map<number | string, number>>();
    let requests = 0;
    const listIds = new Map<string, string | null>();

    const operations: Operation[] = Object.entries<Schema>(doc.paths).flatMap(([template, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ method: method.toUpperCase(), template, op: item[method] })),
    );
    // reads first, then writes, then what ends or disables things; one-time codes are asked for after the
    // routes that spend the seeded ones
    const rank = (o: Operation) => (o.method === 'GET' ? 0 : DESTRUCTIVE.test(o.template) || o.method === 'DELETE' ? 3 : /-otp$/.test(o.template) ? 2 : 1);
    operations.sort((a, b) => rank(a) - rank(b));

    const isAdmin = (template: string) => template.startsWith('/admin/api/');
    const send = async (o: Operation, a: Attempt): Promise<HttpResponse | string> => {
      for (let tries = 0; ; tries++) {
        const headers: Record<string, string> = {};
        if (a.contentType) headers['Content-Type'] = a.contentType;
        if (isAdmin(o.template)) {
          headers.Cookie = world.admin.cookie;
          headers['X-Requested-With'] = 'XMLHttpRequest';
        } else if (o.template !== '/oauth/token') {
          headers.Authorization = `Bearer ${world.partner.token}`;
        }
        let res: HttpResponse;
        try {
          requests++;
          res = await http(`${env.app.url}${a.path}`, { method: o.method, headers, body: a.body });
        } catch (e) {
          return `network error: ${(e as Error).message}`;
        }
        if (tries < 3 && res.status === 429) {
          env.app.clock.advance(61_000); // a fresh rate-limit window: the limits are not what is tested here
          continue;
        }
        if (tries < 3 && res.status === 401 && isAdmin(o.template) && o.template !== '/admin/api/auth/login') {
          world.admin = await signIn(env.app, 'admin'); // logout or the session's lifetime ended it
          continue;
        }
        return res;
      }
    };
    const check = async (o: Operation, a: Attempt) => {
      const res = await send(o, a);
      const status = typeof res === 'string' ? res : res.status;
      if (typeof status === 'number') statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const mine = perOperation.get(`${o.method} ${o.template}`) ?? new Map<number | string, number>();
      mine.set(status, (mine.get(status) ?? 0) + 1);
      perOperation.set(`${o.method} ${o.template}`, mine);
      if (process.env.FUZZ_REPORT && a.what === 'as seeded')
        process.stdout.write(`  seeded ${o.method} ${o.template} -> ${status} ${typeof res === 'string' ? '' : res.text.slice(0, 120)}\n`);
      if (typeof status === 'string' || status >= 500) {
        failures.push({ operation: `${o.method} ${o.template}`, what: a.what, status, answer: typeof res === 'string' ? res : res.text.slice(0, 300) });
      }
    };

    /** The real id for each path parameter: seeded, else the first row of the list route, else 1. */
    const resolvePath = async (template: string): Promise<string> => {
      let path = template;
      for (const m of template.matchAll(/\{(\w+)\}/g)) {
        const through = template.slice(0, m.index! + m[0].length);
        const prefix = path.slice(0, path.indexOf(m[0]) - 1);
        let id = world.ids.get(through) ?? null;
        if (id === null) {
          if (!listIds.has(prefix)) listIds.set(prefix, await firstId(prefix, isAdmin(template)));
          id = listIds.get(prefix) ?? null;
        }
        path = path.replace(m[0], encodeURIComponent(id ?? '1'));
      }
      return path;
    };
    const firstId = async (listPath: string, admin: boolean): Promise<string | null> => {
      const res = await http(`${env.app.url}${listPath}`, admin ? { headers: { Cookie: world.admin.cookie } } : { token: world.partner.token });
      const rows = Array.isArray(res.body) ? res.body : Array.isArray(res.body?.data) ? res.body.data : [];
      const id = rows[0]?.id;
      return id === undefined || id === null ? null : String(id);
    };
    const queryOf = (o: Operation): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const p of (o.op.parameters ?? []) as Schema[]) {
        if (p.in !== 'query') continue;
        const known = world.query.get(p.name);
        if (known !== undefined) out[p.name] = known;
        else if (p.required) out[p.name] = String(sample(p.schema));
      }
      return out;
    };
    const withQuery = (path: string, query: Record<string, string>, raw: Record<string, string> = {}) => {
      const parts = [
        ...Object.entries(query)
          .filter(([k]) => !(k in raw))
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
        ...Object.entries(raw).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
      ];
      return parts.length ? `${path}?${parts.join('&')}` : path;
    };

    for (const o of operations) {
      const path = await resolvePath(o.template);
      const query = queryOf(o);
      const key = `${o.method} ${o.template}`;
      const content = o.op.requestBody?.content ?? {};
      const jsonSchema: Schema | undefined = content['application/json']?.schema;
      const formSchema: Schema | undefined = content['multipart/form-data']?.schema;

      // as documented, with real ids: the route is reachable
      await check(o, { what: 'as seeded', path: withQuery(path, query), ...baseBody(o, key, jsonSchema, formSchema) });
      // path parameters
      for (const m of o.template.matchAll(/\{(\w+)\}/g)) {
        for (const bad of rnd.pick(PATH_MUTATIONS, PER_FIELD)) {
          const mutated = (await resolvePath(o.template.replace(m[0], '\u0001'))).replace(encodeURIComponent('\u0001'), bad).replace('\u0001', bad);
          await check(o, { what: `path ${m[1]} = ${bad.slice(0, 40)}`, path: withQuery(mutated, query), ...baseBody(o, key, jsonSchema, formSchema) });
        }
      }
      // query parameters, one at a time, and repeated
      for (const p of ((o.op.parameters ?? []) as Schema[]).filter((p) => p.in === 'query')) {
        for (const bad of rnd.pick(QUERY_MUTATIONS, PER_FIELD)) {
          await check(o, {
            what: `query ${p.name} = ${bad.slice(0, 40)}`,
            path: withQuery(path, query, { [p.name]: bad }),
            ...baseBody(o, key, jsonSchema, formSchema),
          });
        }
        await check(o, {
          what: `query ${p.name} repeated`,
          path: withQuery(path, query, { [p.name]: `1&${encodeURIComponent(p.name)}=2` }),
          ...baseBody(o, key, jsonSchema, formSchema),
        });
      }
      const url = withQuery(path, query);
      if (jsonSchema) await fuzzJson(o, key, url, jsonSchema, rnd, check);
      else if (formSchema) await fuzzForm(o, key, url, formSchema, rnd, check);
      else if (o.method !== 'GET' && o.method !== 'DELETE')
        await check(o, { what: 'unexpected JSON body', path: url, body: '{"x":"\\u0000","y":[[[[]]]]}', contentType: 'application/json' });
    }

    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    process.stdout.write(`OpenAPI fuzz (seed ${SEED}, ${PER_FIELD} per field): ${operations.length} operations, ${requests} requests; statuses ${histogram}\n`);
    if (process.env.FUZZ_REPORT) {
      for (const [operation, counts] of perOperation) process.stdout.write(`  ${operation.padEnd(75)} ${[...counts].map(([s, n]) => `${s}:${n}`).join(' ')}\n`);
    }
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);

  /** The body an operation is sent with when something else (a path or query value) is the malformed part. */
  function baseBody(o: Operation, key: string, jsonSchema: Schema | undefined, formSchema: Schema | undefined): Pick<Attempt, 'body' | 'contentType'> {
    if (jsonSchema) return { body: JSON.stringify(world.bodies.get(key) ?? sample(jsonSchema)), contentType: 'application/json' };
    if (formSchema) {
      const form = multipartBody(baseParts(key, formSchema));
      return { body: form.body, contentType: form.contentType };
    }
    return {};
  }

  function baseParts(key: string, schema: Schema): Part[] {
    const seeded = world.forms.get(key);
    if (seeded) return seeded;
    return Object.entries<Schema>(schema.properties ?? {}).map(([name, s]) => {
      const binary = s.format === 'binary' || s.items?.format === 'binary';
      return binary ? { name, value: PDF, filename: `${name}.pdf`, type: 'application/pdf' } : { name, value: Buffer.from(String(sample(s))) };
    });
  }

  async function fuzzJson(o: Operation, key: string, url: string, schema: Schema, rnd: Random, check: (o: Operation, a: Attempt) => Promise<void>) {
    const base = world.bodies.get(key) ?? sample(schema);
    const json = (what: string, value: unknown) => check(o, { what, path: url, body: JSON.stringify(value), contentType: 'application/json' });
    const raw = (what: string, body: string | Buffer) => check(o, { what, path: url, body, contentType: 'application/json' });
    for (const [name, value] of [
      ['null body', null],
      ['array body', []],
      ['string body', 'x'],
      ['number body', 7],
      ['empty object', {}],
    ] as const)
      await json(name, value);
    await raw('malformed JSON', '{"a":');
    await raw('invalid UTF-8', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]));
    await raw('NUL key', JSON.stringify(base).replace(/^\{/, '{"\\u0000":1,').replace(',}', '}'));
    await raw('__proto__ key', JSON.stringify(base).replace(/^\{/, '{"__proto__":{"polluted":true},').replace(',}', '}'));
    await raw('deep nesting', `${'['.repeat(3000)}${']'.repeat(3000)}`);
    // a wrong code counts against it: the code's own field goes last, so the others are judged with it still good
    for (const path of pathsOf(base).sort((a, b) => Number(a.at(-1) === 'otp') - Number(b.at(-1) === 'otp'))) {
      const name = path.join('.');
      for (const [label, bad] of rnd.pick(JSON_MUTATIONS, PER_FIELD)) await json(`${name} = ${label}`, withValueAt(base, path, bad));
      await json(`${name} missing`, withValueAt(base, path, REMOVE));
      const node = path.reduce<any>((n, k) => n?.[k], base);
      if (node && typeof node === 'object' && !Array.isArray(node))
        await json(`${name} + unknown field`, withValueAt(base, [...path, 'unexpected_field'], 'x'));
      if (Array.isArray(node)) await json(`${name} x 500`, withValueAt(base, path, Array(500).fill(node[0] ?? 1)));
    }
  }

  async function fuzzForm(o: Operation, key: string, url: string, schema: Schema, rnd: Random, check: (o: Operation, a: Attempt) => Promise<void>) {
    const base = baseParts(key, schema);
    const send = (what: string, parts: Part[]) => {
      const form = multipartBody(parts);
      return check(o, { what, path: url, body: form.body, contentType: form.contentType });
    };
    await send('empty form', []);
    await send('unknown part', [...base, { name: 'unexpected', value: Buffer.from('x') }]);
    await send('NUL in a part name', [...base, { name: 'a\u0000b', value: Buffer.from('x') }]);
    await check(o, { what: 'JSON instead of a form', path: url, body: '{}', contentType: 'application/json' });
    const whole = multipartBody(base);
    await check(o, { what: 'form cut short', path: url, body: whole.body.subarray(0, Math.floor(whole.body.length / 2)), contentType: whole.contentType });
    await check(o, { what: 'boundary missing', path: url, body: whole.body, contentType: 'multipart/form-data' });
    for (const [i, part] of base.entries()) {
      const others = base.filter((_, j) => j !== i);
      await send(`${part.name} missing`, others);
      await send(`${part.name} twice`, [...base, part]);
      if (part.filename) {
        await send(`${part.name} as text`, [...others, { name: part.name, value: Buffer.from('not a file') }]);
        await send(`${part.name} empty file`, [...others, { ...part, value: Buffer.alloc(0) }]);
        continue;
      }
      await send(`${part.name} as a file`, [...others, { name: part.name, value: part.value, filename: 'x.txt', type: 'text/plain' }]);
      for (const [label, bad] of rnd.pick(PART_MUTATIONS, PER_FIELD)) await send(`${part.name} = ${label}`, [...others, { name: part.name, value: bad }]);
    }
  }
});
