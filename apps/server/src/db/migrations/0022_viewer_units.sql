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
CREATE OR REPLACE FUNCTION incident_unit_days_sql(source text, only_viewers text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
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
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_unit_days_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT incident_unit_days_sql(source, NULL)
$$;
--> statement-breakpoint
-- The statement that moves action_due_days (0021), now with viewer units; `source` also returns the incident's
-- recorded_by. Laterals per action, as incident_unit_days_sql.
CREATE OR REPLACE FUNCTION action_due_days_sql(source text, only_viewers text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
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
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION action_due_days_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT action_due_days_sql(source, NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION action_due_days_actions(rows_table text, sign integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.recorded_by, i.status, %s AS sign
                   FROM %I a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id', sign, rows_table)
$$;
--> statement-breakpoint
-- An incident cancelled or restored, concerning other groups or recorded by someone else: its actions move with it.
CREATE OR REPLACE FUNCTION incidents_due_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE action_due_days_sql(
    'SELECT a.school_id, a.next_due_on, a.waived_at, x.group_ids, x.recorded_by, x.status, x.sign
       FROM (SELECT o.school_id, o.id, o.group_ids, o.recorded_by, o.status, -1 AS sign FROM old_rows o
             UNION ALL SELECT n.school_id, n.id, n.group_ids, n.recorded_by, n.status, 1 FROM new_rows n) x
       JOIN (SELECT o.school_id, o.id FROM old_rows o JOIN new_rows n ON n.school_id = o.school_id AND n.id = o.id
              WHERE (o.status = ''cancelled'') <> (n.status = ''cancelled'')
                 OR o.group_ids IS DISTINCT FROM n.group_ids
                 OR o.recorded_by IS DISTINCT FROM n.recorded_by) moved
         ON moved.school_id = x.school_id AND moved.id = x.id
       JOIN formative_actions a ON a.school_id = x.school_id AND a.incident_id = x.id');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION action_due_days_rebuild(school text) RETURNS void LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM action_due_days WHERE school_id = school;
  EXECUTE action_due_days_sql(format(
    'SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.recorded_by, i.status, 1 AS sign
       FROM formative_actions a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id
      WHERE a.school_id = %L', school));
END $$;
--> statement-breakpoint
-- Some users' viewer units of a school, from its incidents and actions as they are (their readers as they are now).
CREATE OR REPLACE FUNCTION viewer_units_rebuild(school text, users integer[]) RETURNS void LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
DECLARE
  mine text;
BEGIN
  IF users IS NULL OR cardinality(users) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM incident_unit_days WHERE school_id = school AND unit = 'viewer' AND unit_id = ANY (users);
  DELETE FROM action_due_days WHERE school_id = school AND unit = 'viewer' AND unit_id = ANY (users);
  -- The incidents any of them may read, found by their own indexes before the rollup's statement sorts them out.
  mine := format(
    'i.school_id = %1$L AND (i.recorded_by = ANY (%2$L::int[]) OR i.group_ids && ARRAY(
       SELECT id FROM groups WHERE school_id = %1$L AND head_teacher_id = ANY (%2$L::int[])
       UNION SELECT group_id FROM teaching_assignments WHERE school_id = %1$L AND user_id = ANY (%2$L::int[]))::int[])',
    school, users);
  EXECUTE incident_unit_days_sql(
    'SELECT i.school_id, i.id, i.occurred_at, i.status, i.classification, i.category_id, i.type_id, i.recorded_by,
            i.place, i.group_ids, i.student_ids, 1 AS sign FROM incidents i WHERE ' || mine,
    users::text);
  EXECUTE action_due_days_sql(
    'SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.recorded_by, i.status, 1 AS sign
       FROM formative_actions a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id WHERE ' || mine,
    users::text);
END $$;
--> statement-breakpoint
-- A group's head teacher changed (the old and the new one), or it moved to another grade (everything: 0019, 0021).
CREATE OR REPLACE FUNCTION incident_unit_days_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_unit_days_rebuild(d.school_id), action_due_days_rebuild(d.school_id)
     FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
            WHERE o.grade_id IS DISTINCT FROM n.grade_id) d;
  PERFORM viewer_units_rebuild(d.school_id, d.users)
     FROM (SELECT n.school_id, array_agg(DISTINCT u.id) FILTER (WHERE u.id IS NOT NULL) AS users
             FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
             CROSS JOIN LATERAL (VALUES (o.head_teacher_id), (n.head_teacher_id)) AS u(id)
            WHERE o.head_teacher_id IS DISTINCT FROM n.head_teacher_id AND o.grade_id IS NOT DISTINCT FROM n.grade_id
            GROUP BY n.school_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A teaching assignment added, changed or removed: the teachers concerned.
CREATE OR REPLACE FUNCTION teaching_assignments_viewer_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM viewer_units_rebuild(d.school_id, d.users)
       FROM (SELECT school_id, array_agg(DISTINCT user_id) AS users FROM new_rows GROUP BY school_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM viewer_units_rebuild(d.school_id, d.users)
       FROM (SELECT school_id, array_agg(DISTINCT user_id) AS users FROM old_rows GROUP BY school_id) d;
  ELSE
    PERFORM viewer_units_rebuild(d.school_id, d.users)
       FROM (SELECT school_id, array_agg(DISTINCT user_id) AS users
               FROM (SELECT school_id, user_id FROM old_rows UNION SELECT school_id, user_id FROM new_rows) x
              GROUP BY school_id) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS teaching_assignments_viewer_units_insert ON "teaching_assignments";
--> statement-breakpoint
CREATE TRIGGER teaching_assignments_viewer_units_insert AFTER INSERT ON "teaching_assignments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teaching_assignments_viewer_units();
--> statement-breakpoint
DROP TRIGGER IF EXISTS teaching_assignments_viewer_units_update ON "teaching_assignments";
--> statement-breakpoint
CREATE TRIGGER teaching_assignments_viewer_units_update AFTER UPDATE ON "teaching_assignments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION teaching_assignments_viewer_units();
--> statement-breakpoint
DROP TRIGGER IF EXISTS teaching_assignments_viewer_units_delete ON "teaching_assignments";
--> statement-breakpoint
CREATE TRIGGER teaching_assignments_viewer_units_delete AFTER DELETE ON "teaching_assignments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION teaching_assignments_viewer_units();
--> statement-breakpoint
-- The functions that run the statements above: no JIT (compiling a plan costs more than these statements take)
-- and room to sum a bulk write's rows in memory.
DO $$
DECLARE
  f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['incidents_unit_days()', 'formative_actions_due_days()', 'incidents_due_days()',
                           'incident_unit_days_rebuild(text)', 'action_due_days_rebuild(text)',
                           'viewer_units_rebuild(text, integer[])']
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET jit = off', f);
    EXECUTE format('ALTER FUNCTION %s SET work_mem = %L', f, '64MB');
  END LOOP;
END $$;
--> statement-breakpoint
-- What is already there: every school's viewer units.
SELECT incident_unit_days_rebuild(id), action_due_days_rebuild(id) FROM schools;
