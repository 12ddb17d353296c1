-- The per-case tables' changes, counted into the rollups (inserted rows added, deleted ones taken away, updated ones
-- both). The triggers name their transition tables old_rows and new_rows.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_cases_roll()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, classification, group_ids, count(*) AS n, count(*) FILTER (WHERE recurred) AS r
        FROM new_rows GROUP BY 1, 2, 3, 4) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, classification, group_ids, -count(*) AS n, -count(*) FILTER (WHERE recurred) AS r
        FROM old_rows GROUP BY 1, 2, 3, 4) x;
  ELSE
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, classification, group_ids, sum(s) AS n, coalesce(sum(s) FILTER (WHERE recurred), 0) AS r
        FROM (SELECT school_id, day, classification, group_ids, recurred, 1 AS s FROM new_rows
              UNION ALL
              SELECT school_id, day, classification, group_ids, recurred, -1 FROM old_rows) u
       GROUP BY 1, 2, 3, 4) x;
  END IF;
  PERFORM effectiveness_roll_pairs(d);
  RETURN NULL;
END $function$;
