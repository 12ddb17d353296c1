-- The statement that moves both rollups by some incident_pairs rows, each with a sign (+1 added, -1 removed).
-- `source` is a query returning incident_pairs' columns and `sign`; the trigger function itself must EXECUTE it (a
-- statement's transition tables are visible only there). A student's incidents are counted once per statement: it
-- relies on incident_pairs' writers adding and removing all the pairs of an incident together (0018's
-- incident_pairs_rebuild, incidents_graph_delete, a school's deletion). A school being deleted is already gone from
-- schools: nothing is written for it.
-- Created or changed by migration 0024.
CREATE OR REPLACE FUNCTION public.incident_pair_days_sql(source text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT format($sql$
    WITH src AS MATERIALIZED (
      SELECT x.school_id, (x.occurred_at AT TIME ZONE s.time_zone)::date AS day, x.incident_id, x.student_a,
             x.student_b, x.classification, x.kind, x.sign
        FROM (%s) x JOIN schools s ON s.id = x.school_id
    ), pairs AS (
      INSERT INTO incident_pair_days AS t (school_id, grain, day, student_a, student_b, classification, n, ia, ii)
      SELECT src.school_id, g.grain, g.day, src.student_a, src.student_b, src.classification, sum(src.sign)::int,
             coalesce(sum(src.sign) FILTER (WHERE src.kind = 'involved-affected'), 0)::int,
             coalesce(sum(src.sign) FILTER (WHERE src.kind = 'involved-involved'), 0)::int
        FROM src CROSS JOIN LATERAL (VALUES ('day', src.day), ('month', date_trunc('month', src.day)::date)) AS g(grain, day)
       GROUP BY 1, 2, 3, 4, 5, 6
      -- A change of roles alone moves ia or ii and leaves n.
      HAVING sum(src.sign) <> 0 OR sum(src.sign) FILTER (WHERE src.kind = 'involved-affected') <> 0
          OR sum(src.sign) FILTER (WHERE src.kind = 'involved-involved') <> 0
       ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (school_id, grain, day, student_a, student_b, classification)
      DO UPDATE SET n = t.n + excluded.n, ia = t.ia + excluded.ia, ii = t.ii + excluded.ii
      RETURNING 1
    )
    INSERT INTO incident_student_days AS t (school_id, grain, day, student_id, classification, n)
    SELECT d.school_id, g.grain, g.day, d.student_id, d.classification, sum(d.sign)::int
      FROM (SELECT DISTINCT src.school_id, src.day, src.incident_id, st.id AS student_id, src.classification, src.sign
              FROM src CROSS JOIN LATERAL (VALUES (src.student_a), (src.student_b)) AS st(id)) d
     CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date)) AS g(grain, day)
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.sign) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (school_id, grain, day, student_id, classification) DO UPDATE SET n = t.n + excluded.n
  $sql$, source)
$function$;
