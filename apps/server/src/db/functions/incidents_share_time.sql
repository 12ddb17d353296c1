-- Created or changed by migration 0008.
CREATE OR REPLACE FUNCTION public.incidents_share_time()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE incident_students SET occurred_at = NEW.occurred_at
   WHERE school_id = NEW.school_id AND incident_id = NEW.id;
  RETURN NULL;
END $function$;
