-- A group's head teacher changed (the old and the new one), or it moved to another grade (everything: 0019, 0021).
-- Created or changed by migrations 0019, 0021, 0022.
CREATE OR REPLACE FUNCTION public.incident_unit_days_groups_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO rollup_rebuilds (school_id, part)
  SELECT d.school_id, p.part
    FROM (SELECT DISTINCT n.school_id FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
           WHERE o.grade_id IS DISTINCT FROM n.grade_id) d
   CROSS JOIN (VALUES ('units'), ('actions')) AS p(part);
  INSERT INTO rollup_rebuilds (school_id, part, users)
  SELECT d.school_id, 'viewers', d.users
    FROM (SELECT n.school_id, array_agg(DISTINCT u.id) FILTER (WHERE u.id IS NOT NULL) AS users
            FROM changed n JOIN previous o ON o.school_id = n.school_id AND o.id = n.id
           CROSS JOIN LATERAL (VALUES (o.head_teacher_id), (n.head_teacher_id)) AS u(id)
           WHERE o.head_teacher_id IS DISTINCT FROM n.head_teacher_id AND o.grade_id IS NOT DISTINCT FROM n.grade_id
           GROUP BY n.school_id) d
   WHERE cardinality(d.users) > 0;
  RETURN NULL;
END $function$;
