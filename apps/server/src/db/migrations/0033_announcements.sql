-- Issue 27 §2: announcements to families (modules/announcements). Written by hand like 0017–0032; the tables match
-- db/schema/announcements.ts. Recipients are written when an announcement is sent; nothing is deleted.
CREATE TABLE IF NOT EXISTS "announcements" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"author_id" integer NOT NULL,
	"audience_kind" text NOT NULL,
	"audience_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"needs_confirmation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "announcements_audience_check" CHECK (("audience_kind" = 'school' AND "audience_id" IS NULL)
		OR ("audience_kind" IN ('group', 'grade', 'section') AND "audience_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_fk" FOREIGN KEY ("school_id","author_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_school_idx" ON "announcements" USING btree ("school_id","id" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "announcement_recipients" (
	"school_id" text NOT NULL,
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_pk" PRIMARY KEY("school_id","announcement_id","user_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_school_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_fk" FOREIGN KEY ("school_id","announcement_id") REFERENCES "public"."announcements"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_group_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."groups"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("school_id","user_id","announcement_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "announcement_attachments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"announcement_id" integer,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_attachments_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_school_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_announcement_fk" FOREIGN KEY ("school_id","announcement_id") REFERENCES "public"."announcements"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_uploader_fk" FOREIGN KEY ("school_id","uploaded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcement_attachments_idx" ON "announcement_attachments" USING btree ("school_id","announcement_id");
--> statement-breakpoint
-- The new area of the catalogue for the profiles that exist: the Director holds every permission; the profiles
-- made from the Coordinador, Orientador and Docente templates send and follow announcements (profile-templates.ts).
INSERT INTO "profile_permissions" ("school_id", "profile_id", "permission")
SELECT p."school_id", p."id", a.permission FROM "profiles" p
CROSS JOIN (VALUES ('announcements.create'), ('announcements.read'), ('announcements.update'),
	('announcements.delete'), ('announcements.search')) AS a(permission)
WHERE p."template_key" = 'director'
UNION ALL
SELECT p."school_id", p."id", a.permission FROM "profiles" p
CROSS JOIN (VALUES ('announcements.create'), ('announcements.read')) AS a(permission)
WHERE p."template_key" IN ('coordinador', 'orientador', 'docente')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The second wall (migration 0005): recipients name families; texts may name students.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON announcements, announcement_recipients, announcement_attachments TO convive_app;
    REVOKE DELETE ON announcements, announcement_recipients, announcement_attachments FROM convive_app;
    ALTER TABLE announcements ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON announcements;
    CREATE POLICY school_isolation ON announcements USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE announcement_recipients ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON announcement_recipients;
    CREATE POLICY school_isolation ON announcement_recipients USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE announcement_attachments ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON announcement_attachments;
    CREATE POLICY school_isolation ON announcement_attachments USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
