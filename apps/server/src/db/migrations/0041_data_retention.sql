-- Issue 30 §5: retention (modules/retention). Written by hand like 0017–0037; the tables match
-- db/schema/retention.ts. A student's leaving is recorded by its day, `students.left_on`, kept by a trigger from the
-- status (withdrawn or graduated) whatever writes it: the students screen, an import or a seed.
ALTER TABLE "students" ADD COLUMN IF NOT EXISTS "left_on" date;
--> statement-breakpoint
-- Students who had already left: the day their row last changed is the best day we have.
UPDATE "students" s SET "left_on" = (s."updated_at" AT TIME ZONE sc."time_zone")::date
FROM "schools" sc WHERE sc."id" = s."school_id" AND s."status" <> 'active' AND s."left_on" IS NULL;
--> statement-breakpoint
-- Issue 30 §5: the day a student left (withdrawn or graduated), on the school's clock; cleared when they return.
CREATE OR REPLACE FUNCTION students_left_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'active' THEN
    NEW.left_on := NULL;
  ELSIF NEW.left_on IS NULL OR (TG_OP = 'UPDATE' AND OLD.status = 'active') THEN
    NEW.left_on := (now() AT TIME ZONE COALESCE((SELECT time_zone FROM schools WHERE id = NEW.school_id), 'America/Mexico_City'))::date;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS students_left_on ON "students";
--> statement-breakpoint
CREATE TRIGGER students_left_on BEFORE INSERT OR UPDATE OF status ON "students"
FOR EACH ROW EXECUTE FUNCTION students_left_on();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "students_left_idx" ON "students" USING btree ("school_id", "left_on") WHERE "left_on" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "retention_notice_days" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
-- A school's period for a category; no row = the default of packages/domain/src/retention.ts.
CREATE TABLE IF NOT EXISTS "retention_settings" (
	"school_id" text NOT NULL,
	"category" text NOT NULL,
	"years" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_settings_pk" PRIMARY KEY("school_id","category"),
	CONSTRAINT "retention_settings_years_check" CHECK ("years" BETWEEN 1 AND 30)
);
--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The Director was told on `noticed_on` that this category of this student expires on `due_on` (one notice per due day).
CREATE TABLE IF NOT EXISTS "retention_notices" (
	"school_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"category" text NOT NULL,
	"due_on" date NOT NULL,
	"noticed_on" date NOT NULL,
	CONSTRAINT "retention_notices_pk" PRIMARY KEY("school_id","student_id","category","due_on")
);
--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The retention log the Director reads: a run anonymised `records` rows of a category for these students (ids only).
CREATE TABLE IF NOT EXISTS "retention_log" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"occurrence" text NOT NULL,
	"category" text NOT NULL,
	"records" integer NOT NULL,
	"student_ids" integer[] NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_log_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "retention_log" ADD CONSTRAINT "retention_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A rerun of the same occurrence (a job run twice) writes nothing twice.
CREATE UNIQUE INDEX IF NOT EXISTS "retention_log_run_key" ON "retention_log" USING btree ("school_id","occurrence","category");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "retention_log_page_idx" ON "retention_log" USING btree ("school_id","ran_at" DESC,"id" DESC);
--> statement-breakpoint
-- Which category of which student is anonymised: never twice, and the job reads no more of them.
CREATE TABLE IF NOT EXISTS "retention_done" (
	"school_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"category" text NOT NULL,
	"log_id" integer NOT NULL,
	CONSTRAINT "retention_done_pk" PRIMARY KEY("school_id","student_id","category")
);
--> statement-breakpoint
ALTER TABLE "retention_done" ADD CONSTRAINT "retention_done_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "retention_done" ADD CONSTRAINT "retention_done_log_fk" FOREIGN KEY ("school_id","log_id") REFERENCES "public"."retention_log"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The Director holds every permission (profile templates): the schools that exist get the new area too.
INSERT INTO "profile_permissions" ("school_id", "profile_id", "permission")
SELECT p."school_id", p."id", 'master-configuration-data-retention.' || a.action FROM "profiles" p
CROSS JOIN (VALUES ('create'), ('read'), ('update'), ('delete'), ('search')) AS a(action)
WHERE p."template_key" = 'director'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The second wall (migration 0005): these rows name students. The app role reads and sets the periods; only the
-- job (the connecting user) writes notices, the log and what is done.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON retention_settings TO convive_app;
    GRANT SELECT ON retention_notices, retention_log, retention_done TO convive_app;
    ALTER TABLE retention_settings ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON retention_settings;
    CREATE POLICY school_isolation ON retention_settings USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE retention_notices ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON retention_notices;
    CREATE POLICY school_isolation ON retention_notices USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE retention_log ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON retention_log;
    CREATE POLICY school_isolation ON retention_log USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE retention_done ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON retention_done;
    CREATE POLICY school_isolation ON retention_done USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
