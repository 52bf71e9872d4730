-- Payments: hosted payment page, vendor callbacks, activation and policy documents.

ALTER TABLE "payments" ADD COLUMN "failure_code" VARCHAR(64);
CREATE INDEX "payments_vendor_reference_idx" ON "payments"("vendor_reference");

ALTER TABLE "motor_policies" ADD COLUMN "start_date" VARCHAR(10);
ALTER TABLE "motor_policies" ADD COLUMN "end_date" VARCHAR(10);
ALTER TABLE "motor_policies" ADD COLUMN "purchased_at" TIMESTAMPTZ(6);
ALTER TABLE "motor_policies" ADD COLUMN "documents_pending" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "motor_policies_documents_pending_idx" ON "motor_policies"("documents_pending") WHERE "documents_pending";

CREATE TABLE "payment_callbacks" (
    "event_id" VARCHAR(64) NOT NULL,
    "vendor_payment_id" VARCHAR(64) NOT NULL,
    "payment_id" UUID,
    "outcome" VARCHAR(16) NOT NULL,
    "received_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "payment_callbacks_pkey" PRIMARY KEY ("event_id")
);
CREATE INDEX "payment_callbacks_payment_id_idx" ON "payment_callbacks"("payment_id");
