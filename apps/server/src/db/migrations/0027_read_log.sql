-- Issue 25 §3: the read log (lib/read-log.ts, plugins/read-log.ts). Written by hand like 0017–0026; the table
-- matches db/schema/read-log.ts. Append-only, one row per read of a student's sensitive record.
CREATE TABLE IF NOT EXISTS "read_log" (
	"school_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"profile_name" text NOT NULL,
	"session_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "read_log_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "read_log" ADD CONSTRAINT "read_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A student's page, newest first.
CREATE INDEX IF NOT EXISTS "read_log_student_idx" ON "read_log" USING btree ("school_id","student_id","read_at" DESC,"id" DESC);
--> statement-breakpoint
-- The Director holds every permission (profile templates): the schools that exist get the new one too.
INSERT INTO "profile_permissions" ("school_id", "profile_id", "permission")
SELECT "school_id", "id", 'read-log' FROM "profiles" WHERE "template_key" = 'director'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The second wall (migration 0005): the log names students and who read them.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT ON read_log TO convive_app;
    ALTER TABLE read_log ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON read_log;
    CREATE POLICY school_isolation ON read_log USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
