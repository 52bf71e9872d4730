/**
 * Values for the OpenAPI fuzz test: a seeded random source, a valid-looking sample of a JSON schema, and the
 * malformed values sent in place of each field. Everything is deterministic for a seed.
 */

/** mulberry32: small, fast and good enough to pick values reproducibly. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    /** `k` distinct items of `list`, in a random order. */
    pick<T>(list: readonly T[], k: number): T[] {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, k);
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

export type Schema = Record<string, any>;

/** A string matching the simple patterns the API uses (`^[12]\d{9}$`, `^\+\d{10,15}$`, `^[A-HJ-NPR-Z0-9]{17}$`). */
export function fromPattern(pattern: string): string | undefined {
  let out = '';
  const src = pattern.replace(/^\^/, '').replace(/\$$/, '');
  for (let i = 0; i < src.length;) {
    let atom: string;
    if (src[i] === '\\') {
      const c = src[i + 1];
      atom = c === 'd' ? '7' : c === 'w' ? 'a' : c === 's' ? ' ' : c;
      i += 2;
    } else if (src[i] === '[') {
      const end = src.indexOf(']', i);
      if (end < 0) return undefined;
      const cls = src.slice(i + 1, end);
      if (cls.startsWith('^')) return undefined;
      atom = cls.startsWith('\\d') ? '7' : cls[0] === '\\' ? cls[1] : cls[0];
      i = end + 1;
    } else if ('()|?*+.{}'.includes(src[i])) {
      return undefined;
    } else {
      atom = src[i];
      i += 1;
    }
    const q = /^\{(\d+)(?:,(\d*))?\}/.exec(src.slice(i));
    if (q) {
      out += atom.repeat(Number(q[1]));
      i += q[0].length;
    } else {
      out += atom;
    }
  }
  return out;
}

/** A value the schema describes, valid where that is easy to know (enums, formats, simple patterns, bounds). */
export function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 12) return 'text';
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum.find((v: unknown) => v !== '' && v !== null) ?? schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length)
    return sample(variants.find((v: Schema) => v.type !== 'null' && !(v.enum && v.enum.every((e: unknown) => e === ''))) ?? variants[0], depth + 1);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: Schema) => sample(s, depth + 1)));
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries<Schema>(schema.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && schema.minimum > -1e15
        ? Math.max(schema.minimum, schema.exclusiveMinimum === true ? schema.minimum + 1 : schema.minimum)
        : 1;
    case 'boolean':
      return true;
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'email':
      return 'fuzz@example.com';
    case 'uuid':
      return '3f0c2a8e-4b1d-4c6e-9a7f-1d2e3f4a5b6c';
    case 'date':
      return '2026-12-01';
    case 'date-time':
      return '2026-12-01T10:00:00.000Z';
    case 'uri':
    case 'url':
      return 'https://example.com/fuzz';
  }
  const fromRe = typeof schema.pattern === 'string' ? fromPattern(schema.pattern) : undefined;
  if (fromRe !== undefined) return fromRe;
  return 'fuzz text'.padEnd(Math.max(9, schema.minLength ?? 0), 'x').slice(0, schema.maxLength ?? 255);
}

/** Malformed values for a JSON field: wrong types, edges of numbers and strings, text no field may hold. */
export const JSON_MUTATIONS: ReadonlyArray<[string, unknown]> = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['zero', 0],
  ['negative', -1],
  ['fraction', 1.5],
  ['huge', 1e308],
  ['unsafe integer', 2 ** 53 + 2],
  ['int4 overflow', 2 ** 31],
  ['empty string', ''],
  ['blank', '   '],
  ['overlong', 'x'.repeat(20_000)],
  ['NUL', 'a\u0000b'],
  ['escape', '\u001b[2J'],
  ['lone surrogate', 'a\ud800'],
  ['RTL override', '\u202egnp.exe'],
  ['emoji', '😀👩‍👩‍👧'.repeat(100)],
  ['lowercase grows', 'İ'.repeat(200)],
  ['uppercase grows', 'ßﬃ'.repeat(100)],
  ['unicode spaces', '\u00a0\u3000\u2028'],
  ['hex digits', '0x1'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['minus zero', -0],
  ['tiny', 1e-7],
  ['three decimals', '0.001'],
  ['money overflow', '99999999999999999999.99'],
  ['exponent overflow', '1e400'],
  ['month 13', '2026-13-01'],
  ['far future', '+275760-09-13'],
  ['year 9999', '9999-12-31'],
  ['datetime for a date', '2026-12-01T00:00:00Z'],
  ['padded digits', ' 1 '],
  ['exponent', '1e3'],
  ['digits overflow', '99999999999999999999'],
  ['impossible date', '2026-02-30'],
  ['year zero', '0000-00-00'],
  ['SQL', "' OR '1'='1' --"],
  ['path', '../../../etc/passwd'],
  ['markup', '<script>alert(1)</script>'],
  ['empty array', []],
  ['array of one', [1]],
  ['empty object', {}],
  ['object', { a: { b: 'c' } }],
  ['__proto__ object', JSON.parse('{"__proto__":{"polluted":true}}')],
];

/** Malformed query-string values (already encoded) and path segments. */
export const QUERY_MUTATIONS: readonly string[] = [
  '',
  '%00',
  '%01%1b',
  '%ED%A0%80',
  '%ff%fe',
  '%',
  'x'.repeat(5000),
  '-1',
  '0',
  '0x1',
  '%201%20',
  '1e309',
  '2147483648',
  '99999999999999999999',
  '2026-02-30',
  '9999-12-31',
  encodeURIComponent('İ'.repeat(200)),
  'NaN',
  'true',
  '%27%20OR%201%3D1--',
  encodeURIComponent('["x","ASC"]'),
  encodeURIComponent('[0,99999999999999999999]'),
  encodeURIComponent('[-5,2]'),
  encodeURIComponent('{"q":{"$ne":1}}'),
  encodeURIComponent('{"id":[' + Array(200).fill('"1"').join(',') + ']}'),
  encodeURIComponent('{"__proto__":{"x":1}}'),
  encodeURIComponent('['.repeat(2000) + ']'.repeat(2000)),
  encodeURIComponent('{"q":"\\u0000"}'),
];

export const PATH_MUTATIONS: readonly string[] = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '0x1',
  'abc',
  '%00',
  '%ED%A0%80',
  'x'.repeat(1000),
  '00000000-0000-0000-0000-000000000000',
  '3f0c2a8e-4b1d-4c6e-9a7f-1d2e3f4a5b6c',
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
];

/** Malformed multipart text values, as raw bytes (invalid UTF-8 included). */
export const PART_MUTATIONS: ReadonlyArray<[string, Buffer]> = [
  ['empty', Buffer.alloc(0)],
  ['NUL', Buffer.from('a\u0000b')],
  ['escape', Buffer.from('\u001b[2J')],
  ['invalid UTF-8', Buffer.from([0x61, 0xc3, 0x28, 0xff, 0xfe])],
  ['CESU surrogate', Buffer.from([0xed, 0xa0, 0x80])],
  ['overlong', Buffer.from('x'.repeat(70_000))],
  ['digits overflow', Buffer.from('99999999999999999999')],
  ['negative', Buffer.from('-1')],
  ['impossible date', Buffer.from('2026-02-30')],
  ['JSON', Buffer.from('{"__proto__":{"x":1},"a":"\\u0000"}')],
  ['emoji', Buffer.from('😀'.repeat(300))],
  ['lowercase grows', Buffer.from('İ'.repeat(200))],
  ['money overflow', Buffer.from('99999999999999999999.99')],
  ['NaN', Buffer.from('NaN')],
  ['far future', Buffer.from('+275760-09-13')],
];

/** Every leaf and container of a JSON value, by path. */
export function pathsOf(value: unknown, base: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [base];
  const out: Array<Array<string | number>> = base.length ? [base] : [];
  if (Array.isArray(value)) {
    if (value.length) out.push(...pathsOf(value[0], [...base, 0]));
    return out;
  }
  for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...base, k]));
  return out;
}

/** A deep copy of `value` with the node at `path` replaced (or removed when `replacement` is `REMOVE`). */
export const REMOVE = Symbol('remove');
export function withValueAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    node[last] = replacement;
  }
  return copy;
}

/** One multipart/form-data body built byte by byte, so text parts may hold any bytes. */
export interface Part {
  name: string;
  value: Buffer;
  filename?: string;
  type?: string;
}

export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name.replace(/"/g, '%22')}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`, 'utf8'),
      p.value,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
