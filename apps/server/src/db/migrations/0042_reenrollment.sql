-- Issue 31 §1: re-enrollment (modules/reenrollment). Written by hand like 0017–0041; the tables match
-- db/schema/reenrollment.ts. A re-enrollment moves the students of the current school year into the groups of the
-- next one; its moves are kept so that undo takes back exactly what the apply wrote, and so that the leavers'
-- status changes when the new year starts.
CREATE TABLE IF NOT EXISTS "reenrollments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"from_year_id" integer NOT NULL,
	"to_year_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"request" jsonb NOT NULL,
	"copy_staff" boolean DEFAULT false NOT NULL,
	"fingerprint" text NOT NULL,
	"counts" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"steps" integer DEFAULT 1 NOT NULL,
	"error_code" text,
	"effects" jsonb,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"finalized_at" timestamp with time zone,
	CONSTRAINT "reenrollments_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "reenrollments_status_check" CHECK ("status" IN ('queued', 'applying', 'applied', 'failed', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "reenrollments" ADD CONSTRAINT "reenrollments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reenrollments" ADD CONSTRAINT "reenrollments_from_year_fk" FOREIGN KEY ("school_id","from_year_id") REFERENCES "public"."school_years"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reenrollments" ADD CONSTRAINT "reenrollments_to_year_fk" FOREIGN KEY ("school_id","to_year_id") REFERENCES "public"."school_years"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One live re-enrollment into a year at a time (a failed or undone one frees it for the next try).
CREATE UNIQUE INDEX IF NOT EXISTS "reenrollments_one_live" ON "reenrollments" USING btree ("school_id","to_year_id") WHERE "status" in ('queued', 'applying', 'applied');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reenrollments_newest_idx" ON "reenrollments" USING btree ("school_id","created_at");
--> statement-breakpoint
-- Each student's destination as the apply wrote it (group_id null for those who leave).
CREATE TABLE IF NOT EXISTS "reenrollment_moves" (
	"school_id" text NOT NULL,
	"reenrollment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"source_group_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"group_id" integer,
	CONSTRAINT "reenrollment_moves_pk" PRIMARY KEY("school_id","reenrollment_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "reenrollment_moves" ADD CONSTRAINT "reenrollment_moves_reenrollment_fk" FOREIGN KEY ("school_id","reenrollment_id") REFERENCES "public"."reenrollments"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reenrollment_moves" ADD CONSTRAINT "reenrollment_moves_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The second wall (migration 0005): these rows name students. Only the module's services (the connecting user) write
-- them; the app role may read.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT ON reenrollments, reenrollment_moves TO convive_app;
    ALTER TABLE reenrollments ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON reenrollments;
    CREATE POLICY school_isolation ON reenrollments USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE reenrollment_moves ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON reenrollment_moves;
    CREATE POLICY school_isolation ON reenrollment_moves USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
