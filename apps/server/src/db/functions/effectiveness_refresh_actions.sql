-- The action rows of some (incident, student) pairs again, from formative_actions, their completions and the cases as
-- they now are; only rows that change are written, so the rollups move by what changed.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_refresh_actions(school_ids text[], incident_ids integer[], student_ids integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM effectiveness_lock_students(school_ids, student_ids);
  DELETE FROM effectiveness_actions a
   USING (SELECT DISTINCT * FROM unnest(school_ids, incident_ids, student_ids) AS u(school_id, incident_id, student_id)) t
   WHERE a.school_id = t.school_id AND a.incident_id = t.incident_id AND a.student_id = t.student_id
     AND (NOT EXISTS (SELECT 1 FROM effectiveness_cases c
                       WHERE c.school_id = a.school_id AND c.incident_id = a.incident_id AND c.student_id = a.student_id)
          OR NOT EXISTS (SELECT 1 FROM formative_actions fa
                          WHERE fa.school_id = a.school_id AND fa.incident_id = a.incident_id
                            AND fa.student_id = a.student_id AND btrim(fa.guideline) = a.guideline));
  INSERT INTO effectiveness_actions AS a (school_id, incident_id, student_id, guideline, classification, occurred_at,
    day, group_ids, recorded_by, recurred, completed, completed_at, done_day, recurred_after)
  SELECT c.school_id, c.incident_id, c.student_id, f.guideline, c.classification, c.occurred_at, c.day, c.group_ids,
         c.recorded_by, c.recurred, f.completed, f.completed_at,
         CASE WHEN f.completed AND f.completed_at IS NOT NULL
              THEN (f.completed_at AT TIME ZONE s.time_zone)::date ELSE 'infinity'::date END,
         f.completed AND f.completed_at IS NOT NULL
           AND EXISTS (SELECT 1 FROM effectiveness_cases y
                        WHERE y.school_id = c.school_id AND y.student_id = c.student_id
                          AND y.occurred_at > f.completed_at AND y.occurred_at <= f.completed_at + interval '30 days'
                          AND y.incident_id <> c.incident_id)
    FROM (SELECT DISTINCT * FROM unnest(school_ids, incident_ids, student_ids) AS u(school_id, incident_id, student_id)) t
    JOIN effectiveness_cases c ON c.school_id = t.school_id AND c.incident_id = t.incident_id
                              AND c.student_id = t.student_id
    JOIN schools s ON s.id = c.school_id
    CROSS JOIN LATERAL (
      SELECT btrim(fa.guideline) AS guideline,
             bool_and(fa.waived_at IS NULL AND fa.next_due_on IS NULL) AS completed,
             max(fc.completed_at) AS completed_at
        FROM formative_actions fa
        LEFT JOIN formative_action_completions fc ON fc.school_id = fa.school_id AND fc.action_id = fa.id
       WHERE fa.school_id = c.school_id AND fa.incident_id = c.incident_id AND fa.student_id = c.student_id
       GROUP BY 1) f
  ON CONFLICT (school_id, incident_id, student_id, guideline) DO UPDATE
     SET classification = excluded.classification, occurred_at = excluded.occurred_at, day = excluded.day,
         group_ids = excluded.group_ids, recorded_by = excluded.recorded_by, recurred = excluded.recurred,
         completed = excluded.completed, completed_at = excluded.completed_at, done_day = excluded.done_day,
         recurred_after = excluded.recurred_after
   WHERE (a.classification, a.occurred_at, a.day, a.group_ids, a.recorded_by, a.recurred, a.completed, a.completed_at,
          a.done_day, a.recurred_after)
         IS DISTINCT FROM (excluded.classification, excluded.occurred_at, excluded.day, excluded.group_ids,
          excluded.recorded_by, excluded.recurred, excluded.completed, excluded.completed_at, excluded.done_day,
          excluded.recurred_after);
END $function$;
