-- The partner request log keeps what was sent and a successful answer (issue 52), personal data masked by the
-- application before the row is written. Added on the partitioned parent, so every day partition has them.
ALTER TABLE "partner_request_log" ADD COLUMN "request_body" JSONB, ADD COLUMN "response_body" JSONB;
