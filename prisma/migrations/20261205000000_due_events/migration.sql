-- Due events: what time alone makes happen (a payment link lapsing unpaid, a policy reaching its end), written with
-- the row that makes it due and fired once by the due-event scheduler. `clock_id` is the sandbox test clock the
-- subject runs on: such an event fires when that clock is advanced past `due_at`, never on real time; deleting the
-- clock puts it back on real time (SET NULL) and leaves fired events as they are.
CREATE TABLE "due_events" (
  "id" UUID NOT NULL,
  "kind" VARCHAR(32) NOT NULL,
  "subject" VARCHAR(80) NOT NULL,
  "due_at" TIMESTAMPTZ(6) NOT NULL,
  "state" VARCHAR(16) NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "lease_until" TIMESTAMPTZ(6),
  "claim_token" UUID,
  "clock_id" UUID,
  "fired_at" TIMESTAMPTZ(6),
  "last_error" VARCHAR(500),
  "created_at" TIMESTAMPTZ(6) NOT NULL,
  "updated_at" TIMESTAMPTZ(6) NOT NULL,
  CONSTRAINT "due_events_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "due_events_clock_id_fkey" FOREIGN KEY ("clock_id") REFERENCES "test_clocks"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "due_events_kind_subject_key" ON "due_events"("kind", "subject");
CREATE INDEX "due_events_state_due_at_idx" ON "due_events"("state", "due_at");
CREATE INDEX "due_events_clock_id_state_due_at_idx" ON "due_events"("clock_id", "state", "due_at");

-- Links still open get their lapse event, on the clock they run on (if any); links already past their expiry on real
-- time are not announced now, long after the fact.
INSERT INTO "due_events" ("id", "kind", "subject", "due_at", "state", "attempts", "clock_id", "created_at", "updated_at")
SELECT gen_random_uuid(), 'payment.lapse', p."id"::text, p."expires_at", 'pending', 0, a."clock_id", now(), now()
FROM "payments" p
LEFT JOIN "test_clock_attachments" a ON a."resource_type" = 'payment' AND a."resource_key" = p."id"::text
WHERE p."status" IN ('pending', 'failed') AND (p."expires_at" > now() OR a."clock_id" IS NOT NULL);

-- Property policies in force get their expiry at the end of their term (end_date, exclusive, midnight UTC), even
-- one that has passed it already: from here its status is stored (4, expired), no longer worked out when read.
INSERT INTO "due_events" ("id", "kind", "subject", "due_at", "state", "attempts", "clock_id", "created_at", "updated_at")
SELECT gen_random_uuid(), 'policy.expiry', 'property:' || p."id", p."end_date"::timestamp AT TIME ZONE 'UTC', 'pending', 0, a."clock_id", now(), now()
FROM "property_policies" p
LEFT JOIN "test_clock_attachments" a ON a."resource_type" = 'policy' AND a."resource_key" = 'property:' || p."id"
WHERE p."status" = 1;
