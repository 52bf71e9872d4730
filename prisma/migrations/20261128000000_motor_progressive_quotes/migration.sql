-- Progressive quotes (Prefer: respond-async): a quote request exists while its insurers are still answering.
-- quotes_status: in_progress until every insurer answered or the deadline stamped the rest, then complete
-- (or failed: every insurer errored or timed out). Rows written before this were complete when written.
ALTER TABLE "motor_quote_requests" ADD COLUMN "quotes_status" VARCHAR(16) NOT NULL DEFAULT 'complete';
-- The insurers asked, in the order their offers are listed (null on rows written before this).
ALTER TABLE "motor_quote_requests" ADD COLUMN "insurer_codes" JSONB;
-- After this instant an in_progress request is stamped (its instance died): the rest count as timeouts.
ALTER TABLE "motor_quote_requests" ADD COLUMN "quotes_deadline_at" TIMESTAMPTZ(6);
-- How many insurers have answered: numbers each answer (the event stream's ids), under the row's lock.
ALTER TABLE "motor_quote_requests" ADD COLUMN "answer_count" INTEGER NOT NULL DEFAULT 0;
-- The order the answers arrived in (1, 2, ...); null on rows written before this.
ALTER TABLE "motor_insurer_outcomes" ADD COLUMN "seq" INTEGER;
CREATE INDEX "motor_quote_requests_quotes_status_idx" ON "motor_quote_requests"("quotes_status") WHERE "quotes_status" = 'in_progress';
