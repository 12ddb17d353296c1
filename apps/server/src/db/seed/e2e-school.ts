import { hashPassword } from "../../lib/passwords.ts";
import type { Db } from "../client.ts";
import { seedColegioClosedYear, seedColegioDemo } from "./colegio-demo.ts";
import { ACCOUNT_USERS, DEMO_INCIDENTS, DEMO_PASSWORD } from "./demo.ts";
import { seedForms } from "./forms.ts";
import { generateIncidents } from "./incidents.ts";
import { seedInclusion } from "./inclusion.ts";
import { seedNursing } from "./nursing.ts";
import { insertUsers } from "./people.ts";
import { seedRecognitionPoints } from "./points.ts";
import { seedProtocols } from "./protocols.ts";
import { seedSupport } from "./support.ts";

/** The demo accounts a copy of colegio-demo has: those that belong to that school alone. */
const COPIED_ACCOUNTS = ["director", "docente", "familia", "nuevo", "sinrol"] as const;

export interface DemoSchoolCopy {
  schoolId: string;
  /** "Colegio E2E <tag>": a name of its own, so lists and pickers of every school tell the copies apart. */
  name: string;
  /** Every account of the copy is `<demo name>@<emailDomain>` (director@, docente4@, familia.cda-2026-0001@…). */
  emailDomain: string;
}

let passwordHash: Promise<string> | undefined;

/**
 * Loads a copy of colegio-demo (same people, structure, students and incident mix) under the id `colegio-<tag>`,
 * the name `Colegio E2E <tag>` and the e-mail domain `<tag>.convive.test`, beside the demo in the same database.
 * For the browser tests, so each spec writes into a school of its own (apps/web/e2e/support/school.ts); the
 * running server never calls it.
 */
export async function seedDemoSchoolCopy(db: Db, tag: string): Promise<DemoSchoolCopy> {
  if (!/^[a-z0-9-]{1,40}$/.test(tag)) throw new Error(`seedDemoSchoolCopy: bad tag ${tag}`);
  const copy = { schoolId: `colegio-${tag}`, name: `Colegio E2E ${tag}`, emailDomain: `${tag}.convive.test` };
  // One argon2 hash per process: hashing is slow on purpose.
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const hash = await passwordHash;
  await db.transaction(async (tx) => {
    const accounts = ACCOUNT_USERS.filter((u) => COPIED_ACCOUNTS.some((name) => u.email === `${name}@convive.test`));
    const ids = await insertUsers(
      tx,
      accounts.map((u) => ({ ...u, email: u.email.replace("@convive.test", `@${copy.emailDomain}`) })),
      hash,
    );
    await seedColegioDemo(tx, { ids, passwordHash: hash, ...copy });
    await generateIncidents(tx, copy.schoolId, { count: DEMO_INCIDENTS.colegio, days: 100 });
    await seedRecognitionPoints(tx, copy.schoolId);
    await seedProtocols(tx, copy.schoolId);
    // Issue 28: the support and inclusion records the support spec starts from (a spec of its own writes its own).
    await seedSupport(tx, copy.schoolId, copy.emailDomain);
    await seedInclusion(tx, copy.schoolId, copy.emailDomain);
    // Issue 29: the nursing records the nursing spec starts from (Diego's critical allergy, the mother's consent).
    await seedNursing(tx, copy.schoolId, copy.emailDomain);
    // Issue 29: the demo's two sent forms (the forms spec sends one of its own).
    await seedForms(tx, copy.schoolId, copy.emailDomain);
    // Issue 31 §4: the closed 2025-2026 year, as the demo has it.
    await seedColegioClosedYear(tx, copy.schoolId, copy.emailDomain);
  });
  return copy;
}
