-- incident_students changed (a registration, a correction of the students or their roles, a time followed by 0008):
-- the pairs of those incidents again. The three triggers name their transition table "changed".
-- Created or changed by migration 0018.
CREATE OR REPLACE FUNCTION public.incident_students_graph()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM incident_pairs_rebuild(array_agg(d.school_id), array_agg(d.incident_id))
     FROM (SELECT DISTINCT school_id, incident_id FROM changed) d;
  RETURN NULL;
END $function$;
