-- A school's rollup from its actions as they are (security definer for the same reason as 0019's rebuild).
-- Created or changed by migrations 0021, 0022.
CREATE OR REPLACE FUNCTION public.action_due_days_rebuild(school text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
BEGIN
  DELETE FROM action_due_days WHERE school_id = school;
  EXECUTE action_due_days_sql(format(
    'SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.recorded_by, i.status, 1 AS sign
       FROM formative_actions a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id
      WHERE a.school_id = %L', school));
END $function$;
