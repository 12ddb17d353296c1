import { DEFAULT_TIME_ZONE } from "@convive/domain/core";
/** The host schools hang under: this page's host without a leading "www." (`<slug>.<host>`, spec §3). */
export const platformHost = () => window.location.host.replace(/^www\./, "");

/** A slug suggested from a school's name: "Colegio Andés" → "colegio-andes". */
export const slugFromName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");

/** Every IANA time zone the browser knows, Mexico's first. */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const mexico = all.filter((tz) =>
    /^America\/(Mexico_City|Cancun|Merida|Monterrey|Matamoros|Chihuahua|Ojinaga|Mazatlan|Bahia_Banderas|Hermosillo|Tijuana|Ciudad_Juarez)$/.test(
      tz,
    ),
  );
  return [...new Set([DEFAULT_TIME_ZONE, ...mexico, ...all])];
}
