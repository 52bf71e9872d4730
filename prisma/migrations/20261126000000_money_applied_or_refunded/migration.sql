-- Money the card vendor accepted is applied or refunded in full, visibly.
-- Why a payment ended as it did when that is not obvious from its status: the reason a link was
-- withdrawn (`cancelled`) or why the money was given back (`refunded`).
ALTER TABLE "payments" ADD COLUMN "status_reason" VARCHAR(32);

-- A refund pays back one vendor payment: a payment paid twice (two tabs) has two, one applied and
-- one refunded, so refunds are unique per vendor payment rather than per payment.
ALTER TABLE "refunds" ADD COLUMN "vendor_payment_id" VARCHAR(255);
ALTER TABLE "refunds" ADD COLUMN "reason" VARCHAR(32) NOT NULL DEFAULT 'policy_cancelled';
UPDATE "refunds" r SET "vendor_payment_id" = p."vendor_reference" FROM "payments" p WHERE p."id" = r."payment_id";
ALTER TABLE "refunds" ALTER COLUMN "vendor_payment_id" SET NOT NULL;
DROP INDEX "refunds_payment_id_key";
CREATE INDEX "refunds_payment_id_idx" ON "refunds"("payment_id");
CREATE UNIQUE INDEX "refunds_vendor_payment_id_key" ON "refunds"("vendor_payment_id");
