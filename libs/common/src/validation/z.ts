import { z } from 'zod';

/**
 * zod with the service's validation messages installed. Project code imports `z` from here
 * so that every schema answers in the same words ("The owner id field is required.").
 */
const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  date: 'a date',
};

export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const last = [...(path ?? [])].reverse().find((p) => typeof p === 'string');
  return typeof last === 'string' ? last.replace(/_/g, ' ') : 'value';
}

z.config({
  customError: (iss) => {
    const field = fieldLabel(iss.path);
    switch (iss.code) {
      case 'invalid_type':
        if (iss.input === undefined) return `The ${field} field is required.`;
        if (iss.input === null) return `The ${field} field may not be null.`;
        return `The ${field} must be ${ARTICLE[iss.expected] ?? `of type ${iss.expected}`}.`;
      case 'too_small': {
        const min = String(iss.minimum);
        if (iss.origin === 'string') return `The ${field} must be at least ${min} characters.`;
        if (iss.origin === 'array') return `The ${field} must have at least ${min} items.`;
        return `The ${field} must be at least ${min}.`;
      }
      case 'too_big': {
        const max = String(iss.maximum);
        if (iss.origin === 'string') return `The ${field} may not be greater than ${max} characters.`;
        if (iss.origin === 'array') return `The ${field} may not have more than ${max} items.`;
        return `The ${field} may not be greater than ${max}.`;
      }
      case 'invalid_format':
        if (iss.format === 'email') return `The ${field} must be a valid email address.`;
        if (iss.format === 'uuid' || iss.format === 'guid') return `The ${field} must be a valid UUID.`;
        if (iss.format === 'url') return `The ${field} must be a valid URL.`;
        return `The ${field} format is invalid.`;
      case 'invalid_value':
        return `The selected ${field} is invalid. Allowed: ${iss.values.map((v) => JSON.stringify(v)).join(', ')}.`;
      case 'unrecognized_keys':
        return `Unknown field${iss.keys.length > 1 ? 's' : ''}: ${iss.keys.join(', ')}.`;
      case 'invalid_union':
        return `The ${field} is invalid.`;
      case 'not_multiple_of':
        return `The ${field} must be a multiple of ${String(iss.divisor)}.`;
      default:
        return undefined;
    }
  },
});

export { z };
