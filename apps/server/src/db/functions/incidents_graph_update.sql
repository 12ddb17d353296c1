-- Changed incidents (corrections, closing, cancelling, reopening, the groups and students kept on the row): the day
-- counts move by the difference (nothing when none of their keys changed), and the pairs of those whose status
-- (cancelled or not), time or classification changed are rebuilt.
-- Created or changed by migration 0018.
CREATE OR REPLACE FUNCTION public.incidents_graph_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  WITH d AS (
    SELECT x.school_id, x.day, x.classification, x.category_id, x.group_ids, sum(x.d)::int AS n
      FROM (SELECT o.school_id, (o.occurred_at AT TIME ZONE s.time_zone)::date AS day, o.classification, o.category_id, o.group_ids, -1 AS d
              FROM before_rows o JOIN schools s ON s.id = o.school_id WHERE o.status <> 'cancelled'
            UNION ALL
            SELECT n.school_id, (n.occurred_at AT TIME ZONE s.time_zone)::date AS day, n.classification, n.category_id, n.group_ids, 1 AS d
              FROM after_rows n JOIN schools s ON s.id = n.school_id WHERE n.status <> 'cancelled') x
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

  PERFORM incident_pairs_rebuild(array_agg(n.school_id), array_agg(n.id))
     FROM after_rows n JOIN before_rows o ON o.school_id = n.school_id AND o.id = n.id
    WHERE (o.status = 'cancelled') <> (n.status = 'cancelled')
       OR o.occurred_at IS DISTINCT FROM n.occurred_at
       OR o.classification IS DISTINCT FROM n.classification;
  RETURN NULL;
END $function$;
