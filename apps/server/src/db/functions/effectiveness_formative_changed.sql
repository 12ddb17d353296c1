-- Formative actions and their completions changed: the action rows of their pairs again. (A completion deleted with
-- its action is followed by the action's own trigger.)
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_formative_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT school_id, incident_id, student_id FROM new_rows) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT school_id, incident_id, student_id FROM old_rows) d;
  ELSE
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT school_id, incident_id, student_id FROM new_rows
             UNION SELECT school_id, incident_id, student_id FROM old_rows) d;
  END IF;
  RETURN NULL;
END $function$;
