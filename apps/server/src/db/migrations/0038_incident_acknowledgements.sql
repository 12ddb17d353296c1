-- Issue 30 §1: the family's acknowledgement of an incident or of a parent meeting's minutes, and the reminders to
-- acknowledge (modules/incidents, acknowledgements.*). Written by hand like 0017–0037; the tables match
-- db/schema/acknowledgements.ts. Both are append-only: the app role may only read and insert.
CREATE TABLE IF NOT EXISTS "incident_acknowledgements" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"incident_id" integer NOT NULL,
	"meeting_id" integer,
	"user_id" integer NOT NULL,
	"disagrees" boolean DEFAULT false NOT NULL,
	"comment" text,
	"session_id" uuid NOT NULL,
	"device" text,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_acknowledgements_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_acknowledgements" ADD CONSTRAINT "incident_acknowledgements_school_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_acknowledgements" ADD CONSTRAINT "incident_acknowledgements_incident_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_acknowledgements" ADD CONSTRAINT "incident_acknowledgements_meeting_fk" FOREIGN KEY ("school_id","meeting_id") REFERENCES "public"."parent_meetings"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_acknowledgements" ADD CONSTRAINT "incident_acknowledgements_user_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Once per family member: the incident itself, and each meeting's minutes.
CREATE UNIQUE INDEX IF NOT EXISTS "incident_acknowledgements_once" ON "incident_acknowledgements" USING btree ("school_id","incident_id","user_id") WHERE meeting_id is null;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "incident_acknowledgements_minutes_once" ON "incident_acknowledgements" USING btree ("school_id","meeting_id","user_id") WHERE meeting_id is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_acknowledgements_incident_idx" ON "incident_acknowledgements" USING btree ("school_id","incident_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "incident_acknowledgement_reminders" (
	"school_id" text NOT NULL,
	"incident_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"on_day" date NOT NULL,
	"sent_by" integer NOT NULL,
	"reminded" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_acknowledgement_reminders_pk" PRIMARY KEY("school_id","incident_id","student_id","on_day")
);
--> statement-breakpoint
ALTER TABLE "incident_acknowledgement_reminders" ADD CONSTRAINT "incident_acknowledgement_reminders_school_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_acknowledgement_reminders" ADD CONSTRAINT "incident_acknowledgement_reminders_incident_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_acknowledgement_reminders" ADD CONSTRAINT "incident_acknowledgement_reminders_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_acknowledgement_reminders" ADD CONSTRAINT "incident_acknowledgement_reminders_sender_fk" FOREIGN KEY ("school_id","sent_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The second wall (migration 0005): what a family wrote and who reminded whom. Read and insert only: nothing here
-- is changed or deleted (0005's default privileges would grant UPDATE and DELETE too).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT ON incident_acknowledgements, incident_acknowledgement_reminders TO convive_app;
    REVOKE UPDATE, DELETE ON incident_acknowledgements, incident_acknowledgement_reminders FROM convive_app;
    ALTER TABLE incident_acknowledgements ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON incident_acknowledgements;
    CREATE POLICY school_isolation ON incident_acknowledgements USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE incident_acknowledgement_reminders ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON incident_acknowledgement_reminders;
    CREATE POLICY school_isolation ON incident_acknowledgement_reminders USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
