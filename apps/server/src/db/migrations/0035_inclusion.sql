-- Issue 28 §2: inclusion and special monitoring (modules/inclusion). Written by hand like 0017–0034; the tables match
-- db/schema/inclusion.ts. Nothing is deleted: a condition ends (active = false), a barrier or an adjustment taken off
-- its list is switched off (active = false), a conditioned enrollment gets its outcome.
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "condition_types" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_types_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "condition_types_name_key" ON "condition_types" USING btree ("school_id", lower("name"));
--> statement-breakpoint
ALTER TABLE "condition_types" ADD CONSTRAINT "condition_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "student_conditions" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"condition_type_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"usaer_support" boolean DEFAULT false NOT NULL,
	"usaer_notes" text DEFAULT '' NOT NULL,
	"review_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"internal_notes" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_conditions_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "student_conditions" ADD CONSTRAINT "student_conditions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "student_conditions" ADD CONSTRAINT "student_conditions_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "student_conditions" ADD CONSTRAINT "student_conditions_type_fk" FOREIGN KEY ("school_id","condition_type_id") REFERENCES "public"."condition_types"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "student_conditions" ADD CONSTRAINT "student_conditions_created_by_fk" FOREIGN KEY ("school_id","created_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "student_conditions_student_idx" ON "student_conditions" USING btree ("school_id","student_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "condition_barriers" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"condition_id" integer NOT NULL,
	"context" text NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_barriers_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "condition_barriers_context_check" CHECK ("context" IN ('school', 'classroom', 'family'))
);
--> statement-breakpoint
ALTER TABLE "condition_barriers" ADD CONSTRAINT "condition_barriers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "condition_barriers" ADD CONSTRAINT "condition_barriers_condition_fk" FOREIGN KEY ("school_id","condition_id") REFERENCES "public"."student_conditions"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "condition_barriers_condition_idx" ON "condition_barriers" USING btree ("school_id","condition_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "condition_adjustments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"condition_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"applied_by" text NOT NULL,
	"since" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_adjustments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "condition_adjustments_kind_check" CHECK ("kind" IN ('curricular', 'methodological', 'assessment', 'access'))
);
--> statement-breakpoint
ALTER TABLE "condition_adjustments" ADD CONSTRAINT "condition_adjustments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "condition_adjustments" ADD CONSTRAINT "condition_adjustments_condition_fk" FOREIGN KEY ("school_id","condition_id") REFERENCES "public"."student_conditions"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "condition_adjustments_condition_idx" ON "condition_adjustments" USING btree ("school_id","condition_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "conditioned_enrollments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"commitments" jsonb NOT NULL,
	"review_date" date,
	"outcome" text,
	"closed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conditioned_enrollments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "conditioned_enrollments_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('lifted', 'continued', 'not_reenrolled')),
	CONSTRAINT "conditioned_enrollments_reasons_check" CHECK (jsonb_typeof("reasons") = 'array' AND jsonb_array_length("reasons") > 0 AND "reasons" <@ '["academic", "disciplinary", "economic"]'::jsonb)
);
--> statement-breakpoint
ALTER TABLE "conditioned_enrollments" ADD CONSTRAINT "conditioned_enrollments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conditioned_enrollments" ADD CONSTRAINT "conditioned_enrollments_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conditioned_enrollments" ADD CONSTRAINT "conditioned_enrollments_created_by_fk" FOREIGN KEY ("school_id","created_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conditioned_enrollments_student_idx" ON "conditioned_enrollments" USING btree ("school_id","student_id");
--> statement-breakpoint
-- One open conditioned enrollment per student (CONDITIONED_ENROLLMENT_OPEN), also under concurrent creates.
CREATE UNIQUE INDEX IF NOT EXISTS "conditioned_enrollments_open_key" ON "conditioned_enrollments" USING btree ("school_id","student_id") WHERE "outcome" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "letter_acknowledgements" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"enrollment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_acknowledgements_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "letter_acknowledgements_role_check" CHECK ("role" IN ('family', 'student'))
);
--> statement-breakpoint
ALTER TABLE "letter_acknowledgements" ADD CONSTRAINT "letter_acknowledgements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "letter_acknowledgements" ADD CONSTRAINT "letter_acknowledgements_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id") REFERENCES "public"."conditioned_enrollments"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "letter_acknowledgements" ADD CONSTRAINT "letter_acknowledgements_user_id_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A family member acknowledges a letter once (LETTER_ALREADY_ACKNOWLEDGED), also under a double tap.
CREATE UNIQUE INDEX IF NOT EXISTS "letter_acknowledgements_family_key" ON "letter_acknowledgements" USING btree ("school_id","enrollment_id","user_id") WHERE "role" = 'family';
--> statement-breakpoint
-- The condition types of spec §3 for every school there is (a new school gets them with its starter catalogue).
INSERT INTO "condition_types" ("school_id", "name", "name_en")
SELECT s."id", v.name, v.name_en FROM "schools" s CROSS JOIN (VALUES ('Física', 'Physical', 0), ('Visual', 'Visual', 1), ('Intelectual', 'Intellectual', 2)) AS v(name, name_en, position)
ORDER BY s."id", v.position;
--> statement-breakpoint
-- The second wall (migration 0005): health, disability and conditioning records of minors.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON condition_types, student_conditions, condition_barriers, condition_adjustments, conditioned_enrollments, letter_acknowledgements TO convive_app;
    REVOKE DELETE ON condition_types, student_conditions, condition_barriers, condition_adjustments, conditioned_enrollments, letter_acknowledgements FROM convive_app;
    ALTER TABLE condition_types ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON condition_types;
    CREATE POLICY school_isolation ON condition_types USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE student_conditions ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON student_conditions;
    CREATE POLICY school_isolation ON student_conditions USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE condition_barriers ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON condition_barriers;
    CREATE POLICY school_isolation ON condition_barriers USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE condition_adjustments ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON condition_adjustments;
    CREATE POLICY school_isolation ON condition_adjustments USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE conditioned_enrollments ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON conditioned_enrollments;
    CREATE POLICY school_isolation ON conditioned_enrollments USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE letter_acknowledgements ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON letter_acknowledgements;
    CREATE POLICY school_isolation ON letter_acknowledgements USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
