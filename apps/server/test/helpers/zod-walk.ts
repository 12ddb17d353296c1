import { isCleanLine, isCleanText } from "@convive/domain";
import type { FastifySchema } from "fastify";
import type { CatalogueEntry } from "../../src/plugins/access.ts";

/** The parts of a route's schema a client fills in. */
export const REQUEST_PARTS = ["params", "querystring", "body", "headers"] as const;
export type RequestPart = (typeof REQUEST_PARTS)[number];

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definition objects are untyped on purpose.
type Def = Record<string, any>;
interface ZodNode {
  _zod: { def: Def };
}
export const isZod = (value: unknown): value is ZodNode =>
  typeof value === "object" && value !== null && "_zod" in value;

/** String formats whose own pattern already refuses every control character. */
const SAFE_FORMATS = new Set(["email", "uuid", "guid", "date", "datetime", "time", "duration", "ipv4", "ipv6", "cuid"]);

const holdsHygiene = (def: Def) =>
  (def.checks ?? []).some((c: ZodNode) => c._zod.def.fn === isCleanLine || c._zod.def.fn === isCleanText);

/**
 * Input-hygiene violations of one zod schema: a string without the control-character check of
 * packages/domain/src/schemas/fields.ts, or any coerced value (`z.coerce.number()` reads `0x10` as 16).
 * The output side of a pipe gets what the input side already checked, so only coercion is looked for there.
 */
export function hygieneViolations(schema: unknown, path = "", checkedUpstream = false): string[] {
  if (!isZod(schema)) return [];
  const def = schema._zod.def;
  const out: string[] = [];
  if (def.coerce) out.push(`${path || "(root)"}: coerced ${def.type}`);
  const child = (node: unknown, key: string, upstream = checkedUpstream) =>
    out.push(...hygieneViolations(node, key, upstream));
  switch (def.type) {
    case "string":
      if (!checkedUpstream && !SAFE_FORMATS.has(def.format) && !holdsHygiene(def))
        out.push(`${path || "(root)"}: string without singleLine()/multiLine()`);
      break;
    case "object":
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
        child(value, path ? `${path}.${key}` : key);
      if (def.catchall) child(def.catchall, `${path}.*`);
      break;
    case "array":
      child(def.element, `${path}[]`);
      break;
    case "pipe":
      child(def.in, path);
      child(def.out, path, true);
      break;
    case "union":
      for (const option of def.options as unknown[]) child(option, path);
      break;
    case "intersection":
      child(def.left, path);
      child(def.right, path);
      break;
    case "record":
      child(def.keyType, `${path}{key}`);
      child(def.valueType, `${path}{}`);
      break;
    case "tuple":
      for (const [i, item] of (def.items as unknown[]).entries()) child(item, `${path}[${i}]`);
      if (def.rest) child(def.rest, `${path}[…]`);
      break;
    case "lazy":
      child(def.getter(), path);
      break;
    default:
      if (def.innerType) child(def.innerType, path);
  }
  return out;
}

/** Every violation in the request parts of every route of the catalogue, as `METHOD URL part.field: …`. */
export function routeViolations(catalogue: readonly CatalogueEntry[]): { checked: number; violations: string[] } {
  let checked = 0;
  const violations: string[] = [];
  for (const route of catalogue) {
    if (route.method === "HEAD") continue;
    const schema = (route.schema ?? {}) as FastifySchema & Record<RequestPart, unknown>;
    // A path parameter without a schema reaches the handler as any text at all.
    if (route.url.includes(":") && !schema.params) violations.push(`${route.method} ${route.url}: no params schema`);
    for (const part of REQUEST_PARTS) {
      if (!schema[part]) continue;
      checked++;
      if (!isZod(schema[part])) {
        violations.push(`${route.method} ${route.url} ${part}: not a zod schema`);
        continue;
      }
      for (const v of hygieneViolations(schema[part])) violations.push(`${route.method} ${route.url} ${part}.${v}`);
    }
  }
  return { checked, violations };
}

/**
 * Response fields that hold the request helpers' check. An answer is validated against its schema, so a row
 * stored before the helpers (or by an import) holding a tab would turn the answer into a 500.
 */
export function responseChecks(catalogue: readonly CatalogueEntry[]): string[] {
  const found = new Set<string>();
  const visit = (node: unknown, path: string) => {
    if (!isZod(node)) return;
    const def = node._zod.def;
    if (def.type === "string" && holdsHygiene(def)) found.add(path);
    if (def.type === "object") for (const [k, v] of Object.entries(def.shape as object)) visit(v, `${path}.${k}`);
    else if (def.type === "array") visit(def.element, `${path}[]`);
    else if (def.type === "pipe") for (const side of [def.in, def.out]) visit(side, path);
    else if (def.type === "union") for (const option of def.options as unknown[]) visit(option, path);
    else if (def.type === "record") visit(def.valueType, `${path}{}`);
    else if (def.innerType) visit(def.innerType, path);
  };
  for (const route of catalogue) {
    const responses = ((route.schema ?? {}) as { response?: Record<string, unknown> }).response ?? {};
    for (const [status, schema] of Object.entries(responses)) visit(schema, `${route.method} ${route.url} ${status}`);
  }
  return [...found];
}
