-- Issue 14 §4: aged open incidents escalate. Each school sets after how many days an open incident is escalated to
-- its director(s) (strategic_vision_settings; no row: the default of 14). incident_escalations holds one row per
-- escalated incident: its primary key is what makes the director hear of an incident once, however many server
-- instances sweep at the same time (the instance whose insert wins sends), and recorder_told_at does the same for
-- telling the recorder once the director acted on it.
CREATE TABLE IF NOT EXISTS "strategic_vision_settings" (
	"school_id" text PRIMARY KEY NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"escalate_after_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategic_vision_settings_days_check" CHECK ("escalate_after_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "incident_escalations" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"incident_id" integer NOT NULL,
	"escalated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"director_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"acted_at" timestamp with time zone,
	"acted_by" integer,
	"recorder_told_at" timestamp with time zone,
	CONSTRAINT "incident_escalations_pk" PRIMARY KEY("school_id","incident_id"),
	CONSTRAINT "incident_escalations_incident_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "incidents"("school_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_escalations_waiting_idx" ON "incident_escalations" ("school_id") WHERE "acted_at" is null;
--> statement-breakpoint
-- The second wall (migration 0005) on every new table, where the convive_app role exists.
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    FOREACH t IN ARRAY ARRAY['strategic_vision_settings', 'incident_escalations']
    LOOP
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO convive_app', t);
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
      EXECUTE format('DROP POLICY IF EXISTS school_isolation ON %I', t);
      EXECUTE format('CREATE POLICY school_isolation ON %I USING (school_id = current_setting(''app.school_id'', true))', t);
    END LOOP;
  END IF;
END $$;
