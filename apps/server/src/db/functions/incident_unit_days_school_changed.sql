-- Created or changed by migration 0019.
CREATE OR REPLACE FUNCTION public.incident_unit_days_school_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part)
  SELECT n.id, 'units' FROM changed n JOIN previous o ON o.id = n.id WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  RETURN NULL;
END $function$;
