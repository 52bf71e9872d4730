-- TPL motor v2 policies. At most one active (pending or issued) policy per VIN across all clients:
-- the partial unique index is what makes the rule hold under concurrent issuance.
CREATE TABLE "tpl_policies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "vin" VARCHAR(17) NOT NULL,
    "car_sequence_number" VARCHAR(9) NOT NULL,
    "current_car_owner" VARCHAR(10) NOT NULL,
    "new_owner_id" VARCHAR(10) NOT NULL,
    "istimarah_file_id" UUID NOT NULL,
    "istimarah_sha256" CHAR(64) NOT NULL,
    "istimarah_type" VARCHAR(32) NOT NULL,
    "extra_fields" JSONB,
    "status" INTEGER NOT NULL,
    "hold_reason" VARCHAR(500),
    "price" DECIMAL(14,2) NOT NULL,
    "provider_policy_id" VARCHAR(255),
    "start_date" VARCHAR(10),
    "end_date" VARCHAR(10),
    "purchased_at" TIMESTAMPTZ(6),
    "cancellation_file_id" UUID,
    "cancellation_sha256" CHAR(64),
    "canceled_at" TIMESTAMPTZ(6),
    "refund_amount" DECIMAL(14,2),
    "canceled_by" VARCHAR(255),
    "cancellation_reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "tpl_policies_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "tpl_policies_client_id_created_at_idx" ON "tpl_policies"("client_id", "created_at");
CREATE INDEX "tpl_policies_client_id_vin_idx" ON "tpl_policies"("client_id", "vin");
CREATE INDEX "tpl_policies_created_at_id_idx" ON "tpl_policies"("created_at", "id");
CREATE UNIQUE INDEX "tpl_policies_active_vin_key" ON "tpl_policies"("vin") WHERE "status" IN (0, 1);
