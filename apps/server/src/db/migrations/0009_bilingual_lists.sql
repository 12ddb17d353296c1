-- Issue 12 §6: profiles, levels (sections) and periods carry an English name beside their Spanish one, and incident
-- types their formative guidelines in English, so every reader gets their own language. `name` stays the Spanish
-- name (the rules read profile names). Rows a school still has as the product made them get their English text:
-- the profile templates, the levels the configurator suggests, periods named "<word> <n>" and the starter
-- catalogue; anything a school renamed or wrote itself is left for the school to translate.
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "name_en" text;
--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN IF NOT EXISTS "name_en" text;
--> statement-breakpoint
ALTER TABLE "periods" ADD COLUMN IF NOT EXISTS "name_en" text;
--> statement-breakpoint
ALTER TABLE "incident_types" ADD COLUMN IF NOT EXISTS "guidelines_en" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "periods" p SET "name_en" = v.en || ' ' || substring(btrim(p."name") from '[0-9]{1,2}$')
  FROM (VALUES
  ('bimestre', 'Bimester'),
  ('trimestre', 'Trimester'),
  ('cuatrimestre', 'Four-month term'),
  ('semestre', 'Semester'),
  ('periodo', 'Period'),
  ('período', 'Period'),
  ('parcial', 'Partial')
  ) AS v(es, en)
 WHERE lower(btrim(p."name")) ~ ('^' || v.es || '\s+[0-9]{1,2}$') AND p."name_en" IS NULL;
--> statement-breakpoint
UPDATE "profiles" p SET "name_en" = v.en
  FROM (VALUES
  ('director', 'Director', 'Principal'),
  ('coordinador', 'Coordinador', 'Coordinator'),
  ('docente', 'Docente', 'Teacher'),
  ('orientador', 'Orientador', 'Counsellor'),
  ('enfermeria', 'Enfermería', 'School nurse'),
  ('familiar', 'Familiar', 'Family member')
  ) AS v(template_key, es, en)
 WHERE p."template_key" = v.template_key AND p."name" = v.es AND p."name_en" IS NULL;
--> statement-breakpoint
UPDATE "sections" s SET "name_en" = v.en
  FROM (VALUES
  ('preescolar', 'Preschool'),
  ('primaria', 'Primary'),
  ('secundaria', 'Secondary'),
  ('preparatoria', 'High school')
  ) AS v(es, en)
 WHERE lower(btrim(s."name")) = v.es AND s."name_en" IS NULL;
--> statement-breakpoint
UPDATE "incident_categories" c SET "name_en" = v.en
  FROM (VALUES
  ('Conducta', 'Behaviour'),
  ('Convivencia', 'Coexistence'),
  ('Académica', 'Academic'),
  ('Seguridad', 'Safety')
  ) AS v(es, en)
 WHERE c."name_es" = v.es AND c."name_en" IS NULL;
--> statement-breakpoint
UPDATE "incident_types" t SET "name_en" = v.en
  FROM (VALUES
  ('Interrupción de la clase', 'Disrupting the class'),
  ('Incumplimiento del uniforme', 'Not wearing the uniform as required'),
  ('Uso del celular sin autorización', 'Using a mobile phone without permission'),
  ('Falta de respeto al personal escolar', 'Disrespect towards school staff'),
  ('Burlas o apodos ofensivos', 'Mocking or offensive nicknames'),
  ('Agresión verbal entre estudiantes', 'Verbal aggression between students'),
  ('Agresión física', 'Physical aggression'),
  ('Acoso escolar (hostigamiento reiterado)', 'Bullying (repeated harassment)'),
  ('Incumplimiento de tareas', 'Homework not handed in'),
  ('Copiar en un examen o plagio', 'Cheating in an exam or plagiarism'),
  ('Salir del salón o del plantel sin autorización', 'Leaving the classroom or the school without permission'),
  ('Daño a las instalaciones o a bienes ajenos', 'Damage to school facilities or other people''s belongings'),
  ('Introducir objetos peligrosos o sustancias prohibidas', 'Bringing dangerous objects or prohibited substances')
  ) AS v(es, en)
 WHERE t."name_es" = v.es AND t."name_en" IS NULL;
--> statement-breakpoint
UPDATE "incident_types" t SET "guidelines_en" = v.en
  FROM (VALUES
  ('["Diálogo reflexivo con el estudiante al término de la clase","Acuerdo de conducta para las siguientes sesiones","Seguimiento por el docente titular durante la semana"]'::jsonb, '["A reflective conversation with the student at the end of the class","A behaviour agreement for the following lessons","Follow-up by the head teacher during the week"]'::jsonb),
  ('["Recordatorio al estudiante sobre el reglamento escolar","Aviso a la familia para corregirlo al día siguiente"]'::jsonb, '["A reminder to the student of the school rules","A notice to the family so it is put right the next day"]'::jsonb),
  ('["Resguardo del dispositivo en la dirección hasta el final de la jornada","Diálogo sobre el uso responsable de la tecnología"]'::jsonb, '["The device is kept at the principal''s office until the end of the day","A conversation about using technology responsibly"]'::jsonb),
  ('["Diálogo reflexivo con el estudiante y la persona afectada","Disculpa verbal o por escrito","Carta compromiso firmada por el estudiante y su familia"]'::jsonb, '["A reflective conversation with the student and the person affected","An apology, spoken or in writing","A commitment letter signed by the student and their family"]'::jsonb),
  ('["Diálogo reflexivo sobre el respeto y la empatía","Disculpa al compañero afectado","Actividad en el grupo sobre la sana convivencia"]'::jsonb, '["A reflective conversation about respect and empathy","An apology to the classmate affected","A group activity about getting along well together"]'::jsonb),
  ('["Diálogo reflexivo con los estudiantes involucrados","Mediación entre pares con apoyo de orientación","Acción de reparación del daño acordada con el afectado"]'::jsonb, '["A reflective conversation with the students involved","Peer mediation with the counsellor''s support","An action to repair the harm, agreed with the person affected"]'::jsonb),
  ('["Atención inmediata al estudiante afectado y aviso a ambas familias","Junta con padres de familia y la dirección","Canalización a orientación o psicología escolar","Carta compromiso con seguimiento semanal"]'::jsonb, '["Immediate care for the student affected and a notice to both families","A meeting with the parents and the principal","Referral to the school counsellor or psychologist","A commitment letter with weekly follow-up"]'::jsonb),
  ('["Aplicación del protocolo de actuación ante el acoso escolar","Entrevista con las familias de los estudiantes involucrados","Plan de acompañamiento de orientación para el estudiante afectado y quien agrede"]'::jsonb, '["The school''s anti-bullying protocol is applied","An interview with the families of the students involved","A counselling support plan for the student affected and for the one who harmed them"]'::jsonb),
  ('["Entrega de la tarea en un plazo acordado con el docente","Aviso a la familia para apoyar la organización en casa"]'::jsonb, '["The homework is handed in by a date agreed with the teacher","A notice to the family to help with organisation at home"]'::jsonb),
  ('["Diálogo sobre la honestidad académica","Presentación de una evaluación alternativa","Carta compromiso firmada por la familia"]'::jsonb, '["A conversation about academic honesty","An alternative assessment is taken","A commitment letter signed by the family"]'::jsonb),
  ('["Aviso inmediato a la familia","Diálogo con el estudiante sobre las normas de seguridad","Seguimiento de la asistencia por el docente titular"]'::jsonb, '["An immediate notice to the family","A conversation with the student about the safety rules","Attendance followed up by the head teacher"]'::jsonb),
  ('["Reparación o reposición del daño acordada con la familia","Actividad de servicio en beneficio de la comunidad escolar"]'::jsonb, '["The damage is repaired or replaced as agreed with the family","A service activity for the school community"]'::jsonb),
  ('["Resguardo del objeto o la sustancia por la dirección","Junta inmediata con padres de familia y la dirección","Canalización a orientación y, cuando proceda, a instancias externas de apoyo"]'::jsonb, '["The object or substance is kept by the principal''s office","An immediate meeting with the parents and the principal","Referral to the counsellor and, where appropriate, to outside support services"]'::jsonb)
  ) AS v(es, en)
 WHERE t."guidelines" = v.es AND t."guidelines_en" = '[]'::jsonb;
--> statement-breakpoint
UPDATE "observation_types" o SET "name_en" = v.en
  FROM (VALUES
  ('Participación destacada', 'Outstanding participation'),
  ('Ayuda a compañeros', 'Helping classmates'),
  ('Liderazgo positivo', 'Positive leadership'),
  ('Mejora en la conducta', 'Improved behaviour'),
  ('Seguimiento', 'Follow-up')
  ) AS v(es, en)
 WHERE o."name_es" = v.es AND o."name_en" IS NULL;
