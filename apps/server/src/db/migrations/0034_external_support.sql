-- Issue 28 §1: external support (modules/external-support). Written by hand like 0017–0033; the tables match
-- db/schema/support.ts. Nothing is deleted: a referral closes with its outcome.
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "trainer_types" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_types_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "trainer_types_name_key" ON "trainer_types" USING btree ("school_id", lower("name"));
--> statement-breakpoint
ALTER TABLE "trainer_types" ADD CONSTRAINT "trainer_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "referrals" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"trainer_type_id" integer NOT NULL,
	"specialist" text NOT NULL,
	"institution" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"outcome" text,
	"start_date" date NOT NULL,
	"next_review_date" date,
	"responsible_id" integer,
	"internal_notes" text DEFAULT '' NOT NULL,
	"incident_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_for" date,
	CONSTRAINT "referrals_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "referrals_status_check" CHECK ("status" IN ('requested', 'in_progress', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_trainer_type_fk" FOREIGN KEY ("school_id","trainer_type_id") REFERENCES "public"."trainer_types"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_created_by_fk" FOREIGN KEY ("school_id","created_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_responsible_id_fk" FOREIGN KEY ("school_id","responsible_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referrals_student_idx" ON "referrals" USING btree ("school_id","student_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referrals_review_idx" ON "referrals" USING btree ("next_review_date") WHERE "status" <> 'closed';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "referral_follow_ups" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"referral_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_follow_ups_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "referral_follow_ups" ADD CONSTRAINT "referral_follow_ups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referral_follow_ups" ADD CONSTRAINT "referral_follow_ups_referral_fk" FOREIGN KEY ("school_id","referral_id") REFERENCES "public"."referrals"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referral_follow_ups" ADD CONSTRAINT "referral_follow_ups_author_id_fk" FOREIGN KEY ("school_id","author_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referral_follow_ups_idx" ON "referral_follow_ups" USING btree ("school_id","referral_id");
--> statement-breakpoint
-- The files of external support and inclusion (issue 28), shared by both modules: unattached until a save claims them.
CREATE TABLE IF NOT EXISTS "support_attachments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"uploaded_by" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"stored_name" text NOT NULL,
	"owner_kind" text,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_attachments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "support_attachments_owner_check" CHECK (("owner_kind" IS NULL) = ("owner_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_uploaded_by_fk" FOREIGN KEY ("school_id","uploaded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_attachments_owner_idx" ON "support_attachments" USING btree ("school_id","owner_kind","owner_id");
--> statement-breakpoint
-- The starter trainer types for every school there is (a new school gets them with its starter catalogue).
INSERT INTO "trainer_types" ("school_id", "name", "name_en")
SELECT s."id", v.name, v.name_en FROM "schools" s CROSS JOIN (VALUES ('Psicólogo', 'Psychologist', 0), ('Terapeuta', 'Therapist', 1), ('Neurólogo', 'Neurologist', 2), ('Tutor', 'Tutor', 3), ('Terapeuta de lenguaje', 'Speech therapist', 4), ('Psiquiatra', 'Psychiatrist', 5)) AS v(name, name_en, position)
ORDER BY s."id", v.position;
--> statement-breakpoint
-- External support and inclusion are confidential (issue 28): by default only the Director and the Orientador read
-- them. Profiles made from the Coordinador template held them; the templates no longer give them (a school grants them
-- again in user-profile).
DELETE FROM "profile_permissions" pp USING "profiles" p
WHERE pp."school_id" = p."school_id" AND pp."profile_id" = p."id" AND p."template_key" = 'coordinador'
  AND (pp."permission" LIKE 'external-support.%' OR pp."permission" LIKE 'inclusion.%');
--> statement-breakpoint
-- The second wall (migration 0005): these rows are minors' support records.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON trainer_types, referrals, referral_follow_ups, support_attachments TO convive_app;
    REVOKE DELETE ON trainer_types, referrals, referral_follow_ups, support_attachments FROM convive_app;
    ALTER TABLE trainer_types ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON trainer_types;
    CREATE POLICY school_isolation ON trainer_types USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE referrals ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON referrals;
    CREATE POLICY school_isolation ON referrals USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE referral_follow_ups ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON referral_follow_ups;
    CREATE POLICY school_isolation ON referral_follow_ups USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE support_attachments ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON support_attachments;
    CREATE POLICY school_isolation ON support_attachments USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
