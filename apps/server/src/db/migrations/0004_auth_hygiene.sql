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
ALTER TABLE "login_unlocks" ADD CONSTRAINT "login_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_unlocks_token_hash_key" ON "login_unlocks" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_unlocks_user_idx" ON "login_unlocks" USING btree ("user_id");