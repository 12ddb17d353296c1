-- Some users' viewer units of a school, from its incidents and actions as they are (their readers as they are now).
-- Created or changed by migration 0022.
CREATE OR REPLACE FUNCTION public.viewer_units_rebuild(school text, users integer[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
DECLARE
  mine text;
BEGIN
  IF users IS NULL OR cardinality(users) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM incident_unit_days WHERE school_id = school AND unit = 'viewer' AND unit_id = ANY (users);
  DELETE FROM action_due_days WHERE school_id = school AND unit = 'viewer' AND unit_id = ANY (users);
  -- The incidents any of them may read, found by their own indexes before the rollup's statement sorts them out.
  mine := format(
    'i.school_id = %1$L AND (i.recorded_by = ANY (%2$L::int[]) OR i.group_ids && ARRAY(
       SELECT id FROM groups WHERE school_id = %1$L AND head_teacher_id = ANY (%2$L::int[])
       UNION SELECT group_id FROM teaching_assignments WHERE school_id = %1$L AND user_id = ANY (%2$L::int[]))::int[])',
    school, users);
  EXECUTE incident_unit_days_sql(
    'SELECT i.school_id, i.id, i.occurred_at, i.status, i.classification, i.category_id, i.type_id, i.recorded_by,
            i.place, i.group_ids, i.student_ids, 1 AS sign FROM incidents i WHERE ' || mine,
    users::text);
  EXECUTE action_due_days_sql(
    'SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.recorded_by, i.status, 1 AS sign
       FROM formative_actions a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id WHERE ' || mine,
    users::text);
END $function$;
