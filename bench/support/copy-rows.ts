import type { TestApp } from '../../test/support/test-app';

/**
 * Copies `table`'s row `templateId` (n from `from` to `to`, inclusive) with INSERT ... SELECT ... generate_series:
 * every column as the template has it, but for `overrides` (SQL expressions of n and of the template t).
 */
export async function copyRows(app: TestApp, table: string, templateId: string | number, from: number, to: number, overrides: Record<string, string>) {
  if (to < from) return;
  const columns = (
    await app.db.sql.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    )
  )
    .map((c) => c.name)
    .filter((c) => c !== 'id' || 'id' in overrides);
  const select = columns.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
  await app.db.sql.exec(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
     SELECT ${select} FROM "${table}" t, generate_series(${from}, ${to}) n WHERE t.id = '${templateId}'`,
  );
}
