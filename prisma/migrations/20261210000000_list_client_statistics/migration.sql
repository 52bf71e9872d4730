-- The partner lists are prepared statements (libs/db/src/list-page.ts). PostgreSQL plans a prepared statement again on
-- every call until a plan made without its values (a generic plan) looks no dearer than the ones made with them, and in
-- that plan it takes a client's share of a table to be one over the number of clients ANALYZE saw. With few clients
-- that share is large: the generic plan looked dearer, so every list call was planned afresh (about half of a first
-- page's database time); and where it was taken, it read the primary key newest first filtering on the client, so a
-- small client's page read past every row of a big one (21,000 rows for 15, two clients). Declaring clients many (a
-- hundredth of the rows are distinct clients: a client has about a hundred) makes the generic plan the cheap one for a
-- client with many rows, and keeps it on the client's own index; a client ANALYZE sampled as common is still estimated
-- from its own frequency.
ALTER TABLE "motor_policies" ALTER COLUMN "client_id" SET (n_distinct = -0.01);
ALTER TABLE "tpl_policies" ALTER COLUMN "client_id" SET (n_distinct = -0.01);
ALTER TABLE "property_policies" ALTER COLUMN "client_id" SET (n_distinct = -0.01);
ALTER TABLE "travel_policies" ALTER COLUMN "client_id" SET (n_distinct = -0.01);
ALTER TABLE "medical_policies" ALTER COLUMN "client_id" SET (n_distinct = -0.01);
ALTER TABLE "life_policies" ALTER COLUMN "client_id" SET (n_distinct = -0.01);
ALTER TABLE "payments" ALTER COLUMN "client_id" SET (n_distinct = -0.01);
-- A column's statistics option counts from its next ANALYZE: now, rather than when autovacuum next samples each table.
ANALYZE "motor_policies", "tpl_policies", "property_policies", "travel_policies", "medical_policies", "life_policies", "payments";
