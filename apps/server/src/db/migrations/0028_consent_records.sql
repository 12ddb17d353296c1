-- Issue 25 §4: the family's express consent per category of sensitive data (modules/consent). Written by hand like
-- 0017–0027; the table matches db/schema/consent.ts. Append-only: a grant or a withdrawal is a new row.
CREATE TABLE IF NOT EXISTS "consent_records" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"category" text NOT NULL,
	"granted" boolean NOT NULL,
	"user_id" integer NOT NULL,
	"notice_version" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "consent_records_category_check" CHECK ("category" IN ('health', 'disability', 'external_support')),
	CONSTRAINT "consent_records_language_check" CHECK ("language" IN ('es', 'en'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A student's state per category is the newest row of each: read from this index.
CREATE INDEX IF NOT EXISTS "consent_records_student_idx" ON "consent_records" USING btree ("school_id","student_id","category","id" DESC);
--> statement-breakpoint
-- The second wall (migration 0005): the records name students and their families. Read and insert only: a
-- record is never changed or deleted (0005's default privileges would grant UPDATE and DELETE too).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT ON consent_records TO convive_app;
    REVOKE UPDATE, DELETE ON consent_records FROM convive_app;
    ALTER TABLE consent_records ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON consent_records;
    CREATE POLICY school_isolation ON consent_records USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
