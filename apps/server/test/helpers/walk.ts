import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { zipSync } from "fflate";
import type { Db } from "../../src/db/client.ts";
import type { CatalogueEntry } from "../../src/plugins/access.ts";
import { png } from "./images.ts";
import { bodyHint, NOT_ROW_IDS, pathValue, type RealSchool } from "./real-school.ts";
import { validSample } from "./sample-body.ts";

/** What the generated tenancy walk needs of a database: which tables hold school rows, and their checksums. */
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

/** Tables that carry a school_id column, read from the catalogue so new tables are covered too. */
export async function schoolTables(db: Db): Promise<string[]> {
  const { rows } = await rowsOf(
    db,
    sql`select table_name from information_schema.columns
         where table_schema = current_schema() and column_name = 'school_id' order by table_name`,
  );
  return rows.map((r) => String(r.table_name));
}

/**
 * Row count and checksum of everything the school owns, plus its members' accounts and sessions and the school
 * row. A session's last_used_at is left out: signed-in members of the school take part in the walk, and being
 * seen is not a change anyone made.
 */
export async function snapshot(db: Db, schoolId: string, tables: readonly string[]): Promise<Record<string, string>> {
  const sum = (key: string, from: string, where: ReturnType<typeof sql>) =>
    sql`select ${key} as k, count(*)::int as n,
               coalesce(md5(string_agg((to_jsonb(t) - 'last_used_at')::text, '|' order by (to_jsonb(t))::text)), '') as s
          from ${sql.raw(from)} t where ${where}`;
  const members = sql`(select user_id from memberships where school_id = ${schoolId})`;
  const parts = [
    sum("schools", "schools", sql`t.id = ${schoolId}`),
    sum("users", "users", sql`t.id in ${members}`),
    sum("sessions", "sessions", sql`t.user_id in ${members}`),
    ...tables.map((table) => sum(table, `"${table}"`, sql`t.school_id = ${schoolId}`)),
  ];
  // One round trip: the walk takes a snapshot after every route.
  const { rows } = await rowsOf(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [String(r.k), `${r.n}:${r.s}`]));
}

export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);

type Method = InjectOptions["method"];
export interface WalkRequest {
  method: Method;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** Why no schema-valid request could be made (a refinement the generator cannot meet needs a hint). */
  problem?: string;
  /** The body names rows of the school (a student, a group, a user…) by id. */
  bodyNamesRows?: boolean;
}

const encodeQuery = (values: Record<string, unknown>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");

/** Routes that read an upload as their raw body (images, evidence, ZIP of photos, spreadsheets to import). */
const RAW_BODY_ROUTE = /\/(photo|photos|photos\/:enrollment|avatar|logo|attachments|dry-run|commit)$/;

/** A file the route takes as its raw body (routes without a JSON body schema that read uploads). */
function rawFile(r: RealSchool, url: string): { type: string; data: Buffer } {
  if (url.startsWith("/api/imports/"))
    return {
      type: "text/csv",
      data: Buffer.from(`Nombre,Correo electrónico,Perfil\r\nEva,eva@example.test,Docente\r\n`),
    };
  if (url === "/api/students/photos")
    return {
      type: "application/zip",
      data: Buffer.from(zipSync({ [`${r.a1.enrollment}.png`]: new Uint8Array(png()) })),
    };
  return { type: "image/png", data: png() };
}

/**
 * A request every schema of the route accepts: path params are ids of the real school's rows, the query and the
 * body are generated from the route's zod schemas with the school's ids where a field names one.
 */
export function validRequest(route: CatalogueEntry, r: RealSchool): WalkRequest {
  const hints = bodyHint(r);
  let named = false;
  const hint: typeof hints = (key, schema) => {
    const value = hints(key, schema);
    if (typeof value === "number" && !NOT_ROW_IDS.has(key)) named = true;
    return value;
  };
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(pathValue(r, route.url, name)));
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const request: WalkRequest = { method: route.method as Method, url, headers: {} };
  if (schema.querystring) {
    const query = validSample(schema.querystring, hint);
    if (query === null) request.problem = "no valid query";
    else if (query && Object.keys(query).length > 0) request.url += `?${encodeQuery(query as Record<string, unknown>)}`;
  }
  if (schema.body) {
    named = false;
    const body = validSample(schema.body, hint);
    if (body === null) request.problem = "no valid body";
    request.bodyNamesRows = named;
    request.payload = JSON.stringify(body);
    request.headers["content-type"] = "application/json";
  } else if (route.method === "POST" && RAW_BODY_ROUTE.test(route.url)) {
    const file = rawFile(r, route.url);
    request.payload = file.data;
    request.headers["content-type"] = file.type;
  }
  return request;
}
