-- A refund owed on a paid payment: written in the cancellation's transaction, then paid out through the
-- card vendor by the refund worker (the refund's id is the vendor's idempotency reference).
CREATE TABLE "refunds" (
  "id" UUID NOT NULL,
  "client_id" UUID NOT NULL,
  "payment_id" UUID NOT NULL,
  "policy_type" VARCHAR(32) NOT NULL,
  "policy_id" INTEGER NOT NULL,
  "amount" DECIMAL(14,2) NOT NULL,
  "currency" CHAR(3) NOT NULL,
  "status" VARCHAR(16) NOT NULL,
  "vendor_refund_id" VARCHAR(64),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(6) NOT NULL,
  "last_error" VARCHAR(500),
  "refunded_at" TIMESTAMPTZ(6),
  "created_at" TIMESTAMPTZ(6) NOT NULL,
  "updated_at" TIMESTAMPTZ(6) NOT NULL,
  CONSTRAINT "refunds_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "refunds_amount_positive" CHECK ("amount" > 0)
);

-- A policy is cancelled once: one refund per payment.
CREATE UNIQUE INDEX "refunds_payment_id_key" ON "refunds"("payment_id");
CREATE INDEX "refunds_status_next_attempt_at_idx" ON "refunds"("status", "next_attempt_at");
CREATE INDEX "refunds_policy_type_policy_id_idx" ON "refunds"("policy_type", "policy_id");
