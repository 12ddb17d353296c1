import type {
  ActionState,
  Classification,
  IncidentStatus,
  Language,
  MeetingMode,
  MeetingStatus,
  Repeat,
  StudentRole,
  TimelineEvent,
} from "@convive/domain";

/**
 * Words of the XLSX export and the printable PDF, in both languages (the web's locales/incidents.json say the
 * same for the screens).
 */
type Texts<K extends string> = Record<K, { es: string; en: string }>;

export const STATUS: Texts<IncidentStatus> = {
  open: { es: "En proceso", en: "In process" },
  closed: { es: "Cerrada", en: "Closed" },
  cancelled: { es: "Cancelada", en: "Cancelled" },
};
export const CLASSIFICATION: Texts<Classification> = {
  minor: { es: "Leve", en: "Minor" },
  serious: { es: "Grave", en: "Serious" },
  "very-serious": { es: "Muy grave", en: "Very serious" },
};
export const ROLE: Texts<StudentRole> = {
  involved: { es: "Involucrado", en: "Involved" },
  affected: { es: "Afectado", en: "Affected" },
  witness: { es: "Testigo", en: "Witness" },
};
export const REPEAT: Texts<Repeat> = {
  none: { es: "No se repite", en: "Does not repeat" },
  daily: { es: "Diario", en: "Daily" },
  weekly: { es: "Semanal", en: "Weekly" },
};
export const MEETING_STATUS: Texts<MeetingStatus> = {
  scheduled: { es: "Programada", en: "Scheduled" },
  held: { es: "Realizada", en: "Held" },
  cancelled: { es: "Cancelada", en: "Cancelled" },
  "no-show": { es: "No asistieron", en: "No-show" },
};
export const MEETING_MODE: Texts<MeetingMode> = {
  "in-person": { es: "Presencial", en: "In person" },
  online: { es: "En línea", en: "Online" },
};
export const ACTION_STATE: Texts<ActionState> = {
  pending: { es: "Pendiente", en: "Pending" },
  overdue: { es: "Vencida", en: "Overdue" },
  completed: { es: "Completada", en: "Completed" },
  waived: { es: "Dispensada", en: "Waived" },
};
export const TIMELINE: Texts<TimelineEvent> = {
  created: { es: "Registró la incidencia", en: "Registered the incident" },
  updated: { es: "Corrigió datos de la incidencia", en: "Corrected the incident's data" },
  "attachment-added": { es: "Adjuntó evidencia", en: "Attached evidence" },
  "action-created": { es: "Asignó una acción formativa", en: "Assigned a formative action" },
  "action-updated": { es: "Modificó una acción formativa", en: "Changed a formative action" },
  "action-completed": { es: "Completó una acción formativa", en: "Completed a formative action" },
  "action-reopened": { es: "Reabrió una acción formativa", en: "Reopened a formative action" },
  "action-waived": { es: "Dispensó una acción formativa", en: "Waived a formative action" },
  "meeting-scheduled": { es: "Programó una junta con padres de familia", en: "Scheduled a parent meeting" },
  "meeting-updated": { es: "Actualizó una junta con padres de familia", en: "Updated a parent meeting" },
  closed: { es: "Cerró la incidencia", en: "Closed the incident" },
  cancelled: { es: "Canceló la incidencia", en: "Cancelled the incident" },
  reopened: { es: "Reabrió la incidencia", en: "Reopened the incident" },
  "message.sent": { es: "Envió un mensaje a la familia", en: "Sent a message to the family" },
  "referral.created": { es: "Canalizó al estudiante a apoyo externo", en: "Referred the student to external support" },
  "protocol.started": { es: "Inició el protocolo", en: "Started the protocol" },
  "protocol.step-completed": { es: "Completó un paso del protocolo", en: "Completed a protocol step" },
  "protocol.step-waived": { es: "Dispensó un paso del protocolo", en: "Waived a protocol step" },
  "protocol.step-reassigned": { es: "Cambió al responsable de un paso", en: "Changed a step's responsible" },
  "protocol.step-overdue": { es: "Paso del protocolo vencido", en: "Protocol step overdue" },
  "protocol.completed": { es: "Protocolo completado", en: "Protocol completed" },
  acknowledged: {
    es: "Confirmó que leyó la incidencia (Enterado)",
    en: "Acknowledged the incident (I have read this)",
  },
  "minutes-acknowledged": { es: "Confirmó que leyó la minuta de la junta", en: "Acknowledged the meeting's minutes" },
  "acknowledgement-reminded": {
    es: "Recordó a la familia confirmar que leyó la incidencia",
    en: "Reminded the family to acknowledge the incident",
  },
};

/** Columns of the export, in order. */
export const EXPORT_COLUMNS = [
  { key: "folio", es: "Folio", en: "Folio", width: 8 },
  { key: "date", es: "Fecha", en: "Date", width: 12 },
  { key: "time", es: "Hora", en: "Time", width: 7 },
  { key: "status", es: "Estatus", en: "Status", width: 12 },
  { key: "category", es: "Categoría", en: "Category", width: 18 },
  { key: "type", es: "Tipo", en: "Type", width: 24 },
  { key: "classification", es: "Clasificación", en: "Classification", width: 13 },
  { key: "students", es: "Estudiantes", en: "Students", width: 40 },
  { key: "group", es: "Grupo", en: "Group", width: 18 },
  { key: "subject", es: "Materia", en: "Subject", width: 18 },
  { key: "place", es: "Lugar", en: "Place", width: 16 },
  { key: "detail", es: "Detalle", en: "Detail", width: 60 },
  { key: "recorded_by", es: "Registró", en: "Recorded by", width: 22 },
  { key: "closed_at", es: "Cerrada el", en: "Closed on", width: 16 },
  { key: "closed_by", es: "Cerró", en: "Closed by", width: 22 },
  { key: "closing_note", es: "Nota de cierre", en: "Closing note", width: 40 },
  { key: "cancelled_at", es: "Cancelada el", en: "Cancelled on", width: 16 },
  { key: "cancelled_by", es: "Canceló", en: "Cancelled by", width: 22 },
  { key: "cancel_reason", es: "Motivo de cancelación", en: "Cancellation reason", width: 40 },
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number]["key"];

/** Loose words of the export and the PDF. */
export const WORDS = {
  signatures: { es: "Firmas", en: "Signatures" },
  protocol: { es: "Protocolo", en: "Protocol" },
  dueAt: { es: "Plazo", en: "Due" },
  stepPending: { es: "Pendiente", en: "Pending" },
  stepOverdue: { es: "Vencido", en: "Overdue" },
  stepDone: { es: "Completado", en: "Done" },
  stepWaived: { es: "Dispensado", en: "Waived" },
  signRecorder: { es: "Quien registró", en: "Recorded by" },
  signDirector: { es: "Dirección", en: "Principal" },
  signFamily: { es: "Madre, padre o tutor", en: "Parent or guardian" },
  sheet: { es: "Incidencias", en: "Incidents" },
  file: { es: "incidencias", en: "incidents" },
  otherStudent: { es: "Otro estudiante", en: "Another student" },
  incident: { es: "Incidencia", en: "Incident" },
  folio: { es: "Folio", en: "Folio" },
  occurredAt: { es: "Fecha y hora", en: "Date and time" },
  schoolYear: { es: "Ciclo escolar", en: "School year" },
  period: { es: "Periodo", en: "Period" },
  points: { es: "Puntos", en: "Points" },
  visibleToFamily: { es: "Visible para la familia", en: "Visible to family" },
  yes: { es: "Sí", en: "Yes" },
  no: { es: "No", en: "No" },
  students: { es: "Estudiantes", en: "Students" },
  attachments: { es: "Evidencias", en: "Evidence" },
  actions: { es: "Acciones formativas", en: "Formative actions" },
  responsible: { es: "Responsable", en: "Responsible" },
  dates: { es: "Fechas", en: "Dates" },
  completedOf: { es: "completadas", en: "completed" },
  meetings: { es: "Juntas con padres de familia", en: "Parent meetings" },
  attendees: { es: "Asistentes", en: "Attendees" },
  agreements: { es: "Acuerdos", en: "Agreements" },
  minutes: { es: "Minuta", en: "Minutes" },
  timeline: { es: "Historial", en: "Timeline" },
  none: { es: "Ninguna", en: "None" },
  printedAt: { es: "Impreso el", en: "Printed on" },
  page: { es: "Página", en: "Page" },
  reason: { es: "Motivo", en: "Reason" },
  disagrees: { es: "No está de acuerdo", en: "Disagrees" },
} as const;

export const say = (t: { es: string; en: string }, lang: Language) => t[lang];
