-- A teaching assignment added, changed or removed: the teachers concerned.
-- Created or changed by migration 0022.
CREATE OR REPLACE FUNCTION public.teaching_assignments_viewer_units()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rollup_rebuilds (school_id, part, users)
    SELECT school_id, 'viewers', array_agg(DISTINCT user_id) FROM new_rows GROUP BY school_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO rollup_rebuilds (school_id, part, users)
    SELECT school_id, 'viewers', array_agg(DISTINCT user_id) FROM old_rows GROUP BY school_id;
  ELSE
    INSERT INTO rollup_rebuilds (school_id, part, users)
    SELECT school_id, 'viewers', array_agg(DISTINCT user_id)
      FROM (SELECT school_id, user_id FROM old_rows UNION SELECT school_id, user_id FROM new_rows) x
     GROUP BY school_id;
  END IF;
  RETURN NULL;
END $function$;
