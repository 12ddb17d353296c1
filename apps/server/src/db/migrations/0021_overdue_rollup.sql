-- Issue 14 §5: the dashboard's "formative actions overdue" from a rollup kept by the database in the same transaction
-- as every write of formative_actions and incidents (statement triggers, like 0018 and 0019).
--
-- action_due_days: per school and unit (the school with unit_id 0, and every section, grade and group the action's
-- incident concerns through incidents.group_ids — once each, as 0019 counts incidents) and due day, the number of
-- formative actions not waived, with a next occurrence due that day, whose incident is not cancelled. Overdue today
-- = the sum of the days before today: a few hundred rows instead of every action and its incident.
CREATE TABLE IF NOT EXISTS "action_due_days" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"unit" text NOT NULL,
	"unit_id" integer NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "action_due_days_pk" PRIMARY KEY("school_id","unit","unit_id","day")
);
--> statement-breakpoint
-- The statement that moves the rollup by a set of actions with their incident's groups and status and a sign;
-- `source` returns school_id, next_due_on, waived_at, group_ids, status, sign. Run by EXECUTE in the trigger
-- function itself (transition tables are visible only there).
CREATE OR REPLACE FUNCTION action_due_days_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    WITH changed AS MATERIALIZED (
      SELECT row_number() OVER () AS rid, c.school_id, c.next_due_on, c.group_ids, c.sign
        FROM (%s) c JOIN schools s ON s.id = c.school_id
       WHERE c.status <> 'cancelled' AND c.waived_at IS NULL AND c.next_due_on IS NOT NULL
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
    )
    INSERT INTO action_due_days AS t (school_id, unit, unit_id, day, n)
    SELECT c.school_id, u.unit, u.unit_id, c.next_due_on, sum(c.sign)::int
      FROM changed c JOIN units u ON u.rid = c.rid
     GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (school_id, unit, unit_id, day) DO UPDATE SET n = t.n + excluded.n
  $q$, source)
$fn$;
--> statement-breakpoint
-- Actions with their incident as it is now, from a transition table, with a sign.
CREATE OR REPLACE FUNCTION action_due_days_actions(rows_table text, sign integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.status, %s AS sign
                   FROM %I a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id', sign, rows_table)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION formative_actions_due_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE action_due_days_sql(action_due_days_actions('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE action_due_days_sql(action_due_days_actions('old_rows', -1));
  ELSE
    EXECUTE action_due_days_sql(action_due_days_actions('old_rows', -1) || ' UNION ALL ' ||
                                action_due_days_actions('new_rows', 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_actions_due_days_insert ON "formative_actions";
--> statement-breakpoint
CREATE TRIGGER formative_actions_due_days_insert AFTER INSERT ON "formative_actions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION formative_actions_due_days();
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_actions_due_days_update ON "formative_actions";
--> statement-breakpoint
CREATE TRIGGER formative_actions_due_days_update AFTER UPDATE ON "formative_actions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION formative_actions_due_days();
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_actions_due_days_delete ON "formative_actions";
--> statement-breakpoint
CREATE TRIGGER formative_actions_due_days_delete AFTER DELETE ON "formative_actions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION formative_actions_due_days();
--> statement-breakpoint
-- An incident cancelled or restored, or concerning other groups: its actions move with it.
CREATE OR REPLACE FUNCTION incidents_due_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE action_due_days_sql(
    'SELECT a.school_id, a.next_due_on, a.waived_at, x.group_ids, x.status, x.sign
       FROM (SELECT o.school_id, o.id, o.group_ids, o.status, -1 AS sign FROM old_rows o
             UNION ALL SELECT n.school_id, n.id, n.group_ids, n.status, 1 FROM new_rows n) x
       JOIN (SELECT o.school_id, o.id FROM old_rows o JOIN new_rows n ON n.school_id = o.school_id AND n.id = o.id
              WHERE (o.status = ''cancelled'') <> (n.status = ''cancelled'')
                 OR o.group_ids IS DISTINCT FROM n.group_ids) moved
         ON moved.school_id = x.school_id AND moved.id = x.id
       JOIN formative_actions a ON a.school_id = x.school_id AND a.incident_id = x.id');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_due_days_update ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_due_days_update AFTER UPDATE ON "incidents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incidents_due_days();
--> statement-breakpoint
-- A school's rollup from its actions as they are (security definer for the same reason as 0019's rebuild).
CREATE OR REPLACE FUNCTION action_due_days_rebuild(school text) RETURNS void LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM action_due_days WHERE school_id = school;
  EXECUTE action_due_days_sql(format(
    'SELECT a.school_id, a.next_due_on, a.waived_at, i.group_ids, i.status, 1 AS sign
       FROM formative_actions a JOIN incidents i ON i.school_id = a.school_id AND i.id = a.incident_id
      WHERE a.school_id = %L', school));
END $$;
--> statement-breakpoint
-- A group moved to another grade or a grade to another section: 0019's rebuild and this one.
CREATE OR REPLACE FUNCTION incident_unit_days_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_unit_days_rebuild(d.school_id), action_due_days_rebuild(d.school_id)
     FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
            WHERE o.grade_id IS DISTINCT FROM n.grade_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_unit_days_grades_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_unit_days_rebuild(d.school_id), action_due_days_rebuild(d.school_id)
     FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
            WHERE o.section_id IS DISTINCT FROM n.section_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What is already there.
SELECT action_due_days_rebuild(id) FROM schools;
--> statement-breakpoint
-- The second wall (migration 0005).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON action_due_days TO convive_app;
    ALTER TABLE action_due_days ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON action_due_days;
    CREATE POLICY school_isolation ON action_due_days USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
