-- Adds counts (negative to take them away) given per school, day, … and set of groups: each set is expanded once into
-- its units.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_roll_pairs(d jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  WITH x AS (
    SELECT * FROM jsonb_to_recordset(d)
      AS x(school_id text, day date, classification text, group_ids integer[], n integer, r integer)
  ), sets AS (
    SELECT DISTINCT school_id, group_ids FROM x
  ), units AS (
    SELECT s.school_id, s.group_ids, 'school'::text AS level, 0 AS unit_id FROM sets s
    UNION ALL
    SELECT DISTINCT s.school_id, s.group_ids, 'group', g.id FROM sets s CROSS JOIN LATERAL unnest(s.group_ids) AS g(id)
    UNION ALL
    SELECT DISTINCT s.school_id, s.group_ids, 'grade', gp.grade_id
      FROM sets s JOIN groups gp ON gp.school_id = s.school_id AND gp.id = ANY (s.group_ids)
    UNION ALL
    SELECT DISTINCT s.school_id, s.group_ids, 'section', gd.section_id
      FROM sets s JOIN groups gp ON gp.school_id = s.school_id AND gp.id = ANY (s.group_ids)
      JOIN grades gd ON gd.school_id = gp.school_id AND gd.id = gp.grade_id
  )
  INSERT INTO effectiveness_day_pairs AS c (school_id, level, unit_id, day, classification, n, r)
  SELECT x.school_id, u.level, u.unit_id, x.day, x.classification, sum(x.n)::int, sum(x.r)::int
    FROM x JOIN units u ON u.school_id = x.school_id AND u.group_ids = x.group_ids
   GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.n) <> 0 OR sum(x.r) <> 0
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (school_id, level, unit_id, day, classification) DO UPDATE SET n = c.n + excluded.n, r = c.r + excluded.r;
$function$;
