-- An insurer's answer keeps its offers as partners read them (the quote request object's `quotes` items, JSON made
-- once when the answer arrived, for the Request Quotes response), and its place among the request's insurers.
-- Show and List Quote Requests put that JSON in their answers as it is, in `position` order, instead of reading,
-- presenting and encoding every offer again: a page of fifteen quote requests holds about 450 offers.
-- json, not jsonb: stored as written (jsonb would reorder the keys). NULL for answers written before: those
-- requests are presented from their offers, as before.
ALTER TABLE "motor_insurer_outcomes" ADD COLUMN "position" INTEGER;
ALTER TABLE "motor_insurer_outcomes" ADD COLUMN "quotes" JSON;
