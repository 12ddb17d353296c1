import { formatDateTime, formatDay, type Language } from "@convive/domain";
import texts from "./notification-texts.json" with { type: "json" };

type Params = Record<string, string | number>;
type Text = Record<Language, string>;

interface NotificationText {
  title: Text;
  body: Text;
  /** Who receives it or what it leaves out, for the next person editing the texts. */
  note?: string;
}

/**
 * What each notification type says, in both languages (data: notification-texts.json, `{name}` placeholders).
 * Rows store only `type` + `params`, so a text fixed there fixes every notification already sent, and each reader
 * sees their own language.
 */
export const NOTIFICATION_TEXTS = texts satisfies Record<string, NotificationText>;

export type NotificationType = keyof typeof NOTIFICATION_TEXTS;

/** For a type written by a newer server or since removed: the row still reads as something sensible. */
const FALLBACK: NotificationText = {
  title: { es: "Nuevo aviso", en: "New notice" },
  body: { es: "Tienes un aviso nuevo en Convive.", en: "You have a new notice in Convive." },
};

/** An instant as stored in params (`Date.toISOString()`), and a school day. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A parameter as the reader sees it. Dates are stored as they are — an instant (ISO, UTC) or a day
 * (`YYYY-MM-DD`) — and written here, when read, the one way dates are shown (issue 12 §5): "25 nov 2026, 10:00"
 * / "Nov 25, 2026, 10:00 AM" on the school's clock, in the reader's language.
 */
function shown(value: string | number, language: Language, timeZone: string): string {
  const text = String(value);
  if (INSTANT.test(text)) return formatDateTime(text, { lang: language, timeZone });
  if (DAY.test(text)) return formatDay(text, { lang: language });
  return text;
}

/**
 * Fills `{name}` placeholders, preferring the reader's variant `name_<language>` (a school-defined name, or a date
 * written per language by older rows) over `name`; a missing parameter renders empty rather than showing the raw
 * placeholder. A value that ends a sentence with its own period (a guideline written as a sentence, an older
 * row's "10:00 a.m.") takes the template's period after it: never "a.m..".
 */
function fill(template: string, params: Params, language: Language, timeZone: string): string {
  return template.replace(/\{(\w+)\}(\.?)/g, (_, key: string, period: string) => {
    const localized = `${key}_${language}`;
    const value = Object.hasOwn(params, localized)
      ? String(params[localized])
      : Object.hasOwn(params, key)
        ? shown(params[key]!, language, timeZone)
        : "";
    return period && value.endsWith(".") ? value : value + period;
  });
}

export function isKnownType(type: string): type is NotificationType {
  return Object.hasOwn(NOTIFICATION_TEXTS, type);
}

/** Title and body of a notification in `language`, its dates on the clock of the school's `timeZone`. */
export function renderNotification(type: string, params: Params, language: Language, timeZone: string) {
  const text: NotificationText = isKnownType(type) ? NOTIFICATION_TEXTS[type] : FALLBACK;
  return {
    title: fill(text.title[language], params, language, timeZone),
    body: fill(text.body[language], params, language, timeZone),
  };
}
