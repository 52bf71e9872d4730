-- Embed sessions of the motor comparison flow and the sites / app links each client allows them on.

CREATE TABLE "embed_allowed_targets" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "value" VARCHAR(512) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "embed_allowed_targets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "embed_allowed_targets_client_id_kind_value_key" ON "embed_allowed_targets"("client_id", "kind", "value");

CREATE TABLE "embed_sessions" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "quote_request_id" INTEGER NOT NULL,
    "platform" VARCHAR(16) NOT NULL,
    "parent_origin" VARCHAR(512),
    "deep_link" VARCHAR(2048),
    "locale" VARCHAR(2) NOT NULL,
    "redirect_url" VARCHAR(2048),
    "token_hash" CHAR(64) NOT NULL,
    "photos" JSONB,
    "photos_updated_at" TIMESTAMPTZ(6),
    "policy_id" INTEGER,
    "issuing_since" TIMESTAMPTZ(6),
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "first_opened_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "embed_sessions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "embed_sessions_token_hash_key" ON "embed_sessions"("token_hash");
CREATE INDEX "embed_sessions_client_id_created_at_idx" ON "embed_sessions"("client_id", "created_at");
