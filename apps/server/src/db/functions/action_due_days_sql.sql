-- The statement that moves action_due_days (0021), now with viewer units; `source` also returns the incident's
-- recorded_by. Laterals per action, as incident_unit_days_sql.
-- Created or changed by migrations 0021, 0022.
CREATE OR REPLACE FUNCTION public.action_due_days_sql(source text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT action_due_days_sql(source, NULL)
$function$;

CREATE OR REPLACE FUNCTION public.action_due_days_sql(source text, only_viewers text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT format($q$
    WITH changed AS MATERIALIZED (
      SELECT c.school_id, c.next_due_on, c.group_ids, c.sign,
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
       WHERE c.status <> 'cancelled' AND c.waived_at IS NULL AND c.next_due_on IS NOT NULL
    )
    INSERT INTO action_due_days AS t (school_id, unit, unit_id, day, n)
    SELECT * FROM (
      SELECT c.school_id, u.unit, u.unit_id, c.next_due_on, sum(c.sign)::int AS n
        FROM changed c
        CROSS JOIN LATERAL (
          SELECT 'school' AS unit, 0 AS unit_id
          UNION ALL SELECT 'section', x FROM unnest(c.section_ids) x
          UNION ALL SELECT 'grade', x FROM unnest(c.grade_ids) x
          UNION ALL SELECT DISTINCT 'group', x FROM unnest(c.group_ids) x
          UNION ALL SELECT 'viewer', x FROM unnest(c.reader_ids) x) u
       WHERE %s::int[] IS NULL OR (u.unit = 'viewer' AND u.unit_id = ANY (%s::int[]))
       GROUP BY 1, 2, 3, 4
      HAVING sum(c.sign) <> 0) moved
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (school_id, unit, unit_id, day) DO UPDATE SET n = t.n + excluded.n
  $q$, source, coalesce(quote_literal(only_viewers), 'NULL'), coalesce(quote_literal(only_viewers), 'NULL'))
$function$;
