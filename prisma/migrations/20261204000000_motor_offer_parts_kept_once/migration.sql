-- An offer's prices and benefits were written twice per answer: in the offer row (prices, benefits) and in its
-- insurer's outcome (quotes, as partners read them). From here they are kept once, in the outcome; the offer row keeps
-- only what partners never see of them, the insurers' references of its prices (in price order). Offers written
-- before keep their own copy, which reads prefer.
ALTER TABLE "motor_offers"
  ALTER COLUMN "prices" DROP NOT NULL,
  ALTER COLUMN "benefits" DROP NOT NULL,
  ADD COLUMN "price_references" TEXT[];
