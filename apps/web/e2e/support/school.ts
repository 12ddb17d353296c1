/// <reference types="node" />
import type { TestInfo } from "@playwright/test";
import { type OpenDb, openDb } from "../../../server/src/db/client.ts";
import { seedDemoSchoolCopy } from "../../../server/src/db/seed/e2e-school.ts";
import { e2eDatabase } from "./database.ts";
import { COLEGIO, E2E_PORT } from "./env.ts";

/**
 * The school a spec writes into: a copy of the demo's Colegio Demo Andes (same people, structure, students and
 * incident mix, a name of its own; apps/server/src/db/seed/e2e-school.ts) of its own, so an incident, a notification, a new user
 * or a changed permission of one spec never shows in another's list, bell or counts, whatever order they run in.
 *
 * The copy is loaded straight into the run's PostgreSQL database (support/database.ts) from the test process,
 * once per spec file and worker; the server has no route for it. Without a PostgreSQL the server keeps the demo
 * in memory inside its own process, out of the tests' reach, so `ownSchool` falls back to the shared demo
 * school and its accounts (the old convention: specs then only avoid each other's data by care).
 */
export interface SpecSchool {
  id: string;
  name: string;
  /** Whether this is the shared demo school (no PostgreSQL configured) rather than a copy of its own. */
  shared: boolean;
  /** The e-mail of one of the school's demo accounts: director, docente, familia, nuevo, sinrol, docente4… */
  email: (account: string) => string;
  director: string;
  docente: string;
  familia: string;
}

const specSchool = (id: string, name: string, domain: string, shared: boolean): SpecSchool => {
  const email = (account: string) => `${account}@${domain}`;
  return {
    id,
    name,
    shared,
    email,
    director: email("director"),
    docente: email("docente"),
    familia: email("familia"),
  };
};

export const SHARED_SCHOOL = specSchool(COLEGIO.id, COLEGIO.name, "convive.test", true);

let database: Promise<OpenDb> | undefined;
const schools = new Map<string, Promise<SpecSchool>>();
let counter = 0;

/**
 * The spec file's own school in this worker, loaded on first use; each repetition of `--repeat-each` gets its own,
 * so a spec that reads its bell or changes its school starts from the demo's state every time.
 */
export function ownSchool(testInfo: TestInfo): Promise<SpecSchool> {
  const target = e2eDatabase(E2E_PORT);
  if (!target) return Promise.resolve(SHARED_SCHOOL);
  const key = `${testInfo.file}#${testInfo.repeatEachIndex}`;
  let found = schools.get(key);
  if (!found) {
    // Lower-case letters, digits and dashes: the tag is the school's id (its subdomain) and its e-mail domain.
    const spec = testInfo.file.replace(/^.*\/specs\//, "").replace(/\.spec\.ts$/, "");
    const slug = spec
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(-18)
      .replace(/^-+/, "");
    const tag = `${slug}-${process.pid.toString(36)}${(counter++).toString(36)}`;
    database ??= openDb(target.url, { poolSize: 2 });
    found = database
      .then(({ db }) => seedDemoSchoolCopy(db, tag))
      .then((copy) => specSchool(copy.schoolId, copy.name, copy.emailDomain, false));
    schools.set(key, found);
  }
  return found;
}

/** Closes the worker's connection pool (the worker fixture's teardown). */
export async function closeSchools() {
  const open = database;
  database = undefined;
  if (open) await (await open).close();
}
