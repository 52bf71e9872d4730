-- SME medical as the real service documents it: a company is created from its seven fields (city and
-- size optional), and people may be listed without a gender.
ALTER TABLE "medical_companies" ALTER COLUMN "city" DROP NOT NULL;
ALTER TABLE "medical_companies" ALTER COLUMN "size" DROP NOT NULL;
ALTER TABLE "medical_employees" ALTER COLUMN "gender" DROP NOT NULL;
-- The document the real service's deletion takes (multipart `cancellation_document`), kept with the policy.
ALTER TABLE "medical_policies" ADD COLUMN "cancellation_document" VARCHAR(2048);
