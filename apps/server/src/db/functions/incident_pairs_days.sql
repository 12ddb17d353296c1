-- Created or changed by migration 0024.
CREATE OR REPLACE FUNCTION public.incident_pairs_days()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
DECLARE
  any_rows boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM new_rows)' INTO any_rows;
    IF any_rows THEN
      EXECUTE incident_pair_days_sql('SELECT *, 1 AS sign FROM new_rows');
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM old_rows)' INTO any_rows;
    IF any_rows THEN
      EXECUTE incident_pair_days_sql('SELECT *, -1 AS sign FROM old_rows');
    END IF;
  ELSE
    EXECUTE incident_pair_days_sql('SELECT *, -1 AS sign FROM old_rows UNION ALL SELECT *, 1 AS sign FROM new_rows');
  END IF;
  RETURN NULL;
END $function$;
