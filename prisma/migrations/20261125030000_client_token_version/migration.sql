-- Access tokens carry the client's token version (claim `sv`); the bearer check refuses any other. A secret
-- rotation and a deactivation both move it on, here in the database so that every way of changing a client
-- (admin API, CLI, another instance) revokes alike: a token issued before a deactivation stays revoked after
-- the client is activated again. Tokens issued before this migration carry the secret version, so they start equal.
ALTER TABLE "api_clients" ADD COLUMN "token_version" INTEGER NOT NULL DEFAULT 1;
UPDATE "api_clients" SET "token_version" = "secret_version";

CREATE FUNCTION revoke_api_client_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.secret_version IS DISTINCT FROM OLD.secret_version OR (OLD.active AND NOT NEW.active) THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER api_client_revoke_tokens BEFORE UPDATE ON "api_clients"
  FOR EACH ROW EXECUTE FUNCTION revoke_api_client_tokens();
