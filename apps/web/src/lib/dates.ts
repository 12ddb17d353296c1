import { formatDate, formatDateTime, formatDay, formatDayRange, formatTime, type Instant } from "@convive/domain/core";
import type { DateFormatter } from "@mantine/dates";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSchoolTimeZone } from "./school-information.ts";

/**
 * The one way a screen shows dates and times (issue 12 §5, packages/domain dates.ts): the screen's language on
 * the selected school's clock — "25 nov 2026, 10:00" / "Nov 25, 2026, 10:00 AM"; a day "25 nov 2026".
 */
export function useDates() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? "es";
  const timeZone = useSchoolTimeZone();
  return useMemo(() => {
    const shown = { lang, timeZone };
    return {
      lang,
      timeZone,
      dateTime: (at: Instant) => formatDateTime(at, shown),
      date: (at: Instant) => formatDate(at, shown),
      time: (at: Instant) => formatTime(at, shown),
      day: (day: string, weekday = false) => formatDay(day, { lang, weekday }),
      dayRange: (from: string, to: string) => formatDayRange(from, to, { lang }),
    };
  }, [lang, timeZone]);
}

const pad = (n: number) => String(n).padStart(2, "0");
/** A picker's value as `YYYY-MM-DD`: a text already, or a Date at local midnight. */
const dayOf = (value: unknown) =>
  value instanceof Date
    ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
    : String(value).slice(0, 10);

/**
 * What a Mantine date picker writes in its field, the same way as everywhere else ("25 nov 2026" rather than
 * dayjs's "25 nov. 2026"). Its values are `YYYY-MM-DD` days; the language is the DatesProvider's locale.
 */
export const pickerDays: DateFormatter = ({ type, date, locale, labelSeparator }) => {
  const day = (value: unknown) => (value ? formatDay(dayOf(value), { lang: locale }) : "");
  if (type === "range" && Array.isArray(date)) {
    if (date[0] && date[1]) return `${day(date[0])} ${labelSeparator} ${day(date[1])}`;
    return date[0] ? `${day(date[0])} ${labelSeparator} ` : "";
  }
  if (Array.isArray(date)) return date.map(day).join(", ");
  return day(date);
};
