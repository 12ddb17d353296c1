-- Created or changed by migration 0008.
CREATE OR REPLACE FUNCTION public.incident_students_take_time()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT i.occurred_at INTO NEW.occurred_at FROM incidents i
   WHERE i.school_id = NEW.school_id AND i.id = NEW.incident_id;
  RETURN NEW;
END $function$;
