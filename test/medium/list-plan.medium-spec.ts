import { randomUUID } from 'node:crypto';
import type { Database, SqlDatabase } from '@lib/db';
import { ManualClock } from '../../libs/common/src';
import { MotorPolicyRepository } from '../../apps/api/src/products/motor/issuance/motor-policy.repository';
import { openTestDatabase } from '../support/test-app';

/** The tables whose partner lists listPage reads, each a client's rows. */
const LIST_TABLES = ['motor_policies', 'tpl_policies', 'property_policies', 'travel_policies', 'medical_policies', 'life_policies', 'payments'];

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };

/** Every scan of `table` in a plan (EXPLAIN's JSON), with the index it reads. */
function scansOf(node: PlanNode, table: string): PlanNode[] {
  const own = node['Relation Name'] === table ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => scansOf(child, table))];
}

/** A value written as an SQL literal (the test's own uuids, timestamps and words). */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `'{${value.join(',')}}'`;
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * A partner list's first page is one prepared statement that PostgreSQL plans once, without the client's id (a generic
 * plan); that plan must read the client's own index, or a small client's page reads every row of the big ones first.
 * Two clients, the small one's policies the oldest: the primary key read newest first meets the big client's 9,000 rows
 * before any of the small one's.
 */
describe("a partner list's first page on one plan for every client", () => {
  let db: Database;
  let drop: () => Promise<void>;
  const small = randomUUID();
  const big = randomUUID();

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    const insert = (client: string, rows: number) =>
      db.sql.query(
        `INSERT INTO motor_policies (client_id, quote_request_id, offer_id, price_id, insurer_code, product_code, owner_id, previous_owner_id,
                                     iban, benefits, status, price, created_at, updated_at)
         SELECT $1::uuid, n, gen_random_uuid(), gen_random_uuid(), 'tawuniya', 'motor-comprehensive-comparison', '1012345678', '1012345678',
                'SA0380000000608010167519', '[]'::jsonb, 1, 1000.00, now(), now()
           FROM generate_series(1, $2::int) n`,
        [client, rows],
      );
    await insert(small, 3);
    await insert(big, 9_000);
    await db.sql.exec('ANALYZE motor_policies');
  });

  afterAll(async () => {
    await db.close();
    await drop();
  });

  /** The statement motor's list sends for a client's first page, and its values. */
  async function firstPageStatement(clientId: string): Promise<{ text: string; values: unknown[] }> {
    let sent: { text: string; values: unknown[] } | undefined;
    const recording: SqlDatabase = {
      query: (text, values = [], name) => {
        sent ??= { text, values };
        return db.sql.query(text, values, name);
      },
      exec: (text) => db.sql.exec(text),
      transaction: (fn) => db.sql.transaction(fn),
    };
    const rows = await new MotorPolicyRepository(db.prisma, { ...db, sql: recording }, new ManualClock('2026-11-22T09:00:00Z')).page(clientId, {}, 0, 15);
    expect(rows[1]).toBe(clientId === small ? 3 : 9_000);
    return sent!;
  }

  /**
   * The plan the prepared statement runs on for the small client, as EXPLAIN gives it, once the big client has asked
   * for its first page `calls` times on the same connection.
   */
  async function smallClientPlan(calls: number, mode: 'auto' | 'force_generic_plan'): Promise<PlanNode> {
    const [bigs, smalls] = [await firstPageStatement(big), await firstPageStatement(small)];
    expect(smalls.text).toBe(bigs.text);
    const execute = (values: unknown[]) => `EXECUTE motor_first_page(${values.map(literal).join(', ')})`;
    return db.sql.transaction(async (tx) => {
      await tx.query(`SET LOCAL plan_cache_mode = ${mode}`);
      await tx.query(`PREPARE motor_first_page AS ${bigs.text}`);
      for (let i = 0; i < calls; i++) await tx.query(execute(bigs.values));
      const [explained] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${execute(smalls.values)}`);
      await tx.query('DEALLOCATE motor_first_page');
      const plan = typeof explained['QUERY PLAN'] === 'string' ? JSON.parse(explained['QUERY PLAN']) : explained['QUERY PLAN'];
      return (plan as Array<{ Plan: PlanNode }>)[0].Plan;
    });
  }

  it("plans once: after five calls the statement runs on a generic plan (the client's id a parameter in it)", async () => {
    const scans = scansOf(await smallClientPlan(6, 'auto'), 'motor_policies');
    expect(scans.length).toBe(2);
    for (const scan of scans) expect(scan['Index Cond']).toMatch(/client_id = \$\d/);
  });

  it("reads the page and its count through the client's index on that plan, never the primary key", async () => {
    const scans = scansOf(await smallClientPlan(6, 'force_generic_plan'), 'motor_policies');
    expect(scans.map((s) => s['Index Name'])).toEqual(['motor_policies_client_id_id_idx', 'motor_policies_client_id_id_idx']);
  });

  it('declares clients many on every table a partner list reads, so ANALYZE on few clients does not undo it', async () => {
    const rows = await db.sql.query<{ table: string; options: string[] | null }>(
      `SELECT c.relname AS table, a.attoptions AS options FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relname = ANY($1::text[]) AND a.attname = 'client_id' AND c.relnamespace = current_schema()::regnamespace ORDER BY c.relname`,
      [LIST_TABLES],
    );
    // (this machine's PostgreSQL keeps an option of its own beside it)
    const declared = rows.map((r) => [r.table, r.options?.filter((o) => o.startsWith('n_distinct='))]);
    expect(declared).toEqual([...LIST_TABLES].sort().map((t) => [t, ['n_distinct=-0.01']]));
  });
});
