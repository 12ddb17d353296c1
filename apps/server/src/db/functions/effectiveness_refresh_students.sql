-- The case and action rows of some students again, over a span of time each: a change of a student's incident at
-- time t can only change the rows of that incident, whether the student's cases of the 30 days before t recurred,
-- and whether their actions completed in those 30 days were followed by a new incident. So the rows of [from − 30
-- days, to] are recomputed (whether each pair is still a case, its columns and day, and a window over the student's
-- incidents of [from − 30 days, to + 30 days] in time order: the rows strictly after each, up to 30 days later),
-- and only rows that change are written. Spans of one student in a statement are merged; ±infinity: all of them.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_refresh_students(school_ids text[], student_ids integer[], froms timestamp with time zone[], tos timestamp with time zone[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM effectiveness_lock_students(school_ids, student_ids);
  DELETE FROM effectiveness_cases c
   USING (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
            FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
   WHERE c.school_id = t.school_id AND c.student_id = t.student_id
     AND c.occurred_at >= t.f - interval '30 days' AND c.occurred_at <= t.t
     AND NOT EXISTS (SELECT 1 FROM incident_students x
                       JOIN incidents i ON i.school_id = x.school_id AND i.id = x.incident_id
                      WHERE x.school_id = c.school_id AND x.incident_id = c.incident_id AND x.student_id = c.student_id
                        AND x.role = 'involved' AND i.status <> 'cancelled');
  INSERT INTO effectiveness_cases AS c (school_id, incident_id, student_id, classification, occurred_at, day,
    group_ids, recorded_by, recurred)
  SELECT y.school_id, y.incident_id, y.student_id, y.classification, y.occurred_at, y.day, y.group_ids,
         y.recorded_by, y.recurred
    FROM (SELECT x.school_id, x.incident_id, x.student_id, i.classification, i.occurred_at,
                 (i.occurred_at AT TIME ZONE s.time_zone)::date AS day, i.group_ids, i.recorded_by,
                 count(*) OVER (PARTITION BY x.school_id, x.student_id ORDER BY i.occurred_at
                                RANGE BETWEEN interval '1 microsecond' FOLLOWING AND interval '30 days' FOLLOWING) > 0
                   AS recurred,
                 t.f, t.t
            FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                    FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
            JOIN incident_students x ON x.school_id = t.school_id AND x.student_id = t.student_id
                                    AND x.occurred_at >= t.f - interval '30 days'
                                    AND x.occurred_at <= t.t + interval '30 days' AND x.role = 'involved'
            JOIN incidents i ON i.school_id = x.school_id AND i.id = x.incident_id AND i.status <> 'cancelled'
            JOIN schools s ON s.id = x.school_id) y
   WHERE y.occurred_at >= y.f - interval '30 days' AND y.occurred_at <= y.t
  ON CONFLICT (school_id, incident_id, student_id) DO UPDATE
     SET classification = excluded.classification, occurred_at = excluded.occurred_at, day = excluded.day,
         group_ids = excluded.group_ids, recorded_by = excluded.recorded_by, recurred = excluded.recurred
   WHERE (c.classification, c.occurred_at, c.day, c.group_ids, c.recorded_by, c.recurred)
         IS DISTINCT FROM (excluded.classification, excluded.occurred_at, excluded.day, excluded.group_ids,
          excluded.recorded_by, excluded.recurred);
  PERFORM effectiveness_refresh_actions(array_agg(p.school_id), array_agg(p.incident_id), array_agg(p.student_id))
     FROM (SELECT c.school_id, c.incident_id, c.student_id
             FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                     FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
             JOIN effectiveness_cases c ON c.school_id = t.school_id AND c.student_id = t.student_id
                                       AND c.occurred_at >= t.f - interval '30 days' AND c.occurred_at <= t.t
           UNION
           SELECT a.school_id, a.incident_id, a.student_id
             FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                     FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
             JOIN effectiveness_actions a ON a.school_id = t.school_id AND a.student_id = t.student_id
                                         AND a.occurred_at >= t.f - interval '30 days' AND a.occurred_at <= t.t
           UNION
           SELECT a.school_id, a.incident_id, a.student_id
             FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                     FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
             JOIN effectiveness_actions a ON a.school_id = t.school_id AND a.student_id = t.student_id
                                         AND a.completed_at >= t.f - interval '30 days' AND a.completed_at <= t.t) p;
END $function$;
