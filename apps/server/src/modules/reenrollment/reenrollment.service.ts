import {
  type ApplyReenrollmentBody,
  ERRORS,
  type ErrorCode,
  type Language,
  type Reenrollment,
  type ReenrollmentCounts,
  type ReenrollmentOverview,
  type ReenrollmentPlanBody,
  type ReenrollmentPreview,
  type ReenrollmentStatus,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import type { ReenrollmentEffects } from "../../db/schema/index.ts";
import { lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import type { Tenant } from "../../plugins/access.ts";
import { render } from "../../plugins/errors.ts";
import { conditionedOutcomes } from "../inclusion/index.ts";
import { type Plan, planReenrollment, targetKey } from "./plan.ts";
import * as repo from "./reenrollment.repository.ts";

export const APPLY_QUEUE = "reenrollment-apply";
export const FINALIZE_QUEUE = "reenrollment-finalize";
/** Students written per statement (and per step of the progress bar). */
const CHUNK = 500;

type YearRow = repo.YearRow;
const yearRef = (y: YearRow) => ({ id: y.id, name: y.name, starts_on: y.startsOn, ends_on: y.endsOn });

interface Years {
  all: YearRow[];
  current: YearRow | undefined;
  today: string;
}

async function yearsOf(tx: Tx, schoolId: string): Promise<Years> {
  const all = await repo.listYears(tx, schoolId);
  const today = await repo.schoolToday(tx, schoolId);
  return { all, current: all.find((y) => y.isCurrent), today };
}

/** A year the current one's students can go into: open, not current, after the current one, not started yet. */
const isTarget = (y: YearRow, years: Years) =>
  years.current !== undefined &&
  !y.isCurrent &&
  y.closedAt === null &&
  y.startsOn > years.current.startsOn &&
  y.startsOn > years.today;

/** Until the new year starts (its first day, or made current) an applied re-enrollment can be undone. */
const started = (y: YearRow | undefined, today: string) =>
  !y || y.isCurrent || y.closedAt !== null || y.startsOn <= today;

/**
 * Re-enrollment (issue 31 §1): the preview, the apply as a job on the runner (all or nothing, with progress), undo
 * until the new year starts, and the leavers' status when it does.
 */
export function createReenrollmentService(deps: {
  db: Db;
  jobs: Pick<JobRunner, "send">;
  events: EventBus;
  log: (error: unknown) => void;
}) {
  const { db, jobs, events } = deps;
  /** Applies running on this instance: a poll reads their progress here without waiting behind their transaction. */
  const live = new Map<string, { step: number; steps: number }>();
  const liveKey = (schoolId: string, id: number) => `${schoolId}:${id}`;

  async function present(row: repo.ReenrollmentRow, years: Years, lang: Language, tx: Tx = db): Promise<Reenrollment> {
    const from = years.all.find((y) => y.id === row.fromYearId)!;
    const to = years.all.find((y) => y.id === row.toYearId)!;
    const here = live.get(liveKey(row.schoolId, row.id));
    const status = row.status as ReenrollmentStatus;
    return {
      id: row.id,
      from_year: { id: from.id, name: from.name },
      to_year: { id: to.id, name: to.name, starts_on: to.startsOn },
      status,
      step: here && status === "applying" ? here.step : row.step,
      steps: here?.steps ?? row.steps,
      counts: row.counts as ReenrollmentCounts,
      copy_staff: row.copyStaff,
      error: row.errorCode ? render((row.errorCode in ERRORS ? row.errorCode : "INTERNAL") as ErrorCode, lang) : null,
      created_at: row.createdAt.toISOString(),
      applied_at: row.appliedAt?.toISOString() ?? null,
      undone_at: row.undoneAt?.toISOString() ?? null,
      finalized_at: row.finalizedAt?.toISOString() ?? null,
      can_undo: status === "applied" && row.finalizedAt === null && !started(to, years.today),
      groups: status === "applied" ? await repo.filledGroups(tx, row.schoolId, row.id) : [],
    };
  }

  async function overview(tenant: Tenant, lang: Language): Promise<ReenrollmentOverview> {
    const years = await yearsOf(db, tenant.schoolId);
    const rows = await repo.listReenrollments(db, tenant.schoolId, 20);
    return {
      current_year: years.current ? yearRef(years.current) : null,
      target_years: years.all.filter((y) => isTarget(y, years)).map(yearRef),
      reenrollments: await Promise.all(rows.map((r) => present(r, years, lang))),
    };
  }

  /** Reads everything the rule needs and runs it; 4xx for a year that is not a valid target. */
  async function plan(tx: Tx, schoolId: string, body: ReenrollmentPlanBody) {
    const years = await yearsOf(tx, schoolId);
    const to = years.all.find((y) => y.id === body.to_year_id);
    if (!to) throw new AppError("NOT_FOUND", { to_year_id: "NOT_FOUND" });
    const from = years.current;
    if (!from) throw new AppError("CURRENT_YEAR_REQUIRED", { to_year_id: "CURRENT_YEAR_REQUIRED" });
    if (to.closedAt) throw new AppError("YEAR_CLOSED", { to_year_id: "YEAR_CLOSED" });
    if (!isTarget(to, years))
      throw new AppError("REENROLLMENT_TARGET_YEAR", { to_year_id: "REENROLLMENT_TARGET_YEAR" });
    // One after the other: inside the apply's transaction they share one connection.
    const grades = await repo.listGrades(tx, schoolId);
    const sourceGroups = await repo.groupsOfYear(tx, schoolId, from.id);
    const targetGroups = await repo.groupsOfYear(tx, schoolId, to.id);
    const students = await repo.activeStudentsOfYear(tx, schoolId, from.id);
    const enrolled = await repo.enrolledIn(tx, schoolId, to.id);
    const conditioned = await conditionedOutcomes(
      tx,
      schoolId,
      students.map((s) => s.id),
    );
    const result = planReenrollment({
      grades,
      sourceGroups,
      targetGroups,
      students,
      enrolledInTarget: enrolled,
      conditioned,
      groups: body.groups ?? [],
      exceptions: body.exceptions ?? [],
    });
    return { years, from, to, grades, result };
  }

  async function preview(tenant: Tenant, body: ReenrollmentPlanBody): Promise<ReenrollmentPreview> {
    const { from, to, grades, result } = await plan(db, tenant.schoolId, body);
    return {
      from_year: yearRef(from),
      to_year: yearRef(to),
      grades: grades.map((g) => ({
        id: g.id,
        name: g.name,
        section_id: g.sectionId,
        section_name: g.sectionName,
        section_name_en: g.sectionNameEn,
      })),
      groups: result.groups,
      targets: result.targets,
      students: result.students,
      counts: result.counts,
    };
  }

  const stepsOf = (p: Plan) => 2 + Math.ceil(p.students.filter((s) => s.to).length / CHUNK);

  /**
   * Records the plan as previewed and queues its apply (the runner's job). Refused at once when the plan itself is
   * (422, 404, 409) or the year already has a live re-enrollment (409 REENROLLMENT_EXISTS).
   */
  async function apply(tenant: Tenant, userId: number, body: ApplyReenrollmentBody, lang: Language) {
    const { schoolId } = tenant;
    const created = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const { years, from, to, result } = await plan(tx, schoolId, body);
      if (await repo.liveInto(tx, schoolId, to.id)) throw new AppError("REENROLLMENT_EXISTS");
      const row = await repo.insertReenrollment(tx, {
        schoolId,
        fromYearId: from.id,
        toYearId: to.id,
        request: { groups: body.groups ?? [], exceptions: body.exceptions ?? [] },
        copyStaff: body.copy_staff ?? false,
        fingerprint: result.fingerprint,
        counts: result.counts,
        steps: stepsOf(result),
        createdBy: userId,
      });
      return { row, years };
    });
    await jobs.send(APPLY_QUEUE, { schoolId, id: created.row.id });
    return present(created.row, created.years, lang);
  }

  async function one(tenant: Tenant, id: number, lang: Language) {
    const row = await repo.findReenrollment(db, tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return present(row, await yearsOf(db, tenant.schoolId), lang);
  }

  /**
   * The job: checks the plan again under the school's structure lock (the same fingerprint as the preview, or
   * nothing happens: REENROLLMENT_STALE), then in one transaction creates the next year's groups it needs, puts every
   * student in their group, records the moves and copies the staff when asked. Any failure leaves nothing behind
   * and marks it failed. A second run of the same job finds it applied and does nothing.
   */
  async function run(schoolId: string, id: number) {
    const row = await repo.findReenrollment(db, schoolId, id);
    if (!row || !["queued", "applying"].includes(row.status)) return;
    await repo.setState(db, schoolId, id, ["queued", "applying"], { status: "applying", step: 0, errorCode: null });
    const key = liveKey(schoolId, id);
    live.set(key, { step: 0, steps: row.steps });
    let saved: Promise<unknown> = Promise.resolve();
    const progress = (step: number) => {
      live.set(key, { step, steps: row.steps });
      // Not awaited: on PostgreSQL it lands at once through another connection; PGlite runs it after the commit.
      saved = saved.then(() => repo.setProgress(db, schoolId, id, step)).catch(deps.log);
    };
    try {
      const applied = await db.transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        const fresh = await repo.findReenrollment(tx, schoolId, id);
        if (fresh?.status !== "applying") return false;
        const request = row.request as { groups: []; exceptions: [] };
        const { from, to, result } = await plan(tx, schoolId, { to_year_id: row.toYearId, ...request });
        if (from.id !== row.fromYearId || result.fingerprint !== row.fingerprint) {
          throw new AppError("REENROLLMENT_STALE");
        }
        progress(1);
        const missing = result.targets.filter((t) => t.group_id === null);
        const createdRows = await repo.insertGroups(
          tx,
          schoolId,
          to.id,
          missing.map((t) => ({ gradeId: t.grade_id, name: t.name })),
        );
        const groupOf = new Map(result.targets.map((t) => [targetKey(t), t.group_id]));
        for (const g of createdRows) groupOf.set(targetKey({ grade_id: g.gradeId, name: g.name }), g.id);

        const moves = result.students
          .filter((s) => s.outcome !== "already_enrolled")
          .map((s) => ({
            schoolId,
            reenrollmentId: id,
            studentId: s.id,
            sourceGroupId: s.source_group_id,
            outcome: s.outcome,
            groupId: s.to ? groupOf.get(targetKey(s.to))! : null,
          }));
        const placed = moves.filter((m) => m.groupId !== null);
        for (let i = 0; i < placed.length; i += CHUNK) {
          const chunk = placed.slice(i, i + CHUNK);
          await repo.insertStudentGroups(
            tx,
            chunk.map((m) => ({ schoolId, studentId: m.studentId, schoolYearId: to.id, groupId: m.groupId! })),
          );
          progress(2 + i / CHUNK);
        }
        for (let i = 0; i < moves.length; i += CHUNK) await repo.insertMoves(tx, moves.slice(i, i + CHUNK));
        const copied = row.copyStaff
          ? await repo.copyStaff(tx, schoolId, from.id, [...new Set(placed.map((m) => m.groupId!))])
          : { headTeachers: [], assignments: [] };
        const effects: ReenrollmentEffects = { createdGroupIds: createdRows.map((g) => g.id), ...copied };
        const done = await repo.setState(tx, schoolId, id, ["applying"], {
          status: "applied",
          appliedAt: new Date(),
          counts: result.counts,
          effects,
          step: row.steps,
        });
        if (!done) throw new AppError("REENROLLMENT_STALE");
        return true;
      });
      if (applied) {
        // Groups, head teachers and assignments changed: caches and the rollups' rebuild follow this event.
        events.emit("schools.changed", { schoolId });
        events.emit("school.records.changed", { schoolId });
      }
    } catch (error) {
      if (!(error instanceof AppError)) deps.log(error);
      const errorCode = error instanceof AppError ? error.code : "INTERNAL";
      await repo.setState(db, schoolId, id, ["applying"], { status: "failed", errorCode, step: 0 }).catch(deps.log);
    } finally {
      live.delete(key);
      await saved;
    }
  }

  /** Takes the apply back, until the new year starts: 409 REENROLLMENT_NOT_APPLIED, REENROLLMENT_YEAR_STARTED. */
  async function undo(tenant: Tenant, userId: number, id: number, lang: Language) {
    const { schoolId } = tenant;
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const row = await repo.findReenrollment(tx, schoolId, id);
      if (!row) throw new AppError("NOT_FOUND");
      if (row.status !== "applied") throw new AppError("REENROLLMENT_NOT_APPLIED");
      const years = await yearsOf(tx, schoolId);
      const to = years.all.find((y) => y.id === row.toYearId);
      if (row.finalizedAt || started(to, years.today)) throw new AppError("REENROLLMENT_YEAR_STARTED");
      const effects = row.effects ?? { createdGroupIds: [], headTeachers: [], assignments: [] };
      await repo.undoEffects(tx, schoolId, id, row.toYearId, effects);
      await repo.setState(tx, schoolId, id, ["applied"], {
        status: "undone",
        undoneAt: new Date(),
        undoneBy: userId,
      });
      const after = (await repo.findReenrollment(tx, schoolId, id))!;
      return present(after, years, lang, tx);
    });
    events.emit("schools.changed", { schoolId });
    events.emit("school.records.changed", { schoolId });
    return out;
  }

  /**
   * The runner's sweep: every applied re-enrollment whose new year has started gets its leavers' status (graduated,
   * withdrawn — "not re-enrolled" leaves as withdrawn) and is final from then on. One transaction each; a rerun finds
   * nothing left to do.
   */
  async function finalizeDue() {
    for (const due of await repo.dueForFinalize(db)) {
      const changed = await db.transaction(async (tx) => {
        if (!(await repo.claimFinalize(tx, due.schoolId, due.id))) return false;
        await repo.markLeavers(tx, due.schoolId, due.id);
        return true;
      });
      if (changed) events.emit("school.records.changed", { schoolId: due.schoolId });
    }
  }

  return { overview, preview, apply, one, run, undo, finalizeDue };
}

export type ReenrollmentService = ReturnType<typeof createReenrollmentService>;
