-- Issue 14 §5: the strategic vision's rollup, kept by the database in the same transaction as every write of
-- incidents (one statement trigger for insert, update and delete: one pass per statement, so the generator's bulk
-- loads cost one aggregate and a registration a few dozen rows). Cancelled incidents are left out.
--
-- incident_unit_days: per school, unit, school day (the school's wall clock), dimension and key, the number of
-- non-cancelled incidents. A unit is what the dashboard can be narrowed to — the school (unit_id 0) and every
-- section, grade and group an incident concerns through incidents.group_ids (the archive's group filter) — so an
-- incident concerning two groups of one grade counts once for the grade, as the archive lists it once. Dimensions:
--   status          open | closed (their sum is every incident)
--   classification, category (id), type (id), recorder (user id), place (trimmed, when given)
--   hour            0–23 on the school's clock (the weekday is the day's)
--   group, grade    every group the incident concerns / every grade of those (once each)
--   student         every student of incidents.student_ids (the early-warning list)
-- The dashboard reads a unit's rows of a range of days instead of every incident (dimension before the day in the
-- key, so one dimension's days are one index range).
CREATE TABLE IF NOT EXISTS "incident_unit_days" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"unit" text NOT NULL,
	"unit_id" integer NOT NULL,
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_unit_days_pk" PRIMARY KEY("school_id","unit","unit_id","dim","day","key")
);
--> statement-breakpoint
-- The statement that moves the rollup by a set of incidents, each with a sign (+1 added, -1 taken away), summed
-- per key. `source` is a query returning incidents' columns and a `sign` column. The trigger function itself must
-- EXECUTE it: a statement's transition tables are visible only there, not in functions it calls.
CREATE OR REPLACE FUNCTION incident_unit_days_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
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
      SELECT DISTINCT c.rid, g.id AS group_id, gr.grade_id, gd.section_id
        FROM changed c CROSS JOIN LATERAL unnest(c.group_ids) AS g(id)
        LEFT JOIN groups gr ON gr.school_id = c.school_id AND gr.id = g.id
        LEFT JOIN grades gd ON gd.school_id = gr.school_id AND gd.id = gr.grade_id
    ), units AS (
      SELECT rid, 'school' AS unit, 0 AS unit_id FROM changed
      UNION ALL SELECT DISTINCT rid, 'section', section_id FROM concerned WHERE section_id IS NOT NULL
      UNION ALL SELECT DISTINCT rid, 'grade', grade_id FROM concerned WHERE grade_id IS NOT NULL
      UNION ALL SELECT rid, 'group', group_id FROM concerned
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
  $q$, source)
$fn$;
--> statement-breakpoint
-- The incidents' columns the rollup reads, from a transition table, with a sign.
CREATE OR REPLACE FUNCTION incident_unit_days_columns(rows_table text, sign integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT school_id, id, occurred_at, status, classification, category_id, type_id, recorded_by, place, '
                'group_ids, student_ids, %s AS sign FROM %I', sign, rows_table)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incidents_unit_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE incident_unit_days_sql(incident_unit_days_columns('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE incident_unit_days_sql(incident_unit_days_columns('old_rows', -1));
  ELSE
    -- Only the rows whose counted columns changed (most updates touch updated_at, follow-up fields…).
    EXECUTE incident_unit_days_sql(format(
      'SELECT x.* FROM (%s UNION ALL %s) x
        WHERE (x.school_id, x.id) IN (
          SELECT o.school_id, o.id FROM old_rows o JOIN new_rows n ON n.school_id = o.school_id AND n.id = o.id
           WHERE (o.occurred_at, o.status, o.classification, o.category_id, o.type_id, o.recorded_by, o.place,
                  o.group_ids, o.student_ids)
                 IS DISTINCT FROM
                 (n.occurred_at, n.status, n.classification, n.category_id, n.type_id, n.recorded_by, n.place,
                  n.group_ids, n.student_ids))',
      incident_unit_days_columns('old_rows', -1), incident_unit_days_columns('new_rows', 1)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_unit_days_insert ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_unit_days_insert AFTER INSERT ON "incidents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incidents_unit_days();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_unit_days_update ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_unit_days_update AFTER UPDATE ON "incidents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incidents_unit_days();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_unit_days_delete ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_unit_days_delete AFTER DELETE ON "incidents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION incidents_unit_days();
--> statement-breakpoint
-- A school's rollup from its incidents as they are: after a change of what a day, hour, grade or section means for
-- incidents already counted (the school's time zone, a group moved to another grade, a grade to another section).
-- Security definer: a platform administrator's change of a school's time zone runs outside that school's
-- row-level scope, where the rollup's rows would be invisible.
CREATE OR REPLACE FUNCTION incident_unit_days_rebuild(school text) RETURNS void LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM incident_unit_days WHERE school_id = school;
  EXECUTE incident_unit_days_sql(format(
    'SELECT school_id, id, occurred_at, status, classification, category_id, type_id, recorded_by, place,
            group_ids, student_ids, 1 AS sign FROM incidents WHERE school_id = %L', school));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_unit_days_structure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_unit_days_rebuild(d.school_id) FROM (SELECT DISTINCT school_id FROM changed) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_unit_days_school_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_unit_days_rebuild(n.id)
     FROM changed n JOIN previous o ON o.id = n.id WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement triggers with transition tables cannot name columns (UPDATE OF); the functions look at what changed.
CREATE OR REPLACE FUNCTION incident_unit_days_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_unit_days_rebuild(d.school_id)
     FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
            WHERE o.grade_id IS DISTINCT FROM n.grade_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_unit_days_grades_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_unit_days_rebuild(d.school_id)
     FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
            WHERE o.section_id IS DISTINCT FROM n.section_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS groups_unit_days ON "groups";
--> statement-breakpoint
CREATE TRIGGER groups_unit_days AFTER UPDATE ON "groups"
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION incident_unit_days_groups_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS grades_unit_days ON "grades";
--> statement-breakpoint
CREATE TRIGGER grades_unit_days AFTER UPDATE ON "grades"
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION incident_unit_days_grades_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS schools_unit_days ON "schools";
--> statement-breakpoint
CREATE TRIGGER schools_unit_days AFTER UPDATE ON "schools"
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION incident_unit_days_school_changed();
--> statement-breakpoint
-- The median time to close reads closed incidents of a range: their own narrow index.
CREATE INDEX IF NOT EXISTS "incidents_closed_time_idx" ON "incidents" ("school_id", "occurred_at")
  INCLUDE ("closed_at", "group_ids", "recorded_by") WHERE status = 'closed';
--> statement-breakpoint
-- What is already there.
SELECT incident_unit_days_rebuild(id) FROM schools;
--> statement-breakpoint
-- The second wall (migration 0005): it names students and their incidents.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON incident_unit_days TO convive_app;
    ALTER TABLE incident_unit_days ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON incident_unit_days;
    CREATE POLICY school_isolation ON incident_unit_days USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
