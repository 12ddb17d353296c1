-- Created or changed by migration 0020.
CREATE OR REPLACE FUNCTION public.effectiveness_structure_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO rollup_rebuilds (school_id, part) SELECT DISTINCT o.school_id, 'effectiveness' FROM old_rows o;
  ELSIF TG_TABLE_NAME = 'groups' THEN
    INSERT INTO rollup_rebuilds (school_id, part)
    SELECT DISTINCT n.school_id, 'effectiveness'
      FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id WHERE o.grade_id <> n.grade_id;
  ELSE
    INSERT INTO rollup_rebuilds (school_id, part)
    SELECT DISTINCT n.school_id, 'effectiveness'
      FROM new_rows n JOIN old_rows o ON o.school_id = n.school_id AND o.id = n.id WHERE o.section_id <> n.section_id;
  END IF;
  RETURN NULL;
END $function$;
