import { randomBytes } from 'node:crypto';
import { utf8Json } from './json-utf8';

/**
 * JSON made in parts: an array, or a value holding one, from the JSON of arrays encoded earlier (as the pieces of an
 * answer arrived, or as the database kept them), without parsing or encoding them again. Each part is UTF-8 bytes, or
 * text (JSON read from the database as a string); joinJson writes them all once, into the one buffer sent.
 */
export type JsonParts = Array<Buffer | string>;

/**
 * JSON as UTF-8 bytes. Bytes, not strings: kept until the last piece arrives, they stay off the JS heap, where the
 * young generation would copy them at every collection. Written as bytes from the start (utf8Json), never as a JS string.
 */
export function jsonBytes(value: unknown): Buffer {
  return utf8Json(value);
}

/** One JSON array holding the items of every array given (each the JSON of an array, `[]` included). */
export function concatJsonArrays(arrays: readonly (Buffer | string)[]): Buffer {
  return joinJson(arrayItemsParts(arrays));
}

/**
 * The JSON of `value` with its property `key` (an array, ignored) holding the items of `arrays` (each the JSON of an
 * array), in `key`'s place among the other properties.
 */
export function jsonWithArray<T extends object>(value: T, key: keyof T & string, arrays: readonly (Buffer | string)[]): Buffer {
  return joinJson(jsonPartsWith(value, key, arrayItemsParts(arrays)));
}

/** The parts of a JSON array holding the items of every array given (each the JSON of an array). */
export function arrayItemsParts(arrays: readonly (Buffer | string)[]): JsonParts {
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

/** The parts written into one buffer: text as UTF-8, bytes as they are. */
export function joinJson(parts: JsonParts): Buffer {
  let size = 0;
  for (const p of parts) size += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of parts) at += typeof p === 'string' ? out.write(p, at) : p.copy(out, at);
  return out;
}

const MARK = `json-array-${randomBytes(16).toString('hex')}`;
const MARK_JSON = Buffer.from(JSON.stringify(MARK));
