-- Issue 29 §3, §4: nursing (modules/nursing). Written by hand like 0017–0035; the tables match db/schema/nursing.ts.
-- Nothing is deleted: a configured field or list entry is switched off, an authorisation withdrawn (active = false),
-- a proposal decided. Minors' health data: row-level security like every tenant table.
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "nursing_fields" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"label" text NOT NULL,
	"label_en" text NOT NULL,
	"kind" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nursing_fields_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "nursing_fields_kind_check" CHECK ("kind" IN ('text', 'yes_no', 'date', 'choice'))
);
--> statement-breakpoint
ALTER TABLE "nursing_fields" ADD CONSTRAINT "nursing_fields_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "nursing_options" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nursing_options_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "nursing_options_kind_check" CHECK ("kind" IN ('reason', 'outcome'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "nursing_options_name_key" ON "nursing_options" USING btree ("school_id", "kind", lower("name"));
--> statement-breakpoint
ALTER TABLE "nursing_options" ADD CONSTRAINT "nursing_options_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "medical_records" (
	"school_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"blood_type" text,
	"allergies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"medication" text DEFAULT '' NOT NULL,
	"insurance_provider" text DEFAULT '' NOT NULL,
	"insurance_policy" text DEFAULT '' NOT NULL,
	"emergency_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_critical" boolean DEFAULT false NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_records_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_updated_by_fk" FOREIGN KEY ("school_id","updated_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The teachers' alert over a whole list (registration, ratings grid) probes only the students with a critical item.
CREATE INDEX IF NOT EXISTS "medical_records_critical_idx" ON "medical_records" USING btree ("school_id","student_id") WHERE "has_critical";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "medical_record_proposals" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_record_proposals_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "medical_record_proposals_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "medical_record_proposals" ADD CONSTRAINT "medical_record_proposals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_record_proposals" ADD CONSTRAINT "medical_record_proposals_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_record_proposals" ADD CONSTRAINT "medical_record_proposals_proposed_by_fk" FOREIGN KEY ("school_id","proposed_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "medical_record_proposals_student_idx" ON "medical_record_proposals" USING btree ("school_id","student_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "medical_record_proposals_pending_idx" ON "medical_record_proposals" USING btree ("school_id","created_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "infirmary_visits" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"reason_id" integer NOT NULL,
	"reason_note" text DEFAULT '' NOT NULL,
	"vitals" jsonb,
	"treatment" text DEFAULT '' NOT NULL,
	"outcome_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" integer NOT NULL,
	"family_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "infirmary_visits_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "infirmary_visits_times_check" CHECK ("left_at" IS NULL OR "left_at" >= "arrived_at")
);
--> statement-breakpoint
ALTER TABLE "infirmary_visits" ADD CONSTRAINT "infirmary_visits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "infirmary_visits" ADD CONSTRAINT "infirmary_visits_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "infirmary_visits" ADD CONSTRAINT "infirmary_visits_reason_fk" FOREIGN KEY ("school_id","reason_id") REFERENCES "public"."nursing_options"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "infirmary_visits" ADD CONSTRAINT "infirmary_visits_outcome_fk" FOREIGN KEY ("school_id","outcome_id") REFERENCES "public"."nursing_options"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "infirmary_visits" ADD CONSTRAINT "infirmary_visits_recorded_by_fk" FOREIGN KEY ("school_id","recorded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "infirmary_visits_student_idx" ON "infirmary_visits" USING btree ("school_id","student_id","arrived_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "infirmary_visits_day_idx" ON "infirmary_visits" USING btree ("school_id","arrived_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "medication_authorizations" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"medicine" text NOT NULL,
	"dose" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"source" text NOT NULL,
	"given_by" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_authorizations_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "medication_authorizations_source_check" CHECK ("source" IN ('family', 'nurse')),
	CONSTRAINT "medication_authorizations_dates_check" CHECK ("valid_until" IS NULL OR "valid_until" >= "valid_from")
);
--> statement-breakpoint
ALTER TABLE "medication_authorizations" ADD CONSTRAINT "medication_authorizations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medication_authorizations" ADD CONSTRAINT "medication_authorizations_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medication_authorizations" ADD CONSTRAINT "medication_authorizations_given_by_fk" FOREIGN KEY ("school_id","given_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "medication_authorizations_student_idx" ON "medication_authorizations" USING btree ("school_id","student_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "medication_administrations" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"authorization_id" integer NOT NULL,
	"dose" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"given_by" integer NOT NULL,
	"visit_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_administrations_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_authorization_fk" FOREIGN KEY ("school_id","authorization_id") REFERENCES "public"."medication_authorizations"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_visit_fk" FOREIGN KEY ("school_id","visit_id") REFERENCES "public"."infirmary_visits"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_given_by_fk" FOREIGN KEY ("school_id","given_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "medication_administrations_student_idx" ON "medication_administrations" USING btree ("school_id","student_id");
--> statement-breakpoint
-- The starter visit reasons and outcomes for every school there is (a new school gets them on creation).
INSERT INTO "nursing_options" ("school_id", "kind", "name", "name_en")
SELECT s."id", v.kind, v.name, v.name_en FROM "schools" s CROSS JOIN (VALUES
	('reason', 'Dolor de cabeza', 'Headache', 0), ('reason', 'Dolor de estómago', 'Stomach ache', 1),
	('reason', 'Fiebre', 'Fever', 2), ('reason', 'Golpe o herida', 'Bump or injury', 3),
	('reason', 'Malestar general', 'Feeling unwell', 4), ('reason', 'Medicamento programado', 'Scheduled medication', 5),
	('outcome', 'Regresó a clase', 'Back to class', 6), ('outcome', 'Enviado a casa', 'Sent home', 7),
	('outcome', 'Canalizado', 'Referred', 8)) AS v(kind, name, name_en, position)
ORDER BY s."id", v.position;
--> statement-breakpoint
-- The new module key for the profiles that exist: the Director holds every module, the nurse works in it.
INSERT INTO "profile_permissions" ("school_id", "profile_id", "permission")
SELECT p."school_id", p."id", 'module-nursing' FROM "profiles" p
WHERE p."template_key" IN ('director', 'enfermeria')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The second wall (migration 0005): minors' health records.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON nursing_fields, nursing_options, medical_records, medical_record_proposals, infirmary_visits, medication_authorizations, medication_administrations TO convive_app;
    REVOKE DELETE ON nursing_fields, nursing_options, medical_records, medical_record_proposals, infirmary_visits, medication_authorizations, medication_administrations FROM convive_app;
    ALTER TABLE nursing_fields ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON nursing_fields;
    CREATE POLICY school_isolation ON nursing_fields USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE nursing_options ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON nursing_options;
    CREATE POLICY school_isolation ON nursing_options USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE medical_records ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON medical_records;
    CREATE POLICY school_isolation ON medical_records USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE medical_record_proposals ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON medical_record_proposals;
    CREATE POLICY school_isolation ON medical_record_proposals USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE infirmary_visits ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON infirmary_visits;
    CREATE POLICY school_isolation ON infirmary_visits USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE medication_authorizations ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON medication_authorizations;
    CREATE POLICY school_isolation ON medication_authorizations USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE medication_administrations ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON medication_administrations;
    CREATE POLICY school_isolation ON medication_administrations USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
