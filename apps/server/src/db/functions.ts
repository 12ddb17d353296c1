// Each SQL function's current definition, one file per function name in db/functions/ (its overloads together),
// so a function is read in one place instead of being pieced together from the migrations that redefined it.
// The migrations stay what creates and changes them (drizzle records them; they run in order, with the data they
// rebuild); test/db/functions.test.ts fails when a migrated database and the files disagree, and
// `npm run db:functions` rewrites the files from a freshly migrated database after a migration changes one.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Tx } from "./client.ts";

export const FUNCTIONS_FOLDER = fileURLToPath(new URL("./functions", import.meta.url));

/** One definition as PostgreSQL prints it (pg_get_functiondef), keyed by its first line: name and arguments. */
export interface FunctionDefinition {
  name: string;
  signature: string;
  definition: string;
}

/** A file's definitions: its comments dropped, each `CREATE OR REPLACE FUNCTION … $function$;` kept verbatim. */
export function readFunctionFiles(folder = FUNCTIONS_FOLDER): Map<string, FunctionDefinition[]> {
  const files = new Map<string, FunctionDefinition[]>();
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const name = file.slice(0, -".sql".length);
    files.set(name, parseDefinitions(name, readFileSync(join(folder, file), "utf8")));
  }
  return files;
}

const START = "CREATE OR REPLACE FUNCTION ";

function parseDefinitions(name: string, text: string): FunctionDefinition[] {
  const out: FunctionDefinition[] = [];
  let at = text.indexOf(START);
  while (at >= 0) {
    // The body is quoted $function$…$function$ (pg_get_functiondef's choice); the statement ends after its close.
    const open = text.indexOf("$function$", at);
    const close = open < 0 ? -1 : text.indexOf("$function$", open + 1);
    if (close < 0) throw new Error(`${name}.sql: a definition without its $function$ … $function$ body`);
    const definition = text.slice(at, close + "$function$".length);
    out.push({ name, signature: firstLine(definition), definition });
    at = text.indexOf(START, close);
  }
  return out;
}

const firstLine = (definition: string) => definition.slice(0, definition.indexOf("\n"));

/** The functions the migrations created in `public` (not the extensions' own), as PostgreSQL prints them. */
export async function databaseFunctions(db: Tx): Promise<FunctionDefinition[]> {
  const result = (await db.execute(sql`
    SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND p.prokind = 'f'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY 1, 2`)) as unknown as { rows: { name: string; definition: string }[] };
  return result.rows.map((row) => {
    const definition = row.definition.trimEnd();
    return { name: row.name, signature: firstLine(definition), definition };
  });
}

/** Where a database and the files disagree, each list naming signatures; all empty when they agree. */
export interface FunctionDrift {
  /** In the database, in no file. */
  withoutFile: string[];
  /** In a file, not in the database. */
  notInDatabase: string[];
  /** In both, defined differently. */
  different: string[];
}

export function compareFunctions(
  database: FunctionDefinition[],
  files: Map<string, FunctionDefinition[]>,
): FunctionDrift {
  const inFiles = new Map([...files.values()].flat().map((d) => [d.signature, d.definition]));
  const inDatabase = new Map(database.map((d) => [d.signature, d.definition]));
  return {
    withoutFile: [...inDatabase.keys()].filter((s) => !inFiles.has(s)),
    notInDatabase: [...inFiles.keys()].filter((s) => !inDatabase.has(s)),
    different: [...inDatabase].filter(([s, d]) => inFiles.has(s) && inFiles.get(s) !== d).map(([s]) => s),
  };
}
