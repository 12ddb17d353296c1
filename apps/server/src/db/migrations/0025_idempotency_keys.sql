-- Issue 24 §1: idempotency keys of creates (plugins/idempotency.ts). Written by hand like 0017–0024 (the snapshots
-- of drizzle-kit stop at 0005); the table matches db/schema/idempotency.ts.
CREATE TABLE IF NOT EXISTS "idempotency_keys" (
	"school_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_school_id_user_id_key_pk" PRIMARY KEY("school_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The hourly purge of expired keys reads this index, whatever the school.
CREATE INDEX IF NOT EXISTS "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");
--> statement-breakpoint
-- The second wall (migration 0005): the stored answers name students.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO convive_app;
    ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON idempotency_keys;
    CREATE POLICY school_isolation ON idempotency_keys USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
