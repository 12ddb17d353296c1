-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_actions_roll()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, guideline, classification, done_day, group_ids, count(*) AS n,
             count(*) FILTER (WHERE recurred) AS r, count(*) FILTER (WHERE recurred_after) AS rc
        FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, guideline, classification, done_day, group_ids, -count(*) AS n,
             -count(*) FILTER (WHERE recurred) AS r, -count(*) FILTER (WHERE recurred_after) AS rc
        FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6) x;
  ELSE
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, guideline, classification, done_day, group_ids, sum(s) AS n,
             coalesce(sum(s) FILTER (WHERE recurred), 0) AS r, coalesce(sum(s) FILTER (WHERE recurred_after), 0) AS rc
        FROM (SELECT school_id, day, guideline, classification, done_day, group_ids, recurred, recurred_after, 1 AS s
                FROM new_rows
              UNION ALL
              SELECT school_id, day, guideline, classification, done_day, group_ids, recurred, recurred_after, -1
                FROM old_rows) u
       GROUP BY 1, 2, 3, 4, 5, 6) x;
  END IF;
  PERFORM effectiveness_roll_actions(d);
  RETURN NULL;
END $function$;
