import { ApiError, ErrorDetails } from '../errors';
import { fieldLabel } from './z';

/**
 * Characters no text this API takes may hold: the C0 controls other than tab, line feed and carriage return,
 * DEL and the C1 controls, the noncharacters U+FFFE and U+FFFF, and UTF-16 surrogates that are not part of a
 * pair. PostgreSQL refuses NUL in text and unpaired surrogates in jsonb (a 500 before this rule), and the rest
 * are never typed by a person: they only garble or hide what staff, insurers and customers read. Bidi marks,
 * zero-width joiners (emoji, Arabic) and every other printable character are text and stay allowed.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rule finds
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

/** Deeper than any request of this API nests; walking further would only let a body exhaust the stack. */
export const MAX_INPUT_DEPTH = 32;
/** The answer names at most this many bad values (a body of a thousand of them gets the first ones). */
const MAX_ISSUES = 20;

function codePoint(ch: string): string {
  return `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first character of `text` this API refuses, as `U+0000`, or null when the text is clean. */
export function forbiddenCharacter(text: string): string | null {
  const m = FORBIDDEN.exec(text);
  return m ? codePoint(m[0]) : null;
}

/** The message for a text value holding a forbidden character. */
export function forbiddenTextMessage(field: string, character: string): string {
  return `The ${field} contains a character that is not allowed in text (${character}): control characters and unpaired surrogates are refused.`;
}

export interface TextIssue {
  path: Array<string | number>;
  message: string;
}

/** A field name fit for the `details` map: the refused characters shown as U+XXXX. */
function printableKey(key: string): string {
  return key.replace(FORBIDDEN_ALL, (ch) => codePoint(ch));
}

/**
 * Every string (and object key) in a decoded request value that holds a forbidden character, with its path,
 * plus one issue when the value nests deeper than MAX_INPUT_DEPTH. Walks decoded JSON, query and form values
 * (the query parser's objects have a prototype of their own); bytes and dates are left alone.
 */
export function textIssues(value: unknown, base: Array<string | number> = []): TextIssue[] {
  const issues: TextIssue[] = [];
  const walk = (v: unknown, path: Array<string | number>, depth: number): void => {
    if (issues.length >= MAX_ISSUES) return;
    if (typeof v === 'string') {
      const ch = forbiddenCharacter(v);
      if (ch) issues.push({ path, message: forbiddenTextMessage(fieldLabel(path), ch) });
      return;
    }
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v) || v instanceof Date) return;
    if (depth >= MAX_INPUT_DEPTH) {
      issues.push({ path, message: `The ${fieldLabel(path)} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).` });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i], depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(v)) {
      const ch = forbiddenCharacter(key);
      if (ch) {
        issues.push({ path: [...path, printableKey(key)], message: `The field name "${printableKey(key)}" contains a character that is not allowed (${ch}).` });
        continue;
      }
      walk(item, [...path, key], depth + 1);
    }
  };
  walk(value, base, 0);
  return issues;
}

export function textIssuesToDetails(issues: TextIssue[]): ErrorDetails {
  const details: ErrorDetails = {};
  for (const i of issues) (details[i.path.join('.') || 'body'] ??= []).push(i.message);
  return details;
}

/**
 * Refuses, with a 422 naming each field, a decoded request value (JSON body, query, path parameters, form or
 * multipart fields, JSON carried in a text field) that holds a forbidden character or nests too deeply.
 * Called where input enters: the global validation pipe, the multipart readers and the JSON-in-text fields.
 */
export function assertCleanInput(value: unknown, base: Array<string | number> = []): void {
  const issues = textIssues(value, base);
  if (issues.length) throw ApiError.validation(textIssuesToDetails(issues));
}
