-- A school's time zone changed: its days move, so every student of it again.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_time_zone_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part) VALUES (NEW.id, 'effectiveness_days');
  RETURN NULL;
END $function$;
