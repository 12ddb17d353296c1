-- Issue 13: ratings, recognition points, the scorecard and the grade configurator (schema/ratings.ts explains each
-- table). Scales are versioned: a rating names the version it was given on. Manual point awards are the only points
-- stored here; the ledger reads observations' and incidents' points from their own rows.
CREATE TABLE IF NOT EXISTS "rating_settings" (
	"school_id" text PRIMARY KEY NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"points_reset" text DEFAULT 'year' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rating_scales" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "rating_scales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_es" text NOT NULL,
	"name_en" text,
	"kind" text NOT NULL,
	"current_version_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_scales_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rating_scale_versions" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "rating_scale_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scale_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "rating_scale_versions_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "rating_scale_versions_number_key" UNIQUE("school_id","scale_id","version"),
	CONSTRAINT "rating_scale_versions_scale_fk" FOREIGN KEY ("school_id","scale_id") REFERENCES "rating_scales"("school_id","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rating_measures" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "rating_measures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text,
	"scale_id" integer NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_measures_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "rating_measures_scale_fk" FOREIGN KEY ("school_id","scale_id") REFERENCES "rating_scales"("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rating_measures_one_conduct" ON "rating_measures" ("school_id") WHERE "kind" = 'conduct' and "is_active";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rating_measure_sections" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"measure_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"scale_id" integer NOT NULL,
	CONSTRAINT "rating_measure_sections_pk" PRIMARY KEY("school_id","measure_id","section_id"),
	CONSTRAINT "rating_measure_sections_measure_fk" FOREIGN KEY ("school_id","measure_id") REFERENCES "rating_measures"("school_id","id"),
	CONSTRAINT "rating_measure_sections_section_fk" FOREIGN KEY ("school_id","section_id") REFERENCES "sections"("school_id","id") ON DELETE cascade,
	CONSTRAINT "rating_measure_sections_scale_fk" FOREIGN KEY ("school_id","scale_id") REFERENCES "rating_scales"("school_id","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rating_period_states" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"period_id" integer NOT NULL,
	"reopened_until" timestamp with time zone,
	"reopened_by" integer,
	"published_at" timestamp with time zone,
	"published_by" integer,
	CONSTRAINT "rating_period_states_pk" PRIMARY KEY("school_id","period_id"),
	CONSTRAINT "rating_period_states_period_fk" FOREIGN KEY ("school_id","period_id") REFERENCES "periods"("school_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ratings" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"measure_id" integer NOT NULL,
	"group_id" integer,
	"scale_version_id" integer NOT NULL,
	"value" text NOT NULL,
	"rated_by" integer NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "ratings_student_period_measure_key" UNIQUE("school_id","student_id","period_id","measure_id"),
	CONSTRAINT "ratings_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "students"("school_id","id"),
	CONSTRAINT "ratings_period_fk" FOREIGN KEY ("school_id","period_id") REFERENCES "periods"("school_id","id"),
	CONSTRAINT "ratings_measure_fk" FOREIGN KEY ("school_id","measure_id") REFERENCES "rating_measures"("school_id","id"),
	CONSTRAINT "ratings_group_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "groups"("school_id","id"),
	CONSTRAINT "ratings_scale_version_fk" FOREIGN KEY ("school_id","scale_version_id") REFERENCES "rating_scale_versions"("school_id","id"),
	CONSTRAINT "ratings_rated_by_fk" FOREIGN KEY ("school_id","rated_by") REFERENCES "memberships"("school_id","user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ratings_group_period_idx" ON "ratings" ("school_id","period_id","group_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rating_comments" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"student_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"text" text NOT NULL,
	"visible_to_family" boolean DEFAULT false NOT NULL,
	"written_by" integer NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_comments_pk" PRIMARY KEY("school_id","student_id","period_id"),
	CONSTRAINT "rating_comments_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "students"("school_id","id"),
	CONSTRAINT "rating_comments_period_fk" FOREIGN KEY ("school_id","period_id") REFERENCES "periods"("school_id","id"),
	CONSTRAINT "rating_comments_written_by_fk" FOREIGN KEY ("school_id","written_by") REFERENCES "memberships"("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "point_awards" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "point_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"awarded_on" date NOT NULL,
	"batch_id" text,
	"group_id" integer,
	"awarded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_awards_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "point_awards_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "students"("school_id","id"),
	CONSTRAINT "point_awards_group_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "groups"("school_id","id"),
	CONSTRAINT "point_awards_awarded_by_fk" FOREIGN KEY ("school_id","awarded_by") REFERENCES "memberships"("school_id","user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_awards_student_idx" ON "point_awards" ("school_id","student_id","awarded_on");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alert_rules" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "alert_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"classification" text,
	"threshold" integer DEFAULT 3 NOT NULL,
	"window_days" integer DEFAULT 30 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alert_crossings" (
	"school_id" text NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "alert_crossings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"crossed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "alert_crossings_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "alert_crossings_rule_fk" FOREIGN KEY ("school_id","rule_id") REFERENCES "alert_rules"("school_id","id") ON DELETE cascade,
	CONSTRAINT "alert_crossings_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "students"("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "alert_crossings_open_key" ON "alert_crossings" ("school_id","rule_id","student_id") WHERE "cleared_at" is null;
--> statement-breakpoint
-- The second wall (migration 0005) on every new table, where the convive_app role exists.
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    FOREACH t IN ARRAY ARRAY['rating_settings', 'rating_scales', 'rating_scale_versions', 'rating_measures',
      'rating_measure_sections', 'rating_period_states', 'ratings', 'rating_comments', 'point_awards', 'alert_rules',
      'alert_crossings']
    LOOP
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO convive_app', t);
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
      EXECUTE format('DROP POLICY IF EXISTS school_isolation ON %I', t);
      EXECUTE format('CREATE POLICY school_isolation ON %I USING (school_id = current_setting(''app.school_id'', true))', t);
    END LOOP;
  END IF;
END $$;
