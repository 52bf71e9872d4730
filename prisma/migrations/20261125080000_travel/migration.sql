-- Schengen travel insurance: quotes (priced by the insurer, valid for a while) and the policies bought from them.
CREATE TABLE "travel_quotes" (
    "id" SERIAL NOT NULL,
    "quote_id" VARCHAR(16) NOT NULL,
    "client_id" UUID NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "nationality_id" VARCHAR(10) NOT NULL,
    "phone_number" VARCHAR(16) NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "date_of_birth" VARCHAR(10) NOT NULL,
    "multi_entry" BOOLEAN NOT NULL,
    "duration" INTEGER NOT NULL,
    "start_date" VARCHAR(10) NOT NULL,
    "end_date" VARCHAR(10) NOT NULL,
    "travellers" JSONB NOT NULL,
    "bill" JSONB NOT NULL,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    "id_document_file_id" UUID,
    "passport_document_file_id" UUID,
    "documents_uploaded_at" TIMESTAMPTZ(6),
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "travel_quotes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "travel_quotes_quote_id_key" ON "travel_quotes"("quote_id");
CREATE INDEX "travel_quotes_client_id_created_at_idx" ON "travel_quotes"("client_id", "created_at");

CREATE TABLE "travel_policies" (
    "id" SERIAL NOT NULL,
    "client_id" UUID NOT NULL,
    "quote_id" VARCHAR(16) NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "status" INTEGER NOT NULL,
    "multi_entry" BOOLEAN NOT NULL,
    "duration" INTEGER NOT NULL,
    "start_date" VARCHAR(10) NOT NULL,
    "end_date" VARCHAR(10) NOT NULL,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    "redirect_url" VARCHAR(2048),
    "provider_policy_id" VARCHAR(255),
    "policy_file_id" UUID,
    "invoice_file_id" UUID,
    "purchased_at" TIMESTAMPTZ(6),
    "uploaded_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),
    "cancellation_reason" VARCHAR(500),
    "refund_amount" DECIMAL(14,2),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "travel_policies_pkey" PRIMARY KEY ("id")
);
-- A quote is bought once.
CREATE UNIQUE INDEX "travel_policies_quote_id_key" ON "travel_policies"("quote_id");
CREATE INDEX "travel_policies_client_id_created_at_idx" ON "travel_policies"("client_id", "created_at");
CREATE INDEX "travel_policies_status_idx" ON "travel_policies"("status");
