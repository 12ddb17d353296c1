-- An incident cancelled or restored, concerning other groups or recorded by someone else: its actions move with it.
-- Created or changed by migrations 0021, 0022.
CREATE OR REPLACE FUNCTION public.incidents_due_days()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
BEGIN
  EXECUTE action_due_days_sql(
    'SELECT a.school_id, a.next_due_on, a.waived_at, x.group_ids, x.recorded_by, x.status, x.sign
       FROM (SELECT o.school_id, o.id, o.group_ids, o.recorded_by, o.status, -1 AS sign FROM old_rows o
             UNION ALL SELECT n.school_id, n.id, n.group_ids, n.recorded_by, n.status, 1 FROM new_rows n) x
       JOIN (SELECT o.school_id, o.id FROM old_rows o JOIN new_rows n ON n.school_id = o.school_id AND n.id = o.id
              WHERE (o.status = ''cancelled'') <> (n.status = ''cancelled'')
                 OR o.group_ids IS DISTINCT FROM n.group_ids
                 OR o.recorded_by IS DISTINCT FROM n.recorded_by) moved
         ON moved.school_id = x.school_id AND moved.id = x.id
       JOIN formative_actions a ON a.school_id = x.school_id AND a.incident_id = x.id');
  RETURN NULL;
END $function$;
