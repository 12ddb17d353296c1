import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { compareFunctions, databaseFunctions, readFunctionFiles } from "../../src/db/functions.ts";
import { openTestDb } from "../helpers/app.ts";

// Each SQL function's current definition lives in one file (src/db/functions/<name>.sql). The migrations create
// and change the functions; these tests hold the files to what a freshly migrated database defines, on PGlite and
// on PostgreSQL (TEST_DATABASE_URL, migrated by the global setup).
let db: Db;
let close: () => Promise<void>;
const files = readFunctionFiles();

beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

describe("SQL functions, one file each", () => {
  it("a migrated database defines every function exactly as its file, and no function without one", async () => {
    const drift = compareFunctions(await databaseFunctions(db), files);
    const hint =
      "after a migration that creates or changes a function, run `npm run db:functions` and commit its files";
    expect(drift, hint).toEqual({ withoutFile: [], notInDatabase: [], different: [] });
    // The folder is not empty by mistake: the rollups' triggers are among them.
    expect(files.get("incidents_unit_days")).toHaveLength(1);
    expect(files.get("incident_unit_days_sql")).toHaveLength(2);
  });

  it("each file holds one function name: its own, and only its overloads", () => {
    for (const [name, definitions] of files) {
      for (const d of definitions)
        expect(d.signature).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION public\\.${name}\\(`));
    }
  });

  it("a later migration that changes a function without its file, or adds one without a file, is caught", async () => {
    // What such a migration would run, in a transaction rolled back so the shared database stays as migrated.
    const seen = await db
      .transaction(async (tx) => {
        await tx.execute(
          sql.raw(`CREATE OR REPLACE FUNCTION incident_unit_days_columns(rows_table text, sign integer)
          RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'changed' $$`),
        );
        await tx.execute(sql.raw("CREATE FUNCTION convive_new_helper() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$"));
        const drift = compareFunctions(await databaseFunctions(tx), files);
        throw Object.assign(new Error("roll back"), { drift });
      })
      .catch((error: { drift?: unknown }) => error.drift);
    expect(seen).toEqual({
      withoutFile: ["CREATE OR REPLACE FUNCTION public.convive_new_helper()"],
      notInDatabase: [],
      different: ["CREATE OR REPLACE FUNCTION public.incident_unit_days_columns(rows_table text, sign integer)"],
    });
  });
});
