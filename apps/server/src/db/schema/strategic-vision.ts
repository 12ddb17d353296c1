import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { incidents } from "./incidents.ts";
import { schoolIdColumn, schools, updatedAt } from "./schools.ts";

// Issue 14 §4 (migration 0017): open incidents older than the school's setting escalate to its director(s) once.

/** One row per school; no row reads as the defaults. */
export const strategicVisionSettings = pgTable(
  "strategic_vision_settings",
  {
    schoolId: text("school_id")
      .primaryKey()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** An incident still open this many days after it happened is escalated to the director(s). */
    escalateAfterDays: integer("escalate_after_days").notNull().default(14),
    updatedAt: updatedAt(),
  },
  (t) => [check("strategic_vision_settings_days_check", sql`${t.escalateAfterDays} between 1 and 365`)],
);

/**
 * One row per escalated incident: inserted by the sweep that escalates it (the primary key lets one instance win),
 * `acted_at`/`acted_by` when a director first acts on it, `recorder_told_at` once its recorder has been told.
 */
export const incidentEscalations = pgTable(
  "incident_escalations",
  {
    schoolId: schoolIdColumn(),
    incidentId: integer("incident_id").notNull(),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The directors told (the ones whose actions count as "the director acted"). */
    directorIds: integer("director_ids").array().notNull().default(sql`'{}'::integer[]`),
    actedAt: timestamp("acted_at", { withTimezone: true }),
    actedBy: integer("acted_by"),
    recorderToldAt: timestamp("recorder_told_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "incident_escalations_pk", columns: [t.schoolId, t.incidentId] }),
    foreignKey({
      name: "incident_escalations_incident_fk",
      columns: [t.schoolId, t.incidentId],
      foreignColumns: [incidents.schoolId, incidents.id],
    }).onDelete("cascade"),
    index("incident_escalations_waiting_idx").on(t.schoolId).where(sql`acted_at is null`),
  ],
);

/**
 * Migration 0019: non-cancelled incidents per school, unit (the school with unit_id 0, or a section, grade or group
 * an incident concerns), dimension, school day and key. Written only by the database's trigger on incidents (same
 * transaction as the write); the dashboard reads it (modules/strategic-vision/rollup.repository.ts).
 */
export const incidentUnitDays = pgTable(
  "incident_unit_days",
  {
    schoolId: schoolIdColumn(),
    unit: text("unit").notNull(),
    unitId: integer("unit_id").notNull(),
    dim: text("dim").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ name: "incident_unit_days_pk", columns: [t.schoolId, t.unit, t.unitId, t.dim, t.day, t.key] })],
);

/**
 * Migration 0021: formative actions not waived, per school, unit (as incident_unit_days) and the day their next
 * occurrence is due, of incidents not cancelled. Written only by the database's triggers on formative_actions and
 * incidents; the dashboard's "overdue" sums the days before today.
 */
export const actionDueDays = pgTable(
  "action_due_days",
  {
    schoolId: schoolIdColumn(),
    unit: text("unit").notNull(),
    unitId: integer("unit_id").notNull(),
    day: date("day").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ name: "action_due_days_pk", columns: [t.schoolId, t.unit, t.unitId, t.day] })],
);
