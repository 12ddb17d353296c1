import {
  CLASSIFICATIONS,
  type Dashboard,
  type DashboardBar,
  EARLY_WARNING_DAYS,
  EARLY_WARNING_MIN,
  incidentScope,
  type Language,
  POSITIVE_RATIO_TARGET,
  ROLE_FAMILIAR,
  SETUP_STAGES,
  type StrategicVisionQuery,
} from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import {
  incidentsWhere,
  observationsWhere,
  resolveObservationScope,
  resolveScope,
  type Viewer,
} from "../incidents/index.ts";
import { setupStages } from "../schools/index.ts";
import * as repo from "./dashboard.repository.ts";
import { createFreshCache } from "./fresh-cache.ts";
import { type ArchiveParams, archiveLink, incidentLink, OVERDUE_ACTIONS_LINK } from "./links.ts";
import { addDays, maxDay, minDay, NO_YEAR, resolveSlice, type Slice, weekdaysBetween } from "./range.ts";
import * as rollup from "./rollup.repository.ts";
import { escalationDays } from "./settings.repository.ts";

/** Figures are at most this old (issue 14 §5). */
export const FRESH_MS = 60_000;

/**
 * Who may open the dashboard: the module and strategic-vision.read (the route checks the permission), never a
 * family; a school-wide viewer sees the school, anyone else their own groups and records (the incidents' scope).
 */
export function requireDashboard(tenant: Tenant) {
  if (!tenant.grants.has("module-strategic-vision") || tenant.profileName === ROLE_FAMILIAR) {
    throw new AppError("FORBIDDEN");
  }
  if (incidentScope(tenant.profileName, tenant.grants) === "family") throw new AppError("FORBIDDEN");
}

/** The cache key of a viewer's answer: the school, whose figures (the school or one member's scope), what was asked. */
export function viewerKey(viewer: Viewer, kind: string, query: StrategicVisionQuery, language: Language) {
  const { tenant } = viewer;
  const whose = incidentScope(tenant.profileName, tenant.grants) === "school" ? "school" : `own:${viewer.userId}`;
  const filters = [
    query.school_year_id,
    query.period_id,
    query.whole_year,
    query.section_id,
    query.grade_id,
    query.group_id,
  ];
  return `${tenant.schoolId}|${kind}|${whose}|${filters.join(",")}|${language}`;
}

export function createDashboardService(deps: { db: Db }) {
  const { db } = deps;
  const cache = createFreshCache<Dashboard>({ maxAgeMs: FRESH_MS, max: 500 });

  /** The dashboard for the viewer and filters: from the last minute's answer, or computed now. */
  async function dashboard(viewer: Viewer, query: StrategicVisionQuery): Promise<Dashboard> {
    requireDashboard(viewer.tenant);
    const language = viewer.language ?? "es";
    return cache.load(viewerKey(viewer, "dashboard", query, language), () => compute(viewer, query, language));
  }

  /**
   * The figures computed now: from the rollups when a unit counts exactly the viewer's scope and filter
   * (rollup.repository.ts `unitFor`), else from the incidents themselves; `source: "incidents"` always counts them
   * (the test that proves both equal asks for it).
   */
  async function compute(
    viewer: Viewer,
    query: StrategicVisionQuery,
    language: Language,
    source: "rollup" | "incidents" = "rollup",
  ): Promise<Dashboard> {
    const { schoolId } = viewer.tenant;
    const [scope, observationScope, slice, days] = await Promise.all([
      resolveScope(db, viewer),
      resolveObservationScope(db, viewer),
      resolveSlice(db, schoolId, query),
      escalationDays(db, schoolId),
    ]);
    if (scope.kind === "family") throw new AppError("FORBIDDEN");
    const scopeSql = incidentsWhere(scope);
    const observationsSql = observationsWhere(observationScope);
    const current = { from: slice.from, to: slice.to };
    const year = { from: slice.year.from, to: slice.year.to };
    const warningTo = minDay(slice.today, slice.to);
    const warning = { from: addDays(warningTo, -(EARLY_WARNING_DAYS - 1)), to: warningTo };
    const escalateUntil = addDays(slice.today, -days);
    const unit = source === "rollup" ? rollup.unitFor(slice, scope) : null;
    const figures = unit ? rollup.rolledFigures(db, slice, unit) : repo.countedFigures(db, slice, scopeSql);
    const structure = Promise.all([
      scope.kind === "school" ? setupStages(db, schoolId) : null,
      slice.level === "section" ? gradesOfSection(slice.schoolId, Number(slice.filter.section_id)) : null,
    ]);

    const [counts, previous, observations, previousObservations, ages, closing, overdue, early, agedTotal, agedList] =
      await Promise.all([
        figures.periodCounts(current, language),
        slice.previous ? figures.classificationCounts(slice.previous) : null,
        repo.observationCounts(db, slice, observationsSql, current),
        slice.previous ? repo.observationCounts(db, slice, observationsSql, slice.previous) : null,
        figures.openAges(year),
        repo.timeToClose(db, slice, scopeSql, current),
        figures.overdueActions(),
        figures.earlyWarning(warning, EARLY_WARNING_MIN, language),
        figures.agedOpenCount(escalateUntil),
        repo.agedOpenList(db, slice, scopeSql, escalateUntil, language),
      ]);
    const [stages, grades] = await structure;
    const aged = { total: agedTotal, incidents: agedList };

    const base: ArchiveParams = { from: current.from, to: current.to, not_status: "cancelled", ...slice.filter };
    const link = (extra: ArchiveParams = {}) => archiveLink({ ...base, ...extra });
    const prevBase: ArchiveParams | null = slice.previous
      ? { from: slice.previous.from, to: slice.previous.to, not_status: "cancelled", ...slice.filter }
      : null;
    const of = (dim: string) => counts.filter((c) => c.dim === dim);
    const total = of("all")[0]?.n ?? 0;
    const previousTotal = previous ? [...previous.values()].reduce((a, b) => a + b, 0) : null;
    const bars = (dim: string, param: keyof ArchiveParams, keep: (key: string) => boolean = () => true) =>
      of(dim)
        .filter((c) => keep(c.key))
        .sort((a, b) => b.n - a.n || a.label.localeCompare(b.label) || a.key.localeCompare(b.key))
        .map((c): DashboardBar => ({ key: c.key, label: c.label, value: c.n, link: link({ [param]: c.key }) }));
    // The group and grade bars open group_id/grade_id alone: kept only when inside the filter, so the archive
    // (which reads the finer of the two) lists exactly what the bar counts.
    const within = (key: string) => slice.groupIds === null || slice.groupIds.includes(Number(key));
    const unfiltered = { section_id: undefined, grade_id: undefined, group_id: undefined };
    const levelBars = (dim: "group" | "grade", keep: (key: string) => boolean) =>
      of(dim)
        .filter((c) => keep(c.key))
        .sort((a, b) => a.label.localeCompare(b.label, language) || a.key.localeCompare(b.key))
        .map(
          (c): DashboardBar => ({
            key: c.key,
            label: c.label,
            value: c.n,
            link: archiveLink({ ...base, ...unfiltered, [`${dim}_id`]: c.key }),
          }),
        );
    const gradeKeep = (key: string) =>
      slice.level === "school" ||
      (slice.level === "section" && (grades ?? []).includes(Number(key))) ||
      (slice.level === "grade" && key === String(slice.filter.grade_id));

    const schoolDays = weekdaysBetween(current.from, minDay(current.to, slice.today));
    const positive = observations.positive;
    const ys = year.from;
    const ye = year.to;
    const openLink = (from: string, to: string) => archiveLink({ from, to, status: "open", ...slice.filter });

    return {
      range: {
        from: current.from,
        to: current.to,
        school_year: slice.year.id === NO_YEAR ? null : { id: slice.year.id, name: slice.year.name },
        period: slice.period,
        previous: slice.previous,
        today: slice.today,
      },
      scope: scope.kind,
      incidents: {
        current: { value: total, link: link() },
        previous: prevBase ? { value: previousTotal ?? 0, link: archiveLink(prevBase) } : null,
      },
      by_classification: CLASSIFICATIONS.map((classification) => ({
        classification,
        current: {
          value: of("classification").find((c) => c.key === classification)?.n ?? 0,
          link: link({ classification }),
        },
        previous: prevBase
          ? { value: previous?.get(classification) ?? 0, link: archiveLink({ ...prevBase, classification }) }
          : null,
      })),
      observations: {
        current: observations.total,
        previous: previousObservations?.total ?? null,
        positive,
        positive_previous: previousObservations?.positive ?? null,
      },
      ratio: { value: total === 0 ? null : positive / total, target: POSITIVE_RATIO_TARGET },
      open: {
        total: { value: ages["0-7"] + ages["8-30"] + ages["31+"], link: openLink(ys, ye) },
        ages: [
          { bucket: "0-7", value: ages["0-7"], link: openLink(maxDay(ys, addDays(slice.today, -7)), ye) },
          {
            bucket: "8-30",
            value: ages["8-30"],
            link: openLink(maxDay(ys, addDays(slice.today, -30)), minDay(ye, addDays(slice.today, -8))),
          },
          { bucket: "31+", value: ages["31+"], link: openLink(ys, minDay(ye, addDays(slice.today, -31))) },
        ],
      },
      time_to_close: {
        median_days: closing.medianDays === null ? null : Math.round(closing.medianDays * 10) / 10,
        closed: {
          value: closing.closed,
          link: archiveLink({ from: current.from, to: current.to, status: "closed", ...slice.filter }),
        },
      },
      overdue_actions: { value: overdue, link: OVERDUE_ACTIONS_LINK },
      per_school_day: {
        value: schoolDays === 0 ? null : Math.round((total / schoolDays) * 100) / 100,
        school_days: schoolDays,
        link: link(),
      },
      breakdowns: {
        grade: slice.level === "group" ? [] : levelBars("grade", gradeKeep),
        group: levelBars("group", within),
        category: bars("category", "category_id"),
        type: bars("type", "type_id"),
        place: bars("place", "place"),
        recorder: bars("recorder", "recorded_by"),
      },
      heatmap: of("slot")
        .map((c) => {
          const [weekday, hour] = c.key.split(":").map(Number) as [number, number];
          return { weekday, hour, value: c.n, link: link({ weekday, hour }) };
        })
        .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
      early_warning: early.map((s) => ({
        student: { id: s.id, name: s.name, group: s.group },
        incidents: s.n,
        link: archiveLink({ ...warning, not_status: "cancelled", ...slice.filter, student_id: s.id }),
      })),
      escalated: {
        days,
        total: { value: aged.total, link: archiveLink({ to: escalateUntil, status: "open", ...slice.filter }) },
        incidents: aged.incidents.map((i) => ({
          id: i.id,
          folio: i.folio,
          type: i.type,
          occurred_at: i.occurredAt.toISOString(),
          age_days: i.ageDays,
          recorded_by: i.recorder,
          escalated_at: i.escalatedAt?.toISOString() ?? null,
          link: incidentLink(i.id),
        })),
      },
      setup: stages
        ? {
            stages,
            completed: SETUP_STAGES.filter((s) => stages[s]).length,
            total: SETUP_STAGES.length,
          }
        : null,
      computed_at: new Date().toISOString(),
    };
  }

  async function gradesOfSection(schoolId: string, sectionId: number): Promise<number[]> {
    const result = (await db.execute(
      sql`select id from grades where school_id = ${schoolId} and section_id = ${sectionId}`,
    )) as unknown as { rows: { id: number }[] };
    return result.rows.map((r) => Number(r.id));
  }

  return { dashboard, dropSchool: cache.dropSchool, compute };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
export type { Slice };
