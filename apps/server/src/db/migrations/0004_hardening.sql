CREATE TABLE "invitation_links" (
	"school_id" text NOT NULL,
	"invitation_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"relationship" text NOT NULL,
	"can_pick_up" boolean DEFAULT false NOT NULL,
	"is_emergency_contact" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invitation_links_school_id_invitation_id_student_id_pk" PRIMARY KEY("school_id","invitation_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"paternal_surname" text DEFAULT '' NOT NULL,
	"maternal_surname" text DEFAULT '' NOT NULL,
	"cell_phone" text,
	"profile_id" integer NOT NULL,
	"trainer_type" text,
	"language" text DEFAULT 'es' NOT NULL,
	"family" jsonb,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "login_unlocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_unlocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "account_fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_links" ADD CONSTRAINT "invitation_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_links" ADD CONSTRAINT "invitation_links_school_id_invitation_id_invitations_school_id_id_fk" FOREIGN KEY ("school_id","invitation_id") REFERENCES "public"."invitations"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_links" ADD CONSTRAINT "invitation_links_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_school_id_profile_id_profiles_school_id_id_fk" FOREIGN KEY ("school_id","profile_id") REFERENCES "public"."profiles"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_unlocks" ADD CONSTRAINT "login_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_links_student_idx" ON "invitation_links" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_email_key" ON "invitations" USING btree ("school_id",lower("email")) WHERE "invitations"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_unlocks_token_hash_key" ON "login_unlocks" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_unlocks_user_idx" ON "login_unlocks" USING btree ("user_id");--> statement-breakpoint
-- Runs before the index "import_jobs_one_running_idx" (one import per school at a time) is created: of several
-- jobs of one school still marked 'processing' (left behind by instances that died), only the newest stays;
-- the others are marked failed, as a progress poll already shows them once stale.
UPDATE "import_jobs" AS j SET "status" = 'failed', "error_code" = 'INTERNAL', "finished_at" = now(), "updated_at" = now()
WHERE j."status" = 'processing' AND EXISTS (
  SELECT 1 FROM "import_jobs" AS newer
  WHERE newer."school_id" = j."school_id" AND newer."status" = 'processing'
    AND (newer."created_at", newer."id") > (j."created_at", j."id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running_idx" ON "import_jobs" USING btree ("school_id") WHERE "import_jobs"."status" = 'processing';--> statement-breakpoint
-- Meeting links may only be http(s) from now on; a javascript:/data: link stored before is dropped rather than offered to families.
UPDATE "parent_meetings" SET "meeting_url" = NULL WHERE "meeting_url" IS NOT NULL AND "meeting_url" !~* '^https?://';