import { z } from "zod";

/**
 * Massive upload of users, students and families from XLSX or CSV (product design §3 "Bulk work"): a template
 * in the reader's language, a dry run listing every bad row, and an all-or-nothing commit run as a job whose
 * progress the web shows ('Processing, please wait...', then 'Successfully processed' or 'Error processing').
 */

export const IMPORT_KINDS = ["users", "students", "families"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const ImportKindParam = z.object({ kind: z.enum(IMPORT_KINDS) });

/** The largest spreadsheet accepted, and the most data rows one file may carry. */
export const IMPORT_MAX_MB = 20;
export const IMPORT_MAX_ROWS = 50_000;

export interface ImportColumn {
  key: string;
  es: string;
  en: string;
  required: boolean;
  /** The value of the template's example row. */
  example: string;
}

const col = (key: string, es: string, en: string, example: string, required = false): ImportColumn => ({
  key,
  es,
  en,
  required,
  example,
});

const addressColumns: ImportColumn[] = [
  col("street", "Calle", "Street", "Av. Insurgentes Sur"),
  col("outside_number", "Número exterior", "Outside number", "1602"),
  col("inside_number", "Número interior", "Inside number", "Depto. 4"),
  col("neighbourhood", "Colonia", "Neighbourhood", "Crédito Constructor"),
  col("postal_code", "Código postal", "Postal code", "03940"),
  col("municipality", "Municipio", "Municipality", ""),
  col("delegation", "Delegación", "Delegation", "Benito Juárez"),
  col("city", "Ciudad", "City", "Ciudad de México"),
  col("state", "Estado", "State", "Ciudad de México"),
  col("country", "País", "Country", "México"),
];

/** The columns of each template, in order. Headers are matched in either language (or by key), any case. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  users: [
    col("first_name", "Nombre", "First name", "María", true),
    col("paternal_surname", "Apellido paterno", "Paternal surname", "González"),
    col("maternal_surname", "Apellido materno", "Maternal surname", "Ruiz"),
    col("email", "Correo electrónico", "E-mail", "maria.gonzalez@colegio.mx", true),
    col("cell_phone", "Celular", "Cell phone", "55 1234 5678"),
    col("profile", "Perfil", "Profile", "Docente", true),
    col("trainer_type", "Tipo de capacitador externo", "External trainer type", ""),
  ],
  students: [
    col("enrollment", "Matrícula", "Enrollment", "CDA-2026-0001", true),
    col("first_name", "Nombre", "First name", "Sofía", true),
    col("paternal_surname", "Apellido paterno", "Paternal surname", "Hernández"),
    col("maternal_surname", "Apellido materno", "Maternal surname", "García"),
    col("birthday", "Fecha de nacimiento", "Birthday", "2016-04-27"),
    col("gender", "Género", "Gender", "Mujer"),
    col("curp", "CURP", "CURP", "HEGS160427MDFRRFA2"),
    col("section", "Nivel", "Section", "Primaria"),
    col("grade", "Grado", "Grade", "4°"),
    col("group", "Grupo", "Group", "A"),
    col("status", "Estatus", "Status", "Activo"),
    ...addressColumns,
    col("observations", "Observaciones", "Observations", ""),
  ],
  families: [
    col("student_enrollment", "Matrícula del alumno", "Student enrollment", "CDA-2026-0001", true),
    col("relationship", "Parentesco", "Relationship", "Madre", true),
    col("email", "Correo electrónico", "E-mail", "laura.garcia@correo.mx", true),
    col("first_name", "Nombre", "First name", "Laura", true),
    col("paternal_surname", "Apellido paterno", "Paternal surname", "García"),
    col("maternal_surname", "Apellido materno", "Maternal surname", "López"),
    col("rfc", "RFC", "RFC", "GALL850312AB1"),
    col("phone", "Teléfono", "Phone", "55 2345 6789"),
    col("alternate_phone", "Teléfono alterno", "Alternate phone", ""),
    col("can_pick_up", "Puede recoger", "Can pick up", "Sí"),
    col("is_emergency_contact", "Contacto de emergencia", "Emergency contact", "Sí"),
    ...addressColumns,
    col("observations", "Observaciones", "Observations", ""),
  ],
};

export const ImportTemplateQuery = z.object({ format: z.enum(["xlsx", "csv"]).default("xlsx") });

/** One problem of one row: the spreadsheet row number (the header is row 1) and the column key. */
export const ImportRowError = z.object({
  row: z.number(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/** What a commit would do, or did: rows by outcome. */
export const ImportCounts = z.object({
  rows: z.number(),
  /**
   * People invited (users and families): one e-mailed invitation per address, new or known alike; they join the
   * school (and are linked to the students) when they accept. Nobody's account is created, linked or read here.
   */
  invitations: z.number(),
  students_created: z.number(),
  /** Links made at once: family members who already belong to this school. */
  family_links_created: z.number(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const DryRunResponse = z.object({
  kind: z.enum(IMPORT_KINDS),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  errors: z.array(ImportRowError),
  counts: ImportCounts,
});
export type DryRunResponse = z.infer<typeof DryRunResponse>;

export const IMPORT_JOB_STATUSES = ["processing", "done", "failed"] as const;
export const ImportJobParam = z.object({ id: z.uuid() });

export const ImportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_JOB_STATUSES),
  processed: z.number(),
  total: z.number(),
  /** 'Processing, please wait...', 'Successfully processed' or 'Error processing', in the reader's language. */
  message: z.string(),
  /** Why it failed, in the reader's language (null unless failed). */
  error: z.string().nullable(),
  counts: ImportCounts.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;
