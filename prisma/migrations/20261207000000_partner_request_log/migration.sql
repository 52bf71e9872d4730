-- The partner request log (issue 52): one row per partner API call, partitioned by day so a day of heavy traffic is
-- expired by dropping its partition (no long DELETE, no bloat). The day partitions themselves are created by the
-- application (ahead of time by the retention sweep, and on demand by the writer), never here: a migration cannot
-- know today's date. Indexes declared on the parent are created on every partition.
CREATE TABLE "partner_request_log" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "client_id" UUID NOT NULL,
    "method" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" SMALLINT NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "request_id" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "error_body" JSONB,
    CONSTRAINT "partner_request_log_pkey" PRIMARY KEY ("created_at", "id")
) PARTITION BY RANGE ("created_at");

CREATE INDEX "partner_request_log_client_id_created_at_idx" ON "partner_request_log" ("client_id", "created_at" DESC);
CREATE INDEX "partner_request_log_request_id_idx" ON "partner_request_log" ("request_id");
