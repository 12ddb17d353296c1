-- Row-level security: the second wall behind lib/tenant-db.ts. Written by hand (drizzle-kit does not generate it).
-- The policies bite only for the NOLOGIN role convive_app, which `inSchool` switches to inside its transaction after
-- setting app.school_id; superusers and table owners bypass RLS, so the connecting user (migrations, seeds, imports,
-- background jobs, the platform administrator) keeps seeing every school. Roles belong to the cluster: created once,
-- and skipped with a notice where the migrating user may not create roles (then the wall is simply absent).
DO $$
BEGIN
  CREATE ROLE convive_app NOLOGIN;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN RAISE NOTICE 'convive_app not created: row-level security stays inactive';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'convive_app') THEN
    BEGIN
      -- The migrating user must be able to take the role (superusers always can).
      EXECUTE format('GRANT convive_app TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'convive_app not granted to %: %', current_user, SQLERRM;
    END;
    GRANT USAGE ON SCHEMA public TO convive_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO convive_app;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO convive_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO convive_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO convive_app;
  END IF;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['students', 'student_groups', 'family_members', 'family_links', 'incidents',
    'incident_students', 'incident_attachments', 'incident_timeline', 'incident_counters']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    -- Unset (NULL) matches nothing: a convive_app transaction that forgot the school sees no row at all.
    EXECUTE format('CREATE POLICY school_isolation ON %I USING (school_id = current_setting(''app.school_id'', true))', t);
  END LOOP;
END $$;
