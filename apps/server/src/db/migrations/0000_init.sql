CREATE TABLE "memberships" (
	"school_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"unviewed_notifications_count" integer DEFAULT 0 NOT NULL,
	"privacy_notice_version" integer,
	"privacy_notice_viewed_at" timestamp with time zone,
	"trainer_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "profile_permissions" (
	"school_id" text NOT NULL,
	"profile_id" integer NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "profile_permissions_school_id_profile_id_permission_pk" PRIMARY KEY("school_id","profile_id","permission")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"template_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "profiles_school_name_key" UNIQUE("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "help_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"video_url" text NOT NULL,
	"screen_url" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"cct" text,
	"address" text,
	"phone" text,
	"email" text,
	"time_zone" text DEFAULT 'America/Mexico_City' NOT NULL,
	"logo" text,
	"institutional_color_1" text DEFAULT '#090d18' NOT NULL,
	"institutional_color_2" text DEFAULT '#ff9800' NOT NULL,
	"institutional_color_3" text DEFAULT '#73abd6' NOT NULL,
	"institutional_color_4" text DEFAULT '#e66465' NOT NULL,
	"max_file_size_in_mb" integer DEFAULT 2 NOT NULL,
	"privacy_notice_es" text,
	"privacy_notice_en" text,
	"privacy_notice_version" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "grades_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grade_id" integer NOT NULL,
	"school_year_id" integer NOT NULL,
	"name" text NOT NULL,
	"head_teacher_id" integer,
	CONSTRAINT "groups_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_year_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "periods_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "school_years" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "school_years_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_years_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sections_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "subject_grades" (
	"school_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	CONSTRAINT "subject_grades_school_id_subject_id_grade_id_pk" PRIMARY KEY("school_id","subject_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text,
	CONSTRAINT "subjects_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"school_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "teaching_assignments_school_id_user_id_group_id_subject_id_pk" PRIMARY KEY("school_id","user_id","group_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "family_links" (
	"school_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"relationship" text NOT NULL,
	"can_pick_up" boolean DEFAULT false NOT NULL,
	"is_emergency_contact" boolean DEFAULT false NOT NULL,
	CONSTRAINT "family_links_school_id_student_id_user_id_pk" PRIMARY KEY("school_id","student_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"school_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"rfc" text,
	"phone" text,
	"address" jsonb,
	"observations" text,
	CONSTRAINT "family_members_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "student_groups" (
	"school_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"school_year_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "student_groups_school_id_student_id_school_year_id_pk" PRIMARY KEY("school_id","student_id","school_year_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"school_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enrollment" text NOT NULL,
	"first_name" text NOT NULL,
	"paternal_surname" text DEFAULT '' NOT NULL,
	"maternal_surname" text DEFAULT '' NOT NULL,
	"birthday" date,
	"gender" text,
	"curp" text,
	"photo" text,
	"address" jsonb,
	"observations" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "students_enrollment_key" UNIQUE("school_id","enrollment")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"access_hash" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"first_name" text NOT NULL,
	"paternal_surname" text DEFAULT '' NOT NULL,
	"maternal_surname" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"cell_phone" text,
	"password_hash" text NOT NULL,
	"root" smallint DEFAULT 0 NOT NULL,
	"password_updated" smallint DEFAULT 0 NOT NULL,
	"image_profile" text,
	"language" text DEFAULT 'es' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_school_id_profile_id_profiles_school_id_id_fk" FOREIGN KEY ("school_id","profile_id") REFERENCES "public"."profiles"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_permissions" ADD CONSTRAINT "profile_permissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_permissions" ADD CONSTRAINT "profile_permissions_school_id_profile_id_profiles_school_id_id_fk" FOREIGN KEY ("school_id","profile_id") REFERENCES "public"."profiles"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_videos" ADD CONSTRAINT "help_videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_school_id_user_id_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_school_id_section_id_sections_school_id_id_fk" FOREIGN KEY ("school_id","section_id") REFERENCES "public"."sections"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_school_id_grade_id_grades_school_id_id_fk" FOREIGN KEY ("school_id","grade_id") REFERENCES "public"."grades"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_school_id_school_year_id_school_years_school_id_id_fk" FOREIGN KEY ("school_id","school_year_id") REFERENCES "public"."school_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_school_id_head_teacher_id_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","head_teacher_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_school_id_school_year_id_school_years_school_id_id_fk" FOREIGN KEY ("school_id","school_year_id") REFERENCES "public"."school_years"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_grades" ADD CONSTRAINT "subject_grades_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_grades" ADD CONSTRAINT "subject_grades_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_grades" ADD CONSTRAINT "subject_grades_school_id_grade_id_grades_school_id_id_fk" FOREIGN KEY ("school_id","grade_id") REFERENCES "public"."grades"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_school_id_user_id_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_school_id_group_id_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."groups"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_school_id_user_id_family_members_school_id_user_id_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."family_members"("school_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_school_id_user_id_memberships_school_id_user_id_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."memberships"("school_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_school_id_school_year_id_school_years_school_id_id_fk" FOREIGN KEY ("school_id","school_year_id") REFERENCES "public"."school_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_school_id_group_id_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."groups"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "help_videos_screen_idx" ON "help_videos" USING btree ("screen_url");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("school_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "groups_head_teacher_idx" ON "groups" USING btree ("school_id","head_teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_years_one_current" ON "school_years" USING btree ("school_id") WHERE "school_years"."is_current";--> statement-breakpoint
CREATE INDEX "family_links_user_idx" ON "family_links" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "student_groups_group_idx" ON "student_groups" USING btree ("school_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_access_hash_key" ON "sessions" USING btree ("access_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_hash_key" ON "sessions" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));