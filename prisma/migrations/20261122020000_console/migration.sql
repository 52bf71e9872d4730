-- Back-office console: staff users, their sessions, the audit log, partner contacts.

CREATE TABLE "staff_users" (
    "id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" VARCHAR(32) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "failed_logins" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(6),
    "last_login_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "staff_users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "staff_users_role_check" CHECK ("role" IN ('admin', 'operations', 'account_manager', 'claims_handler'))
);
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users"("email");

CREATE TABLE "staff_sessions" (
    "id" UUID NOT NULL,
    "staff_id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(6) NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "revoked_at" TIMESTAMPTZ(6),
    CONSTRAINT "staff_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "staff_sessions_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "staff_sessions_token_hash_key" ON "staff_sessions"("token_hash");
CREATE INDEX "staff_sessions_staff_id_idx" ON "staff_sessions"("staff_id");

CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "staff_id" UUID,
    "staff_email" VARCHAR(255) NOT NULL,
    "role" VARCHAR(32) NOT NULL,
    "action" VARCHAR(64) NOT NULL,
    "resource" VARCHAR(64) NOT NULL,
    "resource_id" VARCHAR(255),
    "before" JSONB,
    "after" JSONB,
    "request_id" VARCHAR(128),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");
CREATE INDEX "audit_log_resource_resource_id_idx" ON "audit_log"("resource", "resource_id");
CREATE INDEX "audit_log_staff_id_idx" ON "audit_log"("staff_id");

CREATE TABLE "api_client_contacts" (
    "client_id" UUID NOT NULL,
    "contact_name" VARCHAR(255),
    "contact_email" VARCHAR(255),
    "contact_phone" VARCHAR(20),
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "api_client_contacts_pkey" PRIMARY KEY ("client_id"),
    CONSTRAINT "api_client_contacts_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "api_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
