-- Stored files (served at /files/<id>.<ext>) and the vehicle photo sets insurers accepted for quote requests.

CREATE TABLE "stored_files" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "kind" VARCHAR(64) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "stored_files_client_id_created_at_idx" ON "stored_files"("client_id", "created_at");

CREATE TABLE "motor_photo_registrations" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "quote_request_id" INTEGER NOT NULL,
    "offer_id" UUID NOT NULL,
    "price_id" UUID NOT NULL,
    "insurer_code" VARCHAR(32) NOT NULL,
    "vehicle_key" VARCHAR(32) NOT NULL,
    "already_registered" BOOLEAN NOT NULL,
    "photos" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "motor_photo_registrations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "motor_photo_registrations_quote_request_id_insurer_code_idx" ON "motor_photo_registrations"("quote_request_id", "insurer_code");
CREATE INDEX "motor_photo_registrations_client_id_created_at_idx" ON "motor_photo_registrations"("client_id", "created_at");
