-- Simplified tax invoices (ZATCA): a gapless number per seller (the insurer), given in the transaction that applies a
-- payment, and the invoice as issued (seller, VAT number, time, amounts) so it renders the same every time.
CREATE TABLE "tax_invoice_counters" (
    "seller_code" VARCHAR(32) NOT NULL,
    "last_number" INTEGER NOT NULL,
    CONSTRAINT "tax_invoice_counters_pkey" PRIMARY KEY ("seller_code")
);

CREATE TABLE "tax_invoices" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "policy_type" VARCHAR(32) NOT NULL,
    "policy_id" INTEGER NOT NULL,
    "seller_code" VARCHAR(32) NOT NULL,
    "sequence" INTEGER NOT NULL,
    "number" VARCHAR(64) NOT NULL,
    "seller_name_en" VARCHAR(255) NOT NULL,
    "seller_name_ar" VARCHAR(255) NOT NULL,
    "vat_number" CHAR(15) NOT NULL,
    "product_en" VARCHAR(255) NOT NULL,
    "product_ar" VARCHAR(255) NOT NULL,
    "policy_number" VARCHAR(255) NOT NULL,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "vat" DECIMAL(14,2) NOT NULL,
    "total" DECIMAL(14,2) NOT NULL,
    "vat_percent" DECIMAL(5,2) NOT NULL,
    "issued_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "tax_invoices_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "tax_invoices_number_key" ON "tax_invoices"("number");
CREATE UNIQUE INDEX "tax_invoices_seller_code_sequence_key" ON "tax_invoices"("seller_code", "sequence");
CREATE UNIQUE INDEX "tax_invoices_payment_id_seller_code_key" ON "tax_invoices"("payment_id", "seller_code");
CREATE INDEX "tax_invoices_policy_type_policy_id_idx" ON "tax_invoices"("policy_type", "policy_id");
