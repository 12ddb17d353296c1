-- Issue 32 §1: OpenID Connect sign-in per school (modules/sign-in-providers). Written by hand like 0040/0041; the
-- tables match db/schema/sign-in-providers.ts.
-- A school's provider: its issuer, client, the client secret sealed with SECRETS_KEY (AES-256-GCM, never stored
-- in clear), which accounts it admits, and whether the school keeps the password sign-in.
CREATE TABLE IF NOT EXISTS "sign_in_providers" (
	"school_id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"allowed_domains" text[] DEFAULT '{}' NOT NULL,
	"tenant_id" text,
	"password_sign_in" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"director_may_edit" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_providers" ADD CONSTRAINT "sign_in_providers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A provider sign-in in flight, bound to the browser that started it by a cookie (only its hash is kept): the
-- state, nonce and PKCE verifier of the authorization request; after the callback, the member it proved, until
-- the page collects the session. Single use, 10 minutes.
CREATE TABLE IF NOT EXISTS "provider_sign_ins" (
	"school_id" text NOT NULL,
	"flow_hash" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_sign_ins_pk" PRIMARY KEY("school_id","flow_hash")
);
--> statement-breakpoint
ALTER TABLE "provider_sign_ins" ADD CONSTRAINT "provider_sign_ins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "provider_sign_ins" ADD CONSTRAINT "provider_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "provider_sign_ins_expiry_idx" ON "provider_sign_ins" USING btree ("expires_at");
--> statement-breakpoint
-- A session a school's provider opened reaches that school only (never matched across schools). Not `school_id`:
-- a session is the platform's (a person's), not a school's row.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "provider_school_id" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_provider_school_id_schools_id_fk" FOREIGN KEY ("provider_school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The second wall (migration 0005), as for the other school-owned tables: the app role reads and writes its own
-- school's configuration and sign-ins; the sign-in routes run before any school context, as the connecting user.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON sign_in_providers, provider_sign_ins TO convive_app;
    ALTER TABLE sign_in_providers ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON sign_in_providers;
    CREATE POLICY school_isolation ON sign_in_providers USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE provider_sign_ins ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON provider_sign_ins;
    CREATE POLICY school_isolation ON provider_sign_ins USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
