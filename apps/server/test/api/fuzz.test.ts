import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createUser, login } from "../helpers/factories.ts";
import {
  HEADER_SETS,
  NESTED_VALUES,
  OTHER_BODIES,
  PATH_VALUES,
  PROPERTY_VALUES,
  QUERY_VALUES,
  queryForms,
  RAW_JSON_BODIES,
} from "../helpers/fuzz-cases.ts";
import { bodyHint, pathValue, type RealSchool, realSchool } from "../helpers/real-school.ts";
import { type JsonSchema, sampleOf } from "../helpers/sample-body.ts";

/**
 * Issue 9, Deliver 5: a fuzz test generated from the OpenAPI document the app serves (GET /api/docs/json), so a
 * route added later is fuzzed without editing this file. Every documented operation gets malformed path params,
 * query values and bodies (wrong types, NUL and other controls, huge strings, deep nesting, arrays for objects,
 * invalid JSON, other content types) as the signed-in Director of a real school (the platform administrator for
 * /api/admin); any 5xx fails. The figures are printed for the closing note.
 */
let t: TestApp;
let r: RealSchool;
let rootEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  r = await realSchool(t.app, t.db);
  rootEmail = (await createUser(t.db, { root: 1 })).email;
});
afterAll(() => t.close());

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

describe("fuzz", () => {
  it("answers every malformed request to every documented route without a 5xx", { timeout: 300_000 }, async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const accessOf = new Map(t.app.routeCatalogue.map((c) => [`${c.method} ${c.url}`, c.access]));
    const tokens = { director: r.director.token, root: await login(t.app, rootEmail) };
    const hint = bodyHint(r);
    const failures: string[] = [];
    let requests = 0;
    let operations = 0;

    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [lower, op] of Object.entries(methods)) {
        if (lower === "head") continue;
        const method = lower.toUpperCase() as "GET" | "POST";
        operations++;
        const route = path.replace(/\{(\w+)\}/g, ":$1");
        const access = accessOf.get(`${method} ${route}`) ?? "public";
        const who = access === "root" ? "root" : "director";

        const send = async (url: string, payload?: string | Buffer, type?: string, label = "", own?: object) => {
          const headers: Record<string, string> = type ? { "content-type": type } : {};
          if (access !== "public") headers.authorization = `Bearer ${tokens[who]}`;
          if (access === "school" || access === "user") headers["x-school-id"] = r.school.id;
          if (own) {
            delete headers.authorization;
            for (const [k, v] of Object.entries(own)) headers[k] = String(v).replace("{token}", tokens[who]);
          }
          let res = await t.app.inject({ method, url, payload, headers });
          requests++;
          // A fuzzed call may end the caller's own session (logout, password change): sign in again and retry.
          if (res.statusCode === 401 && access !== "public" && !own) {
            tokens[who] = await login(t.app, who === "root" ? rootEmail : r.director.user.email);
            headers.authorization = `Bearer ${tokens[who]}`;
            res = await t.app.inject({ method, url, payload, headers });
            requests++;
          }
          if (res.statusCode >= 500)
            failures.push(
              `${res.statusCode} ${method} ${url.slice(0, 120)} ${label.slice(0, 120)} → ${res.body.slice(0, 160)}`,
            );
        };

        const params = op.parameters ?? [];
        const fill = (name?: string, raw?: string) =>
          path.replace(/\{(\w+)\}/g, (_, n: string) =>
            n === name ? raw! : encodeURIComponent(pathValue(r, route, n)),
          );
        const url = fill();
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        const base = schema ? sampleOf(schema, hint) : undefined;
        const json = base === undefined ? undefined : JSON.stringify(base);
        const jsonType = json === undefined ? undefined : "application/json";

        for (const p of params.filter((x) => x.in === "path"))
          for (const value of PATH_VALUES) await send(fill(p.name, value), json, jsonType, `path ${p.name}=${value}`);

        for (const q of params.filter((x) => x.in === "query")) {
          for (const value of QUERY_VALUES) await send(`${url}?${q.name}=${value}`, json, jsonType, `query ${value}`);
          for (const form of queryForms(q.name)) await send(`${url}?${form}`, json, jsonType, `query ${form}`);
        }

        for (const set of HEADER_SETS) await send(url, json, jsonType, `headers ${Object.keys(set)}`, set);

        if (method === "GET") continue;
        for (const raw of RAW_JSON_BODIES) await send(url, raw, "application/json", `raw ${raw.slice(0, 40)}`);
        for (const other of OTHER_BODIES) await send(url, other.body, other.type, `type ${other.type}`);
        if (!base || typeof base !== "object" || Array.isArray(base)) continue;
        for (const [key, value] of Object.entries(base as Record<string, unknown>)) {
          for (const bad of PROPERTY_VALUES) {
            await send(url, JSON.stringify({ ...base, [key]: bad }), "application/json", `${key}=${String(bad)}`);
          }
          const first = Array.isArray(value) ? value[0] : undefined;
          if (!first || typeof first !== "object") continue;
          for (const inner of Object.keys(first))
            for (const bad of NESTED_VALUES) {
              const item = { ...first, [inner]: bad };
              await send(url, JSON.stringify({ ...base, [key]: [item] }), "application/json", `${key}[].${inner}`);
            }
        }
      }
    }

    console.log(`fuzz: ${requests} requests to ${operations} documented operations, ${failures.length} answered 5xx`);
    expect(operations).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
