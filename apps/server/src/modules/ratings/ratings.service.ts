import {
  type BulkResult,
  type CellBody,
  type CellQuery,
  type CommentBody,
  type CopyPreviousBody,
  type FillBody,
  type Grid,
  type GridQuery,
  type RatingOptions,
  readValue,
  type ScaleDefinition,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { AdjustmentMarkers } from "../../lib/student-markers.ts";
import { ratingSetup } from "../grade-config/index.ts";
import { publishedPeriodsFor } from "./publications.repository.ts";
import { measureIn, measuresFor, presentCell, presentComment } from "./ratings.present.ts";
import * as repo from "./ratings.repository.ts";
import {
  accessOf,
  presentPeriod,
  requireGroupInScope,
  requireOpen,
  requireRater,
  type Viewer,
} from "./ratings.scope.ts";

const notFound = (field: string) => new AppError("NOT_FOUND", { [field]: "NOT_FOUND" });
const invalidValue = () => new AppError("INVALID_RATING_VALUE", { value: "INVALID_RATING_VALUE" });

/**
 * The ratings grid (issue 13 §2): teachers rate the groups they head or teach, directors any group; each cell saves
 * on its own, read on the measure's current scale for the group's section; a period closes at its end date plus the
 * school's grace days unless a director reopened it.
 */
export function createRatingsService(deps: {
  db: Db;
  events: EventBus;
  markers: AdjustmentMarkers;
  /** Issue 29 §4: the health alert markers (nursing); none where nursing is not wired. */
  health?: AdjustmentMarkers;
}) {
  const { db, events } = deps;

  const changed = (schoolId: string, periodId: number, studentIds: number[]) => {
    if (studentIds.length > 0) events.emit("ratings.changed", { schoolId, periodId, studentIds });
  };

  /** The current year's periods with their state and the groups the member reads. */
  async function options(viewer: Viewer): Promise<RatingOptions> {
    const { schoolId } = viewer.tenant;
    const [access, clock, setup] = await Promise.all([
      accessOf(db, viewer),
      repo.clock(db, schoolId),
      ratingSetup(db, schoolId),
    ]);
    const base = { can_rate: access.canRate, manages: access.manages, grace_days: setup.settings.grace_days };
    if (clock.yearId === null) return { periods: [], groups: [], ...base };
    const [periodRows, groupRows] = await Promise.all([
      repo.periodsOfYear(db, schoolId, clock.yearId),
      access.kind === "family"
        ? Promise.resolve([])
        : repo.groupsOfYear(
            db,
            schoolId,
            clock.yearId,
            viewer.language,
            access.kind === "own" ? access.groupIds : undefined,
          ),
    ]);
    const periods = periodRows.map((p) => presentPeriod(p, setup.settings.grace_days, clock.today));
    // A family: the periods published for one of their children (their group's publication, window over).
    const published =
      access.kind === "family"
        ? new Set((await publishedPeriodsFor(db, schoolId, access.childIds)).map((p) => p.periodId))
        : null;
    return {
      ...base,
      periods: published ? periods.filter((p) => published.has(p.id)) : periods,
      groups: groupRows.map((g) => ({
        id: g.id,
        label: g.label,
        section_id: g.sectionId,
        head_teacher: g.headTeacherId === null ? null : { id: g.headTeacherId, name: g.headTeacherName ?? "" },
        mine: access.groupIds.includes(g.id),
      })),
    };
  }

  /** A group and a period of the same year in the viewer's scope, with the setup and the period's state. */
  async function groupContext(viewer: Viewer, groupId: number, periodId: number) {
    const { schoolId } = viewer.tenant;
    const [access, clock, periodRow, setup, group] = await Promise.all([
      accessOf(db, viewer),
      repo.clock(db, schoolId),
      repo.periodById(db, schoolId, periodId),
      ratingSetup(db, schoolId),
      repo.groupById(db, schoolId, groupId, viewer.language),
    ]);
    if (!group) throw notFound("group_id");
    requireGroupInScope(access, group.id);
    if (!periodRow || periodRow.schoolYearId !== group.schoolYearId) throw notFound("period_id");
    const period = presentPeriod(periodRow, setup.settings.grace_days, clock.today);
    return { access, setup, group, periodRow, period };
  }

  /** One group's grid for a period: students as rows, the active measures as columns, who/when on every value. */
  async function grid(viewer: Viewer, query: GridQuery): Promise<Grid> {
    const { schoolId } = viewer.tenant;
    const { access, setup, group, periodRow, period } = await groupContext(viewer, query.group_id, query.period_id);
    const [previous, students] = await Promise.all([
      repo.previousPeriod(db, schoolId, periodRow),
      repo.studentsOfGroup(db, schoolId, group.id),
    ]);
    const ids = students.map((s) => s.id);
    const periodIds = previous ? [period.id, previous.id] : [period.id];
    const [cells, comments, marked, alerts] = await Promise.all([
      repo.cellsOf(db, schoolId, periodIds, ids),
      repo.commentsOf(db, schoolId, [period.id], ids),
      // The adjustment marker beside each name (issue 28 §3): one statement for the whole group.
      deps.markers(db, schoolId, ids),
      // The health alert (issue 29 §4), likewise.
      deps.health ? deps.health(db, schoolId, ids) : new Set<number>(),
    ]);
    const measures = measuresFor(setup, group.sectionId);
    const known = new Map<number, ScaleDefinition>(setup.scales.map((s) => [s.version_id, s.definition]));
    const missing = [...new Set(cells.map((c) => c.scaleVersionId))].filter((id) => !known.has(id));
    for (const v of await repo.versionsOf(db, schoolId, missing)) known.set(v.id, v.definition);
    const active = new Set(measures.map((m) => m.measure.id));
    const shown = cells.filter((c) => active.has(c.measureId));
    const usedVersions = new Set(shown.map((c) => c.scaleVersionId));
    const commentOf = new Map(comments.map((c) => [c.studentId, presentComment(c)]));
    return {
      group: { id: group.id, label: group.label, section_id: group.sectionId },
      period,
      previous_period: previous ? { id: previous.id, name: previous.name, name_en: previous.nameEn } : null,
      editable: access.canRate && period.state === "open",
      measures: measures.map(({ measure, scale }) => ({
        id: measure.id,
        kind: measure.kind,
        name_es: measure.name_es,
        name_en: measure.name_en,
        scale: { id: scale.id, version_id: scale.version_id, definition: scale.definition },
      })),
      versions: [...usedVersions].map((id) => ({ id, definition: known.get(id)! })).filter((v) => v.definition),
      students: students.map((s) => ({
        id: s.id,
        name: s.name,
        enrollment: s.enrollment,
        ratings: shown
          .filter((c) => c.studentId === s.id && c.periodId === period.id)
          .map((c) => presentCell(c, known.get(c.scaleVersionId), viewer.language)),
        previous: shown
          .filter((c) => c.studentId === s.id && c.periodId !== period.id)
          .map((c) => ({ measure_id: c.measureId, value: c.value, scale_version_id: c.scaleVersionId })),
        comment: commentOf.get(s.id) ?? null,
        has_adjustments: marked.has(s.id),
        has_health_alert: alerts.has(s.id),
      })),
    };
  }

  /** A student of the school enrolled in the period's year, in a group the viewer rates, the period open. */
  async function cellContext(viewer: Viewer, studentId: number, periodId: number) {
    const { schoolId } = viewer.tenant;
    const [access, target, setup] = await Promise.all([
      accessOf(db, viewer, false),
      repo.cellTarget(db, schoolId, studentId, periodId),
      ratingSetup(db, schoolId),
    ]);
    requireRater(access);
    if (!target) throw notFound("period_id");
    const { placement } = target;
    if (placement?.status !== "active") throw notFound("student_id");
    requireGroupInScope(access, placement.groupId);
    requireOpen(presentPeriod(target.period, setup.settings.grace_days, target.today));
    return { setup, placement };
  }

  /** Sets one cell: the typed value read on the measure's current scale (422 INVALID_RATING_VALUE otherwise). */
  async function saveCell(viewer: Viewer, body: CellBody) {
    const { schoolId } = viewer.tenant;
    const { setup, placement } = await cellContext(viewer, body.student_id, body.period_id);
    const { scale } = measureIn(setup, body.measure_id, placement.sectionId);
    const value = readValue(scale.definition, body.value);
    if (value === null) throw invalidValue();
    const row = await repo.upsertCell(db, {
      schoolId,
      studentId: body.student_id,
      periodId: body.period_id,
      measureId: body.measure_id,
      groupId: placement.groupId,
      scaleVersionId: scale.version_id,
      value,
      ratedBy: viewer.userId,
    });
    changed(schoolId, body.period_id, [body.student_id]);
    // A value kept from before names the version it was given on (the same one when the save changed nothing).
    const definition = setup.scales.find((s) => s.version_id === row.scaleVersionId)?.definition ?? scale.definition;
    return presentCell(row, definition, viewer.language);
  }

  /** Empties one cell (nothing to empty is fine: a retried clear). */
  async function clearCell(viewer: Viewer, query: CellQuery) {
    const { schoolId } = viewer.tenant;
    const { setup, placement } = await cellContext(viewer, query.student_id, query.period_id);
    measureIn(setup, query.measure_id, placement.sectionId);
    await repo.deleteCell(db, schoolId, {
      studentId: query.student_id,
      periodId: query.period_id,
      measureId: query.measure_id,
    });
    changed(schoolId, query.period_id, [query.student_id]);
    return { student_id: query.student_id, period_id: query.period_id, measure_id: query.measure_id };
  }

  async function writableGroup(viewer: Viewer, groupId: number, periodId: number) {
    const context = await groupContext(viewer, groupId, periodId);
    requireRater(context.access);
    requireOpen(context.period);
    return context;
  }

  async function cellsResult(viewer: Viewer, periodId: number, studentIds: number[], measureId?: number) {
    const { schoolId } = viewer.tenant;
    const rows = await repo.cellsOf(db, schoolId, [periodId], studentIds, measureId);
    const setup = await ratingSetup(db, schoolId);
    const known = new Map(setup.scales.map((s) => [s.version_id, s.definition]));
    changed(schoolId, periodId, studentIds);
    return rows.map((r) => presentCell(r, known.get(r.scaleVersionId), viewer.language));
  }

  /** One value for a whole column: every student of the group, or only the cells still empty. */
  async function fill(viewer: Viewer, body: FillBody): Promise<BulkResult> {
    const { setup, group } = await writableGroup(viewer, body.group_id, body.period_id);
    const { scale } = measureIn(setup, body.measure_id, group.sectionId);
    const value = readValue(scale.definition, body.value);
    if (value === null) throw invalidValue();
    const studentIds = await repo.fillColumn(db, {
      schoolId: viewer.tenant.schoolId,
      periodId: body.period_id,
      measureId: body.measure_id,
      groupId: group.id,
      scaleVersionId: scale.version_id,
      value,
      ratedBy: viewer.userId,
      onlyEmpty: body.only_empty,
    });
    const ratings = await cellsResult(viewer, body.period_id, studentIds, body.measure_id);
    return { saved: studentIds.length, ratings };
  }

  /** The previous period's values into the empty cells, where they are still values of the current scale. */
  async function copyPrevious(viewer: Viewer, body: CopyPreviousBody): Promise<BulkResult> {
    const { schoolId } = viewer.tenant;
    const { setup, group, periodRow } = await writableGroup(viewer, body.group_id, body.period_id);
    const previous = await repo.previousPeriod(db, schoolId, periodRow);
    if (!previous) return { saved: 0, ratings: [] };
    const ids = (await repo.studentsOfGroup(db, schoolId, group.id)).map((s) => s.id);
    const before = await repo.cellsOf(db, schoolId, [previous.id], ids);
    const scales = new Map(measuresFor(setup, group.sectionId).map((m) => [m.measure.id, m.scale]));
    const rows = before.flatMap((cell) => {
      const scale = scales.get(cell.measureId);
      const value = scale ? readValue(scale.definition, cell.value) : null;
      if (!scale || value === null) return [];
      return [
        {
          schoolId,
          studentId: cell.studentId,
          periodId: body.period_id,
          measureId: cell.measureId,
          groupId: group.id,
          scaleVersionId: scale.version_id,
          value,
          ratedBy: viewer.userId,
        },
      ];
    });
    const written = await repo.insertMissing(db, rows);
    const touched = [...new Set(written.map((w) => w.studentId))];
    const cells = touched.length ? await cellsResult(viewer, body.period_id, touched) : [];
    // Only the cells this copy wrote (a student may have had other values already).
    const keys = new Set(written.map((w) => `${w.studentId}:${w.measureId}`));
    const mine = cells.filter((r) => keys.has(`${r.student_id}:${r.measure_id}`));
    return { saved: written.length, ratings: mine };
  }

  /** The comment on a student's period (staff-only unless marked for the family); empty text removes it. */
  async function saveComment(viewer: Viewer, body: CommentBody) {
    const { schoolId } = viewer.tenant;
    await cellContext(viewer, body.student_id, body.period_id);
    if (body.text === "") {
      await repo.deleteComment(db, schoolId, body.student_id, body.period_id);
      return null;
    }
    await repo.saveComment(db, {
      schoolId,
      studentId: body.student_id,
      periodId: body.period_id,
      text: body.text,
      visibleToFamily: body.visible_to_family,
      writtenBy: viewer.userId,
    });
    const [row] = await repo.commentsOf(db, schoolId, [body.period_id], [body.student_id]);
    return presentComment(row!);
  }

  return { options, grid, saveCell, clearCell, fill, copyPrevious, saveComment };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
