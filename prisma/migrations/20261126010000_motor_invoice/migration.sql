-- The tax invoice PDF of a paid motor policy, produced with its schedule (`invoice_url`, as the real
-- service's documents webhook promises).
ALTER TABLE "motor_policies" ADD COLUMN "invoice_url" VARCHAR(2048);
