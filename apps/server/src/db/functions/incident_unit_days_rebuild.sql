-- A school's rollup from its incidents as they are: after a change of what a day, hour, grade or section means for
-- incidents already counted (the school's time zone, a group moved to another grade, a grade to another section).
-- Security definer: a platform administrator's change of a school's time zone runs outside that school's
-- row-level scope, where the rollup's rows would be invisible.
-- Created or changed by migrations 0019, 0022.
CREATE OR REPLACE FUNCTION public.incident_unit_days_rebuild(school text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
BEGIN
  DELETE FROM incident_unit_days WHERE school_id = school;
  EXECUTE incident_unit_days_sql(format(
    'SELECT school_id, id, occurred_at, status, classification, category_id, type_id, recorded_by, place,
            group_ids, student_ids, 1 AS sign FROM incidents WHERE school_id = %L', school));
END $function$;
