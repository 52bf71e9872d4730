-- The partners' portal: people of a partner (an API client) who sign in at /portal, the one-time links that let an
-- invitee choose a password, their sessions, and the audit log naming a partner user as the actor.

CREATE TABLE "partner_users" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "role" VARCHAR(16) NOT NULL,
    -- NULL until the invitee chose a password from the invitation link.
    "password_hash" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "failed_logins" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(6),
    "last_login_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "partner_users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "partner_users_role_check" CHECK ("role" IN ('owner', 'developer', 'viewer')),
    CONSTRAINT "partner_users_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "api_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- One sign-in name across every partner: the email alone finds the account.
CREATE UNIQUE INDEX "partner_users_email_key" ON "partner_users"("email");
CREATE INDEX "partner_users_client_id_idx" ON "partner_users"("client_id");

CREATE TABLE "partner_invitations" (
    "id" UUID NOT NULL,
    "partner_user_id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    -- Set when the link is used, or when a newer invitation or the user's removal replaces it.
    "used_at" TIMESTAMPTZ(6),
    CONSTRAINT "partner_invitations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "partner_invitations_partner_user_id_fkey" FOREIGN KEY ("partner_user_id") REFERENCES "partner_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "partner_invitations_token_hash_key" ON "partner_invitations"("token_hash");
CREATE INDEX "partner_invitations_partner_user_id_idx" ON "partner_invitations"("partner_user_id");

CREATE TABLE "partner_sessions" (
    "id" UUID NOT NULL,
    "partner_user_id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(6) NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "revoked_at" TIMESTAMPTZ(6),
    CONSTRAINT "partner_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "partner_sessions_partner_user_id_fkey" FOREIGN KEY ("partner_user_id") REFERENCES "partner_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "partner_sessions_token_hash_key" ON "partner_sessions"("token_hash");
CREATE INDEX "partner_sessions_partner_user_id_idx" ON "partner_sessions"("partner_user_id");

-- A portal action's actor: the partner user (staff_id stays NULL; staff_email and role hold the user's email and
-- "partner_<role>").
ALTER TABLE "audit_log" ADD COLUMN "partner_user_id" UUID;
CREATE INDEX "audit_log_partner_user_id_idx" ON "audit_log"("partner_user_id");
