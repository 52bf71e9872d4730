-- Webhooks: client endpoints, the delivery outbox, and every delivery attempt.

CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "description" VARCHAR(255),
    "events" TEXT[] NOT NULL,
    "secret_sealed" VARCHAR(512) NOT NULL,
    "static_key_sealed" VARCHAR(512) NOT NULL,
    "secret_version" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL,
    "disabled_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoints_client_id_created_at_idx" ON "webhook_endpoints"("client_id", "created_at");

CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "event_type" VARCHAR(64) NOT NULL,
    "policy_id" INTEGER,
    "body" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "attempts" INTEGER NOT NULL,
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL,
    "locked_until" TIMESTAMPTZ(6),
    "claim_token" UUID,
    "last_status_code" INTEGER,
    "last_error" VARCHAR(500),
    "delivered_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE RESTRICT
);
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");
CREATE INDEX "webhook_deliveries_client_id_created_at_idx" ON "webhook_deliveries"("client_id", "created_at");
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");

CREATE TABLE "webhook_delivery_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "worker" VARCHAR(128) NOT NULL,
    "outcome" VARCHAR(16) NOT NULL,
    "status_code" INTEGER,
    "duration_ms" INTEGER,
    "response_snippet" VARCHAR(1024),
    "error" VARCHAR(500),
    "started_at" TIMESTAMPTZ(6) NOT NULL,
    "finished_at" TIMESTAMPTZ(6),
    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "webhook_delivery_attempts_delivery_id_number_key" ON "webhook_delivery_attempts"("delivery_id", "number");
