-- Issue 29 §1, §2: forms to parents (modules/forms). Written by hand like 0017–0035; the tables match
-- db/schema/forms.ts. Nothing is deleted: a template is switched off (active = false), a sent form is closed.
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "form_templates" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_templates_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_created_by_fk" FOREIGN KEY ("school_id","created_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A version as sent: written by the first send of that version, never changed (a sent form keeps its questions).
CREATE TABLE IF NOT EXISTS "form_versions" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_versions_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_template_fk" FOREIGN KEY ("school_id","template_id") REFERENCES "public"."form_templates"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "form_versions_template_version_key" ON "form_versions" USING btree ("school_id","template_id","version");
--> statement-breakpoint
-- A sent form: one version, its audience, the due date; closed by staff or read-only once the due date is past.
-- reminded_stage: 0 none, 1 the reminder two days before sent, 2 the due-day reminder sent (set by the statement that
-- picks the form, so each reminder goes once).
CREATE TABLE IF NOT EXISTS "forms" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"template_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"audience" jsonb NOT NULL,
	"due_date" date NOT NULL,
	"sent_by" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"mailed_at" timestamp with time zone,
	"reminded_stage" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "forms_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_template_fk" FOREIGN KEY ("school_id","template_id") REFERENCES "public"."form_templates"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_version_fk" FOREIGN KEY ("school_id","version_id") REFERENCES "public"."form_versions"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_sent_by_fk" FOREIGN KEY ("school_id","sent_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "forms_open_idx" ON "forms" USING btree ("school_id","due_date") WHERE "closed_at" IS NULL;
--> statement-breakpoint
-- One answer per student per form (the unique key), by either family member; a draft until submitted.
CREATE TABLE IF NOT EXISTS "form_responses" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"form_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"group_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answered_by" integer,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	CONSTRAINT "form_responses_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "form_responses_status_check" CHECK ("status" IN ('pending', 'draft', 'submitted'))
);
--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_form_fk" FOREIGN KEY ("school_id","form_id") REFERENCES "public"."forms"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_answered_by_fk" FOREIGN KEY ("school_id","answered_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "form_responses_student_key" ON "form_responses" USING btree ("school_id","form_id","student_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "form_responses_student_idx" ON "form_responses" USING btree ("school_id","student_id");
--> statement-breakpoint
-- A file question's upload: the uploader's until an answer claims it (response_id), then read with that answer.
CREATE TABLE IF NOT EXISTS "form_files" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"uploaded_by" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"stored_name" text NOT NULL,
	"response_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_files_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_uploaded_by_fk" FOREIGN KEY ("school_id","uploaded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_response_fk" FOREIGN KEY ("school_id","response_id") REFERENCES "public"."form_responses"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "form_files_response_idx" ON "form_files" USING btree ("school_id","response_id");
--> statement-breakpoint
-- The second wall (migration 0005): families' answers about minors.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON form_templates, form_versions, forms, form_responses, form_files TO convive_app;
    REVOKE DELETE ON form_templates, form_versions, forms, form_responses, form_files FROM convive_app;
    ALTER TABLE form_templates ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON form_templates;
    CREATE POLICY school_isolation ON form_templates USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE form_versions ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON form_versions;
    CREATE POLICY school_isolation ON form_versions USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE forms ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON forms;
    CREATE POLICY school_isolation ON forms USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE form_responses ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON form_responses;
    CREATE POLICY school_isolation ON form_responses USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE form_files ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON form_files;
    CREATE POLICY school_isolation ON form_files USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
