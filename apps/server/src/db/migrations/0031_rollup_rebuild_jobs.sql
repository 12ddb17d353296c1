-- Issue 25 §5: the whole-school rollup rebuilds and the teachers' viewer-unit rebuild leave the request path. The
-- triggers that ran them inside the change's transaction (0019–0024: a school's time zone, a group moved to another
-- grade or given another head teacher, a grade moved to another section, a teaching assignment added or removed —
-- about 14 s at 1 M incidents) now only write what must be rebuilt into rollup_rebuilds, in the same transaction; the
-- rollups module's job (job runner, one per school at a time, after the changes go quiet) runs the rebuild functions,
-- which are unchanged, and records its progress in rollup_rebuild_runs. Written by hand like 0017–0030; the tables
-- match db/schema/rollup-rebuilds.ts.
CREATE TABLE IF NOT EXISTS "rollup_rebuilds" (
	"school_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"part" text NOT NULL,
	"users" integer[],
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollup_rebuilds_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "rollup_rebuilds_part_check" CHECK ("part" IN ('units', 'actions', 'pairs', 'effectiveness', 'effectiveness_days', 'viewers'))
);
--> statement-breakpoint
ALTER TABLE "rollup_rebuilds" ADD CONSTRAINT "rollup_rebuilds_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rollup_rebuild_runs" (
	"school_id" text NOT NULL,
	"state" text NOT NULL,
	"job_id" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"parts" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "rollup_rebuild_runs_pk" PRIMARY KEY("school_id"),
	CONSTRAINT "rollup_rebuild_runs_state_check" CHECK ("state" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "rollup_rebuild_runs" ADD CONSTRAINT "rollup_rebuild_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A grade moved to another section: the school's units and overdue actions again (0019, 0021).
CREATE OR REPLACE FUNCTION incident_unit_days_grades_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part)
  SELECT d.school_id, p.part
    FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
           WHERE o.section_id IS DISTINCT FROM n.section_id) d
   CROSS JOIN (VALUES ('units'), ('actions')) AS p(part);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A group moved to another grade (the school's units and actions again), or its head teacher changed (the old and
-- the new one's viewer units: 0022).
CREATE OR REPLACE FUNCTION incident_unit_days_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part)
  SELECT d.school_id, p.part
    FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
           WHERE o.grade_id IS DISTINCT FROM n.grade_id) d
   CROSS JOIN (VALUES ('units'), ('actions')) AS p(part);
  INSERT INTO rollup_rebuilds (school_id, part, users)
  SELECT d.school_id, 'viewers', d.users
    FROM (SELECT n.school_id, array_agg(DISTINCT u.id) FILTER (WHERE u.id IS NOT NULL) AS users
            FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
           CROSS JOIN LATERAL (VALUES (o.head_teacher_id), (n.head_teacher_id)) AS u(id)
           WHERE o.head_teacher_id IS DISTINCT FROM n.head_teacher_id AND o.grade_id IS NOT DISTINCT FROM n.grade_id
           GROUP BY n.school_id) d
   WHERE cardinality(d.users) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A school's time zone changed: its units' days move (0019).
CREATE OR REPLACE FUNCTION incident_unit_days_school_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part)
  SELECT n.id, 'units' FROM changed n JOIN previous o ON o.id = n.id WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A school's time zone changed: the map's days move (0024).
CREATE OR REPLACE FUNCTION incident_pair_days_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part) VALUES (NEW.id, 'pairs');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A school's time zone changed: every student's cases again, their days move (0020).
CREATE OR REPLACE FUNCTION effectiveness_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part) VALUES (NEW.id, 'effectiveness_days');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A group moved to another grade, a grade to another section, or one deleted: the effectiveness rollups (0020).
CREATE OR REPLACE FUNCTION effectiveness_structure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO rollup_rebuilds (school_id, part) SELECT DISTINCT o.school_id, 'effectiveness' FROM old_rows o;
  ELSIF TG_TABLE_NAME = 'groups' THEN
    INSERT INTO rollup_rebuilds (school_id, part)
    SELECT DISTINCT n.school_id, 'effectiveness'
      FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id WHERE o.grade_id <> n.grade_id;
  ELSE
    INSERT INTO rollup_rebuilds (school_id, part)
    SELECT DISTINCT n.school_id, 'effectiveness'
      FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id WHERE o.section_id <> n.section_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A teaching assignment added, changed or removed: the teachers concerned (0022).
CREATE OR REPLACE FUNCTION teaching_assignments_viewer_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rollup_rebuilds (school_id, part, users)
    SELECT school_id, 'viewers', array_agg(DISTINCT user_id) FROM new_rows GROUP BY school_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO rollup_rebuilds (school_id, part, users)
    SELECT school_id, 'viewers', array_agg(DISTINCT user_id) FROM old_rows GROUP BY school_id;
  ELSE
    INSERT INTO rollup_rebuilds (school_id, part, users)
    SELECT school_id, 'viewers', array_agg(DISTINCT user_id)
      FROM (SELECT school_id, user_id FROM old_rows UNION SELECT school_id, user_id FROM new_rows) x
     GROUP BY school_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Whoever writes structure writes these requests (the app role too, where it exists); only the job reads them.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON rollup_rebuilds, rollup_rebuild_runs TO convive_app;
  END IF;
END $$;
