import { randomUUID } from 'node:crypto';
import { readMigrations, type Database } from '@lib/db';
import { openTestDatabase } from '../support/test-app';

const PARTS_MIGRATION = '20261201000000_motor_offer_parts_json';

/**
 * Offers stored before their prices and benefits moved into them (as rows of motor_offer_prices and
 * motor_offer_benefits) keep every value: the migration runs here on such rows, in a schema of its own.
 */
describe('the migration of offer prices and benefits into their offers', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it("moves each offer's rows into it in position order, amounts as printed, an offer without any given empty arrays", async () => {
    const migrations = readMigrations();
    const at = migrations.findIndex((m) => m.name === PARTS_MIGRATION);
    expect(at).toBeGreaterThan(0);
    const [withParts, bare] = [randomUUID(), randomUUID()];
    const [price1, price2, benefit] = [randomUUID(), randomUUID(), randomUUID()];
    const offer = (id: string, position: number) =>
      `INSERT INTO motor_offers (id, quote_request_id, position, insurer_code, provider_reference, company_name, company_name_ar, company_logo_url,
         square_company_logo_url, type, insurance_type_display, insurance_type_display_ar, fix_type, vehicle_estimated_value, expires_at)
       VALUES ('${id}', 1, ${position}, 'dune', 'D-${position}', 'Dune', 'الكثبان', '', '', 'TPL', 'Third party', 'ضد الغير', '', 80000, now());`;
    await db.sql.exec(`BEGIN;
      CREATE SCHEMA legacy;
      SET LOCAL search_path TO legacy;
      ${migrations
        .slice(0, at)
        .map((m) => m.sql)
        .join('\n;\n')};
      INSERT INTO motor_quote_requests (client_id, owner_id, email, phone, birthdate, is_ownership_transfer, current_car_owner_id,
        car_estimated_cost, car_model_year, locale, created_at, updated_at)
      VALUES ('${randomUUID()}', '1000000001', 'a@example.com', '0500000000', '1400-01-01', false, '1000000001', 80000, 2024, 'en', now(), now());
      ${offer(withParts, 0)}
      ${offer(bare, 1)}
      INSERT INTO motor_offer_prices (id, offer_id, position, provider_reference, deductible, subtotal, vat_percentage, vat, total) VALUES
        ('${price2}', '${withParts}', 1, 'P-"2"', NULL, 10.1, 15, 1.52, 11.62),
        ('${price1}', '${withParts}', 0, 'P-1', 500, 2557.06, 15, 383.56, 2940.62);
      INSERT INTO motor_offer_benefits (id, offer_id, position, code, name, name_ar, amount, vat, url) VALUES
        ('${benefit}', '${withParts}', 0, '600100', 'Roadside \\ "assist"', 'المساعدة', 85.5, 12.83, NULL);
      ${migrations[at].sql};
      COMMIT;`);
    const rows = await db.sql.query<{ id: string; prices: unknown; benefits: unknown }>(
      'SELECT id, prices, benefits FROM legacy.motor_offers ORDER BY position',
    );
    expect(rows).toEqual([
      {
        id: withParts,
        prices: [
          {
            id: price1,
            position: 0,
            providerReference: 'P-1',
            deductible: '500.00',
            subtotal: '2557.06',
            vatPercentage: '15.00',
            vat: '383.56',
            total: '2940.62',
          },
          { id: price2, position: 1, providerReference: 'P-"2"', deductible: null, subtotal: '10.10', vatPercentage: '15.00', vat: '1.52', total: '11.62' },
        ],
        benefits: [{ id: benefit, position: 0, code: '600100', name: 'Roadside \\ "assist"', nameAr: 'المساعدة', amount: '85.50', vat: '12.83', url: null }],
      },
      { id: bare, prices: [], benefits: [] },
    ]);
    expect(
      await db.sql.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'legacy' AND table_name IN ('motor_offer_prices', 'motor_offer_benefits')",
      ),
    ).toEqual([]);
  });
});
