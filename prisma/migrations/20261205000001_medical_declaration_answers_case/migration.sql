-- Health declaration answers are kept in the real service's spelling, "Yes" and "No", whatever case a partner sends
-- (they were kept as "yes" and "no"). Declarations filled before are rewritten to it, so every stored answer reads one way.
UPDATE "medical_employees"
SET "declaration" = (
  SELECT jsonb_object_agg(
    answer.key,
    CASE answer.value
      WHEN '"yes"'::jsonb THEN '"Yes"'::jsonb
      WHEN '"no"'::jsonb THEN '"No"'::jsonb
      ELSE answer.value
    END
  )
  FROM jsonb_each("declaration") AS answer
)
WHERE jsonb_typeof("declaration") = 'object' AND "declaration" <> '{}'::jsonb;
