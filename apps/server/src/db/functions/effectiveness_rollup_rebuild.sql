-- The rollups of some schools again from the per-case tables: after a group moves to another grade or a grade to
-- another section (or one is deleted), the units an incident counts in change.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_rollup_rebuild(school_ids text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM effectiveness_day_pairs WHERE school_id = ANY (school_ids);
  DELETE FROM effectiveness_day_actions WHERE school_id = ANY (school_ids);
  PERFORM effectiveness_roll_pairs((SELECT jsonb_agg(x) FROM (
    SELECT school_id, day, classification, group_ids, count(*) AS n, count(*) FILTER (WHERE recurred) AS r
      FROM effectiveness_cases WHERE school_id = ANY (school_ids) GROUP BY 1, 2, 3, 4) x));
  PERFORM effectiveness_roll_actions((SELECT jsonb_agg(x) FROM (
    SELECT school_id, day, guideline, classification, done_day, group_ids, count(*) AS n,
           count(*) FILTER (WHERE recurred) AS r, count(*) FILTER (WHERE recurred_after) AS rc
      FROM effectiveness_actions WHERE school_id = ANY (school_ids) GROUP BY 1, 2, 3, 4, 5, 6) x));
END $function$;
