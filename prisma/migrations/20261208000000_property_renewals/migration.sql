-- A property policy's next term, offered when its renewal comes due: a pending policy priced by the insurer with its
-- own payment link, linked to the term it renews. Paying the link activates it like any property policy. One renewal
-- per term (the notice fires once).
ALTER TABLE "property_policies" ADD COLUMN "renewal_of" INTEGER;
ALTER TABLE "property_policies" ADD CONSTRAINT "property_policies_renewal_of_fkey"
  FOREIGN KEY ("renewal_of") REFERENCES "property_policies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE UNIQUE INDEX "property_policies_renewal_of_key" ON "property_policies"("renewal_of");

-- The console's renewals worklist reads the fired renewal notices.
CREATE INDEX "due_events_kind_state_due_at_idx" ON "due_events"("kind", "state", "due_at");
