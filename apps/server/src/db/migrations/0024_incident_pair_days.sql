-- Issue 24 §2: the school-wide co-occurrence map of a whole year within 300 ms at 1 000 000 incidents. Read from
-- incident_pairs (migration 0018) it aggregates every pair row of the year and counts each student's distinct shared
-- incidents (a sort of twice as many rows): ~520 ms. Two rollups of incident_pairs answer it instead, kept by
-- statement triggers on incident_pairs itself (so whatever keeps the pairs keeps these, in the same transaction).
-- Each holds every count twice: per school day (grain 'day', the school's wall clock) and per month of those days
-- (grain 'month', day = its first day), so a range reads its whole months' rows and the days at its ends: a year is
-- at most about 14 months' rows per pair, whatever the number of incidents. The map narrowed by groups, or a
-- teacher's map, still reads incident_pairs: a student's count there depends on who the other student is.
--
-- incident_pair_days: per grain and day, pair and classification, the pair rows (n) and those of each kind of roles
-- (ia: involved with affected; ii: both involved; the rest are other).
CREATE TABLE IF NOT EXISTS "incident_pair_days" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"student_a" integer NOT NULL,
	"student_b" integer NOT NULL,
	"classification" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"ia" integer DEFAULT 0 NOT NULL,
	"ii" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_pair_days_pk" PRIMARY KEY("school_id","grain","day","student_a","student_b","classification")
);
--> statement-breakpoint
-- incident_student_days: per grain and day, student and classification, the incidents the student shares with
-- someone (each incident once, however many others it names), so the map's counts are sums, not a distinct count.
CREATE TABLE IF NOT EXISTS "incident_student_days" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"student_id" integer NOT NULL,
	"classification" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_student_days_pk" PRIMARY KEY("school_id","grain","day","student_id","classification")
);
--> statement-breakpoint
-- The statement that moves both rollups by some incident_pairs rows, each with a sign (+1 added, -1 removed).
-- `source` is a query returning incident_pairs' columns and `sign`; the trigger function itself must EXECUTE it (a
-- statement's transition tables are visible only there). A student's incidents are counted once per statement: it
-- relies on incident_pairs' writers adding and removing all the pairs of an incident together (0018's
-- incident_pairs_rebuild, incidents_graph_delete, a school's deletion). A school being deleted is already gone from
-- schools: nothing is written for it.
CREATE OR REPLACE FUNCTION incident_pair_days_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    WITH src AS MATERIALIZED (
      SELECT x.school_id, (x.occurred_at AT TIME ZONE s.time_zone)::date AS day, x.incident_id, x.student_a,
             x.student_b, x.classification, x.kind, x.sign
        FROM (%s) x JOIN schools s ON s.id = x.school_id
    ), pairs AS (
      INSERT INTO incident_pair_days AS t (school_id, grain, day, student_a, student_b, classification, n, ia, ii)
      SELECT src.school_id, g.grain, g.day, src.student_a, src.student_b, src.classification, sum(src.sign)::int,
             coalesce(sum(src.sign) FILTER (WHERE src.kind = 'involved-affected'), 0)::int,
             coalesce(sum(src.sign) FILTER (WHERE src.kind = 'involved-involved'), 0)::int
        FROM src CROSS JOIN LATERAL (VALUES ('day', src.day), ('month', date_trunc('month', src.day)::date)) AS g(grain, day)
       GROUP BY 1, 2, 3, 4, 5, 6
      -- A change of roles alone moves ia or ii and leaves n.
      HAVING sum(src.sign) <> 0 OR sum(src.sign) FILTER (WHERE src.kind = 'involved-affected') <> 0
          OR sum(src.sign) FILTER (WHERE src.kind = 'involved-involved') <> 0
       ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (school_id, grain, day, student_a, student_b, classification)
      DO UPDATE SET n = t.n + excluded.n, ia = t.ia + excluded.ia, ii = t.ii + excluded.ii
      RETURNING 1
    )
    INSERT INTO incident_student_days AS t (school_id, grain, day, student_id, classification, n)
    SELECT d.school_id, g.grain, g.day, d.student_id, d.classification, sum(d.sign)::int
      FROM (SELECT DISTINCT src.school_id, src.day, src.incident_id, st.id AS student_id, src.classification, src.sign
              FROM src CROSS JOIN LATERAL (VALUES (src.student_a), (src.student_b)) AS st(id)) d
     CROSS JOIN LATERAL (VALUES ('day', d.day), ('month', date_trunc('month', d.day)::date)) AS g(grain, day)
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.sign) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (school_id, grain, day, student_id, classification) DO UPDATE SET n = t.n + excluded.n
  $sql$, source)
$fn$;
--> statement-breakpoint
-- A registration's rebuild first deletes no pairs: that statement is not planned at all.
CREATE OR REPLACE FUNCTION incident_pairs_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  any_rows boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM new_rows)' INTO any_rows;
    IF any_rows THEN
      EXECUTE incident_pair_days_sql('SELECT *, 1 AS sign FROM new_rows');
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM old_rows)' INTO any_rows;
    IF any_rows THEN
      EXECUTE incident_pair_days_sql('SELECT *, -1 AS sign FROM old_rows');
    END IF;
  ELSE
    EXECUTE incident_pair_days_sql('SELECT *, -1 AS sign FROM old_rows UNION ALL SELECT *, 1 AS sign FROM new_rows');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_pairs_days_insert ON "incident_pairs";
--> statement-breakpoint
CREATE TRIGGER incident_pairs_days_insert AFTER INSERT ON "incident_pairs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_pairs_days();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_pairs_days_update ON "incident_pairs";
--> statement-breakpoint
CREATE TRIGGER incident_pairs_days_update AFTER UPDATE ON "incident_pairs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_pairs_days();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_pairs_days_delete ON "incident_pairs";
--> statement-breakpoint
CREATE TRIGGER incident_pairs_days_delete AFTER DELETE ON "incident_pairs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION incident_pairs_days();
--> statement-breakpoint
-- A school's rollups again from its pairs: after a change of its time zone (the map's ranges are days on the
-- school's clock, so past pairs move day). Security definer: a platform administrator's change of a school's time
-- zone runs outside that school's row-level scope, where the rollups' rows would be invisible.
CREATE OR REPLACE FUNCTION incident_pair_days_rebuild(school text) RETURNS void LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM incident_pair_days WHERE school_id = school;
  DELETE FROM incident_student_days WHERE school_id = school;
  EXECUTE incident_pair_days_sql(format('SELECT *, 1 AS sign FROM incident_pairs WHERE school_id = %L', school));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION incident_pair_days_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM incident_pair_days_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS schools_incident_pair_days_time_zone ON "schools";
--> statement-breakpoint
CREATE TRIGGER schools_incident_pair_days_time_zone AFTER UPDATE OF time_zone ON "schools"
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION incident_pair_days_time_zone_changed();
--> statement-breakpoint
-- As 0022's: no JIT (compiling costs more than these statements take) and room to sum a bulk write in memory.
DO $$
DECLARE
  f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['incident_pairs_days()', 'incident_pair_days_rebuild(text)']
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET jit = off', f);
    EXECUTE format('ALTER FUNCTION %s SET work_mem = %L', f, '64MB');
  END LOOP;
END $$;
--> statement-breakpoint
-- What is already there, with the planner's statistics: without them it takes the year's rows for a few and joins
-- them by nested loops (seconds instead of tens of milliseconds) until autovacuum first analyses the tables.
SELECT incident_pair_days_rebuild(id) FROM schools;
--> statement-breakpoint
ANALYZE incident_pair_days, incident_student_days;
--> statement-breakpoint
-- The second wall (migration 0005) on both: they name minors and their incidents.
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    FOREACH t IN ARRAY ARRAY['incident_pair_days', 'incident_student_days']
    LOOP
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO convive_app', t);
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
      EXECUTE format('DROP POLICY IF EXISTS school_isolation ON %I', t);
      EXECUTE format('CREATE POLICY school_isolation ON %I USING (school_id = current_setting(''app.school_id'', true))', t);
    END LOOP;
  END IF;
END $$;
