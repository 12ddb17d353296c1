-- Deleted incidents (their students go first, which already dropped the pairs): uncounted.
-- Created or changed by migration 0018.
CREATE OR REPLACE FUNCTION public.incidents_graph_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A school being deleted is already gone from schools: nothing is written for it.
  WITH d AS (
    SELECT x.school_id, x.day, x.classification, x.category_id, x.group_ids, sum(x.d)::int AS n
      FROM (SELECT o.school_id, (o.occurred_at AT TIME ZONE s.time_zone)::date AS day, o.classification, o.category_id, o.group_ids, -1 AS d
              FROM gone o JOIN schools s ON s.id = o.school_id WHERE o.status <> 'cancelled') x
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(x.d) <> 0
  ), counts AS (
    INSERT INTO incident_day_counts AS c (school_id, day, classification, category_id, group_ids, n)
    SELECT school_id, day, classification, category_id, group_ids, n FROM d ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (school_id, day, classification, category_id, group_ids) DO UPDATE SET n = c.n + excluded.n
    RETURNING 1
  ), totals AS (
    INSERT INTO incident_day_totals AS c (school_id, day, classification, category_id, n)
    SELECT school_id, day, classification, category_id, sum(n)::int FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (school_id, day, classification, category_id) DO UPDATE SET n = c.n + excluded.n
    RETURNING 1
  )
  INSERT INTO incident_day_groups AS c (school_id, group_id, day, classification, category_id, n)
  SELECT d.school_id, g.id, d.day, d.classification, d.category_id, sum(d.n)::int
    FROM d CROSS JOIN LATERAL unnest(d.group_ids) AS g(id)
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (school_id, group_id, day, classification, category_id) DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM incident_pairs p USING gone o WHERE p.school_id = o.school_id AND p.incident_id = o.id;
  RETURN NULL;
END $function$;
