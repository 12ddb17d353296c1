-- A student's rows depend on their other incidents (recurrence): two transactions writing incidents of one student
-- at once would each recompute without the other's. So a recomputation holds, until the end of its transaction, a
-- lock per student (and the school's, shared) — or, for more than 64 students (bulk loads, a new time zone), the
-- school's alone, exclusive, so the lock table is never flooded — taken in order and named like the app's other
-- advisory locks; the statements after it, each with a fresh snapshot under READ COMMITTED, see what the other
-- committed. The backfill below runs alone and sets convive.effectiveness_unlocked.
-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_lock_students(school_ids text[], student_ids integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(current_setting('convive.effectiveness_unlocked', true), '') = 'on' THEN
    RETURN;
  END IF;
  IF (SELECT count(DISTINCT (school_id, student_id)) FROM unnest(school_ids, student_ids) AS u(school_id, student_id))
     > 64 THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('effectiveness:' || u.school_id, 0))
       FROM (SELECT DISTINCT school_id FROM unnest(school_ids) AS u(school_id) ORDER BY 1) u;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('effectiveness:' || u.school_id, 0))
       FROM (SELECT DISTINCT school_id FROM unnest(school_ids) AS u(school_id) ORDER BY 1) u;
    PERFORM pg_advisory_xact_lock(hashtextextended('effectiveness:' || u.school_id || ':' || u.student_id, 0))
       FROM (SELECT DISTINCT school_id, student_id FROM unnest(school_ids, student_ids) AS u(school_id, student_id)
              ORDER BY 1, 2) u;
  END IF;
END $function$;
