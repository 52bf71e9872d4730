-- SME medical: companies, their saved employee list, quote requests, policies.
CREATE TABLE "medical_companies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "name_ar" VARCHAR(255) NOT NULL,
    "commercial_registration_number" VARCHAR(10) NOT NULL,
    "sponsor_number" VARCHAR(10) NOT NULL,
    "unified_national_number" VARCHAR(10) NOT NULL,
    "email_address" VARCHAR(255) NOT NULL,
    "phone_number" VARCHAR(16) NOT NULL,
    "city" VARCHAR(100) NOT NULL,
    "size" VARCHAR(16) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "medical_companies_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "medical_companies_client_id_commercial_registration_number_key" ON "medical_companies"("client_id", "commercial_registration_number");
CREATE INDEX "medical_companies_created_at_id_idx" ON "medical_companies"("created_at", "id");

CREATE TABLE "medical_employees" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "person_id" VARCHAR(10) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "date_of_birth" VARCHAR(10) NOT NULL,
    "gender" VARCHAR(8) NOT NULL,
    "nationality_iso" CHAR(2) NOT NULL,
    "email" VARCHAR(255),
    "mobile_number" VARCHAR(10) NOT NULL,
    "category" VARCHAR(16) NOT NULL,
    "is_married" BOOLEAN NOT NULL,
    "dependents" JSONB NOT NULL,
    "declaration" JSONB,
    "declared_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "medical_employees_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "medical_employees_company_id_person_id_key" ON "medical_employees"("company_id", "person_id");
CREATE INDEX "medical_employees_company_id_position_idx" ON "medical_employees"("company_id", "position");

CREATE TABLE "medical_quote_requests" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "employees" JSONB NOT NULL,
    "quotes" JSONB NOT NULL,
    "failures" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "medical_quote_requests_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "medical_quote_requests_client_id_created_at_idx" ON "medical_quote_requests"("client_id", "created_at");

CREATE TABLE "medical_policies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "quote_request_id" UUID NOT NULL,
    "quote_price_id" UUID NOT NULL,
    "insurance_provider" VARCHAR(32) NOT NULL,
    "status" INTEGER NOT NULL,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    "insured" JSONB NOT NULL,
    "redirect_url" VARCHAR(2048),
    "payment_id" UUID,
    "provider_policy_id" VARCHAR(64),
    "issued_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),
    "deleted_at" TIMESTAMPTZ(6),
    "deletion_reason" VARCHAR(16),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "medical_policies_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "medical_policies_client_id_created_at_idx" ON "medical_policies"("client_id", "created_at");
CREATE INDEX "medical_policies_company_id_status_idx" ON "medical_policies"("company_id", "status");
CREATE INDEX "medical_policies_payment_id_idx" ON "medical_policies"("payment_id");
-- At most one policy awaiting payment per company, whatever races the API loses.
CREATE UNIQUE INDEX "medical_policies_one_awaiting_per_company" ON "medical_policies"("company_id") WHERE "status" = 0 AND "deleted_at" IS NULL;
