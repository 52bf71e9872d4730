-- Each partner list reads one client's rows newest first, a page at a time: an index in the list's own order
-- lets the first page be read from its top whatever the client's row count (1 thousand or 1 million).
-- Policies and quote requests list by id descending; payments by created_at then id, descending.
CREATE INDEX "motor_policies_client_id_id_idx" ON "motor_policies"("client_id", "id");
CREATE INDEX "motor_quote_requests_client_id_id_idx" ON "motor_quote_requests"("client_id", "id");
CREATE INDEX "payments_client_id_created_at_id_idx" ON "payments"("client_id", "created_at", "id");
-- Listing payments first expires the client's open links past their time (one UPDATE): only open links are
-- looked at, through this partial index, instead of every payment the client ever had. (Not expressible in
-- schema.prisma; it lives here only.)
CREATE INDEX "payments_open_client_id_expires_at_idx" ON "payments"("client_id", "expires_at") WHERE "status" IN ('pending', 'failed');
