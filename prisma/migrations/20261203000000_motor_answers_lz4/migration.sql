-- The JSON written with every insurer's answer (an outcome's `quotes`, about 7.6 KB; an offer's `prices` and `benefits`,
-- about 2 KB) is over TOAST's threshold, so PostgreSQL compresses it as it writes it, on the quote request's hot path.
-- lz4 compresses it about twice as fast as the default pglz, to about the same size, and reads it back faster.
-- Measured on 2,000 outcomes and 6,000 offers of the bench's own answers: the outcomes written in 107 ms against
-- 225 ms (20 MB against 18 MB), the offers in 119-142 ms against 175-184 ms (20 MB both).
-- lz4 is in PostgreSQL where the server was built with it (Debian's packages and the official images are); the
-- embedded database (PGlite) has pglz only, and keeps it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "motor_insurer_outcomes" ALTER COLUMN "quotes" SET COMPRESSION lz4;
    ALTER TABLE "motor_offers" ALTER COLUMN "prices" SET COMPRESSION lz4;
    ALTER TABLE "motor_offers" ALTER COLUMN "benefits" SET COMPRESSION lz4;
  END IF;
END $$;
