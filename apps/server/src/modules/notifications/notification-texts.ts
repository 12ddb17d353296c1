import type { Language } from "@convive/domain";

type Params = Record<string, string | number>;
type Text = Record<Language, string>;

interface NotificationText {
  title: Text;
  body: Text;
}

/**
 * What each notification type says, in both languages. Rows store only `type` + `params`, so a text fixed here
 * fixes every notification already sent, and each reader sees their own language.
 */
export const NOTIFICATION_TEXTS = {
  welcome: {
    title: { es: "¡Bienvenido a {school}!", en: "Welcome to {school}!" },
    body: {
      es: "Tu cuenta ya está lista. Aquí verás los avisos de tu escuela.",
      en: "Your account is ready. Your school's notices will appear here.",
    },
  },
  "setup.reminder": {
    title: { es: "Completa la configuración de la escuela", en: "Finish setting up the school" },
    body: {
      es: "Llevas {completed} de {total} etapas de configuración completadas.",
      en: "You have completed {completed} of {total} setup stages.",
    },
  },
  "incident.created": {
    title: { es: "Nueva incidencia: {student}", en: "New incident: {student}" },
    body: {
      es: "{author} registró «{incident}» el {date}.",
      en: "{author} registered “{incident}” on {date}.",
    },
  },
  /** To a family: names only their own child(ren), never the other students of the incident. */
  "incident.created.family": {
    title: { es: "Incidencia registrada: {student}", en: "Incident recorded: {student}" },
    body: {
      es: "{author} registró «{incident}» el {date}. Puedes ver el detalle en Convive.",
      en: "{author} recorded “{incident}” on {date}. You can see the details in Convive.",
    },
  },
  "incident.closed": {
    title: { es: "Incidencia cerrada: {student}", en: "Incident closed: {student}" },
    body: { es: "«{incident}» fue cerrada por {author}.", en: "“{incident}” was closed by {author}." },
  },
  "incident.cancelled": {
    title: { es: "Incidencia cancelada: {student}", en: "Incident cancelled: {student}" },
    body: { es: "«{incident}» fue cancelada por {author}.", en: "“{incident}” was cancelled by {author}." },
  },
  // Follow-up (modules/follow-up): no student names, the reader opens the incident for the details.
  "formative-action.assigned": {
    title: { es: "Acción formativa asignada: incidencia {folio}", en: "Formative action assigned: incident {folio}" },
    body: { es: "«{guideline}», a partir del {date}.", en: "“{guideline}”, starting {date}." },
  },
  "meeting.scheduled": {
    title: { es: "Reunión con la escuela: {date} {time}", en: "Meeting with the school: {date} {time}" },
    body: {
      es: "Reunión sobre la incidencia {folio}. Consulta los detalles en Convive.",
      en: "Meeting about incident {folio}. See the details in Convive.",
    },
  },
  "meeting.cancelled": {
    title: { es: "Reunión cancelada: {date} {time}", en: "Meeting cancelled: {date} {time}" },
    body: {
      es: "La reunión sobre la incidencia {folio} se canceló.",
      en: "The meeting about incident {folio} was cancelled.",
    },
  },
  "password.changed": {
    title: { es: "Contraseña actualizada", en: "Password updated" },
    body: {
      es: "Tu contraseña se cambió. Si no fuiste tú, avisa a la escuela de inmediato.",
      en: "Your password was changed. If it was not you, tell the school at once.",
    },
  },
} as const satisfies Record<string, NotificationText>;

export type NotificationType = keyof typeof NOTIFICATION_TEXTS;

/** For a type written by a newer server or since removed: the row still reads as something sensible. */
const FALLBACK: NotificationText = {
  title: { es: "Nuevo aviso", en: "New notice" },
  body: { es: "Tienes un aviso nuevo en Convive.", en: "You have a new notice in Convive." },
};

/**
 * Fills `{name}` placeholders, preferring the reader's variant `name_<language>` (a school-defined name or a date
 * written per language) over `name`; a missing parameter renders empty rather than showing the raw placeholder.
 */
function fill(template: string, params: Params, language: Language): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const localized = `${key}_${language}`;
    if (Object.hasOwn(params, localized)) return String(params[localized]);
    return Object.hasOwn(params, key) ? String(params[key]) : "";
  });
}

export function isKnownType(type: string): type is NotificationType {
  return Object.hasOwn(NOTIFICATION_TEXTS, type);
}

/** Title and body of a notification in `language`. */
export function renderNotification(type: string, params: Params, language: Language) {
  const text: NotificationText = isKnownType(type) ? NOTIFICATION_TEXTS[type] : FALLBACK;
  return { title: fill(text.title[language], params, language), body: fill(text.body[language], params, language) };
}
