import type { Language } from "@convive/domain";
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

/**
 * Fills `{name}` placeholders, preferring the reader's variant `name_<language>` (a school-defined name or a date
 * written per language) over `name`; a missing parameter renders empty rather than showing the raw placeholder.
 * A value that ends a sentence with its own period ("10:00 a.m.", a guideline written as a sentence) takes the
 * template's period after it: never "a.m..".
 */
function fill(template: string, params: Params, language: Language): string {
  return template.replace(/\{(\w+)\}(\.?)/g, (_, key: string, period: string) => {
    const localized = `${key}_${language}`;
    const value = Object.hasOwn(params, localized)
      ? String(params[localized])
      : Object.hasOwn(params, key)
        ? String(params[key])
        : "";
    return period && value.endsWith(".") ? value : value + period;
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
