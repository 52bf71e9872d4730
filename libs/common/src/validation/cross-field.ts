import type { z } from 'zod';

/** The fields of an object that failed their own schema, per parsed value (read by the rules run on that value). */
const failedFields = new WeakMap<object, ReadonlySet<string>>();

/** A cross-field rule: `fine(...fields)` says whether those fields parsed, so the rule reads only those that did. */
export type CrossFieldRules<T> = (value: T, ctx: z.RefinementCtx<T>, fine: (...fields: (keyof T & string)[]) => boolean) => void;

/**
 * An object's cross-field rules, run even when some of its fields failed. Zod skips an object's refinements
 * once any field failed, so a rule (a start date in the past) stayed hidden behind another field's mistake
 * (a bad email) until that one was fixed; a 422 should name every failing field at once. Each rule guards
 * itself with `fine(...)` on the fields it reads; the fields that failed are the schema's to name.
 * Use: `schema.superRefine(...crossFieldRules<Input>((b, ctx, fine) => { ... }))`.
 */
export function crossFieldRules<T extends object>(rules: CrossFieldRules<T>) {
  const run = (value: T, ctx: z.RefinementCtx<T>) => {
    const failed = failedFields.get(value);
    rules(value, ctx, (...fields) => !failed || fields.every((f) => !failed.has(f)));
  };
  const when = (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) => {
    // Not an object of fields at all (an array, a string): the schema's own issue names it; no rule can read it.
    if (typeof payload.value !== 'object' || payload.value === null || Array.isArray(payload.value)) return false;
    if (payload.issues.some((i) => !i.path?.length)) return false;
    failedFields.set(payload.value, new Set(payload.issues.map((i) => String(i.path?.[0] ?? ''))));
    return true;
  };
  return [run, { when }] as const;
}
