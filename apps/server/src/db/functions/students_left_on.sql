-- Issue 30 §5: the day a student left (withdrawn or graduated), on the school's clock; cleared when they return.
-- Created or changed by migration 0041.
CREATE OR REPLACE FUNCTION public.students_left_on()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.status = 'active' THEN
    NEW.left_on := NULL;
  ELSIF NEW.left_on IS NULL OR (TG_OP = 'UPDATE' AND OLD.status = 'active') THEN
    NEW.left_on := (now() AT TIME ZONE COALESCE((SELECT time_zone FROM schools WHERE id = NEW.school_id), 'America/Mexico_City'))::date;
  END IF;
  RETURN NEW;
END $function$;
