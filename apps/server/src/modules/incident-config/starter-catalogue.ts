import type { Classification, ObservationKind } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { incidentCategories, incidentTypes, observationTypes } from "../../db/schema/index.ts";

/**
 * The incidents and observations catalogue every new school starts with, so a teacher can register on the first
 * day. It follows the shape of the state *Marco Local de Convivencia Escolar*: faltas leves, graves y muy graves,
 * each paired with *medidas formativas* (dialogue, repairing the harm, a commitment signed with the family,
 * referral to the counsellor) rather than punishments. Schools rename, deactivate or extend all of it in the
 * configurators; nothing here is special once inserted.
 */

interface StarterType {
  es: string;
  en: string;
  classification: Classification;
  /** Recognition points the incident takes from each involved student. */
  points: number;
  notifyFamily: boolean;
  guidelines: string[];
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

/** Gives a school (in the transaction that creates it) the starter catalogue: three inserts. */
export async function insertStarterCatalogue(tx: Tx, schoolId: string) {
  const categories = await tx
    .insert(incidentCategories)
    .values(STARTER_CATEGORIES.map((c, i) => ({ schoolId, nameEs: c.es, nameEn: c.en, order: i + 1 })))
    .returning({ id: incidentCategories.id, nameEs: incidentCategories.nameEs });
  const idOf = new Map(categories.map((c) => [c.nameEs, c.id]));
  await tx.insert(incidentTypes).values(
    STARTER_CATEGORIES.flatMap((c) =>
      c.types.map((t) => ({
        schoolId,
        categoryId: idOf.get(c.es)!,
        nameEs: t.es,
        nameEn: t.en,
        classification: t.classification,
        defaultPoints: t.points,
        notifyFamily: t.notifyFamily,
        guidelines: t.guidelines,
      })),
    ),
  );
  await tx
    .insert(observationTypes)
    .values(
      STARTER_OBSERVATION_TYPES.map((o) => ({ schoolId, nameEs: o.es, nameEn: o.en, kind: o.kind, points: o.points })),
    );
}
