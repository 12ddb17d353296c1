-- New incidents: counted on their day.
-- Created or changed by migration 0018.
CREATE OR REPLACE FUNCTION public.incidents_graph_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  WITH d AS (
    SELECT x.school_id, x.day, x.classification, x.category_id, x.group_ids, sum(x.d)::int AS n
      FROM (SELECT i.school_id, (i.occurred_at AT TIME ZONE s.time_zone)::date AS day, i.classification, i.category_id, i.group_ids, 1 AS d
              FROM added i JOIN schools s ON s.id = i.school_id WHERE i.status <> 'cancelled') x
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
  RETURN NULL;
END $function$;
