import { Prisma } from './generated/prisma/client';

/** A model field's column as the schema maps it: `clientId` is `client_id`, `istimarahSha256` is `istimarah_sha256`. */
function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The select list of a plain-SQL read that answers rows of a model (`p.client_id AS "clientId", ...`): the fields
 * under Prisma's names, `decimals` as their exact text (parsed back with `withDecimals`, never through a float), so a
 * presenter written for Prisma's rows takes them as they are.
 */
export function modelColumns(alias: string, fields: readonly string[], decimals: readonly string[] = [], prefix = ''): string {
  return fields
    .map((f) => {
      const column = `${alias}.${columnOf(f)}`;
      return `${decimals.includes(f) ? `${column}::text` : column} AS "${prefix}${f}"`;
    })
    .join(', ');
}

/** The fields of a row read with `modelColumns(..., prefix)` that carry `prefix`, without it (a second model's row in the same statement). */
export function prefixedFields(row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
  return out;
}

/** A row read with `modelColumns`, its `decimals` (exact text, or null) made Prisma's Decimal again. */
export function withDecimals<T>(row: Record<string, unknown>, decimals: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const f of decimals) out[f] = row[f] === null ? null : new Prisma.Decimal(row[f] as string);
  return out as T;
}
