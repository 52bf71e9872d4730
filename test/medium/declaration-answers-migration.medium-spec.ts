import { readMigrations, type Database } from '@lib/db';
import { openTestDatabase } from '../support/test-app';

const MIGRATION = '20261205000001_medical_declaration_answers_case';

/** Declarations filled before answers were kept as "Yes"/"No" read that way after the migration, in a schema of its own. */
describe('the migration of health declaration answers to Yes and No', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('rewrites yes and no, keeps the chronic conditions and leaves undeclared employees alone', async () => {
    const migrations = readMigrations();
    const at = migrations.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    const employee = (id: number, declaration: string) =>
      `INSERT INTO medical_employees (id, company_id, position, person_id, name, date_of_birth, nationality_iso, mobile_number, category, is_married, dependents, declaration, created_at)
       VALUES (${id}, 1, ${id}, '10000000${id}0', 'E${id}', '1405-03-10', 'SA', '0512345678', 'basic', false, '[]', ${declaration}, now());`;
    await db.sql.exec(`BEGIN;
      CREATE SCHEMA legacy_declarations;
      SET LOCAL search_path TO legacy_declarations;
      ${migrations
        .slice(0, at)
        .map((m) => m.sql)
        .join('\n;\n')};
      ${employee(1, `'{"smoking":"yes","allergies":"no","chronic_disease":["None of the above"]}'`)}
      ${employee(2, 'NULL')}
      ${migrations[at].sql};
      COMMIT;`);
    const rows = await db.sql.query<{ id: number; declaration: unknown }>('SELECT id, declaration FROM legacy_declarations.medical_employees ORDER BY id');
    expect(rows).toEqual([
      { id: 1, declaration: { smoking: 'Yes', allergies: 'No', chronic_disease: ['None of the above'] } },
      { id: 2, declaration: null },
    ]);
  });
});
