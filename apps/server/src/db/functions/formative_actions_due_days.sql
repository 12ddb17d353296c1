-- Created or changed by migrations 0021, 0022.
CREATE OR REPLACE FUNCTION public.formative_actions_due_days()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE action_due_days_sql(action_due_days_actions('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE action_due_days_sql(action_due_days_actions('old_rows', -1));
  ELSE
    EXECUTE action_due_days_sql(action_due_days_actions('old_rows', -1) || ' UNION ALL ' ||
                                action_due_days_actions('new_rows', 1));
  END IF;
  RETURN NULL;
END $function$;
