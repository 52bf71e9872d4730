-- An offer's prices and benefits are parts of it: written with it in one go, never changed, always read with it.
-- As rows of their own they made a quote request's write about 270 rows (each with a primary key, an index
-- entry and a foreign-key check): most of what PostgreSQL spent on it, on the critical path of every quote
-- request once its last insurer answered. They are now JSON arrays in the offer (json, not jsonb: stored as
-- written, never searched inside), in the keys the service reads; amounts as decimal strings, exactly as printed.
ALTER TABLE "motor_offers" ADD COLUMN "prices" JSON;
ALTER TABLE "motor_offers" ADD COLUMN "benefits" JSON;

UPDATE "motor_offers" o SET
  "prices" = COALESCE((
    SELECT json_agg(json_build_object(
             'id', p."id", 'position', p."position", 'providerReference', p."provider_reference",
             'deductible', p."deductible"::text, 'subtotal', p."subtotal"::text, 'vatPercentage', p."vat_percentage"::text,
             'vat', p."vat"::text, 'total', p."total"::text) ORDER BY p."position")
      FROM "motor_offer_prices" p WHERE p."offer_id" = o."id"), '[]'::json),
  "benefits" = COALESCE((
    SELECT json_agg(json_build_object(
             'id', b."id", 'position', b."position", 'code', b."code", 'name', b."name", 'nameAr', b."name_ar",
             'amount', b."amount"::text, 'vat', b."vat"::text, 'url', b."url") ORDER BY b."position")
      FROM "motor_offer_benefits" b WHERE b."offer_id" = o."id"), '[]'::json);

ALTER TABLE "motor_offers" ALTER COLUMN "prices" SET NOT NULL;
ALTER TABLE "motor_offers" ALTER COLUMN "benefits" SET NOT NULL;

DROP TABLE "motor_offer_prices";
DROP TABLE "motor_offer_benefits";
