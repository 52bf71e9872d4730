import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ApiError, ErrorDetails } from '../errors';

type Issue = StandardSchemaV1.Issue & { code?: string; keys?: string[] };

function pathOf(issue: StandardSchemaV1.Issue): string[] {
  return (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p));
}

/**
 * Turns schema issues into the `details` map: field path ("drivers.0.owner_id") -> messages.
 * Unknown keys are named one by one so a client sees exactly which field to remove.
 */
export function issuesToDetails(issues: readonly StandardSchemaV1.Issue[], prefix?: string): ErrorDetails {
  const details: ErrorDetails = {};
  const add = (path: string[], message: string) => {
    const key = [prefix, ...path].filter(Boolean).join('.') || prefix || 'body';
    const messages = (details[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of issues as Issue[]) {
    const path = pathOf(issue);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const k of issue.keys) add([...path, k], `The ${k} field is not allowed.`);
    } else {
      add(path, issue.message);
    }
  }
  return details;
}

export function validationError(issues: readonly StandardSchemaV1.Issue[], prefix?: string): ApiError {
  return ApiError.validation(issuesToDetails(issues, prefix));
}
