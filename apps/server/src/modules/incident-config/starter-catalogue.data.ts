import type { Classification, ObservationKind } from "@convive/domain";

/**
 * The incidents and observations catalogue every new school starts with, so a teacher can register on the first
 * day. It follows the shape of the state *Marco Local de Convivencia Escolar*: faltas leves, graves y muy graves,
 * each paired with *medidas formativas* (dialogue, repairing the harm, a commitment signed with the family,
 * referral to the counsellor) rather than punishments. Every name and guideline comes in Spanish and English
 * (issue 12 §6); migration 0009 gave the English ones to schools created before. Schools rename, deactivate or
 * extend all of it in the configurators; nothing here is special once inserted.
 */

interface StarterType {
  es: string;
  en: string;
  classification: Classification;
  /** Recognition points the incident takes from each involved student. */
  points: number;
  notifyFamily: boolean;
  guidelines: string[];
  /** The same guidelines in English, line for line. */
  guidelinesEn: string[];
}

interface StarterCategory {
  es: string;
  en: string;
  types: StarterType[];
}

export const STARTER_CATEGORIES: readonly StarterCategory[] = [
  {
    es: "Conducta",
    en: "Behaviour",
    types: [
      {
        es: "Interrupción de la clase",
        en: "Disrupting the class",
        classification: "minor",
        points: 1,
        notifyFamily: false,
        guidelines: [
          "Diálogo reflexivo con el estudiante al término de la clase",
          "Acuerdo de conducta para las siguientes sesiones",
          "Seguimiento por el docente titular durante la semana",
        ],
        guidelinesEn: [
          "A reflective conversation with the student at the end of the class",
          "A behaviour agreement for the following lessons",
          "Follow-up by the head teacher during the week",
        ],
      },
      {
        es: "Incumplimiento del uniforme",
        en: "Not wearing the uniform as required",
        classification: "minor",
        points: 0,
        notifyFamily: true,
        guidelines: [
          "Recordatorio al estudiante sobre el reglamento escolar",
          "Aviso a la familia para corregirlo al día siguiente",
        ],
        guidelinesEn: [
          "A reminder to the student of the school rules",
          "A notice to the family so it is put right the next day",
        ],
      },
      {
        es: "Uso del celular sin autorización",
        en: "Using a mobile phone without permission",
        classification: "minor",
        points: 1,
        notifyFamily: false,
        guidelines: [
          "Resguardo del dispositivo en la dirección hasta el final de la jornada",
          "Diálogo sobre el uso responsable de la tecnología",
        ],
        guidelinesEn: [
          "The device is kept at the principal's office until the end of the day",
          "A conversation about using technology responsibly",
        ],
      },
      {
        es: "Falta de respeto al personal escolar",
        en: "Disrespect towards school staff",
        classification: "serious",
        points: 3,
        notifyFamily: true,
        guidelines: [
          "Diálogo reflexivo con el estudiante y la persona afectada",
          "Disculpa verbal o por escrito",
          "Carta compromiso firmada por el estudiante y su familia",
        ],
        guidelinesEn: [
          "A reflective conversation with the student and the person affected",
          "An apology, spoken or in writing",
          "A commitment letter signed by the student and their family",
        ],
      },
    ],
  },
  {
    es: "Convivencia",
    en: "Coexistence",
    types: [
      {
        es: "Burlas o apodos ofensivos",
        en: "Mocking or offensive nicknames",
        classification: "minor",
        points: 1,
        notifyFamily: true,
        guidelines: [
          "Diálogo reflexivo sobre el respeto y la empatía",
          "Disculpa al compañero afectado",
          "Actividad en el grupo sobre la sana convivencia",
        ],
        guidelinesEn: [
          "A reflective conversation about respect and empathy",
          "An apology to the classmate affected",
          "A group activity about getting along well together",
        ],
      },
      {
        es: "Agresión verbal entre estudiantes",
        en: "Verbal aggression between students",
        classification: "serious",
        points: 3,
        notifyFamily: true,
        guidelines: [
          "Diálogo reflexivo con los estudiantes involucrados",
          "Mediación entre pares con apoyo de orientación",
          "Acción de reparación del daño acordada con el afectado",
        ],
        guidelinesEn: [
          "A reflective conversation with the students involved",
          "Peer mediation with the counsellor's support",
          "An action to repair the harm, agreed with the person affected",
        ],
      },
      {
        es: "Agresión física",
        en: "Physical aggression",
        classification: "very-serious",
        points: 8,
        notifyFamily: true,
        guidelines: [
          "Atención inmediata al estudiante afectado y aviso a ambas familias",
          "Junta con padres de familia y la dirección",
          "Canalización a orientación o psicología escolar",
          "Carta compromiso con seguimiento semanal",
        ],
        guidelinesEn: [
          "Immediate care for the student affected and a notice to both families",
          "A meeting with the parents and the principal",
          "Referral to the school counsellor or psychologist",
          "A commitment letter with weekly follow-up",
        ],
      },
      {
        es: "Acoso escolar (hostigamiento reiterado)",
        en: "Bullying (repeated harassment)",
        classification: "very-serious",
        points: 10,
        notifyFamily: true,
        guidelines: [
          "Aplicación del protocolo de actuación ante el acoso escolar",
          "Entrevista con las familias de los estudiantes involucrados",
          "Plan de acompañamiento de orientación para el estudiante afectado y quien agrede",
        ],
        guidelinesEn: [
          "The school's anti-bullying protocol is applied",
          "An interview with the families of the students involved",
          "A counselling support plan for the student affected and for the one who harmed them",
        ],
      },
    ],
  },
  {
    es: "Académica",
    en: "Academic",
    types: [
      {
        es: "Incumplimiento de tareas",
        en: "Homework not handed in",
        classification: "minor",
        points: 0,
        notifyFamily: true,
        guidelines: [
          "Entrega de la tarea en un plazo acordado con el docente",
          "Aviso a la familia para apoyar la organización en casa",
        ],
        guidelinesEn: [
          "The homework is handed in by a date agreed with the teacher",
          "A notice to the family to help with organisation at home",
        ],
      },
      {
        es: "Copiar en un examen o plagio",
        en: "Cheating in an exam or plagiarism",
        classification: "serious",
        points: 3,
        notifyFamily: true,
        guidelines: [
          "Diálogo sobre la honestidad académica",
          "Presentación de una evaluación alternativa",
          "Carta compromiso firmada por la familia",
        ],
        guidelinesEn: [
          "A conversation about academic honesty",
          "An alternative assessment is taken",
          "A commitment letter signed by the family",
        ],
      },
    ],
  },
  {
    es: "Seguridad",
    en: "Safety",
    types: [
      {
        es: "Salir del salón o del plantel sin autorización",
        en: "Leaving the classroom or the school without permission",
        classification: "serious",
        points: 3,
        notifyFamily: true,
        guidelines: [
          "Aviso inmediato a la familia",
          "Diálogo con el estudiante sobre las normas de seguridad",
          "Seguimiento de la asistencia por el docente titular",
        ],
        guidelinesEn: [
          "An immediate notice to the family",
          "A conversation with the student about the safety rules",
          "Attendance followed up by the head teacher",
        ],
      },
      {
        es: "Daño a las instalaciones o a bienes ajenos",
        en: "Damage to school facilities or other people's belongings",
        classification: "serious",
        points: 3,
        notifyFamily: true,
        guidelines: [
          "Reparación o reposición del daño acordada con la familia",
          "Actividad de servicio en beneficio de la comunidad escolar",
        ],
        guidelinesEn: [
          "The damage is repaired or replaced as agreed with the family",
          "A service activity for the school community",
        ],
      },
      {
        es: "Introducir objetos peligrosos o sustancias prohibidas",
        en: "Bringing dangerous objects or prohibited substances",
        classification: "very-serious",
        points: 10,
        notifyFamily: true,
        guidelines: [
          "Resguardo del objeto o la sustancia por la dirección",
          "Junta inmediata con padres de familia y la dirección",
          "Canalización a orientación y, cuando proceda, a instancias externas de apoyo",
        ],
        guidelinesEn: [
          "The object or substance is kept by the principal's office",
          "An immediate meeting with the parents and the principal",
          "Referral to the counsellor and, where appropriate, to outside support services",
        ],
      },
    ],
  },
];

export const STARTER_OBSERVATION_TYPES: readonly { es: string; en: string; kind: ObservationKind; points: number }[] = [
  { es: "Participación destacada", en: "Outstanding participation", kind: "positive", points: 2 },
  { es: "Ayuda a compañeros", en: "Helping classmates", kind: "positive", points: 2 },
  { es: "Liderazgo positivo", en: "Positive leadership", kind: "positive", points: 3 },
  { es: "Mejora en la conducta", en: "Improved behaviour", kind: "positive", points: 2 },
  { es: "Seguimiento", en: "Follow-up", kind: "neutral", points: 0 },
];

/**
 * The *protocolo de actuación ante el acoso escolar* (issue 30 §2), followed by the starter type "Acoso escolar
 * (hostigamiento reiterado)". Deadlines count from the incident's registration on the school's clock: the steps the
 * issue names keep theirs (protect the same day, inform the director within 24 h, the written answer within 5 school
 * days); the middle ones are spread so the investigation (3 school days) comes before the family meetings (3 and 4)
 * and the group diagnosis (5). Migration 0039 gave the same protocol to the schools there were.
 */
export const STARTER_PROTOCOL = {
  es: "Protocolo de actuación ante el acoso escolar",
  en: "Protocol for school bullying",
  followedBy: "Acoso escolar (hostigamiento reiterado)",
  steps: [
    { es: "Proteger al estudiante afectado", en: "Protect the affected student", kind: "same_day", amount: 0 },
    { es: "Informar por escrito a la dirección", en: "Inform the director in writing", kind: "hours", amount: 24 },
    { es: "Investigar los hechos", en: "Investigate what happened", kind: "school_days", amount: 3 },
    {
      es: "Reunión con la familia del estudiante afectado",
      en: "Meet the affected student's family",
      kind: "school_days",
      amount: 3,
    },
    {
      es: "Reunión por separado con la familia del otro estudiante",
      en: "Meet the other student's family separately",
      kind: "school_days",
      amount: 4,
    },
    { es: "Diagnóstico del grupo", en: "Group diagnosis", kind: "school_days", amount: 5 },
    { es: "Respuesta por escrito a la familia", en: "Written answer to the family", kind: "school_days", amount: 5 },
  ],
} as const;
