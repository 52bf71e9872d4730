import { readMigrations, type Database } from '@lib/db';
import { openTestDatabase } from '../support/test-app';

const MIGRATION = '20261206000000_policy_terms';

/**
 * Policies active before their families stored a term get their expiry (the day after the last day of cover, even one
 * already past) and a 30-day renewal notice where it is still ahead; medical gets its end date. In a schema of its own.
 */
describe('the migration backfilling policy terms', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('writes expiry and renewal rows for active policies only, and stores medical end dates', async () => {
    const migrations = readMigrations();
    const at = migrations.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    const client = "'6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'";
    const horse = (id: number, status: number, end: string) =>
      `INSERT INTO horse_policies (id, client_id, insurer_code, horse, owner, status, rate_percent, net_premium, vat, price, start_date, end_date, created_at, updated_at)
       VALUES (${id}, ${client}, 'caravan', '{}', '{}', ${status}, 6.5, 100, 15, 115, '2026-01-01', '${end}', now(), now());`;
    const medical = (id: number, status: number, issuedAt: string | null) =>
      `INSERT INTO medical_policies (id, client_id, company_id, quote_request_id, quote_price_id, insurance_provider, status, subtotal, vat, price, insured, issued_at, created_at, updated_at)
       VALUES (${id}, ${client}, 1, gen_random_uuid(), gen_random_uuid(), 'dune', ${status}, 100, 15, 115, '[]', ${issuedAt ? `'${issuedAt}'` : 'NULL'}, now(), now());`;
    await db.sql.exec(`BEGIN;
      CREATE SCHEMA legacy_terms;
      SET LOCAL search_path TO legacy_terms;
      ${migrations
        .slice(0, at)
        .map((m) => m.sql)
        .join('\n;\n')};
      ${horse(1, 1, '2099-06-30')}
      ${horse(2, 1, '2020-06-30')}
      ${horse(3, 2, '2099-06-30')}
      ${medical(1, 1, '2099-03-10T22:30:00Z')}
      ${medical(2, 0, null)}
      ${migrations[at].sql};
      COMMIT;`);
    const rows = await db.sql.query<{ kind: string; subject: string; due_at: Date; state: string }>(
      'SELECT kind, subject, due_at, state FROM legacy_terms.due_events ORDER BY subject, kind',
    );
    expect(rows.map((r) => [r.kind, r.subject, r.due_at.toISOString(), r.state])).toEqual([
      ['policy.expiry', 'horse:1', '2099-07-01T00:00:00.000Z', 'pending'],
      ['policy.renewal_due', 'horse:1', '2099-06-01T00:00:00.000Z', 'pending'],
      // Already past its end: expires on the next pass; its notice is long past and not sent now. Cancelled horse:3: nothing.
      ['policy.expiry', 'horse:2', '2020-07-01T00:00:00.000Z', 'pending'],
      ['policy.expiry', 'medical:1', '2100-03-10T00:00:00.000Z', 'pending'],
      ['policy.renewal_due', 'medical:1', '2100-02-08T00:00:00.000Z', 'pending'],
    ]);
    const ends = await db.sql.query<{ id: number; end_date: string | null }>('SELECT id, end_date FROM legacy_terms.medical_policies ORDER BY id');
    expect(ends).toEqual([
      { id: 1, end_date: '2100-03-09' },
      { id: 2, end_date: null },
    ]);
  });
});
