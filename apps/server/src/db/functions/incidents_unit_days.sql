-- Created or changed by migrations 0019, 0022.
CREATE OR REPLACE FUNCTION public.incidents_unit_days()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
 SET work_mem TO '64MB'
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE incident_unit_days_sql(incident_unit_days_columns('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE incident_unit_days_sql(incident_unit_days_columns('old_rows', -1));
  ELSE
    -- Only the rows whose counted columns changed (most updates touch updated_at, follow-up fields…).
    EXECUTE incident_unit_days_sql(format(
      'SELECT x.* FROM (%s UNION ALL %s) x
        WHERE (x.school_id, x.id) IN (
          SELECT o.school_id, o.id FROM old_rows o JOIN new_rows n ON n.school_id = o.school_id AND n.id = o.id
           WHERE (o.occurred_at, o.status, o.classification, o.category_id, o.type_id, o.recorded_by, o.place,
                  o.group_ids, o.student_ids)
                 IS DISTINCT FROM
                 (n.occurred_at, n.status, n.classification, n.category_id, n.type_id, n.recorded_by, n.place,
                  n.group_ids, n.student_ids))',
      incident_unit_days_columns('old_rows', -1), incident_unit_days_columns('new_rows', 1)));
  END IF;
  RETURN NULL;
END $function$;
