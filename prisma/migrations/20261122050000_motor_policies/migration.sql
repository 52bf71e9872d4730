-- Motor issuance: issue requests (selection + payout IBAN), policies, and the payments behind payment links.

CREATE TABLE "motor_issue_requests" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "quote_request_id" INTEGER NOT NULL,
    "offer_id" UUID NOT NULL,
    "price_id" UUID NOT NULL,
    "iban" VARCHAR(24) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "motor_issue_requests_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "motor_issue_requests_client_id_price_id_created_at_idx" ON "motor_issue_requests"("client_id", "price_id", "created_at");

CREATE TABLE "motor_policies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "quote_request_id" INTEGER NOT NULL,
    "offer_id" UUID NOT NULL,
    "price_id" UUID NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "product_code" VARCHAR(64) NOT NULL,
    "owner_id" VARCHAR(10) NOT NULL,
    "previous_owner_id" VARCHAR(10) NOT NULL,
    "car_sequence_number" VARCHAR(9),
    "custom_number" VARCHAR(10),
    "iban" VARCHAR(24) NOT NULL,
    "benefits" JSONB NOT NULL,
    "extra_data" JSONB,
    "redirect_url" VARCHAR(2048),
    "status" INTEGER NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    "provider_policy_id" VARCHAR(255),
    "provider_policy" VARCHAR(2048),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "motor_policies_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "motor_policies_client_id_price_id_key" ON "motor_policies"("client_id", "price_id");
CREATE INDEX "motor_policies_client_id_created_at_idx" ON "motor_policies"("client_id", "created_at");

CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "policy_type" VARCHAR(32) NOT NULL,
    "policy_id" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "link_token" VARCHAR(64) NOT NULL,
    "vendor_reference" VARCHAR(255),
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "paid_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "payments_link_token_key" ON "payments"("link_token");
CREATE INDEX "payments_client_id_created_at_idx" ON "payments"("client_id", "created_at");
CREATE INDEX "payments_policy_type_policy_id_idx" ON "payments"("policy_type", "policy_id");
