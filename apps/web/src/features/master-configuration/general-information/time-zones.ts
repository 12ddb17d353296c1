/** Every IANA time zone the browser knows, Mexico's first, each with its current UTC offset for the list. */
export function timeZoneOptions(lang: string): { value: string; label: string }[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const mexico = all.filter((tz) => tz.startsWith("America/") && MEXICO.has(tz.slice(8)));
  const ordered = [...new Set(["America/Mexico_City", ...mexico, ...all])];
  const now = new Date();
  return ordered.map((tz) => {
    let offset = "";
    try {
      offset =
        new Intl.DateTimeFormat(lang, { timeZone: tz, timeZoneName: "shortOffset" })
          .formatToParts(now)
          .find((p) => p.type === "timeZoneName")?.value ?? "";
    } catch {
      offset = "";
    }
    const name = tz.replaceAll("_", " ");
    return { value: tz, label: offset ? `${name} (${offset})` : name };
  });
}

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
