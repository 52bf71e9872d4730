import { randomBytes } from 'node:crypto';
import { utf8Json } from './json-utf8';

const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/**
 * JSON made in parts, as UTF-8 bytes: an array, or a value holding one, from the JSON of arrays encoded earlier (as
 * the pieces of an answer arrived), without parsing or encoding them again. Bytes, not strings: kept until the
 * last piece arrives, they stay off the JS heap, where the young generation would copy them at every collection.
 * Each piece is written as bytes from the start (utf8Json), never as a JS string.
 */
export function jsonBytes(value: unknown): Buffer {
  return utf8Json(value);
}

/** One JSON array holding the items of every array given (each the bytes of a JSON array, `[]` included). */
export function concatJsonArrays(arrays: readonly Buffer[]): Buffer {
  return Buffer.concat([OPEN, ...itemsOf(arrays), CLOSE]);
}

/**
 * The JSON of `value` with its property `key` (an array, ignored) holding the items of `arrays` (each the bytes of a
 * JSON array), in `key`'s place among the other properties.
 */
export function jsonWithArray<T extends object>(value: T, key: keyof T & string, arrays: readonly Buffer[]): Buffer {
  // a mark no input can carry (random per process), where the array goes
  const marked = jsonBytes({ ...value, [key]: MARK });
  const at = marked.indexOf(MARK_JSON);
  if (at < 0 || marked.indexOf(MARK_JSON, at + 1) >= 0) throw new Error(`jsonWithArray: the place of "${key}" is not unique`);
  return Buffer.concat([marked.subarray(0, at), OPEN, ...itemsOf(arrays), CLOSE, marked.subarray(at + MARK_JSON.length)]);
}

const MARK = `json-array-${randomBytes(16).toString('hex')}`;
const MARK_JSON = Buffer.from(JSON.stringify(MARK));

/** The items of JSON arrays' bytes, separated by commas, without their brackets. */
function itemsOf(arrays: readonly Buffer[]): Buffer[] {
  const parts: Buffer[] = [];
  for (const a of arrays) {
    if (a.length <= 2) continue;
    if (parts.length) parts.push(COMMA);
    parts.push(a.subarray(1, a.length - 1));
  }
  return parts;
}
