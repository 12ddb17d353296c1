-- Issue 27 §1, §3: conversations between a student's school team and the student's family (modules/messages).
-- Written by hand like 0017–0031; the tables match db/schema/messages.ts. Nothing is ever deleted: a correction
-- keeps the previous text in message_revisions, and the app role gets no DELETE on any of these tables.
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "message_starters" text DEFAULT 'team' NOT NULL;
--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_message_starters_check" CHECK ("message_starters" IN ('team', 'scope'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "conversations" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_id" integer,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_author_id" integer,
	"last_urgent" boolean DEFAULT false NOT NULL,
	CONSTRAINT "conversations_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "conversations_student_key" UNIQUE("school_id","student_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "messages" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"conversation_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"incident_id" integer,
	"author_id" integer NOT NULL,
	"author_is_family" boolean NOT NULL,
	"body" text NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrected_at" timestamp with time zone,
	CONSTRAINT "messages_school_id_id_pk" PRIMARY KEY("school_id","id"),
	-- Only staff mark a message urgent (the service answers 422 first; this keeps any other writer to the rule).
	CONSTRAINT "messages_family_not_urgent" CHECK (NOT ("urgent" AND "author_is_family"))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "message_revisions" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"message_id" integer NOT NULL,
	"body" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_revisions_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "message_attachments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"message_id" integer,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "message_reads" (
	"school_id" text NOT NULL,
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_school_id_message_id_user_id_pk" PRIMARY KEY("school_id","message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "conversation_reads" (
	"school_id" text NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_school_id_conversation_id_user_id_pk" PRIMARY KEY("school_id","conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A student with a conversation cannot be deleted (the students module answers 409 IN_USE): nothing is lost.
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_school_id_student_id_students_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_school_id_last_author_id_memberships_fk" FOREIGN KEY ("school_id","last_author_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_conversation_id_conversations_fk" FOREIGN KEY ("school_id","conversation_id") REFERENCES "public"."conversations"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_student_id_students_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_incident_id_incidents_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_author_id_memberships_fk" FOREIGN KEY ("school_id","author_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_revisions" ADD CONSTRAINT "message_revisions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_revisions" ADD CONSTRAINT "message_revisions_school_id_message_id_messages_fk" FOREIGN KEY ("school_id","message_id") REFERENCES "public"."messages"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_school_id_message_id_messages_fk" FOREIGN KEY ("school_id","message_id") REFERENCES "public"."messages"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_school_id_uploaded_by_memberships_fk" FOREIGN KEY ("school_id","uploaded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_school_id_message_id_messages_fk" FOREIGN KEY ("school_id","message_id") REFERENCES "public"."messages"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_school_id_user_id_memberships_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_school_id_conversation_id_conversations_fk" FOREIGN KEY ("school_id","conversation_id") REFERENCES "public"."conversations"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_school_id_user_id_memberships_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The inbox: a school's conversations, newest activity first (keyset pages walk it).
CREATE INDEX IF NOT EXISTS "conversations_activity_idx" ON "conversations" USING btree ("school_id","last_message_at" DESC,"id" DESC);
--> statement-breakpoint
-- A thread oldest first, and "messages newer than what I read" of one conversation.
CREATE INDEX IF NOT EXISTS "messages_conversation_idx" ON "messages" USING btree ("school_id","conversation_id","id");
--> statement-breakpoint
-- The messages about an incident (its details link to them).
CREATE INDEX IF NOT EXISTS "messages_incident_idx" ON "messages" USING btree ("school_id","incident_id") WHERE "incident_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "message_revisions_message_idx" ON "message_revisions" USING btree ("school_id","message_id","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "message_attachments_message_idx" ON "message_attachments" USING btree ("school_id","message_id");
--> statement-breakpoint
-- The second wall (migration 0005): every table names students or their families. 0005's default privileges
-- would grant UPDATE and DELETE too: nothing is deleted here, and the append-only tables are never changed either.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE ON conversations, messages, message_attachments, conversation_reads TO convive_app;
    GRANT SELECT, INSERT ON message_revisions, message_reads TO convive_app;
    REVOKE DELETE ON conversations, messages, message_attachments, conversation_reads FROM convive_app;
    REVOKE UPDATE, DELETE ON message_revisions, message_reads FROM convive_app;
    ALTER TABLE conversations ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON conversations;
    CREATE POLICY school_isolation ON conversations USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON messages;
    CREATE POLICY school_isolation ON messages USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE message_revisions ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON message_revisions;
    CREATE POLICY school_isolation ON message_revisions USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE message_attachments ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON message_attachments;
    CREATE POLICY school_isolation ON message_attachments USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE message_reads ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON message_reads;
    CREATE POLICY school_isolation ON message_reads USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE conversation_reads ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON conversation_reads;
    CREATE POLICY school_isolation ON conversation_reads USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
