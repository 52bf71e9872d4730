-- Sandbox test clocks: a partner's frozen time, and the resources that follow it.
CREATE TABLE "test_clocks" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "name" VARCHAR(100),
    "frozen_time" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "test_clocks_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "test_clocks_client_id_created_at_idx" ON "test_clocks"("client_id", "created_at");

CREATE TABLE "test_clock_attachments" (
    "resource_type" VARCHAR(32) NOT NULL,
    "resource_key" VARCHAR(80) NOT NULL,
    "clock_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "test_clock_attachments_pkey" PRIMARY KEY ("resource_type", "resource_key"),
    CONSTRAINT "test_clock_attachments_clock_id_fkey" FOREIGN KEY ("clock_id") REFERENCES "test_clocks"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "test_clock_attachments_clock_id_idx" ON "test_clock_attachments"("clock_id");
