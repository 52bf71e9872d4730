-- A claim past its decision deadline (15 days after submission) still undecided is flagged overdue once, by a
-- `claim.overdue` due event written when the claim is opened; `overdue_at` is when that happened.
ALTER TABLE "claims" ADD COLUMN "overdue_at" TIMESTAMPTZ(6);

-- Claims still to decide get their event at their deadline, even one already past (flagged on the next pass), on the
-- test clock their policy runs on, if any.
INSERT INTO "due_events" ("id", "kind", "subject", "due_at", "state", "attempts", "clock_id", "created_at", "updated_at")
SELECT gen_random_uuid(), 'claim.overdue', c."id"::text, c."created_at" + interval '15 days', 'pending', 0, a."clock_id", now(), now()
FROM "claims" c
LEFT JOIN "test_clock_attachments" a ON a."resource_type" = 'policy' AND a."resource_key" = c."product_family" || ':' || c."policy_id"
WHERE c."status" IN ('submitted', 'under_review')
ON CONFLICT ("kind", "subject") DO NOTHING;
