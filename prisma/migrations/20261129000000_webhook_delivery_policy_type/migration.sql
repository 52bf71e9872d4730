-- The product family of a delivery's policy, so a policy's page in the console lists the webhooks sent about it
-- (policy ids are per family). Null for the console's test events and for rows written before this.
ALTER TABLE "webhook_deliveries" ADD COLUMN "policy_type" VARCHAR(32);
CREATE INDEX "webhook_deliveries_policy_type_policy_id_idx" ON "webhook_deliveries"("policy_type", "policy_id");
