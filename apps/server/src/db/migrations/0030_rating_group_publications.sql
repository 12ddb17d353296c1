-- Issue 26 §1: grades are published per group (modules/ratings/publications.*). Written by hand like 0017–0029; the
-- table matches db/schema/ratings.ts. A row is one publication of a period for one group: families of the group's
-- students see the period once notify_at has passed (the unpublish window) and it was not unpublished before then.
CREATE TABLE IF NOT EXISTS "rating_group_publications" (
	"school_id" text NOT NULL,
	"period_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"notify_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"unpublished_at" timestamp with time zone,
	"unpublished_by" integer,
	CONSTRAINT "rating_group_publications_pk" PRIMARY KEY("school_id","period_id","group_id"),
	CONSTRAINT "rating_group_publications_period_fk" FOREIGN KEY ("school_id","period_id") REFERENCES "periods"("school_id","id") ON DELETE cascade,
	CONSTRAINT "rating_group_publications_group_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "groups"("school_id","id") ON DELETE cascade
);
--> statement-breakpoint
-- Periods published for the whole school before (rating_period_states.published_at) stay published: for every group
-- of their school year, families already told.
INSERT INTO "rating_group_publications" ("school_id", "period_id", "group_id", "published_at", "published_by", "notify_at", "notified_at")
SELECT st.school_id, st.period_id, g.id, st.published_at, st.published_by, st.published_at, st.published_at
  FROM rating_period_states st
  JOIN periods p ON p.school_id = st.school_id AND p.id = st.period_id
  JOIN groups g ON g.school_id = p.school_id AND g.school_year_id = p.school_year_id
 WHERE st.published_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The second wall (migration 0005).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON rating_group_publications TO convive_app;
    ALTER TABLE rating_group_publications ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON rating_group_publications;
    CREATE POLICY school_isolation ON rating_group_publications USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
