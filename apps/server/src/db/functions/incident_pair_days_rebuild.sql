-- A school's rollups again from its pairs: after a change of its time zone (the map's ranges are days on the
-- school's clock, so past pairs move day). Security definer: a platform administrator's change of a school's time
-- zone runs outside that school's row-level scope, where the rollups' rows would be invisible.
-- Created or changed by migration 0024.
CREATE OR REPLACE FUNCTION public.incident_pair_days_rebuild(school text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
BEGIN
  DELETE FROM incident_pair_days WHERE school_id = school;
  DELETE FROM incident_student_days WHERE school_id = school;
  EXECUTE incident_pair_days_sql(format('SELECT *, 1 AS sign FROM incident_pairs WHERE school_id = %L', school));
END $function$;
