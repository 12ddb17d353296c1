// `npm run db:functions`: after a migration creates or changes a function, rewrites db/functions/ from a freshly
// migrated database (PGlite in memory), so each file holds the definition the migrations leave. A file keeps its
// comment; a new file takes the comment above its CREATE in the newest migration that defines it. Files of
// functions the migrations dropped are removed. test/db/functions.test.ts checks the result.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Db, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from "./client.ts";
import { databaseFunctions, FUNCTIONS_FOLDER, type FunctionDefinition } from "./functions.ts";

/** The migrations that define `name`, oldest first, and the comment lines right above its newest definition. */
function migrationNotes(name: string): { migrations: string[]; comment: string[] } {
  const create = new RegExp(`^CREATE (OR REPLACE )?FUNCTION (public\\.)?${name}\\(`, "im");
  const alter = new RegExp(`ALTER FUNCTION (public\\.)?${name}\\(|'${name}\\(`, "i");
  const migrations: string[] = [];
  let comment: string[] = [];
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const text = readFileSync(join(MIGRATIONS_FOLDER, file), "utf8");
    const lines = text.split("\n");
    const at = lines.findIndex((line) => create.test(line));
    // Settings are changed by ALTER FUNCTION, some of them in a loop over quoted signatures (0022, 0024).
    if (at >= 0 || alter.test(text)) migrations.push(file.slice(0, 4));
    if (at < 0) continue;
    let from = at;
    while (from > 0 && lines[from - 1]!.startsWith("--") && !lines[from - 1]!.startsWith("-->")) from -= 1;
    if (from < at) comment = lines.slice(from, at);
  }
  return { migrations, comment };
}

function headerOf(name: string, existing: string | undefined): string {
  if (existing !== undefined) return existing;
  const { migrations, comment } = migrationNotes(name);
  const origin = `-- Created or changed by migration${migrations.length > 1 ? "s" : ""} ${migrations.join(", ")}.`;
  return `${[...comment, origin].join("\n")}\n`;
}

async function main() {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const byName = new Map<string, FunctionDefinition[]>();
  for (const d of await databaseFunctions(db as unknown as Db)) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  await client.close();

  const written: string[] = [];
  for (const [name, definitions] of byName) {
    const path = join(FUNCTIONS_FOLDER, `${name}.sql`);
    let old: string | undefined;
    try {
      old = readFileSync(path, "utf8");
    } catch {}
    const start = old?.indexOf("CREATE OR REPLACE FUNCTION ") ?? -1;
    const kept = old !== undefined && start >= 0 ? old.slice(0, start) : undefined;
    const text = `${headerOf(name, kept)}${definitions.map((d) => `${d.definition};\n`).join("\n")}`;
    if (text !== old) {
      writeFileSync(path, text);
      written.push(name);
    }
  }
  const removed = readdirSync(FUNCTIONS_FOLDER).filter((f) => f.endsWith(".sql") && !byName.has(f.slice(0, -4)));
  for (const file of removed) rmSync(join(FUNCTIONS_FOLDER, file));
  console.log(
    `${byName.size} functions; written: ${written.join(", ") || "none"}; removed: ${removed.join(", ") || "none"}`,
  );
}

await main();
