CREATE TABLE "accompaniment_observations" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "accompaniment_observations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"observation_type_id" integer NOT NULL,
	"text" text NOT NULL,
	"observed_on" date NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"visible_to_family" boolean DEFAULT true NOT NULL,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accompaniment_observations_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "formative_action_completions" (
	"school_id" text NOT NULL,
	"action_id" integer NOT NULL,
	"occurrence_on" date NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by" integer NOT NULL,
	"note" text,
	CONSTRAINT "formative_action_completions_school_id_action_id_occurrence_on_pk" PRIMARY KEY("school_id","action_id","occurrence_on")
);
--> statement-breakpoint
CREATE TABLE "formative_actions" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "formative_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"incident_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"guideline" text NOT NULL,
	"responsible_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"repeat" text DEFAULT 'none' NOT NULL,
	"notes" text,
	"next_due_on" date,
	"waived_at" timestamp with time zone,
	"waived_by" integer,
	"waive_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "formative_actions_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "incident_attachments" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "incident_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"incident_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_attachments_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "incident_categories" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "incident_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_es" text NOT NULL,
	"name_en" text,
	"order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_categories_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "incident_counters" (
	"school_id" text PRIMARY KEY NOT NULL,
	"last_folio" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_students" (
	"school_id" text NOT NULL,
	"incident_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"role" text NOT NULL,
	"group_id" integer,
	CONSTRAINT "incident_students_school_id_incident_id_student_id_pk" PRIMARY KEY("school_id","incident_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "incident_timeline" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "incident_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"incident_id" integer NOT NULL,
	"event" text NOT NULL,
	"user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_timeline_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "incident_types" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "incident_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text,
	"classification" text NOT NULL,
	"default_points" integer DEFAULT 0 NOT NULL,
	"notify_family" boolean DEFAULT true NOT NULL,
	"guidelines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_types_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" integer NOT NULL,
	"school_year_id" integer NOT NULL,
	"period_id" integer,
	"category_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"classification" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"place" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"group_id" integer,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"student_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"subject_id" integer,
	"visible_to_family" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"closing_note" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	CONSTRAINT "incidents_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "incidents_folio_key" UNIQUE("school_id","folio")
);
--> statement-breakpoint
CREATE TABLE "observation_types" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "observation_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_es" text NOT NULL,
	"name_en" text,
	"kind" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observation_types_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "parent_meeting_attendees" (
	"school_id" text NOT NULL,
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "parent_meeting_attendees_school_id_meeting_id_user_id_pk" PRIMARY KEY("school_id","meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "parent_meetings" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "parent_meetings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"incident_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"mode" text DEFAULT 'in-person' NOT NULL,
	"place" text,
	"meeting_url" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"agreements" text,
	"minutes" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_meetings_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "accompaniment_observations" ADD CONSTRAINT "accompaniment_observations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accompaniment_observations" ADD CONSTRAINT "accompaniment_observations_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accompaniment_observations" ADD CONSTRAINT "accompaniment_observations_school_id_observation_type_id_observation_types_school_id_id_fk" FOREIGN KEY ("school_id","observation_type_id") REFERENCES "public"."observation_types"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accompaniment_observations" ADD CONSTRAINT "accompaniment_observations_school_id_recorded_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","recorded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_action_completions" ADD CONSTRAINT "formative_action_completions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_action_completions" ADD CONSTRAINT "formative_action_completions_school_id_action_id_formative_actions_school_id_id_fk" FOREIGN KEY ("school_id","action_id") REFERENCES "public"."formative_actions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_action_completions" ADD CONSTRAINT "formative_action_completions_school_id_completed_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","completed_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_actions" ADD CONSTRAINT "formative_actions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_actions" ADD CONSTRAINT "formative_actions_school_id_incident_id_student_id_incident_students_school_id_incident_id_student_id_fk" FOREIGN KEY ("school_id","incident_id","student_id") REFERENCES "public"."incident_students"("school_id","incident_id","student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_actions" ADD CONSTRAINT "formative_actions_school_id_responsible_id_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","responsible_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_actions" ADD CONSTRAINT "formative_actions_school_id_waived_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","waived_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formative_actions" ADD CONSTRAINT "formative_actions_school_id_created_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","created_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_attachments" ADD CONSTRAINT "incident_attachments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_attachments" ADD CONSTRAINT "incident_attachments_school_id_incident_id_incidents_school_id_id_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_attachments" ADD CONSTRAINT "incident_attachments_school_id_uploaded_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","uploaded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_categories" ADD CONSTRAINT "incident_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_counters" ADD CONSTRAINT "incident_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_students" ADD CONSTRAINT "incident_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_students" ADD CONSTRAINT "incident_students_school_id_incident_id_incidents_school_id_id_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_students" ADD CONSTRAINT "incident_students_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_students" ADD CONSTRAINT "incident_students_school_id_group_id_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."groups"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_timeline" ADD CONSTRAINT "incident_timeline_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_timeline" ADD CONSTRAINT "incident_timeline_school_id_incident_id_incidents_school_id_id_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_timeline" ADD CONSTRAINT "incident_timeline_school_id_user_id_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_types" ADD CONSTRAINT "incident_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_types" ADD CONSTRAINT "incident_types_school_id_category_id_incident_categories_school_id_id_fk" FOREIGN KEY ("school_id","category_id") REFERENCES "public"."incident_categories"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_school_year_id_school_years_school_id_id_fk" FOREIGN KEY ("school_id","school_year_id") REFERENCES "public"."school_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_period_id_periods_school_id_id_fk" FOREIGN KEY ("school_id","period_id") REFERENCES "public"."periods"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_category_id_incident_categories_school_id_id_fk" FOREIGN KEY ("school_id","category_id") REFERENCES "public"."incident_categories"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_type_id_incident_types_school_id_id_fk" FOREIGN KEY ("school_id","type_id") REFERENCES "public"."incident_types"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_group_id_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."groups"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_recorded_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","recorded_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_closed_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","closed_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_school_id_cancelled_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","cancelled_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_types" ADD CONSTRAINT "observation_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_meeting_attendees" ADD CONSTRAINT "parent_meeting_attendees_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_meeting_attendees" ADD CONSTRAINT "parent_meeting_attendees_school_id_meeting_id_parent_meetings_school_id_id_fk" FOREIGN KEY ("school_id","meeting_id") REFERENCES "public"."parent_meetings"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_meeting_attendees" ADD CONSTRAINT "parent_meeting_attendees_school_id_user_id_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_meetings" ADD CONSTRAINT "parent_meetings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_meetings" ADD CONSTRAINT "parent_meetings_school_id_incident_id_incidents_school_id_id_fk" FOREIGN KEY ("school_id","incident_id") REFERENCES "public"."incidents"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_meetings" ADD CONSTRAINT "parent_meetings_school_id_created_by_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","created_by") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accompaniment_observations_student_idx" ON "accompaniment_observations" USING btree ("school_id","student_id","observed_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "formative_actions_incident_idx" ON "formative_actions" USING btree ("school_id","incident_id");--> statement-breakpoint
CREATE INDEX "formative_actions_responsible_idx" ON "formative_actions" USING btree ("school_id","responsible_id","next_due_on");--> statement-breakpoint
CREATE INDEX "formative_actions_due_idx" ON "formative_actions" USING btree ("school_id","next_due_on");--> statement-breakpoint
CREATE INDEX "incident_attachments_incident_idx" ON "incident_attachments" USING btree ("school_id","incident_id");--> statement-breakpoint
CREATE INDEX "incident_students_student_idx" ON "incident_students" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "incident_students_group_idx" ON "incident_students" USING btree ("school_id","group_id");--> statement-breakpoint
CREATE INDEX "incident_timeline_incident_idx" ON "incident_timeline" USING btree ("school_id","incident_id","at");--> statement-breakpoint
CREATE INDEX "incident_types_category_idx" ON "incident_types" USING btree ("school_id","category_id");--> statement-breakpoint
CREATE INDEX "incidents_occurred_idx" ON "incidents" USING btree ("school_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_status_idx" ON "incidents" USING btree ("school_id","status","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_type_idx" ON "incidents" USING btree ("school_id","type_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_category_idx" ON "incidents" USING btree ("school_id","category_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_group_idx" ON "incidents" USING btree ("school_id","group_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_recorded_by_idx" ON "incidents" USING btree ("school_id","recorded_by","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_classification_idx" ON "incidents" USING btree ("school_id","classification","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_subject_idx" ON "incidents" USING btree ("school_id","subject_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_group_ids_idx" ON "incidents" USING gin ("group_ids");--> statement-breakpoint
CREATE INDEX "incidents_student_ids_idx" ON "incidents" USING gin ("student_ids");--> statement-breakpoint
CREATE INDEX "incidents_search_idx" ON "incidents" USING gin (to_tsvector('simple', "detail" || ' ' || coalesce("place", '')));--> statement-breakpoint
CREATE INDEX "parent_meeting_attendees_user_idx" ON "parent_meeting_attendees" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "parent_meetings_incident_idx" ON "parent_meetings" USING btree ("school_id","incident_id");--> statement-breakpoint
CREATE INDEX "parent_meetings_scheduled_idx" ON "parent_meetings" USING btree ("school_id","scheduled_at");