-- The incidents' columns the rollup reads, from a transition table, with a sign.
-- Created or changed by migration 0019.
CREATE OR REPLACE FUNCTION public.incident_unit_days_columns(rows_table text, sign integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT format('SELECT school_id, id, occurred_at, status, classification, category_id, type_id, recorded_by, place, '
                'group_ids, student_ids, %s AS sign FROM %I', sign, rows_table)
$function$;
