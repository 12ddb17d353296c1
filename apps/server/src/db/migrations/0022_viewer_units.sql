-- Issue 14 §5: a teacher's dashboard from the rollups too. A staff member without the school-wide view sees the
-- incidents they recorded or that concern a group they head or teach (modules/incidents scope.ts, `own`); migrations
-- 0019 and 0021 gain one more unit per such reader — 'viewer', unit_id = the user — counting exactly those incidents
-- (and their actions). The readers of an incident are its recorder, the head teachers of its groups and the
-- teachers assigned to them; when a group's head teacher or a teaching assignment changes, the rows of the users
-- concerned are rebuilt from the incidents in the same transaction.
--
-- The statement that moves incident_unit_days by a set of signed incidents (0019), now with viewer units.
-- `only_viewers`: NULL for every unit, or an array literal of users whose viewer units alone are written (a rebuild).
CREATE OR REPLACE FUNCTION incident_unit_days_sql(source text, only_viewers text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    WITH changed AS MATERIALIZED (
      SELECT row_number() OVER () AS rid, c.school_id, c.sign,
             (c.occurred_at AT TIME ZONE s.time_zone)::date AS day,
             extract(hour FROM c.occurred_at AT TIME ZONE s.time_zone)::int AS hour,
             c.status, c.classification, c.category_id, c.type_id, c.recorded_by,
             nullif(btrim(c.place), '') AS place, c.group_ids, c.student_ids
        FROM (%s) c JOIN schools s ON s.id = c.school_id
       WHERE c.status <> 'cancelled'
    ), concerned AS MATERIALIZED (
      SELECT DISTINCT c.rid, c.school_id, g.id AS group_id, gr.grade_id, gd.section_id, gr.head_teacher_id
        FROM changed c CROSS JOIN LATERAL unnest(c.group_ids) AS g(id)
        LEFT JOIN groups gr ON gr.school_id = c.school_id AND gr.id = g.id
        LEFT JOIN grades gd ON gd.school_id = gr.school_id AND gd.id = gr.grade_id
    ), readers AS (
      SELECT rid, recorded_by AS user_id FROM changed
      UNION SELECT rid, head_teacher_id FROM concerned WHERE head_teacher_id IS NOT NULL
      UNION SELECT k.rid, ta.user_id FROM concerned k
              JOIN teaching_assignments ta ON ta.school_id = k.school_id AND ta.group_id = k.group_id
    ), every_unit AS (
      SELECT rid, 'school' AS unit, 0 AS unit_id FROM changed
      UNION ALL SELECT DISTINCT rid, 'section', section_id FROM concerned WHERE section_id IS NOT NULL
      UNION ALL SELECT DISTINCT rid, 'grade', grade_id FROM concerned WHERE grade_id IS NOT NULL
      UNION ALL SELECT rid, 'group', group_id FROM concerned
      UNION ALL SELECT rid, 'viewer', user_id FROM readers
    ), units AS (
      SELECT * FROM every_unit
       WHERE %s::int[] IS NULL OR (unit = 'viewer' AND unit_id = ANY (%s::int[]))
    ), dims AS (
      SELECT rid, 'status' AS dim, status AS key FROM changed
      UNION ALL SELECT rid, 'classification', classification FROM changed
      UNION ALL SELECT rid, 'category', category_id::text FROM changed
      UNION ALL SELECT rid, 'type', type_id::text FROM changed
      UNION ALL SELECT rid, 'recorder', recorded_by::text FROM changed
      UNION ALL SELECT rid, 'place', place FROM changed WHERE place IS NOT NULL
      UNION ALL SELECT rid, 'hour', hour::text FROM changed
      UNION ALL SELECT rid, 'group', group_id::text FROM concerned
      UNION ALL SELECT DISTINCT rid, 'grade', grade_id::text FROM concerned WHERE grade_id IS NOT NULL
      UNION ALL SELECT DISTINCT c.rid, 'student', st.id::text FROM changed c CROSS JOIN LATERAL unnest(c.student_ids) AS st(id)
    )
    INSERT INTO incident_unit_days AS t (school_id, unit, unit_id, dim, day, key, n)
    SELECT c.school_id, u.unit, u.unit_id, d.dim, c.day, d.key, sum(c.sign)::int
      FROM changed c JOIN units u ON u.rid = c.rid JOIN dims d ON d.rid = c.rid
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.sign) <> 0
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
-- recorded_by.
CREATE OR REPLACE FUNCTION action_due_days_sql(source text, only_viewers text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    WITH changed AS MATERIALIZED (
      SELECT row_number() OVER () AS rid, c.school_id, c.next_due_on, c.group_ids, c.recorded_by, c.sign
        FROM (%s) c JOIN schools s ON s.id = c.school_id
       WHERE c.status <> 'cancelled' AND c.waived_at IS NULL AND c.next_due_on IS NOT NULL
    ), concerned AS MATERIALIZED (
      SELECT DISTINCT c.rid, c.school_id, g.id AS group_id, gr.grade_id, gd.section_id, gr.head_teacher_id
        FROM changed c CROSS JOIN LATERAL unnest(c.group_ids) AS g(id)
        LEFT JOIN groups gr ON gr.school_id = c.school_id AND gr.id = g.id
        LEFT JOIN grades gd ON gd.school_id = gr.school_id AND gd.id = gr.grade_id
    ), readers AS (
      SELECT rid, recorded_by AS user_id FROM changed
      UNION SELECT rid, head_teacher_id FROM concerned WHERE head_teacher_id IS NOT NULL
      UNION SELECT k.rid, ta.user_id FROM concerned k
              JOIN teaching_assignments ta ON ta.school_id = k.school_id AND ta.group_id = k.group_id
    ), every_unit AS (
      SELECT rid, 'school' AS unit, 0 AS unit_id FROM changed
      UNION ALL SELECT DISTINCT rid, 'section', section_id FROM concerned WHERE section_id IS NOT NULL
      UNION ALL SELECT DISTINCT rid, 'grade', grade_id FROM concerned WHERE grade_id IS NOT NULL
      UNION ALL SELECT rid, 'group', group_id FROM concerned
      UNION ALL SELECT rid, 'viewer', user_id FROM readers
    ), units AS (
      SELECT * FROM every_unit
       WHERE %s::int[] IS NULL OR (unit = 'viewer' AND unit_id = ANY (%s::int[]))
    )
    INSERT INTO action_due_days AS t (school_id, unit, unit_id, day, n)
    SELECT c.school_id, u.unit, u.unit_id, c.next_due_on, sum(c.sign)::int
      FROM changed c JOIN units u ON u.rid = c.rid
     GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0
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
-- What is already there: every school's viewer units.
SELECT incident_unit_days_rebuild(id), action_due_days_rebuild(id) FROM schools;
