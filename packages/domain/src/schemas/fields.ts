import { z } from "zod";

/** Form fields shared by the request schemas. Web forms send "" for an empty input: "" and null mean "no value". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

export const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === "" || z.email().safeParse(v).success)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** IANA names the runtime knows (plus UTC, which some runtimes leave out of the list). */
const timeZones = new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
export const isSupportedTimeZone = (tz: string) => timeZones.has(tz);
export const SchoolTimeZone = z.string().trim().min(1).max(64).refine(isSupportedTimeZone);
