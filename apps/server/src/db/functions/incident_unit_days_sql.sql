-- Issue 14 §5: a teacher's dashboard from the rollups too. A staff member without the school-wide view sees the
-- incidents they recorded or that concern a group they head or teach (modules/incidents scope.ts, `own`); migrations
-- 0019 and 0021 gain one more unit per such reader — 'viewer', unit_id = the user — counting exactly those incidents
-- (and their actions). The readers of an incident are its recorder, the head teachers of its groups and the
-- teachers assigned to them; when a group's head teacher or a teaching assignment changes, the rows of the users
-- concerned are rebuilt from the incidents in the same transaction.
--
-- The statement that moves incident_unit_days by a set of signed incidents (0019), now with viewer units.
-- `only_viewers`: NULL for every unit, or an array literal of users whose viewer units alone are written (a rebuild).
-- Each incident's units and dimensions are laterals over its own row (group → grade → section, readers), so the
-- planner sees a few rows per incident and sums them in one hash table: a bulk write (the generator, a rebuild)
-- hashes units × dimensions of every incident instead of sorting them.
-- Created or changed by migrations 0019, 0022.
CREATE OR REPLACE FUNCTION public.incident_unit_days_sql(source text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT incident_unit_days_sql(source, NULL)
$function$;

CREATE OR REPLACE FUNCTION public.incident_unit_days_sql(source text, only_viewers text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT format($q$
    WITH changed AS MATERIALIZED (
      SELECT c.school_id, c.sign,
             (c.occurred_at AT TIME ZONE s.time_zone)::date AS day,
             extract(hour FROM c.occurred_at AT TIME ZONE s.time_zone)::int AS hour,
             c.status, c.classification, c.category_id, c.type_id, c.recorded_by,
             nullif(btrim(c.place), '') AS place, c.group_ids, c.student_ids,
             ARRAY(SELECT gr.grade_id FROM groups gr
                    WHERE gr.school_id = c.school_id AND gr.id = ANY (c.group_ids) GROUP BY gr.grade_id) AS grade_ids,
             ARRAY(SELECT gd.section_id FROM groups gr
                     JOIN grades gd ON gd.school_id = gr.school_id AND gd.id = gr.grade_id
                    WHERE gr.school_id = c.school_id AND gr.id = ANY (c.group_ids) GROUP BY gd.section_id) AS section_ids,
             ARRAY(SELECT c.recorded_by
                   UNION SELECT gr.head_teacher_id FROM groups gr
                          WHERE gr.school_id = c.school_id AND gr.id = ANY (c.group_ids) AND gr.head_teacher_id IS NOT NULL
                   UNION SELECT ta.user_id FROM teaching_assignments ta
                          WHERE ta.school_id = c.school_id AND ta.group_id = ANY (c.group_ids)) AS reader_ids
        FROM (%s) c JOIN schools s ON s.id = c.school_id
       WHERE c.status <> 'cancelled'
    )
    INSERT INTO incident_unit_days AS t (school_id, unit, unit_id, dim, day, key, n)
    SELECT * FROM (
      SELECT c.school_id, u.unit, u.unit_id, d.dim, c.day, d.key, sum(c.sign)::int AS n
        FROM changed c
        CROSS JOIN LATERAL (
          SELECT 'school' AS unit, 0 AS unit_id
          UNION ALL SELECT 'section', x FROM unnest(c.section_ids) x
          UNION ALL SELECT 'grade', x FROM unnest(c.grade_ids) x
          UNION ALL SELECT DISTINCT 'group', x FROM unnest(c.group_ids) x
          UNION ALL SELECT 'viewer', x FROM unnest(c.reader_ids) x) u
        CROSS JOIN LATERAL (
          SELECT 'status' AS dim, c.status AS key
          UNION ALL SELECT 'classification', c.classification
          UNION ALL SELECT 'category', c.category_id::text
          UNION ALL SELECT 'type', c.type_id::text
          UNION ALL SELECT 'recorder', c.recorded_by::text
          UNION ALL SELECT 'place', c.place WHERE c.place IS NOT NULL
          UNION ALL SELECT 'hour', c.hour::text
          UNION ALL SELECT DISTINCT 'group', x::text FROM unnest(c.group_ids) x
          UNION ALL SELECT 'grade', x::text FROM unnest(c.grade_ids) x
          UNION ALL SELECT DISTINCT 'student', x::text FROM unnest(c.student_ids) x) d
       WHERE %s::int[] IS NULL OR (u.unit = 'viewer' AND u.unit_id = ANY (%s::int[]))
       GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(c.sign) <> 0) moved
     -- One order for every writer, so concurrent statements lock the same rows in the same order.
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (school_id, unit, unit_id, dim, day, key) DO UPDATE SET n = t.n + excluded.n
  $q$, source, coalesce(quote_literal(only_viewers), 'NULL'), coalesce(quote_literal(only_viewers), 'NULL'))
$function$;
