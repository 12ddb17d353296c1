import type { Language } from "@convive/domain";

/** The caller's language: `X-Language`, then the first Accept-Language tag; Spanish by default (spec §1). */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const explicit = headers["x-language"];
  const raw = (Array.isArray(explicit) ? explicit[0] : explicit) ?? firstTag(headers["accept-language"]);
  return raw?.toLowerCase().startsWith("en") ? "en" : "es";
}

function firstTag(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(",")[0]?.trim();
}

/** The language a request names (X-Language, then Accept-Language), or undefined when it names none. */
export function askedLanguage(headers: Record<string, string | string[] | undefined>): Language | undefined {
  return headers["x-language"] || headers["accept-language"] ? requestLanguage(headers) : undefined;
}
