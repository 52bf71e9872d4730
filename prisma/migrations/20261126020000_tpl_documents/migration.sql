-- TPL v2 as the real service documents it: the policy certificate and tax invoice produced after payment
-- (`policy_url`, `invoice_url`), the partner's `redirect_url`, and one active policy per sequence number
-- as per VIN ("car_sequence_number (8–9 digits, unique)").
ALTER TABLE "tpl_policies" ADD COLUMN "redirect_url" VARCHAR(2048);
ALTER TABLE "tpl_policies" ADD COLUMN "policy_url" VARCHAR(2048);
ALTER TABLE "tpl_policies" ADD COLUMN "invoice_url" VARCHAR(2048);
ALTER TABLE "tpl_policies" ADD COLUMN "documents_pending" BOOLEAN NOT NULL DEFAULT false;
CREATE UNIQUE INDEX "tpl_policies_active_sequence_key" ON "tpl_policies"("car_sequence_number") WHERE "status" IN (0, 1);
