-- Life as the real service documents it: the riders each offer includes, what the applicant told about
-- themselves (height, weight, occupation, income, channel, extra fields), the start date asked at
-- issuance, and the payout IBAN optional (the real service's issuance has none).
ALTER TABLE "life_offers" ADD COLUMN "riders_included" JSONB NOT NULL DEFAULT '["critical_illness","total_permanent_disability"]';
ALTER TABLE "life_offers" ADD COLUMN "applicant_details" JSONB;
ALTER TABLE "life_policies" ADD COLUMN "requested_start_date" VARCHAR(10);
ALTER TABLE "life_policies" ALTER COLUMN "iban" DROP NOT NULL;
