-- Issue 25 §1: the job runner's schedules (lib/jobs.ts). One row per queue and key: a key per school gives each
-- school its own cron in its own time zone. pg-boss keeps its own tables in the "pgboss" schema, created by pg-boss
-- itself when the runner starts; this table is ours because pg-boss 10 allows one schedule per queue.
CREATE TABLE IF NOT EXISTS "job_schedules" (
	"queue" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"cron" text NOT NULL,
	"tz" text DEFAULT 'UTC' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_schedules_pk" PRIMARY KEY("queue","key")
);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON job_schedules TO convive_app;
  END IF;
END $$;
