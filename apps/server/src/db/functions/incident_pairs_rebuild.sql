-- The pairs of some incidents, rebuilt from incident_students and incidents as they now are.
-- Created or changed by migration 0018.
CREATE OR REPLACE FUNCTION public.incident_pairs_rebuild(school_ids text[], incident_ids integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM incident_pairs p USING unnest(school_ids, incident_ids) AS t(school_id, incident_id)
   WHERE p.school_id = t.school_id AND p.incident_id = t.incident_id;
  INSERT INTO incident_pairs (school_id, incident_id, student_a, student_b, kind, group_a, group_b, classification,
    occurred_at)
  SELECT a.school_id, a.incident_id, a.student_id, b.student_id,
         CASE WHEN (a.role = 'involved' AND b.role = 'affected') OR (a.role = 'affected' AND b.role = 'involved')
                THEN 'involved-affected'
              WHEN a.role = 'involved' AND b.role = 'involved' THEN 'involved-involved'
              ELSE 'other' END,
         a.group_id, b.group_id, i.classification, i.occurred_at
    FROM (SELECT DISTINCT school_id, incident_id FROM unnest(school_ids, incident_ids) AS u(school_id, incident_id)) t
    JOIN incidents i ON i.school_id = t.school_id AND i.id = t.incident_id AND i.status <> 'cancelled'
    JOIN incident_students a ON a.school_id = t.school_id AND a.incident_id = t.incident_id
    JOIN incident_students b ON b.school_id = a.school_id AND b.incident_id = a.incident_id
                            AND b.student_id > a.student_id;
$function$;
