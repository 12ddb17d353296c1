-- Issue 30 §3: a family's request to correct their own or their child's data (LFPDPPP rectification), answered by
-- the school (the read-log holder: the Director by default) within 20 days. Kept after its answer: nothing is deleted.
CREATE TABLE IF NOT EXISTS "rectification_requests" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"subject" text NOT NULL,
	"current_text" text NOT NULL,
	"requested_text" text NOT NULL,
	"requested_by" integer NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rectification_requests_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "rectification_requests_subject_check" CHECK ("subject" IN ('own', 'child')),
	CONSTRAINT "rectification_requests_status_check" CHECK ("status" IN ('open', 'corrected', 'declined')),
	CONSTRAINT "rectification_requests_answer_check" CHECK (("status" = 'open') = ("answer" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_requested_by_fk" FOREIGN KEY ("school_id","requested_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_answered_by_fk" FOREIGN KEY ("school_id","answered_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A student's requests, newest first (the file's tab), and the school's open ones by due day (the Director's list).
CREATE INDEX IF NOT EXISTS "rectification_requests_student_idx" ON "rectification_requests" USING btree ("school_id","student_id","created_at" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rectification_requests_open_idx" ON "rectification_requests" USING btree ("school_id","due_on") WHERE "status" = 'open';
--> statement-breakpoint
-- The second wall (migration 0005): the requests name students and what their families said. No DELETE.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON rectification_requests TO convive_app;
    REVOKE DELETE ON rectification_requests FROM convive_app;
    ALTER TABLE rectification_requests ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON rectification_requests;
    CREATE POLICY school_isolation ON rectification_requests USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
