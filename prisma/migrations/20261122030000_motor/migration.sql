-- Motor price comparison: OTPs, sandbox SMS outbox, customers, quote requests with offers.

CREATE TABLE "otp_codes" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "purpose" VARCHAR(32) NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "code_hash" CHAR(64) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "invalidated_at" TIMESTAMPTZ(6),
    "consumed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "otp_codes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "otp_codes_client_id_purpose_subject_created_at_idx" ON "otp_codes"("client_id", "purpose", "subject", "created_at");
CREATE INDEX "otp_codes_client_id_phone_created_at_idx" ON "otp_codes"("client_id", "phone", "created_at");

CREATE TABLE "sms_messages" (
    "id" BIGSERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sms_messages_client_id_phone_created_at_idx" ON "sms_messages"("client_id", "phone", "created_at");

CREATE TABLE "motor_customers" (
    "id" BIGSERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "owner_id" VARCHAR(10) NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "phone" VARCHAR(10) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "motor_customers_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "motor_customers_client_id_owner_id_key" ON "motor_customers"("client_id", "owner_id");
CREATE UNIQUE INDEX "motor_customers_client_id_email_key" ON "motor_customers"("client_id", "email");

CREATE TABLE "motor_quote_requests" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "owner_id" VARCHAR(10) NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "phone" VARCHAR(10) NOT NULL,
    "birthdate" VARCHAR(10) NOT NULL,
    "car_sequence_number" VARCHAR(9),
    "custom_number" VARCHAR(10),
    "maker_code" INTEGER,
    "model_code" INTEGER,
    "body_type_code" INTEGER,
    "is_ownership_transfer" BOOLEAN NOT NULL,
    "current_car_owner_id" VARCHAR(10) NOT NULL,
    "car_estimated_cost" DECIMAL(14,2) NOT NULL,
    "car_model_year" INTEGER NOT NULL,
    "start_date" VARCHAR(10),
    "drivers" JSONB,
    "locale" VARCHAR(2) NOT NULL,
    "attachments" JSONB,
    "deleted_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "motor_quote_requests_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "motor_quote_requests_client_id_created_at_idx" ON "motor_quote_requests"("client_id", "created_at");
CREATE INDEX "motor_quote_requests_client_id_owner_id_idx" ON "motor_quote_requests"("client_id", "owner_id");

CREATE TABLE "motor_offers" (
    "id" UUID NOT NULL,
    "quote_request_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "provider_reference" VARCHAR(255) NOT NULL,
    "company_name" VARCHAR(255) NOT NULL,
    "company_name_ar" VARCHAR(255) NOT NULL,
    "company_logo_url" VARCHAR(1024) NOT NULL,
    "square_company_logo_url" VARCHAR(1024) NOT NULL,
    "type" VARCHAR(16) NOT NULL,
    "insurance_type_display" VARCHAR(255) NOT NULL,
    "insurance_type_display_ar" VARCHAR(255) NOT NULL,
    "fix_type" VARCHAR(16) NOT NULL,
    "vehicle_estimated_value" DECIMAL(14,2) NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "motor_offers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "motor_offers_quote_request_id_fkey" FOREIGN KEY ("quote_request_id") REFERENCES "motor_quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "motor_offers_quote_request_id_idx" ON "motor_offers"("quote_request_id");

CREATE TABLE "motor_offer_prices" (
    "id" UUID NOT NULL,
    "offer_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "provider_reference" VARCHAR(255) NOT NULL,
    "deductible" DECIMAL(14,2),
    "subtotal" DECIMAL(14,2) NOT NULL,
    "vat_percentage" DECIMAL(5,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "total" DECIMAL(14,2) NOT NULL,
    CONSTRAINT "motor_offer_prices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "motor_offer_prices_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "motor_offers"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "motor_offer_prices_offer_id_idx" ON "motor_offer_prices"("offer_id");

CREATE TABLE "motor_offer_benefits" (
    "id" UUID NOT NULL,
    "offer_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "code" VARCHAR(64) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "name_ar" VARCHAR(255) NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "url" VARCHAR(1024),
    CONSTRAINT "motor_offer_benefits_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "motor_offer_benefits_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "motor_offers"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "motor_offer_benefits_offer_id_idx" ON "motor_offer_benefits"("offer_id");

CREATE TABLE "motor_insurer_outcomes" (
    "quote_request_id" INTEGER NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "outcome" VARCHAR(16) NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "offer_count" INTEGER NOT NULL,
    "detail" VARCHAR(500),
    CONSTRAINT "motor_insurer_outcomes_pkey" PRIMARY KEY ("quote_request_id", "insurer_code"),
    CONSTRAINT "motor_insurer_outcomes_quote_request_id_fkey" FOREIGN KEY ("quote_request_id") REFERENCES "motor_quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
