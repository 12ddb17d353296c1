-- Issue 14 §3 and §5: the effectiveness of formative actions from per-case tables and a rollup, kept by the database
-- in the same transaction as every write of incidents, incident_students, formative_actions and their completions
-- (statement triggers with transition tables, as 0018: one pass per statement, so the generator's bulk loads cost one
-- recomputation, a registration the rows of its students).
--
-- effectiveness_cases: one row per (incident, involved student) of a non-cancelled incident — a case of
-- modules/strategic-vision/effectiveness.repository.ts — with the incident's columns the dashboard filters on (under
-- the incidents' own names, so the archive's scope and filter conditions apply unchanged), its school day and
-- `recurred`: the student is involved in another non-cancelled incident within 30 days after it (the domain's
-- EFFECTIVENESS_WINDOW_DAYS). Recurrence only concerns the same student, so every write recomputes the rows of the
-- students it touches.
CREATE TABLE IF NOT EXISTS "effectiveness_cases" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"incident_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"classification" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"group_ids" integer[] NOT NULL,
	"recorded_by" integer NOT NULL,
	"recurred" boolean NOT NULL,
	CONSTRAINT "effectiveness_cases_pk" PRIMARY KEY("school_id","incident_id","student_id")
);
--> statement-breakpoint
-- The student's incidents in time order (recurrence after a completion), a day (the cutoff's day, read exactly), and
-- a Docente's scope (recorded by them, or concerning their groups).
CREATE INDEX IF NOT EXISTS "effectiveness_cases_student_idx" ON "effectiveness_cases" ("school_id", "student_id", "occurred_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_cases_day_idx" ON "effectiveness_cases" ("school_id", "day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_cases_recorder_idx" ON "effectiveness_cases" ("school_id", "recorded_by", "day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_cases_groups_idx" ON "effectiveness_cases" USING gin ("group_ids");
--> statement-breakpoint
-- effectiveness_actions: per case and guideline (btrim'd text) with an action: the case's columns again, whether every
-- action with that guideline for the pair is completed (not waived, nothing due), the last completion, its school day
-- (`done_day`: 'infinity' unless completed with a completion) and `recurred_after`: another non-cancelled incident of
-- the student as involved within 30 days after that completion.
CREATE TABLE IF NOT EXISTS "effectiveness_actions" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"incident_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"guideline" text NOT NULL,
	"classification" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"group_ids" integer[] NOT NULL,
	"recorded_by" integer NOT NULL,
	"recurred" boolean NOT NULL,
	"completed" boolean NOT NULL,
	"completed_at" timestamp with time zone,
	"done_day" date NOT NULL,
	"recurred_after" boolean NOT NULL,
	CONSTRAINT "effectiveness_actions_pk" PRIMARY KEY("school_id","incident_id","student_id","guideline")
);
--> statement-breakpoint
-- A student's action rows by their incident's time and by completion (what a change of that student's incidents
-- can move), a day, a completion day (the cutoff's day, read exactly) and a Docente's scope.
CREATE INDEX IF NOT EXISTS "effectiveness_actions_student_idx" ON "effectiveness_actions" ("school_id", "student_id", "occurred_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_actions_completed_idx" ON "effectiveness_actions" ("school_id", "student_id", "completed_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_actions_day_idx" ON "effectiveness_actions" ("school_id", "day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_actions_done_idx" ON "effectiveness_actions" ("school_id", "done_day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_actions_recorder_idx" ON "effectiveness_actions" ("school_id", "recorded_by", "day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "effectiveness_actions_groups_idx" ON "effectiveness_actions" USING gin ("group_ids");
--> statement-breakpoint
-- The rollups, per unit the dashboard filters by — the school (unit 0), each section, grade and group an incident
-- concerns through incidents.group_ids → groups.grade_id → grades.section_id (an incident of two groups of one grade
-- counts once for the grade) — and incident day (school clock). effectiveness_day_pairs: cases and how many recurred.
CREATE TABLE IF NOT EXISTS "effectiveness_day_pairs" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"level" text NOT NULL,
	"unit_id" integer NOT NULL,
	"day" date NOT NULL,
	"classification" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"r" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "effectiveness_day_pairs_pk" PRIMARY KEY("school_id","level","unit_id","day","classification")
);
--> statement-breakpoint
-- effectiveness_day_actions: cases with an action of the guideline (n) and how many recurred after the incident (r),
-- by the completion's day too (done_day as above), with how many recurred after the completion (rc).
CREATE TABLE IF NOT EXISTS "effectiveness_day_actions" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"level" text NOT NULL,
	"unit_id" integer NOT NULL,
	"day" date NOT NULL,
	"guideline" text NOT NULL,
	"classification" text NOT NULL,
	"done_day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"r" integer DEFAULT 0 NOT NULL,
	"rc" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "effectiveness_day_actions_pk"
		PRIMARY KEY("school_id","level","unit_id","day","guideline","classification","done_day")
);
--> statement-breakpoint
-- Adds counts (negative to take them away) given per school, day, … and set of groups: each set is expanded once into
-- its units.
CREATE OR REPLACE FUNCTION effectiveness_roll_pairs(d jsonb) RETURNS void LANGUAGE sql AS $$
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
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION effectiveness_roll_actions(d jsonb) RETURNS void LANGUAGE sql AS $$
  WITH x AS (
    SELECT * FROM jsonb_to_recordset(d)
      AS x(school_id text, day date, guideline text, classification text, done_day date, group_ids integer[],
           n integer, r integer, rc integer)
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
  INSERT INTO effectiveness_day_actions AS c (school_id, level, unit_id, day, guideline, classification, done_day, n,
    r, rc)
  SELECT x.school_id, u.level, u.unit_id, x.day, x.guideline, x.classification, x.done_day, sum(x.n)::int,
         sum(x.r)::int, sum(x.rc)::int
    FROM x JOIN units u ON u.school_id = x.school_id AND u.group_ids = x.group_ids
   GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.n) <> 0 OR sum(x.r) <> 0 OR sum(x.rc) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (school_id, level, unit_id, day, guideline, classification, done_day)
  DO UPDATE SET n = c.n + excluded.n, r = c.r + excluded.r, rc = c.rc + excluded.rc;
$$;
--> statement-breakpoint
-- The per-case tables' changes, counted into the rollups (inserted rows added, deleted ones taken away, updated ones
-- both). The triggers name their transition tables old_rows and new_rows.
CREATE OR REPLACE FUNCTION effectiveness_cases_roll() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, classification, group_ids, count(*) AS n, count(*) FILTER (WHERE recurred) AS r
        FROM new_rows GROUP BY 1, 2, 3, 4) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, classification, group_ids, -count(*) AS n, -count(*) FILTER (WHERE recurred) AS r
        FROM old_rows GROUP BY 1, 2, 3, 4) x;
  ELSE
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, classification, group_ids, sum(s) AS n, coalesce(sum(s) FILTER (WHERE recurred), 0) AS r
        FROM (SELECT school_id, day, classification, group_ids, recurred, 1 AS s FROM new_rows
              UNION ALL
              SELECT school_id, day, classification, group_ids, recurred, -1 FROM old_rows) u
       GROUP BY 1, 2, 3, 4) x;
  END IF;
  PERFORM effectiveness_roll_pairs(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION effectiveness_actions_roll() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, guideline, classification, done_day, group_ids, count(*) AS n,
             count(*) FILTER (WHERE recurred) AS r, count(*) FILTER (WHERE recurred_after) AS rc
        FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, guideline, classification, done_day, group_ids, -count(*) AS n,
             -count(*) FILTER (WHERE recurred) AS r, -count(*) FILTER (WHERE recurred_after) AS rc
        FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6) x;
  ELSE
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT school_id, day, guideline, classification, done_day, group_ids, sum(s) AS n,
             coalesce(sum(s) FILTER (WHERE recurred), 0) AS r, coalesce(sum(s) FILTER (WHERE recurred_after), 0) AS rc
        FROM (SELECT school_id, day, guideline, classification, done_day, group_ids, recurred, recurred_after, 1 AS s
                FROM new_rows
              UNION ALL
              SELECT school_id, day, guideline, classification, done_day, group_ids, recurred, recurred_after, -1
                FROM old_rows) u
       GROUP BY 1, 2, 3, 4, 5, 6) x;
  END IF;
  PERFORM effectiveness_roll_actions(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS effectiveness_cases_roll_insert ON "effectiveness_cases";
--> statement-breakpoint
CREATE TRIGGER effectiveness_cases_roll_insert AFTER INSERT ON "effectiveness_cases"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_cases_roll();
--> statement-breakpoint
DROP TRIGGER IF EXISTS effectiveness_cases_roll_update ON "effectiveness_cases";
--> statement-breakpoint
CREATE TRIGGER effectiveness_cases_roll_update AFTER UPDATE ON "effectiveness_cases"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_cases_roll();
--> statement-breakpoint
DROP TRIGGER IF EXISTS effectiveness_cases_roll_delete ON "effectiveness_cases";
--> statement-breakpoint
CREATE TRIGGER effectiveness_cases_roll_delete AFTER DELETE ON "effectiveness_cases"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_cases_roll();
--> statement-breakpoint
DROP TRIGGER IF EXISTS effectiveness_actions_roll_insert ON "effectiveness_actions";
--> statement-breakpoint
CREATE TRIGGER effectiveness_actions_roll_insert AFTER INSERT ON "effectiveness_actions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_actions_roll();
--> statement-breakpoint
DROP TRIGGER IF EXISTS effectiveness_actions_roll_update ON "effectiveness_actions";
--> statement-breakpoint
CREATE TRIGGER effectiveness_actions_roll_update AFTER UPDATE ON "effectiveness_actions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION effectiveness_actions_roll();
--> statement-breakpoint
DROP TRIGGER IF EXISTS effectiveness_actions_roll_delete ON "effectiveness_actions";
--> statement-breakpoint
CREATE TRIGGER effectiveness_actions_roll_delete AFTER DELETE ON "effectiveness_actions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_actions_roll();
--> statement-breakpoint
-- A student's rows depend on their other incidents (recurrence): two transactions writing incidents of one student
-- at once would each recompute without the other's. So a recomputation holds, until the end of its transaction, a
-- lock per student (and the school's, shared) — or, for more than 64 students (bulk loads, a new time zone), the
-- school's alone, exclusive, so the lock table is never flooded — taken in order and named like the app's other
-- advisory locks; the statements after it, each with a fresh snapshot under READ COMMITTED, see what the other
-- committed. The backfill below runs alone and sets convive.effectiveness_unlocked.
CREATE OR REPLACE FUNCTION effectiveness_lock_students(school_ids text[], student_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('convive.effectiveness_unlocked', true), '') = 'on' THEN
    RETURN;
  END IF;
  IF (SELECT count(DISTINCT (school_id, student_id)) FROM unnest(school_ids, student_ids) AS u(school_id, student_id))
     > 64 THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('effectiveness:' || u.school_id, 0))
       FROM (SELECT DISTINCT school_id FROM unnest(school_ids) AS u(school_id) ORDER BY 1) u;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('effectiveness:' || u.school_id, 0))
       FROM (SELECT DISTINCT school_id FROM unnest(school_ids) AS u(school_id) ORDER BY 1) u;
    PERFORM pg_advisory_xact_lock(hashtextextended('effectiveness:' || u.school_id || ':' || u.student_id, 0))
       FROM (SELECT DISTINCT school_id, student_id FROM unnest(school_ids, student_ids) AS u(school_id, student_id)
              ORDER BY 1, 2) u;
  END IF;
END $$;
--> statement-breakpoint
-- The action rows of some (incident, student) pairs again, from formative_actions, their completions and the cases as
-- they now are; only rows that change are written, so the rollups move by what changed.
CREATE OR REPLACE FUNCTION effectiveness_refresh_actions(school_ids text[], incident_ids integer[],
  student_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM effectiveness_lock_students(school_ids, student_ids);
  DELETE FROM effectiveness_actions a
   USING (SELECT DISTINCT * FROM unnest(school_ids, incident_ids, student_ids) AS u(school_id, incident_id, student_id)) t
   WHERE a.school_id = t.school_id AND a.incident_id = t.incident_id AND a.student_id = t.student_id
     AND (NOT EXISTS (SELECT 1 FROM effectiveness_cases c
                       WHERE c.school_id = a.school_id AND c.incident_id = a.incident_id AND c.student_id = a.student_id)
          OR NOT EXISTS (SELECT 1 FROM formative_actions fa
                          WHERE fa.school_id = a.school_id AND fa.incident_id = a.incident_id
                            AND fa.student_id = a.student_id AND btrim(fa.guideline) = a.guideline));
  INSERT INTO effectiveness_actions AS a (school_id, incident_id, student_id, guideline, classification, occurred_at,
    day, group_ids, recorded_by, recurred, completed, completed_at, done_day, recurred_after)
  SELECT c.school_id, c.incident_id, c.student_id, f.guideline, c.classification, c.occurred_at, c.day, c.group_ids,
         c.recorded_by, c.recurred, f.completed, f.completed_at,
         CASE WHEN f.completed AND f.completed_at IS NOT NULL
              THEN (f.completed_at AT TIME ZONE s.time_zone)::date ELSE 'infinity'::date END,
         f.completed AND f.completed_at IS NOT NULL
           AND EXISTS (SELECT 1 FROM effectiveness_cases y
                        WHERE y.school_id = c.school_id AND y.student_id = c.student_id
                          AND y.occurred_at > f.completed_at AND y.occurred_at <= f.completed_at + interval '30 days'
                          AND y.incident_id <> c.incident_id)
    FROM (SELECT DISTINCT * FROM unnest(school_ids, incident_ids, student_ids) AS u(school_id, incident_id, student_id)) t
    JOIN effectiveness_cases c ON c.school_id = t.school_id AND c.incident_id = t.incident_id
                              AND c.student_id = t.student_id
    JOIN schools s ON s.id = c.school_id
    CROSS JOIN LATERAL (
      SELECT btrim(fa.guideline) AS guideline,
             bool_and(fa.waived_at IS NULL AND fa.next_due_on IS NULL) AS completed,
             max(fc.completed_at) AS completed_at
        FROM formative_actions fa
        LEFT JOIN formative_action_completions fc ON fc.school_id = fa.school_id AND fc.action_id = fa.id
       WHERE fa.school_id = c.school_id AND fa.incident_id = c.incident_id AND fa.student_id = c.student_id
       GROUP BY 1) f
  ON CONFLICT (school_id, incident_id, student_id, guideline) DO UPDATE
     SET classification = excluded.classification, occurred_at = excluded.occurred_at, day = excluded.day,
         group_ids = excluded.group_ids, recorded_by = excluded.recorded_by, recurred = excluded.recurred,
         completed = excluded.completed, completed_at = excluded.completed_at, done_day = excluded.done_day,
         recurred_after = excluded.recurred_after
   WHERE (a.classification, a.occurred_at, a.day, a.group_ids, a.recorded_by, a.recurred, a.completed, a.completed_at,
          a.done_day, a.recurred_after)
         IS DISTINCT FROM (excluded.classification, excluded.occurred_at, excluded.day, excluded.group_ids,
          excluded.recorded_by, excluded.recurred, excluded.completed, excluded.completed_at, excluded.done_day,
          excluded.recurred_after);
END $$;
--> statement-breakpoint
-- The case and action rows of some students again, over a span of time each: a change of a student's incident at
-- time t can only change the rows of that incident, whether the student's cases of the 30 days before t recurred,
-- and whether their actions completed in those 30 days were followed by a new incident. So the rows of [from − 30
-- days, to] are recomputed (whether each pair is still a case, its columns and day, and a window over the student's
-- incidents of [from − 30 days, to + 30 days] in time order: the rows strictly after each, up to 30 days later),
-- and only rows that change are written. Spans of one student in a statement are merged; ±infinity: all of them.
CREATE OR REPLACE FUNCTION effectiveness_refresh_students(school_ids text[], student_ids integer[],
  froms timestamptz[], tos timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM effectiveness_lock_students(school_ids, student_ids);
  DELETE FROM effectiveness_cases c
   USING (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
            FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
   WHERE c.school_id = t.school_id AND c.student_id = t.student_id
     AND c.occurred_at >= t.f - interval '30 days' AND c.occurred_at <= t.t
     AND NOT EXISTS (SELECT 1 FROM incident_students x
                       JOIN incidents i ON i.school_id = x.school_id AND i.id = x.incident_id
                      WHERE x.school_id = c.school_id AND x.incident_id = c.incident_id AND x.student_id = c.student_id
                        AND x.role = 'involved' AND i.status <> 'cancelled');
  INSERT INTO effectiveness_cases AS c (school_id, incident_id, student_id, classification, occurred_at, day,
    group_ids, recorded_by, recurred)
  SELECT y.school_id, y.incident_id, y.student_id, y.classification, y.occurred_at, y.day, y.group_ids,
         y.recorded_by, y.recurred
    FROM (SELECT x.school_id, x.incident_id, x.student_id, i.classification, i.occurred_at,
                 (i.occurred_at AT TIME ZONE s.time_zone)::date AS day, i.group_ids, i.recorded_by,
                 count(*) OVER (PARTITION BY x.school_id, x.student_id ORDER BY i.occurred_at
                                RANGE BETWEEN interval '1 microsecond' FOLLOWING AND interval '30 days' FOLLOWING) > 0
                   AS recurred,
                 t.f, t.t
            FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                    FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
            JOIN incident_students x ON x.school_id = t.school_id AND x.student_id = t.student_id
                                    AND x.occurred_at >= t.f - interval '30 days'
                                    AND x.occurred_at <= t.t + interval '30 days' AND x.role = 'involved'
            JOIN incidents i ON i.school_id = x.school_id AND i.id = x.incident_id AND i.status <> 'cancelled'
            JOIN schools s ON s.id = x.school_id) y
   WHERE y.occurred_at >= y.f - interval '30 days' AND y.occurred_at <= y.t
  ON CONFLICT (school_id, incident_id, student_id) DO UPDATE
     SET classification = excluded.classification, occurred_at = excluded.occurred_at, day = excluded.day,
         group_ids = excluded.group_ids, recorded_by = excluded.recorded_by, recurred = excluded.recurred
   WHERE (c.classification, c.occurred_at, c.day, c.group_ids, c.recorded_by, c.recurred)
         IS DISTINCT FROM (excluded.classification, excluded.occurred_at, excluded.day, excluded.group_ids,
          excluded.recorded_by, excluded.recurred);
  PERFORM effectiveness_refresh_actions(array_agg(p.school_id), array_agg(p.incident_id), array_agg(p.student_id))
     FROM (SELECT c.school_id, c.incident_id, c.student_id
             FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                     FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
             JOIN effectiveness_cases c ON c.school_id = t.school_id AND c.student_id = t.student_id
                                       AND c.occurred_at >= t.f - interval '30 days' AND c.occurred_at <= t.t
           UNION
           SELECT a.school_id, a.incident_id, a.student_id
             FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                     FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
             JOIN effectiveness_actions a ON a.school_id = t.school_id AND a.student_id = t.student_id
                                         AND a.occurred_at >= t.f - interval '30 days' AND a.occurred_at <= t.t
           UNION
           SELECT a.school_id, a.incident_id, a.student_id
             FROM (SELECT u.school_id, u.student_id, min(u.f) AS f, max(u.t) AS t
                     FROM unnest(school_ids, student_ids, froms, tos) AS u(school_id, student_id, f, t) GROUP BY 1, 2) t
             JOIN effectiveness_actions a ON a.school_id = t.school_id AND a.student_id = t.student_id
                                         AND a.completed_at >= t.f - interval '30 days' AND a.completed_at <= t.t) p;
END $$;
--> statement-breakpoint
-- incident_students changed (a registration, a correction of the students or their roles, a time followed by 0008):
-- the students involved on either side of the change, around the incidents' times (only involvement counts).
CREATE OR REPLACE FUNCTION effectiveness_students_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                           array_agg(d.t))
       FROM (SELECT school_id, student_id, min(occurred_at) AS f, max(occurred_at) AS t
               FROM new_rows WHERE role = 'involved' GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                           array_agg(d.t))
       FROM (SELECT school_id, student_id, min(occurred_at) AS f, max(occurred_at) AS t
               FROM old_rows WHERE role = 'involved' GROUP BY 1, 2) d;
  ELSE
    -- A row whose incident, student or time changed counts on both sides; one whose role changed, once.
    PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                           array_agg(d.t))
       FROM (SELECT school_id, student_id, min(occurred_at) AS f, max(occurred_at) AS t
               FROM (SELECT n.school_id, n.student_id, n.occurred_at FROM new_rows n
                      WHERE n.role = 'involved'
                         OR EXISTS (SELECT 1 FROM old_rows o WHERE o.school_id = n.school_id
                                       AND o.incident_id = n.incident_id AND o.student_id = n.student_id
                                       AND o.role = 'involved')
                     UNION ALL
                     SELECT o.school_id, o.student_id, o.occurred_at FROM old_rows o WHERE o.role = 'involved') u
              GROUP BY 1, 2) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_students_effectiveness_insert ON "incident_students";
--> statement-breakpoint
CREATE TRIGGER incident_students_effectiveness_insert AFTER INSERT ON "incident_students"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_students_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_students_effectiveness_update ON "incident_students";
--> statement-breakpoint
CREATE TRIGGER incident_students_effectiveness_update AFTER UPDATE ON "incident_students"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION effectiveness_students_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS incident_students_effectiveness_delete ON "incident_students";
--> statement-breakpoint
CREATE TRIGGER incident_students_effectiveness_delete AFTER DELETE ON "incident_students"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_students_changed();
--> statement-breakpoint
-- Changed incidents: a classification, groups or recorder corrected is copied onto their rows (recurrence does not
-- depend on them); cancelling, un-cancelling or a new time recomputes their involved students around both times.
CREATE OR REPLACE FUNCTION effectiveness_incidents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Their students' locks first, so a recomputation of the same students elsewhere never writes back older columns.
  PERFORM effectiveness_lock_students(array_agg(d.school_id), array_agg(d.student_id))
     FROM (SELECT DISTINCT x.school_id, x.student_id
             FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id
             JOIN incident_students x ON x.school_id = n.school_id AND x.incident_id = n.id AND x.role = 'involved'
            WHERE (o.classification, o.group_ids, o.recorded_by, o.status = 'cancelled', o.occurred_at)
                  IS DISTINCT FROM (n.classification, n.group_ids, n.recorded_by, n.status = 'cancelled', n.occurred_at)) d
    HAVING count(*) > 0;
  UPDATE effectiveness_cases c
     SET classification = n.classification, group_ids = n.group_ids, recorded_by = n.recorded_by
    FROM new_rows n
   WHERE c.school_id = n.school_id AND c.incident_id = n.id
     AND (c.classification, c.group_ids, c.recorded_by) IS DISTINCT FROM (n.classification, n.group_ids, n.recorded_by);
  UPDATE effectiveness_actions a
     SET classification = n.classification, group_ids = n.group_ids, recorded_by = n.recorded_by
    FROM new_rows n
   WHERE a.school_id = n.school_id AND a.incident_id = n.id
     AND (a.classification, a.group_ids, a.recorded_by) IS DISTINCT FROM (n.classification, n.group_ids, n.recorded_by);
  PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id), array_agg(d.f),
                                         array_agg(d.t))
     FROM (SELECT x.school_id, x.student_id, min(least(o.occurred_at, n.occurred_at)) AS f,
                  max(greatest(o.occurred_at, n.occurred_at)) AS t
             FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id
             JOIN incident_students x ON x.school_id = n.school_id AND x.incident_id = n.id AND x.role = 'involved'
            WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.occurred_at IS DISTINCT FROM n.occurred_at
            GROUP BY 1, 2) d
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS incidents_effectiveness_update ON "incidents";
--> statement-breakpoint
CREATE TRIGGER incidents_effectiveness_update AFTER UPDATE ON "incidents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION effectiveness_incidents_changed();
--> statement-breakpoint
-- Formative actions and their completions changed: the action rows of their pairs again. (A completion deleted with
-- its action is followed by the action's own trigger.)
CREATE OR REPLACE FUNCTION effectiveness_formative_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT school_id, incident_id, student_id FROM new_rows) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT school_id, incident_id, student_id FROM old_rows) d;
  ELSE
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT school_id, incident_id, student_id FROM new_rows
             UNION SELECT school_id, incident_id, student_id FROM old_rows) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION effectiveness_completions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT fa.school_id, fa.incident_id, fa.student_id
               FROM new_rows c JOIN formative_actions fa ON fa.school_id = c.school_id AND fa.id = c.action_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT fa.school_id, fa.incident_id, fa.student_id
               FROM old_rows c JOIN formative_actions fa ON fa.school_id = c.school_id AND fa.id = c.action_id) d;
  ELSE
    PERFORM effectiveness_refresh_actions(array_agg(d.school_id), array_agg(d.incident_id), array_agg(d.student_id))
       FROM (SELECT DISTINCT fa.school_id, fa.incident_id, fa.student_id
               FROM (SELECT school_id, action_id FROM new_rows UNION SELECT school_id, action_id FROM old_rows) c
               JOIN formative_actions fa ON fa.school_id = c.school_id AND fa.id = c.action_id) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_actions_effectiveness_insert ON "formative_actions";
--> statement-breakpoint
CREATE TRIGGER formative_actions_effectiveness_insert AFTER INSERT ON "formative_actions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_formative_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_actions_effectiveness_update ON "formative_actions";
--> statement-breakpoint
CREATE TRIGGER formative_actions_effectiveness_update AFTER UPDATE ON "formative_actions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION effectiveness_formative_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_actions_effectiveness_delete ON "formative_actions";
--> statement-breakpoint
CREATE TRIGGER formative_actions_effectiveness_delete AFTER DELETE ON "formative_actions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_formative_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_action_completions_effectiveness_insert ON "formative_action_completions";
--> statement-breakpoint
CREATE TRIGGER formative_action_completions_effectiveness_insert AFTER INSERT ON "formative_action_completions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_completions_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_action_completions_effectiveness_update ON "formative_action_completions";
--> statement-breakpoint
CREATE TRIGGER formative_action_completions_effectiveness_update AFTER UPDATE ON "formative_action_completions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION effectiveness_completions_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS formative_action_completions_effectiveness_delete ON "formative_action_completions";
--> statement-breakpoint
CREATE TRIGGER formative_action_completions_effectiveness_delete AFTER DELETE ON "formative_action_completions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_completions_changed();
--> statement-breakpoint
-- The rollups of some schools again from the per-case tables: after a group moves to another grade or a grade to
-- another section (or one is deleted), the units an incident counts in change.
CREATE OR REPLACE FUNCTION effectiveness_rollup_rebuild(school_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM effectiveness_day_pairs WHERE school_id = ANY (school_ids);
  DELETE FROM effectiveness_day_actions WHERE school_id = ANY (school_ids);
  PERFORM effectiveness_roll_pairs((SELECT jsonb_agg(x) FROM (
    SELECT school_id, day, classification, group_ids, count(*) AS n, count(*) FILTER (WHERE recurred) AS r
      FROM effectiveness_cases WHERE school_id = ANY (school_ids) GROUP BY 1, 2, 3, 4) x));
  PERFORM effectiveness_roll_actions((SELECT jsonb_agg(x) FROM (
    SELECT school_id, day, guideline, classification, done_day, group_ids, count(*) AS n,
           count(*) FILTER (WHERE recurred) AS r, count(*) FILTER (WHERE recurred_after) AS rc
      FROM effectiveness_actions WHERE school_id = ANY (school_ids) GROUP BY 1, 2, 3, 4, 5, 6) x));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION effectiveness_structure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM effectiveness_rollup_rebuild(array_agg(DISTINCT o.school_id)) FROM old_rows o HAVING count(*) > 0;
  ELSIF TG_TABLE_NAME = 'groups' THEN
    PERFORM effectiveness_rollup_rebuild(array_agg(DISTINCT n.school_id))
       FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id
      WHERE o.grade_id <> n.grade_id HAVING count(*) > 0;
  ELSE
    PERFORM effectiveness_rollup_rebuild(array_agg(DISTINCT n.school_id))
       FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id
      WHERE o.section_id <> n.section_id HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS groups_effectiveness_update ON "groups";
--> statement-breakpoint
CREATE TRIGGER groups_effectiveness_update AFTER UPDATE ON "groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION effectiveness_structure_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS groups_effectiveness_delete ON "groups";
--> statement-breakpoint
CREATE TRIGGER groups_effectiveness_delete AFTER DELETE ON "groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_structure_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS grades_effectiveness_update ON "grades";
--> statement-breakpoint
CREATE TRIGGER grades_effectiveness_update AFTER UPDATE ON "grades"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION effectiveness_structure_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS grades_effectiveness_delete ON "grades";
--> statement-breakpoint
CREATE TRIGGER grades_effectiveness_delete AFTER DELETE ON "grades"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION effectiveness_structure_changed();
--> statement-breakpoint
-- A school's time zone changed: its days move, so every student of it again.
CREATE OR REPLACE FUNCTION effectiveness_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id),
                                         array_agg('-infinity'::timestamptz), array_agg('infinity'::timestamptz))
     FROM (SELECT DISTINCT school_id, student_id FROM effectiveness_cases WHERE school_id = NEW.id) d
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS schools_effectiveness_time_zone ON "schools";
--> statement-breakpoint
CREATE TRIGGER schools_effectiveness_time_zone AFTER UPDATE OF time_zone ON "schools"
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION effectiveness_time_zone_changed();
--> statement-breakpoint
-- What is already there: every involved student's rows (the rollups follow through their triggers), without the
-- per-student locks (nothing else writes during the migration).
DO $$
BEGIN
  PERFORM set_config('convive.effectiveness_unlocked', 'on', true);
  PERFORM effectiveness_refresh_students(array_agg(d.school_id), array_agg(d.student_id),
                                         array_agg('-infinity'::timestamptz), array_agg('infinity'::timestamptz))
     FROM (SELECT DISTINCT school_id, student_id FROM incident_students WHERE role = 'involved') d
    HAVING count(*) > 0;
  PERFORM set_config('convive.effectiveness_unlocked', '', true);
END $$;
--> statement-breakpoint
-- The second wall (migration 0005) on all four: they name minors and their incidents.
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    FOREACH t IN ARRAY ARRAY['effectiveness_cases', 'effectiveness_actions', 'effectiveness_day_pairs',
      'effectiveness_day_actions']
    LOOP
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO convive_app', t);
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
      EXECUTE format('DROP POLICY IF EXISTS school_isolation ON %I', t);
      EXECUTE format('CREATE POLICY school_isolation ON %I USING (school_id = current_setting(''app.school_id'', true))', t);
    END LOOP;
  END IF;
END $$;
