-- Created or changed by migration 0019.
CREATE OR REPLACE FUNCTION public.incident_unit_days_structure_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM incident_unit_days_rebuild(d.school_id) FROM (SELECT DISTINCT school_id FROM changed) d;
  RETURN NULL;
END $function$;
