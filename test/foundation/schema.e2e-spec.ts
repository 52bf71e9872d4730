import { readMigrations, migrate, MigrationError } from '../../libs/db/src';
import { openTestDatabase } from '../support/test-app';

interface RuntimeField {
  name: string;
  kind: string;
  type: string;
  dbName?: string | null;
}
interface RuntimeModel {
  dbName: string | null;
  fields: RuntimeField[];
}

const PG_TYPES: Record<string, string[]> = {
  String: ['text', 'character varying', 'character', 'uuid'],
  Int: ['integer'],
  BigInt: ['bigint'],
  Boolean: ['boolean'],
  DateTime: ['timestamp with time zone', 'timestamp without time zone', 'date'],
  Decimal: ['numeric'],
  Json: ['jsonb', 'json'],
  Float: ['double precision'],
  Bytes: ['bytea'],
};

describe('the migrated database serves every model of schema.prisma', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.db.close();
    await handle.drop();
  });

  it('has a table and a compatible column for every scalar field, and each model can be read', async () => {
    const models = (handle.db.prisma as unknown as { _runtimeDataModel: { models: Record<string, RuntimeModel> } })._runtimeDataModel.models;
    expect(Object.keys(models).length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [name, model] of Object.entries(models)) {
      const table = model.dbName ?? name;
      const cols = await handle.db.sql.query<{ column_name: string; data_type: string; udt_name: string }>(
        'SELECT column_name, data_type, udt_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table],
      );
      if (cols.length === 0) {
        problems.push(`${name}: table ${table} missing`);
        continue;
      }
      for (const f of model.fields.filter((x) => x.kind === 'scalar' || x.kind === 'enum')) {
        const col = cols.find((c) => c.column_name === (f.dbName ?? f.name));
        if (!col) {
          problems.push(`${name}.${f.name}: column missing`);
          continue;
        }
        const expected = f.kind === 'enum' ? ['USER-DEFINED'] : (PG_TYPES[f.type] ?? []);
        const actual = col.data_type === 'ARRAY' ? col.udt_name.replace(/^_/, '') : col.data_type;
        const ok = col.data_type === 'ARRAY' ? ['text', 'int4', 'varchar'].includes(actual) : expected.includes(actual);
        if (!ok) problems.push(`${name}.${f.name}: ${col.data_type} does not fit ${f.type}`);
      }
      const delegate = (handle.db.prisma as unknown as Record<string, { findFirst(): Promise<unknown> }>)[name[0].toLowerCase() + name.slice(1)];
      await expect(delegate.findFirst()).resolves.toBeDefined();
    }
    expect(problems).toEqual([]);
  });

  it("compresses a quote request's answers' JSON with lz4 where the server has it", async () => {
    const [{ lz4 }] = await handle.db.sql.query<{ lz4: boolean }>(
      `SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    // PostgreSQL built with lz4 (Debian's, the official images) gets it; the embedded database (pglz only) keeps pglz
    const compression = await handle.db.sql.query<{ col: string; method: string }>(
      `SELECT c.relname || '.' || a.attname AS col, a.attcompression::text AS method
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = current_schema()::regnamespace
          AND (c.relname, a.attname) IN (('motor_insurer_outcomes', 'quotes'), ('motor_offers', 'prices'), ('motor_offers', 'benefits'))
        ORDER BY 1`,
    );
    expect(compression).toEqual(
      ['motor_insurer_outcomes.quotes', 'motor_offers.benefits', 'motor_offers.prices'].map((col) => ({ col, method: lz4 ? 'l' : '' })),
    );
  });

  it('applies nothing twice and refuses an edited migration', async () => {
    expect(await migrate(handle.db.sql)).toEqual([]);
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'f'.repeat(64) } : m));
    await expect(migrate(handle.db.sql, edited)).rejects.toBeInstanceOf(MigrationError);
  });
});
