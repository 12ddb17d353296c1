-- Issue 30 §2: protocols (the bullying protocol). Written by hand like 0017–0037; the tables match
-- db/schema/protocols.ts. A school defines protocols as ordered steps with deadlines; an incident type may follow
-- one; registering such an incident copies its steps into incident_protocol_steps with their deadlines.
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "protocols" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"name_es" text NOT NULL,
	"name_en" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protocols_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "protocol_steps" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"protocol_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text,
	"deadline_kind" text NOT NULL,
	"deadline_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "protocol_steps_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "protocol_steps_deadline_check" CHECK ("deadline_kind" IN ('same_day', 'hours', 'school_days') AND "deadline_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "protocol_steps" ADD CONSTRAINT "protocol_steps_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "protocol_steps" ADD CONSTRAINT "protocol_steps_protocol_fk" FOREIGN KEY ("school_id","protocol_id") REFERENCES "public"."protocols"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "protocol_steps_protocol_idx" ON "protocol_steps" USING btree ("school_id","protocol_id","position");
--> statement-breakpoint
ALTER TABLE "incident_types" ADD COLUMN IF NOT EXISTS "protocol_id" integer;
--> statement-breakpoint
ALTER TABLE "incident_types" ADD CONSTRAINT "incident_types_protocol_fk" FOREIGN KEY ("school_id","protocol_id") REFERENCES "public"."protocols"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "incident_protocols" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"incident_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "incident_protocols_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "incident_protocols_incident_key" UNIQUE("school_id","incident_id"),
	CONSTRAINT "incident_protocols_status_check" CHECK ("status" IN ('open', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "incident_protocols" ADD CONSTRAINT "incident_protocols_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_protocols" ADD CONSTRAINT "incident_protocols_incident_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_protocols" ADD CONSTRAINT "incident_protocols_protocol_fk" FOREIGN KEY ("school_id","protocol_id") REFERENCES "public"."protocols"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_protocols_open_idx" ON "incident_protocols" USING btree ("school_id","incident_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "incident_protocol_steps" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY,
	"incident_protocol_id" integer NOT NULL,
	"incident_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text,
	"deadline_kind" text NOT NULL,
	"deadline_amount" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"responsible_id" integer,
	"note" text,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"overdue_notified_at" timestamp with time zone,
	CONSTRAINT "incident_protocol_steps_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "incident_protocol_steps_status_check" CHECK ("status" IN ('pending', 'done', 'waived')),
	CONSTRAINT "incident_protocol_steps_done_check" CHECK (("status" = 'pending') = ("done_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "incident_protocol_steps" ADD CONSTRAINT "incident_protocol_steps_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_protocol_steps" ADD CONSTRAINT "incident_protocol_steps_protocol_fk" FOREIGN KEY ("school_id","incident_protocol_id") REFERENCES "public"."incident_protocols"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_protocol_steps" ADD CONSTRAINT "incident_protocol_steps_incident_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_protocol_steps" ADD CONSTRAINT "incident_protocol_steps_responsible_fk" FOREIGN KEY ("school_id","responsible_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "incident_protocol_steps" ADD CONSTRAINT "incident_protocol_steps_done_by_fk" FOREIGN KEY ("school_id","done_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_protocol_steps_incident_idx" ON "incident_protocol_steps" USING btree ("school_id","incident_id","position");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_protocol_steps_pending_idx" ON "incident_protocol_steps" USING btree ("due_at") WHERE status = 'pending';
--> statement-breakpoint
-- The starter catalogue's bullying protocol for every school there is (a new school gets it with its catalogue),
-- followed by the starter type "Acoso escolar (hostigamiento reiterado)" where the school still has it.
INSERT INTO "protocols" ("school_id", "name_es", "name_en")
SELECT s."id", 'Protocolo de actuación ante el acoso escolar', 'Protocol for school bullying' FROM "schools" s
WHERE NOT EXISTS (SELECT 1 FROM "protocols" p WHERE p."school_id" = s."id");
--> statement-breakpoint
INSERT INTO "protocol_steps" ("school_id", "protocol_id", "position", "name_es", "name_en", "deadline_kind", "deadline_amount")
SELECT p."school_id", p."id", v.position, v.name_es, v.name_en, v.kind, v.amount FROM "protocols" p
CROSS JOIN (VALUES
  (1, 'Proteger al estudiante afectado', 'Protect the affected student', 'same_day', 0),
  (2, 'Informar por escrito a la dirección', 'Inform the director in writing', 'hours', 24),
  (3, 'Investigar los hechos', 'Investigate what happened', 'school_days', 3),
  (4, 'Reunión con la familia del estudiante afectado', 'Meet the affected student''s family', 'school_days', 3),
  (5, 'Reunión por separado con la familia del otro estudiante', 'Meet the other student''s family separately', 'school_days', 4),
  (6, 'Diagnóstico del grupo', 'Group diagnosis', 'school_days', 5),
  (7, 'Respuesta por escrito a la familia', 'Written answer to the family', 'school_days', 5)
) AS v(position, name_es, name_en, kind, amount)
WHERE p."name_es" = 'Protocolo de actuación ante el acoso escolar'
  AND NOT EXISTS (SELECT 1 FROM "protocol_steps" ps WHERE ps."school_id" = p."school_id" AND ps."protocol_id" = p."id");
--> statement-breakpoint
UPDATE "incident_types" t SET "protocol_id" = p."id" FROM "protocols" p
WHERE p."school_id" = t."school_id" AND p."name_es" = 'Protocolo de actuación ante el acoso escolar'
  AND t."name_es" = 'Acoso escolar (hostigamiento reiterado)' AND t."protocol_id" IS NULL;
--> statement-breakpoint
-- The second wall (migration 0005): an incident's protocol is a minor's record; the definitions are the school's.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON protocols, protocol_steps TO convive_app;
    GRANT SELECT, INSERT, UPDATE ON incident_protocols, incident_protocol_steps TO convive_app;
    REVOKE DELETE ON incident_protocols, incident_protocol_steps FROM convive_app;
    ALTER TABLE protocols ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON protocols;
    CREATE POLICY school_isolation ON protocols USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE protocol_steps ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON protocol_steps;
    CREATE POLICY school_isolation ON protocol_steps USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE incident_protocols ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON incident_protocols;
    CREATE POLICY school_isolation ON incident_protocols USING (school_id = current_setting('app.school_id', true));
    ALTER TABLE incident_protocol_steps ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS school_isolation ON incident_protocol_steps;
    CREATE POLICY school_isolation ON incident_protocol_steps USING (school_id = current_setting('app.school_id', true));
  END IF;
END $$;
