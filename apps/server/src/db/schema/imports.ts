import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, schoolIdColumn, updatedAt } from "./schools.ts";
import { users } from "./users.ts";

/**
 * A massive-upload commit. Its state lives here, not in one process, so whichever instance a progress poll
 * reaches can answer it; `updated_at` moves with every chunk, so a job whose instance died is seen as stale.
 */
export const importJobs = pgTable(
  "import_jobs",
  {
    schoolId: schoolIdColumn(),
    id: uuid("id").notNull().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** users, students, families */
    kind: text("kind").notNull(),
    /** processing, done, failed */
    status: text("status").notNull().default("processing"),
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    /** ImportCounts once done. */
    counts: jsonb("counts").$type<Record<string, number>>(),
    /** An error code of packages/domain errors.ts when failed. */
    errorCode: text("error_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index("import_jobs_created_idx").on(t.schoolId, t.createdAt),
    // The claim: one import per school at a time, whichever instance takes it (jobs.repository.ts claimJob).
    uniqueIndex("import_jobs_one_running_idx").on(t.schoolId).where(sql`${t.status} = 'processing'`),
  ],
);
