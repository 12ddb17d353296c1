import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { schoolIdColumn } from "./schools.ts";

/** The parts of a school's rollups a rebuild can redo (migration 0031), in the order the job runs them. */
export const ROLLUP_PARTS = ["effectiveness_days", "effectiveness", "units", "actions", "viewers", "pairs"] as const;
export type RollupPart = (typeof ROLLUP_PARTS)[number];

/**
 * What a school's rollups need rebuilt (issue 25 §5, migration 0031): written by the triggers of the change that
 * made a rebuild necessary (a time zone, a group moved, a head teacher or teaching assignment changed), in that
 * change's transaction; read and deleted by the rollups module's job once it has rebuilt them. `users`: the
 * teachers whose viewer units to rebuild (part "viewers").
 */
export const rollupRebuilds = pgTable(
  "rollup_rebuilds",
  {
    schoolId: schoolIdColumn(),
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity(),
    part: text("part").$type<RollupPart>().notNull(),
    users: integer("users").array(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    check(
      "rollup_rebuilds_part_check",
      sql`${t.part} IN ('units', 'actions', 'pairs', 'effectiveness', 'effectiveness_days', 'viewers')`,
    ),
  ],
);

/** A school's last (or running) rebuild, with its progress: step of steps, the parts it covers. */
export const rollupRebuildRuns = pgTable(
  "rollup_rebuild_runs",
  {
    schoolId: schoolIdColumn(),
    state: text("state").$type<"running" | "done" | "failed">().notNull(),
    /** The job that runs it: its retry after a crash takes the run over. */
    jobId: text("job_id"),
    /** Rebuilds the school has had (each claim counts one). */
    runs: integer("runs").notNull().default(0),
    step: integer("step").notNull().default(0),
    steps: integer("steps").notNull().default(0),
    parts: text("parts").array().notNull().default(sql`'{}'::text[]`),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [
    primaryKey({ name: "rollup_rebuild_runs_pk", columns: [t.schoolId] }),
    check("rollup_rebuild_runs_state_check", sql`${t.state} IN ('running', 'done', 'failed')`),
  ],
);
