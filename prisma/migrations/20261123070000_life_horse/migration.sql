-- Life savings and protection (offers, policies) and horse policies.
CREATE TABLE "life_offers" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "insurer_name" VARCHAR(255) NOT NULL,
    "insurer_name_ar" VARCHAR(255) NOT NULL,
    "product_name" VARCHAR(255) NOT NULL,
    "provider_reference" VARCHAR(64) NOT NULL,
    "applicant_id" VARCHAR(10) NOT NULL,
    "date_of_birth" VARCHAR(10) NOT NULL,
    "gender" VARCHAR(6) NOT NULL,
    "smoker" BOOLEAN NOT NULL,
    "term_years" INTEGER NOT NULL,
    "premium_frequency" VARCHAR(16) NOT NULL,
    "sum_assured" DECIMAL(14,2) NOT NULL,
    "premium" DECIMAL(14,2) NOT NULL,
    "annual_premium" DECIMAL(14,2) NOT NULL,
    "benefits" JSONB NOT NULL,
    "growth_rate_percent" DECIMAL(5,2) NOT NULL,
    "projected_values" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "life_offers_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "life_offers_client_id_created_at_idx" ON "life_offers"("client_id", "created_at");

CREATE TABLE "life_policies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "offer_id" UUID NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "applicant_id" VARCHAR(10) NOT NULL,
    "beneficiaries" JSONB NOT NULL,
    "iban" VARCHAR(24) NOT NULL,
    "status" INTEGER NOT NULL,
    "premium" DECIMAL(14,2) NOT NULL,
    "extra_data" JSONB,
    "provider_policy_id" VARCHAR(255),
    "start_date" VARCHAR(10),
    "end_date" VARCHAR(10),
    "purchased_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),
    "refund_amount" DECIMAL(14,2),
    "cancellation_document" VARCHAR(2048),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "life_policies_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "life_policies_offer_id_key" ON "life_policies"("offer_id");
CREATE INDEX "life_policies_client_id_created_at_idx" ON "life_policies"("client_id", "created_at");

CREATE TABLE "horse_policies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "horse" JSONB NOT NULL,
    "owner" JSONB NOT NULL,
    "status" INTEGER NOT NULL,
    "rate_percent" DECIMAL(6,2) NOT NULL,
    "net_premium" DECIMAL(14,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    "extra_data" JSONB,
    "provider_policy_id" VARCHAR(255),
    "start_date" VARCHAR(10),
    "end_date" VARCHAR(10),
    "purchased_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),
    "refund_amount" DECIMAL(14,2),
    "cancellation_document" VARCHAR(2048),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "horse_policies_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "horse_policies_client_id_created_at_idx" ON "horse_policies"("client_id", "created_at");
