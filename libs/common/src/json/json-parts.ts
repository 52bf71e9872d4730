import { randomBytes } from 'node:crypto';
import { utf8Json } from './json-utf8';

/**
 * JSON made in parts: an array, or a value holding one, from the JSON of arrays encoded earlier (as the pieces of an
 * answer arrived, or as the database kept them), without parsing or encoding them again. Each part is UTF-8 bytes: a
 * Buffer, or a byte string (one character per byte, as `buffer.toString('latin1')` gives, how JSON kept in the
 * database is read); joinJson writes them all once, into the one buffer sent.
 */
export type JsonParts = Array<Buffer | ByteString>;

/**
 * UTF-8 bytes held in a string, one character (U+0000 to U+00FF) per byte. V8 stores such a string one byte per
 * character, where JSON text holding Arabic would take two; `Buffer.from(s, 'latin1')` gives the bytes.
 */
export type ByteString = string;

/**
 * JSON as UTF-8 bytes. Bytes, not strings: kept until the last piece arrives, they stay off the JS heap, where the
 * young generation would copy them at every collection. Written as bytes from the start (utf8Json), never as a JS string.
 */
export function jsonBytes(value: unknown): Buffer {
  return utf8Json(value);
}

/** One JSON array holding the items of every array given (each the JSON of an array, `[]` included). */
export function concatJsonArrays(arrays: readonly (Buffer | ByteString)[]): Buffer {
  return joinJson(arrayItemsParts(arrays));
}

/**
 * The JSON of `value` with its property `key` (an array, ignored) holding the items of `arrays` (each the JSON of an
 * array), in `key`'s place among the other properties.
 */
export function jsonWithArray<T extends object>(value: T, key: keyof T & string, arrays: readonly (Buffer | ByteString)[]): Buffer {
  return joinJson(jsonPartsWith(value, key, arrayItemsParts(arrays)));
}

/** The parts of a JSON array holding the items of every array given (each the JSON of an array). */
export function arrayItemsParts(arrays: readonly (Buffer | ByteString)[]): JsonParts {
  const parts: JsonParts = ['['];
  for (const a of arrays) {
    if (a.length <= 2) continue;
    if (parts.length > 1) parts.push(',');
    parts.push(typeof a === 'string' ? a.slice(1, -1) : a.subarray(1, a.length - 1));
  }
  parts.push(']');
  return parts;
}

/** The parts of a JSON array of the values given, each as its parts. */
export function arrayParts(values: readonly JsonParts[]): JsonParts {
  const parts: JsonParts = ['['];
  values.forEach((v, i) => {
    if (i) parts.push(',');
    for (const p of v) parts.push(p);
  });
  parts.push(']');
  return parts;
}

/** The parts of `value`'s JSON with its property `key` (ignored) holding the JSON value `parts`, in `key`'s place. */
export function jsonPartsWith<T extends object>(value: T, key: keyof T & string, parts: JsonParts): JsonParts {
  // a mark no input can carry (random per process), where the value goes
  const marked = jsonBytes({ ...value, [key]: MARK });
  const at = marked.indexOf(MARK_JSON);
  if (at < 0 || marked.indexOf(MARK_JSON, at + 1) >= 0) throw new Error(`jsonPartsWith: the place of "${key}" is not unique`);
  return [marked.subarray(0, at), ...parts, marked.subarray(at + MARK_JSON.length)];
}

/** The parts' bytes, written into one buffer. */
export function joinJson(parts: JsonParts): Buffer {
  const out = Buffer.allocUnsafe(jsonPartsLength(parts));
  writeJsonParts(parts, out);
  return out;
}

/** How many bytes the parts hold. */
export function jsonPartsLength(parts: JsonParts): number {
  let size = 0;
  for (const p of parts) size += p.length;
  return size;
}

/** Writes the parts' bytes at the start of `out` (at least jsonPartsLength long); the bytes written. */
export function writeJsonParts(parts: JsonParts, out: Buffer): number {
  let at = 0;
  for (const p of parts) at += typeof p === 'string' ? out.write(p, at, 'latin1') : p.copy(out, at);
  return at;
}

const MARK = `json-array-${randomBytes(16).toString('hex')}`;
const MARK_JSON = Buffer.from(JSON.stringify(MARK));
