-- The console reads motor data across every client: newest first, by owner id, and per day window for
-- provider health; the partner API's indexes all start with client_id and cannot serve those.
CREATE INDEX "motor_quote_requests_created_at_id_idx" ON "motor_quote_requests"("created_at", "id");
CREATE INDEX "motor_quote_requests_owner_id_idx" ON "motor_quote_requests"("owner_id");
CREATE INDEX "motor_policies_created_at_id_idx" ON "motor_policies"("created_at", "id");
