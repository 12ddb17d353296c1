-- Issue 31 §2: user reassignment (modules/user-reassignment). Written by hand like 0017–0041; the table matches
-- db/schema/reassignments.ts. The history of who handed whose work to whom, with the ids of every item per kind;
-- the items' own rows (groups, assignments, actions, meetings, steps, referrals, forms) belong to their modules.
CREATE TABLE IF NOT EXISTS "user_reassignments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"items" jsonb NOT NULL,
	CONSTRAINT "user_reassignments_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "user_reassignments_other_user_check" CHECK ("from_user_id" <> "to_user_id")
);
--> statement-breakpoint
ALTER TABLE "user_reassignments" ADD CONSTRAINT "user_reassignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_reassignments" ADD CONSTRAINT "user_reassignments_from_user_fk" FOREIGN KEY ("school_id","from_user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_reassignments" ADD CONSTRAINT "user_reassignments_to_user_fk" FOREIGN KEY ("school_id","to_user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_reassignments" ADD CONSTRAINT "user_reassignments_by_user_fk" FOREIGN KEY ("school_id","by_user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The history screen: the school's reassignments, newest first.
CREATE INDEX IF NOT EXISTS "user_reassignments_page_idx" ON "user_reassignments" USING btree ("school_id","at" DESC,"id" DESC);
--> statement-breakpoint
-- The second wall (migration 0005): the items name students' follow-up records by id. Append-only: no UPDATE, no DELETE.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT ON user_reassignments TO convive_app;
    REVOKE UPDATE, DELETE ON user_reassignments FROM convive_app;
    ALTER TABLE user_reassignments ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON user_reassignments;
    CREATE POLICY school_isolation ON user_reassignments USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
