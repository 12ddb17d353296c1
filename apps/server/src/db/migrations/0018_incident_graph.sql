-- Issue 14 §2 and §5: the incident graph's two rollups, kept by the database in the same transaction as every write
-- of incidents and incident_students (statement triggers with transition tables: one pass per statement, so the
-- generator's bulk loads cost one aggregate, a registration a few rows). Cancelled incidents are left out of both.
--
-- incident_day_counts: incidents per school day (the school's wall clock), classification, category and the set of
-- groups the incident concerns (incidents.group_ids, the archive's group filter), so the time series reads a few
-- thousand rows a year instead of every incident.
CREATE TABLE IF NOT EXISTS "incident_day_counts" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"classification" text NOT NULL,
	"category_id" integer NOT NULL,
	"group_ids" integer[] NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_day_counts_pk" PRIMARY KEY("school_id","day","classification","category_id","group_ids")
);
--> statement-breakpoint
-- The same counts without the groups (incident_day_totals: the school's series, a few thousand rows a year) and per
-- group the incident concerns (incident_day_groups: one group's series, or stacked by group; an incident of two groups
-- counts in each). incident_day_counts stays for filters naming several groups (a grade, a section), where an
-- incident concerning two of them must count once.
CREATE TABLE IF NOT EXISTS "incident_day_totals" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"classification" text NOT NULL,
	"category_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_day_totals_pk" PRIMARY KEY("school_id","day","classification","category_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "incident_day_groups" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"group_id" integer NOT NULL,
	"day" date NOT NULL,
	"classification" text NOT NULL,
	"category_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_day_groups_pk" PRIMARY KEY("school_id","group_id","day","classification","category_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_day_groups_day_idx" ON "incident_day_groups" ("school_id", "day");
--> statement-breakpoint
-- incident_pairs: one row per incident and pair of its students (student_a < student_b) with the pair's roles
-- (involved-affected: the bullying signal; involved-involved; other), each student's group at the time, the
-- incident's classification and time: the co-occurrence map aggregates a period's rows by pair.
CREATE TABLE IF NOT EXISTS "incident_pairs" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"incident_id" integer NOT NULL,
	"student_a" integer NOT NULL,
	"student_b" integer NOT NULL,
	"kind" text NOT NULL,
	"group_a" integer,
	"group_b" integer,
	"classification" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "incident_pairs_pk" PRIMARY KEY("school_id","incident_id","student_a","student_b")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_pairs_time_idx" ON "incident_pairs" ("school_id", "occurred_at")
  INCLUDE ("student_a", "student_b", "kind", "classification", "group_a", "group_b", "incident_id");
--> statement-breakpoint
-- The pairs of some incidents, rebuilt from incident_students and incidents as they now are.
CREATE OR REPLACE FUNCTION incident_pairs_rebuild(school_ids text[], incident_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM incident_pairs p USING unnest(school_ids, incident_ids) AS t(school_id, incident_id)
   WHERE p.school_id = t.school_id AND p.incident_id = t.incident_id;
  INSERT INTO incident_pairs (school_id, incident_id, student_a, student_b, kind, group_a, group_b, classification,
    occurred_at)
  SELECT a.school_id, a.incident_id, a.student_id, b.student_id,
         CASE WHEN (a.role = 'involved' AND b.role = 'affected') OR (a.role = 'affected' AND b.role = 'involved')
                THEN 'involved-affected'
              WHEN a.role = 'involved' AND b.role = 'involved' THEN 'involved-involved'
              ELSE 'other' END,
         a.group_id, b.group_id, i.classification, i.occurred_at
    FROM (SELECT DISTINCT school_id, incident_id FROM unnest(school_ids, incident_ids) AS u(school_id, incident_id)) t
    JOIN incidents i ON i.school_id = t.school_id AND i.id = t.incident_id AND i.status <> 'cancelled'
    JOIN incident_students a ON a.school_id = t.school_id AND a.incident_id = t.incident_id
    JOIN incident_students b ON b.school_id = a.school_id AND b.incident_id = a.incident_id
                            AND b.student_id > a.student_id;
$$;
--> statement-breakpoint
-- incident_students changed (a registration, a correction of the students or their roles, a time followed by 0008):
-- the pairs of those incidents again. The three triggers name their transition table "changed".
CREATE OR REPLACE FUNCTION incident_students_graph() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_pairs_rebuild(array_agg(d.school_id), array_agg(d.incident_id))
     FROM (SELECT DISTINCT school_id, incident_id FROM changed) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_students_graph_insert ON "incident_students";
--> statement-breakpoint
CREATE TRIGGER incident_students_graph_insert AFTER INSERT ON "incident_students"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION incident_students_graph();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_students_graph_update ON "incident_students";
--> statement-breakpoint
CREATE TRIGGER incident_students_graph_update AFTER UPDATE ON "incident_students"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION incident_students_graph();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_students_graph_delete ON "incident_students";
--> statement-breakpoint
CREATE TRIGGER incident_students_graph_delete AFTER DELETE ON "incident_students"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION incident_students_graph();
--> statement-breakpoint
-- New incidents: counted on their day.
CREATE OR REPLACE FUNCTION incidents_graph_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_graph_insert ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_graph_insert AFTER INSERT ON "incidents"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION incidents_graph_insert();
--> statement-breakpoint
-- Changed incidents (corrections, closing, cancelling, reopening, the groups and students kept on the row): the day
-- counts move by the difference (nothing when none of their keys changed), and the pairs of those whose status
-- (cancelled or not), time or classification changed are rebuilt.
CREATE OR REPLACE FUNCTION incidents_graph_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_graph_update ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_graph_update AFTER UPDATE ON "incidents"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT
  EXECUTE FUNCTION incidents_graph_update();
--> statement-breakpoint
-- Deleted incidents (their students go first, which already dropped the pairs): uncounted.
CREATE OR REPLACE FUNCTION incidents_graph_delete() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_graph_delete ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_graph_delete AFTER DELETE ON "incidents"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION incidents_graph_delete();
--> statement-breakpoint
-- What is already there.
INSERT INTO incident_day_counts (school_id, day, classification, category_id, group_ids, n)
SELECT i.school_id, (i.occurred_at AT TIME ZONE s.time_zone)::date, i.classification, i.category_id, i.group_ids,
       count(*)::int
  FROM incidents i JOIN schools s ON s.id = i.school_id
 WHERE i.status <> 'cancelled'
 GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (school_id, day, classification, category_id, group_ids) DO NOTHING;
--> statement-breakpoint
INSERT INTO incident_day_totals (school_id, day, classification, category_id, n)
SELECT school_id, day, classification, category_id, sum(n)::int FROM incident_day_counts GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO incident_day_groups (school_id, group_id, day, classification, category_id, n)
SELECT c.school_id, g.id, c.day, c.classification, c.category_id, sum(c.n)::int
  FROM incident_day_counts c CROSS JOIN LATERAL unnest(c.group_ids) AS g(id) GROUP BY 1, 2, 3, 4, 5
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO incident_pairs (school_id, incident_id, student_a, student_b, kind, group_a, group_b, classification,
  occurred_at)
SELECT a.school_id, a.incident_id, a.student_id, b.student_id,
       CASE WHEN (a.role = 'involved' AND b.role = 'affected') OR (a.role = 'affected' AND b.role = 'involved')
              THEN 'involved-affected'
            WHEN a.role = 'involved' AND b.role = 'involved' THEN 'involved-involved'
            ELSE 'other' END,
       a.group_id, b.group_id, i.classification, i.occurred_at
  FROM incidents i
  JOIN incident_students a ON a.school_id = i.school_id AND a.incident_id = i.id
  JOIN incident_students b ON b.school_id = a.school_id AND b.incident_id = a.incident_id AND b.student_id > a.student_id
 WHERE i.status <> 'cancelled'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The second wall (migration 0005) on both: they name minors and their incidents.
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    FOREACH t IN ARRAY ARRAY['incident_day_counts', 'incident_day_totals', 'incident_day_groups', 'incident_pairs']
    LOOP
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO convive_app', t);
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
      EXECUTE format('DROP POLICY IF EXISTS school_isolation ON %I', t);
      EXECUTE format('CREATE POLICY school_isolation ON %I USING (school_id = current_setting(''app.school_id'', true))', t);
    END LOOP;
  END IF;
END $$;
