-- Every family with a term now stores its end as status 4 (expired) through a due event, and announces the renewal
-- (`policy.renewal_due`) before it. Medical kept no end date (its year of cover was worked out from issued_at when
-- read): it is stored now, the last day of a 365-day year from the issue day, as the claims cover counts it.
ALTER TABLE "medical_policies" ADD COLUMN "end_date" VARCHAR(10);
UPDATE "medical_policies"
SET "end_date" = to_char((("issued_at" AT TIME ZONE 'UTC')::date + 364), 'YYYY-MM-DD')
WHERE "issued_at" IS NOT NULL;

-- The policies in force of the families whose last day of cover is `end_date` (inclusive): each ends at 00:00 UTC the
-- day after, even one past it already (from here its status is stored, so it expires on the next pass).
CREATE TEMPORARY TABLE "policy_terms_backfill" ON COMMIT DROP AS
SELECT 'motor' AS "family", "id", "end_date" FROM "motor_policies" WHERE "status" = 1 AND "end_date" IS NOT NULL
UNION ALL SELECT 'tpl', "id", "end_date" FROM "tpl_policies" WHERE "status" = 1 AND "end_date" IS NOT NULL
UNION ALL SELECT 'travel', "id", "end_date" FROM "travel_policies" WHERE "status" = 1
UNION ALL SELECT 'horse', "id", "end_date" FROM "horse_policies" WHERE "status" = 1 AND "end_date" IS NOT NULL
UNION ALL SELECT 'life', "id", "end_date" FROM "life_policies" WHERE "status" = 1 AND "end_date" IS NOT NULL
UNION ALL SELECT 'medical', "id", "end_date" FROM "medical_policies" WHERE "status" = 1 AND "deleted_at" IS NULL AND "end_date" IS NOT NULL;

INSERT INTO "due_events" ("id", "kind", "subject", "due_at", "state", "attempts", "clock_id", "created_at", "updated_at")
SELECT gen_random_uuid(), 'policy.expiry', t."family" || ':' || t."id", (t."end_date"::date + 1)::timestamp AT TIME ZONE 'UTC', 'pending', 0, a."clock_id", now(), now()
FROM "policy_terms_backfill" t
LEFT JOIN "test_clock_attachments" a ON a."resource_type" = 'policy' AND a."resource_key" = t."family" || ':' || t."id"
ON CONFLICT ("kind", "subject") DO NOTHING;

-- Their renewal notices (and property's, whose expiry the due_events migration wrote), 30 days before the end (the
-- default of RENEWAL_DUE_DAYS; a family configured otherwise gets its own from its next activation). A notice
-- already past on real time is not sent now, long after the fact.
INSERT INTO "due_events" ("id", "kind", "subject", "due_at", "state", "attempts", "clock_id", "created_at", "updated_at")
SELECT gen_random_uuid(), 'policy.renewal_due', e."subject", e."due_at" - interval '30 days', 'pending', 0, e."clock_id", now(), now()
FROM "due_events" e
WHERE e."kind" = 'policy.expiry' AND e."state" = 'pending' AND (e."due_at" - interval '30 days' > now() OR e."clock_id" IS NOT NULL)
ON CONFLICT ("kind", "subject") DO NOTHING;
