import { z } from "zod";
import { isZod } from "./zod-walk.ts";

/**
 * A deterministic, schema-valid value for a JSON Schema: the route's OpenAPI schema (3.0: `nullable`, boolean
 * `exclusiveMinimum`) or what z.toJSONSchema makes of its zod schema (draft 2020-12). Every optional property is
 * filled, so a request carries as much as the schema allows. `hint` may name a value for a property (the id of
 * a real row, a time zone…); it is used when it fits the schema.
 */
export type JsonSchema = Record<string, unknown>;
export type Hint = (key: string, schema: JsonSchema) => unknown;

/** Texts tried, in order, against a pattern (dates, colours, paths, slugs, digits…). */
const PATTERN_CANDIDATES = ["1", "2026-09-01", "#336699", "/incidents", "prueba", "Prueba", "A1", "12:00"];

const types = (s: JsonSchema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : s.type ? [String(s.type)] : [];

export function sampleOf(schema: JsonSchema, hint: Hint = () => undefined, key = ""): unknown {
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const union of ["anyOf", "oneOf"] as const) {
    const options = schema[union] as JsonSchema[] | undefined;
    if (options) {
      const real = options.filter((o) => !types(o).includes("null") || types(o).length > 1);
      return sampleOf(real[0] ?? options[0]!, hint, key);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged = Object.assign({}, ...(schema.allOf as JsonSchema[]), { allOf: undefined }) as JsonSchema;
    const patterns = (schema.allOf as JsonSchema[]).map((p) => p.pattern).filter(Boolean) as string[];
    return sampleString({ ...merged, patterns }, hint, key);
  }
  const type = types(schema).find((t) => t !== "null") ?? types(schema)[0];
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, sampleOf(p, hint, k)]));
    }
    case "array": {
      const count = Math.min(Math.max(Number(schema.minItems ?? 0), 1), Number(schema.maxItems ?? 1));
      return Array.from({ length: count }, () => sampleOf((schema.items ?? {}) as JsonSchema, hint, key));
    }
    case "integer":
    case "number": {
      const hinted = hint(key, schema);
      if (typeof hinted === "number") return hinted;
      const exclusive = schema.exclusiveMinimum;
      const min =
        typeof exclusive === "number" ? exclusive + 1 : Number(schema.minimum ?? 1) + (exclusive === true ? 1 : 0);
      return Math.min(Math.max(min, 1), Number(schema.maximum ?? Number.MAX_SAFE_INTEGER));
    }
    case "boolean":
      return true;
    case "null":
      return null;
    case "string":
      return sampleString(schema, hint, key);
    default:
      return hint(key, schema) ?? "Prueba";
  }
}

function sampleString(schema: JsonSchema, hint: Hint, key: string): string {
  const patterns = [...((schema.patterns as string[]) ?? []), ...(schema.pattern ? [String(schema.pattern)] : [])];
  const fits = (v: string) =>
    v.length >= Number(schema.minLength ?? 0) &&
    v.length <= Number(schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    patterns.every((p) => new RegExp(p, "u").test(v));
  const hinted = hint(key, schema);
  if (typeof hinted === "string" && fits(hinted)) return hinted;
  if (typeof hinted === "number" && fits(String(hinted))) return String(hinted);
  switch (schema.format) {
    case "email":
      return "walk@example.test";
    case "uuid":
      return "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
    case "date":
      return "2026-09-01";
    case "date-time":
      return new Date(Date.now() - 3_600_000).toISOString();
    case "uri":
      return "https://example.test/sala";
  }
  const found = PATTERN_CANDIDATES.find(fits);
  if (found) return found;
  const min = Number(schema.minLength ?? 1);
  return "Prueba".padEnd(min, "x").slice(0, Number(schema.maxLength ?? 10_000));
}

/** The JSON Schema of what a client sends for a zod schema (the input side of transforms and pipes). */
export const inputSchemaOf = (schema: unknown): JsonSchema =>
  isZod(schema) ? (z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema) : {};

/**
 * A value of a zod schema that the schema accepts: everything filled first, then only what is required.
 * Null when neither passes (the caller reports the route, so a new refinement gets a hint, not a silent skip).
 */
export function validSample(schema: unknown, hint?: Hint): unknown {
  if (!isZod(schema)) return undefined;
  const zod = schema as z.ZodType;
  const json = inputSchemaOf(schema);
  const full = sampleOf(json, hint);
  if (zod.safeParse(full).success) return full;
  const required = new Set((json.required as string[]) ?? []);
  if (full && typeof full === "object" && !Array.isArray(full)) {
    const minimal = Object.fromEntries(Object.entries(full).filter(([k]) => required.has(k)));
    if (zod.safeParse(minimal).success) return minimal;
  }
  return null;
}
