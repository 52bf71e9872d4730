/**
 * JSON.stringify's exact output, written as UTF-8 straight into a buffer. JSON.stringify builds its result as a rope of
 * string parts (two bytes a character as soon as one Arabic name is in it), which encoding then copies flat before
 * copying it again into bytes: for a quote request's answers that was about 650 KB of garbage per request, most of
 * what its young-generation collections were paid for. Here only the result's bytes are made.
 *
 * Plain data only, as the service's own answers and rows are: objects, arrays, strings, finite numbers, booleans, null,
 * and values with a toJSON (dates). Anything else (a boxed primitive, an object with a toJSON key of its own, a structure
 * deeper than MAX_DEPTH, which a cycle is) and a call made from inside a toJSON are left to JSON.stringify itself, so
 * the result and the errors stay its own. Arrays are written as arrays (nobody gives an array a toJSON).
 */
export function utf8Json(value: unknown): Buffer {
  if (writing) return Buffer.from(JSON.stringify(value));
  writing = true;
  pos = 0;
  try {
    writeValue(value, '', 0);
    const out = Buffer.allocUnsafe(pos);
    scratch.copy(out, 0, 0, pos);
    return out;
  } catch (e) {
    if (e !== NOT_PLAIN) throw e;
    return Buffer.from(JSON.stringify(value));
  } finally {
    writing = false;
    // a rare large answer does not keep its buffer for the life of the process
    if (scratch.length > MAX_KEPT) scratch = Buffer.allocUnsafe(INITIAL);
  }
}

/**
 * Writes JSON by hand, in the same way and into the same buffer as utf8Json: for a hot shape known in advance, whose
 * keys are written as bytes made once and whose values need no objects made for them first (an insurer's offers as
 * partners read them: answeredQuotesJson). `write` gets the writer and must not call utf8Json or itself.
 */
export function writtenJson(write: (w: JsonWriter) => void): Buffer {
  if (writing) throw new Error('writtenJson: called while JSON is being written');
  writing = true;
  pos = 0;
  try {
    write(writer);
    const out = Buffer.allocUnsafe(pos);
    scratch.copy(out, 0, 0, pos);
    return out;
  } finally {
    writing = false;
    if (scratch.length > MAX_KEPT) scratch = Buffer.allocUnsafe(INITIAL);
  }
}

/** What writtenJson's callback writes with. */
export interface JsonWriter {
  /** Bytes that are JSON text already (a key with its quotes and colon, punctuation). */
  raw(bytes: Uint8Array): void;
  /** A JSON string, as JSON.stringify writes it. */
  string(s: string): void;
  /** Text that needs neither quoting nor escaping (a number's String(), null). */
  ascii(s: string): void;
}

/** JSON text known in advance (a key with its quotes and colon, punctuation; ASCII) as the bytes JsonWriter.raw takes. */
export function jsonText(text: string): Uint8Array {
  return Buffer.from(text, 'latin1');
}

/** The punctuation writtenJson's callbacks write between keys and values. */
export const JSON_PUNCTUATION = {
  openArray: jsonText('['),
  comma: jsonText(','),
  closeObject: jsonText('}'),
  closeArray: jsonText(']'),
  closeArrayAndObject: jsonText(']}'),
} as const;

const writer: JsonWriter = { raw: writeRaw, string: writeString, ascii: writeAscii };

function writeRaw(bytes: Uint8Array): void {
  const n = bytes.length;
  room(n);
  const b = scratch;
  let p = pos;
  for (let i = 0; i < n; i++) b[p++] = bytes[i];
  pos = p;
}

const INITIAL = 64 * 1024;
const MAX_KEPT = 1024 * 1024;
const MAX_DEPTH = 256;
/** Thrown inside the writer for a value it leaves to JSON.stringify. */
const NOT_PLAIN = new Error('not plain JSON data');
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const hasOwn = Object.prototype.hasOwnProperty;
/**
 * Called as charCodeAt.call(s, i): `s.charCodeAt` is a property load on strings of every kind (flat, rope, slice,
 * one or two bytes a character), which V8 then looks up in its megamorphic cache at every character; three times
 * slower on such a mix.
 */
const charCodeAt = String.prototype.charCodeAt;

let scratch = Buffer.allocUnsafe(INITIAL);
let pos = 0;
let writing = false;

function room(bytes: number): void {
  if (pos + bytes <= scratch.length) return;
  let size = scratch.length * 2;
  while (size < pos + bytes) size *= 2;
  const grown = Buffer.allocUnsafe(size);
  scratch.copy(grown, 0, 0, pos);
  scratch = grown;
}

/**
 * `key`: the property or index `v` is written under, handed to a toJSON (a number until one asks). `asIs`: `v` is
 * what a toJSON returned, which JSON.stringify writes without asking its own toJSON.
 */
function writeValue(v: unknown, key: string | number, depth: number, asIs = false): void {
  switch (typeof v) {
    case 'string':
      return writeString(v);
    case 'number':
      return writeAscii(Number.isFinite(v) ? String(v) : 'null');
    case 'boolean':
      return writeAscii(v ? 'true' : 'false');
    case 'bigint':
      throw NOT_PLAIN;
    case 'object':
      if (v === null) return writeAscii('null');
      if (depth >= MAX_DEPTH) throw NOT_PLAIN;
      if (Array.isArray(v)) return writeArray(v, depth + 1);
      // Looking up a toJSON that plain objects do not have cost more than writing them (a load of a missing property
      // on objects of every shape): theirs is found among their keys instead (see writeObject).
      if (isPlain(v)) return writeObject(v as Record<string, unknown>, depth + 1);
      if (!asIs && typeof (v as { toJSON?: unknown }).toJSON === 'function') return writeToJson(v as { toJSON(key: string): unknown }, key, depth);
      if (v instanceof String || v instanceof Number || v instanceof Boolean) throw NOT_PLAIN;
      return writeObject(v as Record<string, unknown>, depth + 1);
    default:
      // undefined, a function or a symbol where a value must be written: only at the top, where JSON.stringify gives undefined
      throw NOT_PLAIN;
  }
}

function writeToJson(v: { toJSON(key: string): unknown }, key: string | number, depth: number): void {
  const json = v.toJSON(String(key));
  // JSON.stringify leaves such a property out (an array item becomes null): left to it
  if (json === undefined || typeof json === 'function' || typeof json === 'symbol') throw NOT_PLAIN;
  writeValue(json, key, depth + 1, true);
}

function writeArray(a: readonly unknown[], depth: number): void {
  writeByte(0x5b);
  for (let i = 0; i < a.length; i++) {
    if (i) writeByte(0x2c);
    const item = a[i];
    if (skipped(item)) writeAscii('null');
    else writeValue(item, i, depth);
  }
  writeByte(0x5d);
}

function writeObject(o: Record<string, unknown>, depth: number): void {
  writeByte(0x7b);
  let first = true;
  for (const k in o) {
    if (k === 'toJSON') throw NOT_PLAIN;
    if (!hasOwn.call(o, k)) continue;
    const item = o[k];
    if (skipped(item)) continue;
    if (!first) writeByte(0x2c);
    first = false;
    writeKey(k);
    writeValue(item, k, depth);
  }
  writeByte(0x7d);
}

/**
 * The bytes of `"key":` by key. The service's objects come in a few shapes, so the same keys are written over and over
 * (a quote request's offers: some 2,000 keys in the response and 2,400 in the rows, about 40 % of the characters), and
 * copying their bytes is cheaper than encoding them again. Bounded in number and length, as keys from a partner's own
 * data (metadata) may be anything: emptied when full, and a long key is encoded each time.
 */
const keys = new Map<string, Uint8Array>();
const MAX_KEYS = 2048;
const MAX_KEY_LENGTH = 64;

function writeKey(k: string): void {
  const bytes = k.length <= MAX_KEY_LENGTH ? keys.get(k) : undefined;
  if (bytes === undefined) {
    const start = pos;
    writeString(k);
    writeByte(0x3a);
    if (k.length > MAX_KEY_LENGTH) return;
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(k, new Uint8Array(scratch.subarray(start, pos)));
    return;
  }
  writeRaw(bytes);
}

/** An object literal's kind (or one without a prototype): no toJSON but one of its own keys. */
function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** What JSON.stringify leaves out of an object and writes as null in an array. */
function skipped(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

function writeByte(b: number): void {
  room(1);
  scratch[pos++] = b;
}

/** Text known to need neither escaping nor encoding (a number's digits, a literal). */
function writeAscii(s: string): void {
  const n = s.length;
  room(n);
  for (let i = 0; i < n; i++) scratch[pos++] = charCodeAt.call(s, i);
}

/** A JSON string as JSON.stringify writes it (its escapes, lone surrogates as \u escapes), in UTF-8. */
function writeString(s: string): void {
  const n = s.length;
  // at most 6 bytes a UTF-16 unit (a \u escape), and the quotes
  room(n * 6 + 2);
  const b = scratch;
  let p = pos;
  b[p++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = charCodeAt.call(s, i);
    if (c < 0x80) {
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
        b[p++] = c;
        continue;
      }
      b[p++] = 0x5c;
      const short = SHORT_ESCAPES[c];
      if (short) {
        b[p++] = short;
      } else {
        b[p++] = 0x75;
        p = hex4(b, p, c);
      }
    } else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 0x3f);
      b[p++] = 0x80 | (c & 0x3f);
    } else {
      const d = i + 1 < n ? charCodeAt.call(s, i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
        b[p++] = 0xf0 | (cp >> 18);
        b[p++] = 0x80 | ((cp >> 12) & 0x3f);
        b[p++] = 0x80 | ((cp >> 6) & 0x3f);
        b[p++] = 0x80 | (cp & 0x3f);
      } else {
        b[p++] = 0x5c;
        b[p++] = 0x75;
        p = hex4(b, p, c);
      }
    }
  }
  b[p++] = 0x22;
  pos = p;
}

/** The escape letter of `"`, `\` and the control characters JSON names (b, t, n, f, r); 0 for the rest (\u00XX). */
const SHORT_ESCAPES = new Uint8Array(0x80);
SHORT_ESCAPES[0x22] = 0x22;
SHORT_ESCAPES[0x5c] = 0x5c;
SHORT_ESCAPES[0x08] = 0x62;
SHORT_ESCAPES[0x09] = 0x74;
SHORT_ESCAPES[0x0a] = 0x6e;
SHORT_ESCAPES[0x0c] = 0x66;
SHORT_ESCAPES[0x0d] = 0x72;

function hex4(b: Buffer, p: number, c: number): number {
  b[p++] = HEX[c >> 12];
  b[p++] = HEX[(c >> 8) & 15];
  b[p++] = HEX[(c >> 4) & 15];
  b[p++] = HEX[c & 15];
  return p;
}
