-- Property policies (with their cancellation and refund), their documents, and the product-agnostic claims core.

CREATE TABLE "property_policies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "product_code" VARCHAR(64) NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "personal_details" JSONB NOT NULL,
    "building_details" JSONB NOT NULL,
    "address" JSONB NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "nationality" CHAR(2) NOT NULL,
    "nationality_id" VARCHAR(20) NOT NULL,
    "city_name" VARCHAR(64) NOT NULL,
    "property_cost" DECIMAL(14,2),
    "contents_cost" DECIMAL(14,2),
    "iban" VARCHAR(24) NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "redirect_url" VARCHAR(2048),
    "status" INTEGER NOT NULL,
    "net_premium" DECIMAL(14,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    "provider_policy_id" VARCHAR(255),
    "provider_policy" VARCHAR(2048),
    "activated_at" TIMESTAMPTZ(6),
    "canceled_at" TIMESTAMPTZ(6),
    "cancellation_reason" VARCHAR(500),
    "canceled_by" VARCHAR(255),
    "refund_amount" DECIMAL(14,2),
    "refund_unused_days" INTEGER,
    "refund_term_days" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "property_policies_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "property_policies_client_id_created_at_idx" ON "property_policies"("client_id", "created_at");
CREATE INDEX "property_policies_client_id_nationality_id_idx" ON "property_policies"("client_id", "nationality_id");

CREATE TABLE "property_documents" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "policy_id" INTEGER NOT NULL,
    "category" VARCHAR(32) NOT NULL,
    "file_id" UUID NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "property_documents_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "property_documents_policy_id_created_at_idx" ON "property_documents"("policy_id", "created_at");

CREATE TABLE "claims" (
    "id" SERIAL NOT NULL,
    "product_family" VARCHAR(32) NOT NULL,
    "policy_id" INTEGER NOT NULL,
    "client_id" UUID NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "claim_type" VARCHAR(64) NOT NULL,
    "incident_date" DATE NOT NULL,
    "description" VARCHAR(2000) NOT NULL,
    "requested_amount" DECIMAL(14,2) NOT NULL,
    "approved_amount" DECIMAL(14,2),
    "paid_amount" DECIMAL(14,2),
    "documents" JSONB NOT NULL,
    "assignee_staff_id" UUID,
    "created_by" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "claims_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "claims_product_family_policy_id_idx" ON "claims"("product_family", "policy_id");
CREATE INDEX "claims_client_id_created_at_idx" ON "claims"("client_id", "created_at");
CREATE INDEX "claims_status_created_at_idx" ON "claims"("status", "created_at");

CREATE TABLE "claim_status_history" (
    "id" SERIAL NOT NULL,
    "claim_id" INTEGER NOT NULL,
    "from_status" VARCHAR(20),
    "to_status" VARCHAR(20) NOT NULL,
    "note" VARCHAR(2000),
    "actor" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "claim_status_history_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "claim_status_history_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE
);
CREATE INDEX "claim_status_history_claim_id_created_at_idx" ON "claim_status_history"("claim_id", "created_at");
