-- incident_students changed (a registration, a correction of the students or their roles, a time followed by 0008):
-- the students involved on either side of the change, around the incidents' times (only involvement counts).
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_students_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                           array_agg(d.t))
       FROM (SELECT school_id, student_id, min(occurred_at) AS f, max(occurred_at) AS t
               FROM new_rows WHERE role = 'involved' GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                           array_agg(d.t))
       FROM (SELECT school_id, student_id, min(occurred_at) AS f, max(occurred_at) AS t
               FROM old_rows WHERE role = 'involved' GROUP BY 1, 2) d;
  ELSE
    -- A row whose incident, student or time changed counts on both sides; one whose role changed, once.
    PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                           array_agg(d.t))
       FROM (SELECT school_id, student_id, min(occurred_at) AS f, max(occurred_at) AS t
               FROM (SELECT n.school_id, n.student_id, n.occurred_at FROM new_rows n
                      WHERE n.role = 'involved'
                         OR EXISTS (SELECT 1 FROM old_rows o WHERE o.school_id = n.school_id
                                       AND o.incident_id = n.incident_id AND o.student_id = n.student_id
                                       AND o.role = 'involved')
                     UNION ALL
                     SELECT o.school_id, o.student_id, o.occurred_at FROM old_rows o WHERE o.role = 'involved') u
              GROUP BY 1, 2) d;
  END IF;
  RETURN NULL;
END $function$;
