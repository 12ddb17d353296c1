-- Actions with their incident as it is now, from a transition table, with a sign.
-- Created or changed by migrations 0021, 0022.
CREATE OR REPLACE FUNCTION public.action_due_days_actions(rows_table text, sign integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT format('SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.recorded_by, i.status, %s AS sign
                   FROM %I a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id', sign, rows_table)
$function$;
