-- Changed incidents: a classification, groups or recorder corrected is copied onto their rows (recurrence does not
-- depend on them); cancelling, un-cancelling or a new time recomputes their involved students around both times.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_incidents_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Their students' locks first, so a recomputation of the same students elsewhere never writes back older columns.
  PERFORM effectiveness_lock_students(array_agg(d.school_id), array_agg(d.student_id))
     FROM (SELECT DISTINCT x.school_id, x.student_id
             FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id
             JOIN incident_students x ON x.school_id = n.school_id AND x.incident_id = n.id AND x.role = 'involved'
            WHERE (o.classification, o.group_ids, o.recorded_by, o.status = 'cancelled', o.occurred_at)
                  IS DISTINCT FROM (n.classification, n.group_ids, n.recorded_by, n.status = 'cancelled', n.occurred_at)) d
    HAVING count(*) > 0;
  UPDATE effectiveness_cases c
     SET classification = n.classification, group_ids = n.group_ids, recorded_by = n.recorded_by
    FROM new_rows n
   WHERE c.school_id = n.school_id AND c.incident_id = n.id
     AND (c.classification, c.group_ids, c.recorded_by) IS DISTINCT FROM (n.classification, n.group_ids, n.recorded_by);
  UPDATE effectiveness_actions a
     SET classification = n.classification, group_ids = n.group_ids, recorded_by = n.recorded_by
    FROM new_rows n
   WHERE a.school_id = n.school_id AND a.incident_id = n.id
     AND (a.classification, a.group_ids, a.recorded_by) IS DISTINCT FROM (n.classification, n.group_ids, n.recorded_by);
  PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                         array_agg(d.t))
     FROM (SELECT x.school_id, x.student_id, min(least(o.occurred_at, n.occurred_at)) AS f,
                  max(greatest(o.occurred_at, n.occurred_at)) AS t
             FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id
             JOIN incident_students x ON x.school_id = n.school_id AND x.incident_id = n.id AND x.role = 'involved'
            WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.occurred_at IS DISTINCT FROM n.occurred_at
            GROUP BY 1, 2) d
    HAVING count(*) > 0;
  RETURN NULL;
END $function$;
