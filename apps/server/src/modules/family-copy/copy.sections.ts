import type { Language } from "@convive/domain";

/** What the family's copy holds: the copy's own facts and each section's records as the family reads them. */
export interface FamilyCopy {
  format: "convive.family-copy/1";
  generated_at: string;
  language: Language;
  school: { name: string; time_zone: string };
  student: { id: number; name: string };
  requested_by: { id: number; name: string };
  sections: Record<SectionKey, unknown>;
}

export const SECTION_TITLES = {
  profile: { es: "Datos del alumno", en: "Student profile" },
  incidents: { es: "Incidencias", en: "Incidents" },
  formative_actions: { es: "Acciones formativas", en: "Formative actions" },
  meetings: { es: "Reuniones con la familia", en: "Parent meetings" },
  observations: { es: "Observaciones", en: "Observations" },
  points: { es: "Puntos", en: "Points" },
  ratings: { es: "Calificaciones publicadas", en: "Published ratings" },
  messages: { es: "Mensajes", en: "Messages" },
  referrals: { es: "Apoyo externo", en: "External support" },
  inclusion: { es: "Inclusión", en: "Inclusion" },
  forms: { es: "Formularios contestados", en: "Forms answered" },
  nursing: { es: "Enfermería", en: "Nursing" },
  consents: { es: "Consentimientos", en: "Consents" },
  rectifications: { es: "Solicitudes de rectificación", en: "Rectification requests" },
} as const satisfies Record<string, Record<Language, string>>;
export type SectionKey = keyof typeof SECTION_TITLES;

/**
 * Where each section is read: the family-facing route that already decides what of it is meant for the family
 * (shown to families, published, the family's own conversation…), and the part of its answer kept. `pages` walks
 * a paged list to its end. The copy is that route's answer to this very family, so a rule about what families
 * see lives in one place — the module's own read — and the JSON hook has already passed it through the family
 * reader. The rectification requests are read by the copy's own module (rectifications.service.ts).
 */
export interface SectionSource {
  path: (studentId: number) => string;
  pick: (data: Record<string, unknown>) => unknown;
  pages?: { key: string; perPage: number };
}

const field = (key: string) => (data: Record<string, unknown>) => data[key];

export const SECTION_SOURCES: Partial<Record<SectionKey, SectionSource>> = {
  profile: {
    path: (id) => `/api/students/${id}/file`,
    pick: (data) => {
      const file = data.file as { student: unknown; contacts: unknown };
      return { student: file.student, contacts: file.contacts };
    },
  },
  // The archive's list names the incidents; each one's details are read after (copy.service.ts).
  incidents: {
    path: (id) => `/api/incidents?student_id=${id}&sort=-occurred_at`,
    pick: field("incidents"),
    pages: { key: "incidents", perPage: 100 },
  },
  formative_actions: { path: (id) => `/api/students/${id}/formative-actions`, pick: field("formative_actions") },
  meetings: { path: (id) => `/api/parent-meetings?student_id=${id}`, pick: field("meetings") },
  observations: {
    path: (id) => `/api/accompaniment-observations?student_id=${id}`,
    pick: field("observations"),
    pages: { key: "observations", perPage: 100 },
  },
  points: { path: (id) => `/api/students/${id}/points`, pick: field("points") },
  ratings: { path: (id) => `/api/ratings/family?student_id=${id}`, pick: field("children") },
  messages: { path: (id) => `/api/students/${id}/conversation`, pick: (data) => data.messages },
  referrals: { path: (id) => `/api/students/${id}/referrals`, pick: field("referrals") },
  inclusion: {
    path: (id) => `/api/students/${id}/inclusion`,
    pick: (data) => ({ conditions: data.conditions, conditioned_enrollments: data.conditioned_enrollments }),
  },
  nursing: {
    path: (id) => `/api/students/${id}/nursing`,
    pick: (data) => ({
      record: data.record,
      visits: data.visits,
      authorizations: data.authorizations,
      administrations: data.administrations,
    }),
  },
  consents: {
    path: (id) => `/api/students/${id}/consents`,
    pick: (data) => (data.consents as { categories: unknown }).categories,
  },
};
