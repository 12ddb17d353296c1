-- Created or changed by migration 0024.
CREATE OR REPLACE FUNCTION public.incident_pair_days_time_zone_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part) VALUES (NEW.id, 'pairs');
  RETURN NULL;
END $function$;
