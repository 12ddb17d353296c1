-- Issue 25 §2: the e-mail outbox (modules/outbox). Written by hand like 0017–0028; matches db/schema/outbox.ts.
-- A row is written in the transaction of what caused the e-mail; the job runner sends it. school_id is null for
-- platform mail (root's invitations, resets without a school), which root sees instead of a Director.
CREATE TABLE IF NOT EXISTS "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text REFERENCES "public"."schools"("id") ON DELETE cascade,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"send_after" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
-- The unsent list of a school (or of the platform), newest first.
CREATE INDEX IF NOT EXISTS "email_outbox_failed_idx" ON "email_outbox" USING btree ("school_id","failed_at" DESC) WHERE "status" = 'failed';
--> statement-breakpoint
-- What the release sweep reads: messages held for quiet hours, or whose job was never made.
CREATE INDEX IF NOT EXISTS "email_outbox_pending_idx" ON "email_outbox" USING btree ("send_after") WHERE "status" = 'pending';
--> statement-breakpoint
-- A school's quiet hours (its own time zone, "HH:MM"): non-urgent e-mail to families waits until they end.
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "quiet_hours_start" text;
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "quiet_hours_end" text;
