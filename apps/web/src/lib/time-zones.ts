import { DEFAULT_TIME_ZONE } from "@convive/domain/core";
import { useCallback, useMemo, useState } from "react";

/** Mexico's zones, listed first: the schools this product is made for are there. */
const MEXICO = new Set([
  "Mexico_City",
  "Cancun",
  "Merida",
  "Monterrey",
  "Matamoros",
  "Chihuahua",
  "Ojinaga",
  "Mazatlan",
  "Bahia_Banderas",
  "Hermosillo",
  "Tijuana",
  "Ciudad_Juarez",
]);

const isMexican = (tz: string) => tz.startsWith("America/") && MEXICO.has(tz.slice(8));

/** Every IANA time zone the browser knows: the default first, then Mexico's, then the rest. */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([DEFAULT_TIME_ZONE, ...all.filter(isMexican), ...all])];
}

export interface TimeZoneOption {
  value: string;
  label: string;
}

const labels = new Map<string, string>();

/** "America/Mexico City (GMT-6)": the zone with its current UTC offset, in the reader's language. */
export function timeZoneLabel(tz: string, lang: string): string {
  const key = `${lang} ${tz}`;
  let label = labels.get(key);
  if (label === undefined) {
    let offset = "";
    try {
      offset =
        new Intl.DateTimeFormat(lang, { timeZone: tz, timeZoneName: "shortOffset" })
          .formatToParts(new Date())
          .find((p) => p.type === "timeZoneName")?.value ?? "";
    } catch {
      offset = "";
    }
    const name = tz.replaceAll("_", " ");
    label = offset ? `${name} (${offset})` : name;
    labels.set(key, label);
  }
  return label;
}

const option = (lang: string) => (tz: string) => ({ value: tz, label: timeZoneLabel(tz, lang) });

/**
 * The options of a time-zone picker. Labelling all ~420 zones builds one Intl formatter each — seconds of a phone's
 * (or a loaded machine's) main thread, which froze the general-information screen on its first render. So the
 * list starts with the chosen zone and Mexico's, and the rest is labelled when the dropdown first opens (labels are
 * kept per language for the page's life).
 */
export function useTimeZoneOptions(lang: string, current: string | null | undefined) {
  const [all, setAll] = useState(false);
  const data = useMemo<TimeZoneOption[]>(() => {
    const zones = timeZones();
    const shown = all ? zones : [...new Set([...(current ? [current] : []), ...zones.filter(isMexican)])];
    return shown.map(option(lang));
  }, [all, lang, current]);
  const onDropdownOpen = useCallback(() => setAll(true), []);
  return { data, onDropdownOpen };
}
