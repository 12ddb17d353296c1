import { z } from "zod";
// Before any schema is built: zod decides at construction whether to compile (see zod-config.ts), and every schema
// module imports this one.
import "./zod-config.ts";

/**
 * The building blocks of every request schema (bodies, queries, path params). Text and ids are never declared
 * with bare `z.string()` or a coerced number: apps/server/test/api/input-hygiene.test.ts walks every
 * route of the app and fails when one does, so input hygiene holds by construction rather than by review.
 */

/** The largest value of an int4 column: every id of the database. */
export const MAX_ID = 2_147_483_647;

// C0 controls, DEL and C1 controls. PostgreSQL refuses NUL in text (it was a 500) and nobody types the others:
// they only hide text from readers, break CSV/XLSX exports and forge log lines. Lone UTF-16 surrogates cannot
// be stored as UTF-8 either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text fits on one line: no control character at all (tabs and line breaks included). */
export const isCleanLine = (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value);
/** True for free text typed in a text area: line breaks (\n, \r) and tabs are its only control characters. */
export const isCleanText = (value: string) => !CONTROL_EXCEPT_LINE_BREAKS.test(value) && !LONE_SURROGATE.test(value);

/** The error code a refused character answers with (422, translated, under the field). */
const refused = { message: "CONTROL_CHARACTERS" } as const;

/** A single-line text field (names, codes, e-mails, search words, path segments…). Chain trim/min/max as usual. */
export const singleLine = () => z.string().refine(isCleanLine, refused);

/** Free text of several lines (details, notes, minutes, addresses, privacy notices…). */
export const multiLine = () => z.string().refine(isCleanText, refused);

/** An id in a JSON body: an integer 1…MAX_ID (JSON already gives a number; strings are refused). */
export const Id = z.number().int().positive().max(MAX_ID);

/**
 * An id in a path or a query string: decimal digits only, no sign, no leading zero, no spaces, no `0x10`,
 * `1e1` or `16.0` (a coerced number read those as 16 and 10), within int4.
 */
export const QueryId = singleLine()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ID));

/** "3,5,8" in a query string: up to `max` distinct ids, each as strict as QueryId. */
export const QueryIdList = (max: number) =>
  singleLine()
    .regex(new RegExp(`^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${max - 1}}$`))
    .transform((v) => [...new Set(v.split(",").map(Number))])
    .pipe(z.array(z.number().max(MAX_ID)));

/** A whole number from a query string (page, per_page, limit…), as strict as QueryId. */
export const QueryInt = (min: number, max: number) =>
  singleLine()
    .regex(/^(0|[1-9][0-9]{0,9})$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/**
 * A link a person typed that others will open: only http and https, so `javascript:`, `data:` and friends are
 * refused (422) before they are stored.
 */
export const HttpUrl = (max: number) =>
  singleLine()
    .trim()
    .max(max)
    .pipe(z.url({ protocol: /^https?$/ }));

/** True for an absolute http(s) link: the only kind the web renders as a link (rows stored before HttpUrl too). */
export const isHttpUrl = (value: string): boolean => z.url({ protocol: /^https?$/ }).safeParse(value).success;

/** Form fields shared by the request schemas. Web forms send "" for an empty input: "" and null mean "no value". */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  (options.multiline ? multiLine() : singleLine())
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

export const optionalEmail = singleLine()
  .trim()
  .max(254)
  .refine((v) => v === "" || z.email().safeParse(v).success)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** IANA names the runtime knows (plus UTC, which some runtimes leave out of the list). */
const timeZones = new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
export const isSupportedTimeZone = (tz: string) => timeZones.has(tz);
export const SchoolTimeZone = singleLine().trim().min(1).max(64).refine(isSupportedTimeZone);
