-- unaccent() is only STABLE (it reads its dictionary by name); naming the dictionary makes this wrapper safe to
-- declare IMMUTABLE, which a generated column requires.
-- Created or changed by migration 0006.
CREATE OR REPLACE FUNCTION public.convive_fold(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT public.unaccent('public.unaccent'::regdictionary, lower($1)) $function$;
