-- Created or changed by migrations 0019, 0021.
CREATE OR REPLACE FUNCTION public.incident_unit_days_grades_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part)
  SELECT d.school_id, p.part
    FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
           WHERE o.section_id IS DISTINCT FROM n.section_id) d
   CROSS JOIN (VALUES ('units'), ('actions')) AS p(part);
  RETURN NULL;
END $function$;
