-- Issue 31 §3: scheduled reports (modules/scheduled-reports) and the outbox's attachments (modules/outbox).
-- Written by hand like 0017–0041; the tables match db/schema/scheduled-reports.ts and db/schema/outbox.ts.
-- An e-mail's files: kept once, named by the outbox rows that carry them (a report to twenty people is one file
-- per language). Not sharded by school, like the outbox itself (school_id null: platform mail).
CREATE TABLE IF NOT EXISTS "email_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text REFERENCES "public"."schools"("id") ON DELETE cascade,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"inline_cid" text,
	"content" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "scheduled_reports" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"filters" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"day_of_month" smallint,
	"time" text NOT NULL,
	"format" text NOT NULL,
	"recipient_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"recipient_profile_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"recipient_emails" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_reports_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "scheduled_reports_frequency_check" CHECK ("frequency" IN ('daily', 'weekly', 'monthly')),
	CONSTRAINT "scheduled_reports_format_check" CHECK ("format" IN ('pdf', 'xlsx')),
	CONSTRAINT "scheduled_reports_weekday_check" CHECK ("weekday" BETWEEN 0 AND 6),
	CONSTRAINT "scheduled_reports_day_check" CHECK ("day_of_month" BETWEEN 1 AND 28)
);
--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One production of a report: an occurrence of its schedule, or a send now ("manual:<uuid>"). The unique key is
-- what makes an occurrence one run and one set of e-mails however many instances or retries run its job.
CREATE TABLE IF NOT EXISTS "report_runs" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"report_id" integer NOT NULL,
	"occurrence" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"period_from" timestamp with time zone,
	"period_to" timestamp with time zone,
	"rows" integer,
	"student_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"requested_by" integer,
	"only_me" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_runs_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "report_runs_trigger_check" CHECK ("trigger" IN ('schedule', 'manual')),
	CONSTRAINT "report_runs_status_check" CHECK ("status" IN ('queued', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_fk" FOREIGN KEY ("school_id","report_id") REFERENCES "public"."scheduled_reports"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "report_runs_occurrence_key" ON "report_runs" USING btree ("school_id","report_id","occurrence");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_runs_history_idx" ON "report_runs" USING btree ("school_id","report_id","created_at" DESC,"id" DESC);
--> statement-breakpoint
-- One e-mail of a run; its state is its outbox row's (pending, sent, failed: the unsent list).
CREATE TABLE IF NOT EXISTS "report_deliveries" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"run_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"user_id" integer,
	"language" text NOT NULL,
	"outbox_id" uuid NOT NULL,
	CONSTRAINT "report_deliveries_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_run_fk" FOREIGN KEY ("school_id","run_id") REFERENCES "public"."report_runs"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_deliveries_run_idx" ON "report_deliveries" USING btree ("school_id","run_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_deliveries_outbox_idx" ON "report_deliveries" USING btree ("outbox_id");
--> statement-breakpoint
-- The second wall (migration 0005): a run names students. The app role reads the reports and their history and
-- edits the reports; only the job (the connecting user) writes runs and deliveries.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON scheduled_reports TO convive_app;
    GRANT SELECT ON report_runs, report_deliveries TO convive_app;
    ALTER TABLE scheduled_reports ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON scheduled_reports;
    CREATE POLICY school_isolation ON scheduled_reports USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE report_runs ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON report_runs;
    CREATE POLICY school_isolation ON report_runs USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE report_deliveries ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON report_deliveries;
    CREATE POLICY school_isolation ON report_deliveries USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
