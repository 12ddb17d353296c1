-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_completions_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT fa.school_id, fa.incident_id, fa.student_id
               FROM new_rows c JOIN formative_actions fa ON fa.school_id = c.school_id AND fa.id = c.action_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT fa.school_id, fa.incident_id, fa.student_id
               FROM old_rows c JOIN formative_actions fa ON fa.school_id = c.school_id AND fa.id = c.action_id) d;
  ELSE
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT fa.school_id, fa.incident_id, fa.student_id
               FROM (SELECT school_id, action_id FROM new_rows UNION SELECT school_id, action_id FROM old_rows) c
               JOIN formative_actions fa ON fa.school_id = c.school_id AND fa.id = c.action_id) d;
  END IF;
  RETURN NULL;
END $function$;
