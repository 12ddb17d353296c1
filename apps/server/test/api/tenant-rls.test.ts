import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { incidents, schools, students } from "../../src/db/schema/index.ts";
import { forSchool, inSchool } from "../../src/lib/tenant-db.ts";
import { openTestDb } from "../helpers/app.ts";

// Two schools, one student each: whatever one school's scoped code runs, the other's rows stay out of reach.
const A = `rls-a-${process.pid}`;
const B = `rls-b-${process.pid}`;
let db: Db;
let close: () => Promise<void>;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  await db.insert(schools).values([
    { id: A, name: "A" },
    { id: B, name: "B" },
  ]);
  for (const school of [A, B]) {
    await forSchool(db, school).insert(students, { enrollment: `E-${school}`, firstName: school });
  }
});
afterAll(async () => {
  await db.delete(schools).where(sql`${schools.id} in (${A}, ${B})`);
  await close();
});

describe("forSchool, the repository helper", () => {
  it("never returns another school's rows, whatever the caller's conditions", async () => {
    const all = await forSchool(db, A).select(students).where();
    expect(all.map((s) => s.schoolId)).toEqual([A]);
    const named = await forSchool(db, A).pick(students, { id: students.id }).where(eq(students.firstName, B));
    expect(named).toEqual([]);
  });

  it("updates and deletes only the school's rows, inserts into the school", async () => {
    const changed = await forSchool(db, A).update(students, { observations: "x" }).where().returning();
    expect(changed.map((s) => s.schoolId)).toEqual([A]);
    const gone = await forSchool(db, A).delete(students).where(eq(students.firstName, B)).returning();
    expect(gone).toEqual([]);
  });
});

describe("row-level security, the second wall", () => {
  it("a query that forgets the school sees only the scoped school's rows", async () => {
    const seen = await inSchool(db, A, async (tx) => ({
      students: rowsOf(await tx.execute(sql`select school_id from students where school_id in (${A}, ${B})`)),
      count: rowsOf(await tx.execute(sql`select count(*)::int as n from students where school_id = ${B}`)),
      incidents: await tx.select({ id: incidents.id }).from(incidents).where(eq(incidents.schoolId, B)),
    }));
    expect(seen.students).toEqual([{ school_id: A }]);
    expect(seen.count).toEqual([{ n: 0 }]);
    expect(seen.incidents).toEqual([]);
  });

  it("guards the student, family, incident and ratings tables", async () => {
    const rows = rowsOf(await db.execute(sql`select tablename from pg_policies where policyname = 'school_isolation'`));
    expect(rows.map((r) => r.tablename).sort()).toEqual(
      [
        "family_links",
        "family_members",
        "incident_attachments",
        "incident_counters",
        "incident_students",
        "incident_timeline",
        "incidents",
        "student_groups",
        "students",
        // Issue 13 (migration 0012): ratings, points and alerts are minors' data too.
        // Issue 14 (migration 0018): the incident graph's rollups name students and their incidents.
        "incident_day_counts",
        "incident_day_groups",
        "incident_day_totals",
        "incident_pairs",
        // Issue 24 (migration 0024): the school-wide map's rollups of incident_pairs.
        "incident_pair_days",
        "incident_student_days",
        // Issue 14 (migration 0020): the effectiveness of formative actions, per case and rolled up.
        "effectiveness_actions",
        "effectiveness_cases",
        "effectiveness_day_actions",
        "effectiveness_day_pairs",
        // Issue 14 (migrations 0019, 0021): the dashboard's rollups count students' incidents and actions.
        "action_due_days",
        "incident_unit_days",
        // Issue 14 (migration 0017): the strategic vision's settings and escalations.
        "incident_escalations",
        "strategic_vision_settings",
        // Issue 24 (migration 0025): idempotency keys keep the answers of creates, which name students.
        "idempotency_keys",
        // Issue 25 (migration 0028): the family's consent records name students and their families.
        "consent_records",
        // Issue 28 (migrations 0034, 0035): external support, conditions, conditioned enrollment and their types.
        "condition_adjustments",
        "condition_barriers",
        "condition_types",
        "conditioned_enrollments",
        "letter_acknowledgements",
        "referral_follow_ups",
        "referrals",
        "student_conditions",
        "support_attachments",
        "trainer_types",
        // Issue 27 (migration 0033): announcements to families, who received them, their files.
        "announcement_attachments",
        "announcement_recipients",
        "announcements",
        // Issue 27 (migration 0032): conversations with families, their messages, files and receipts.
        "conversation_reads",
        "conversations",
        "message_attachments",
        "message_reads",
        "message_revisions",
        "messages",
        // Issue 29 (migration 0036): forms to families, their versions, answers and files.
        "form_files",
        "form_responses",
        "form_templates",
        "form_versions",
        "forms",
        // Issue 29 (migration 0037): the medical record, its proposals, visits, medication and the configurator.
        "infirmary_visits",
        "medical_record_proposals",
        "medical_records",
        "medication_administrations",
        "medication_authorizations",
        "nursing_fields",
        "nursing_options",
        // Issue 30 §2 (migration 0039): protocols, their steps, and the one each incident runs.
        "incident_protocol_steps",
        "incident_protocols",
        "protocol_steps",
        "protocols",
        // Issue 25 (migration 0027): the read log names students and who read their records.
        "read_log",
        // Issue 30 §5 (migration 0041): retention periods, notices, the retention log and what is anonymised.
        "retention_done",
        "retention_log",
        "retention_notices",
        "retention_settings",
        // Issue 31 §1 (migration 0042): re-enrollments and each student's move.
        "reenrollment_moves",
        "reenrollments",
        // Issue 31 §3 (migration 0044): scheduled reports, their runs (the students each file named) and deliveries.
        "report_deliveries",
        "report_runs",
        "scheduled_reports",
        // Issue 32 (migration 0045): schools' identity providers and the sign-ins through them in flight.
        "provider_sign_ins",
        "sign_in_providers",
        // Issue 30 §3 (migration 0040): a family's requests to correct their child's data and the answers.
        "rectification_requests",
        // Issue 31 §2 (migration 0043): the history of user reassignments (the items: follow-up records by id).
        "user_reassignments",
        // Issue 30 (migration 0038): the families' acknowledgements of incidents and minutes, and the reminders.
        "incident_acknowledgement_reminders",
        "incident_acknowledgements",
        "alert_crossings",
        "alert_rules",
        "point_awards",
        "rating_comments",
        "rating_group_publications",
        "rating_measure_sections",
        "rating_measures",
        "rating_period_states",
        "rating_scale_versions",
        "rating_scales",
        "rating_settings",
        "ratings",
      ].sort(),
    );
  });

  it("refuses to write another school's rows from a scoped transaction", async () => {
    const changed = await inSchool(db, A, (tx) =>
      tx.update(students).set({ observations: "moved" }).where(eq(students.schoolId, B)).returning(),
    );
    expect(changed).toEqual([]);
    await expect(
      inSchool(db, A, (tx) => tx.insert(students).values({ schoolId: B, enrollment: "X", firstName: "X" })),
    ).rejects.toThrow();
  });

  it("leaves the connecting user (platform code, jobs, seeds) seeing every school", async () => {
    const rows = rowsOf(await db.execute(sql`select school_id from students where school_id in (${A}, ${B})`));
    expect(rows.map((r) => r.school_id).sort()).toEqual([A, B].sort());
  });
});
