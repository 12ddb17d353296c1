import {
  addDays,
  CLASSIFICATIONS,
  type Classification,
  type DrillFilters,
  GRAPH_LIMITS,
  type GraphEdge,
  type GraphOptions,
  type GraphPairs,
  type GraphPairsQuery,
  type GraphSeries,
  type GraphSeriesQuery,
  type PairKind,
  perm,
  ROLE_FAMILIAR,
  SEVERITY_WEIGHTS,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { resolveScope, type Viewer } from "../incidents/index.ts";
import { bucketsOf, daysBetween } from "./buckets.ts";
import { communitiesOf } from "./communities.ts";
import {
  filterGroupIds,
  schoolCalendar,
  seriesCounts,
  stackLabels,
  studentNames,
} from "./incident-graph.repository.ts";
import { strongestPairs } from "./pairs.repository.ts";

const CLASSIFICATION_LABELS: Record<Classification, { es: string; en: string }> = {
  minor: { es: "Leve", en: "Minor" },
  serious: { es: "Grave", en: "Serious" },
  "very-serious": { es: "Muy grave", en: "Very serious" },
};

/**
 * The incident graph (issue 14 §2): incidents over time and who appears together in them. Staff only — never a
 * family, whatever their profile is granted — with the module (checked by the route) and incidents.read, each
 * within their incident scope (modules/incidents resolveScope: a teacher, their groups' incidents and students).
 * Cancelled incidents are never counted.
 */
export function createIncidentGraphService(deps: { db: Db }) {
  const { db } = deps;

  async function scopeOf(viewer: Viewer) {
    const { tenant } = viewer;
    if (tenant.profileName === ROLE_FAMILIAR || !tenant.grants.has(perm("incidents", "read"))) {
      throw new AppError("FORBIDDEN");
    }
    const scope = await resolveScope(db, viewer);
    if (scope.kind === "family") throw new AppError("FORBIDDEN");
    return scope;
  }

  /** The calendar and the range asked for, with defaults (the current school year up to today) and limits. */
  async function rangeOf(viewer: Viewer, q: { from?: string; to?: string }, maxDays: number) {
    const calendar = await schoolCalendar(db, viewer.tenant.schoolId, viewer.language ?? "es");
    const defaults = defaultRange(calendar);
    const from = q.from ?? (q.to && q.to < defaults.from ? addDays(q.to, -90) : defaults.from);
    const to = q.to ?? (q.from && q.from > defaults.to ? q.from : defaults.to);
    if (from > to) throw new AppError("VALIDATION", { to: "DATE_RANGE" });
    if (daysBetween(from, to) + 1 > maxDays) throw new AppError("VALIDATION", { from: "GRAPH_RANGE_TOO_LONG" });
    return { calendar, from, to };
  }

  /** What the screen's period picker offers: today, the current year, its periods and the default range. */
  async function options(viewer: Viewer): Promise<GraphOptions> {
    await scopeOf(viewer);
    const calendar = await schoolCalendar(db, viewer.tenant.schoolId, viewer.language ?? "es");
    const range = defaultRange(calendar);
    return {
      today: calendar.today,
      school_year: calendar.year,
      periods: calendar.periods.map((p) => ({
        ...p,
        current: p.starts_on <= calendar.today && calendar.today <= p.ends_on,
      })),
      default_from: range.from,
      default_to: range.to,
    };
  }

  /** Incidents per day, week or month, stacked; each bucket and stack with the archive filters that open them. */
  async function series(viewer: Viewer, q: GraphSeriesQuery): Promise<GraphSeries> {
    const scope = await scopeOf(viewer);
    const language = viewer.language ?? "es";
    const maxDays = q.interval === "day" ? GRAPH_LIMITS.maxDailyDays : GRAPH_LIMITS.maxDays;
    const { calendar, from, to } = await rangeOf(viewer, q, maxDays);
    const { schoolId } = viewer.tenant;
    const groupIds = await filterGroupIds(db, schoolId, q);
    const { stacks, totals } = await seriesCounts(db, {
      schoolId,
      scope,
      timeZone: calendar.timeZone,
      from,
      to,
      unit: q.interval,
      stack: q.stack,
      classification: q.classification,
      categoryId: q.category_id,
      groupIds,
    });

    const base: DrillFilters = { from, to, not_status: "cancelled", ...baseFilters(q) };
    const present = [...new Set(stacks.filter((s) => s.n !== 0).map((s) => s.key))];
    const series =
      q.stack === "classification"
        ? CLASSIFICATIONS.filter((c) => present.includes(c)).map((c) => ({
            key: c,
            label: CLASSIFICATION_LABELS[c][language],
            filter: { classification: c },
          }))
        : (await stackLabels(db, schoolId, q.stack, present.map(Number), language)).map((row) => ({
            key: String(row.id),
            label: row.label,
            filter: q.stack === "category" ? { category_id: row.id } : { group_id: row.id },
          }));

    const counts = new Map<string, Record<string, number>>();
    for (const s of stacks) {
      if (s.n === 0) continue;
      counts.set(s.bucket, { ...counts.get(s.bucket), [s.key]: s.n });
    }
    const totalOf = new Map((totals ?? []).map((t) => [t.bucket, t.n]));
    const buckets = bucketsOf(from, to, q.interval).map((b) => {
      const byKey = counts.get(b.key) ?? {};
      const total = totals ? (totalOf.get(b.key) ?? 0) : Object.values(byKey).reduce((sum, n) => sum + n, 0);
      return { start: b.start, end: b.end, total, counts: byKey, filters: { ...base, from: b.start, to: b.end } };
    });
    return {
      from,
      to,
      interval: q.interval,
      stack: q.stack,
      series,
      buckets,
      total: buckets.reduce((sum, b) => sum + b.total, 0),
    };
  }

  /** The co-occurrence map: students, the pairs that share incidents (strongest first) and their communities. */
  async function pairs(viewer: Viewer, q: GraphPairsQuery): Promise<GraphPairs> {
    const scope = await scopeOf(viewer);
    const language = viewer.language ?? "es";
    const { calendar, from, to } = await rangeOf(viewer, q, GRAPH_LIMITS.maxDays);
    const { schoolId } = viewer.tenant;
    const filters: DrillFilters = { from, to, not_status: "cancelled", ...baseFilters(q) };
    const empty = (): GraphPairs => ({
      from,
      to,
      min_count: q.min_count,
      weights: { ...SEVERITY_WEIGHTS },
      nodes: [],
      edges: [],
      communities: 0,
      truncated: false,
      filters,
    });
    // A teacher sees pairs of students of their groups only; with no group, nobody.
    if (scope.kind === "own" && scope.groupIds.length === 0) return empty();
    const found = await strongestPairs(db, {
      schoolId,
      timeZone: calendar.timeZone,
      from,
      to,
      classification: q.classification,
      groupIds: await filterGroupIds(db, schoolId, q),
      ownGroupIds: scope.kind === "own" ? scope.groupIds : null,
      minCount: q.min_count,
      limit: GRAPH_LIMITS.maxEdges,
    });
    const truncated = found.edges.length > GRAPH_LIMITS.maxEdges;
    const edges: GraphEdge[] = found.edges.slice(0, GRAPH_LIMITS.maxEdges).map((e) => ({
      a: e.a,
      b: e.b,
      count: e.n,
      score: e.score,
      involved_affected: e.ia,
      involved_involved: e.ii,
      other: e.n - e.ia - e.ii,
      kind: kindOf(e.ia, e.ii),
    }));
    if (edges.length === 0) return empty();
    const ids = [...new Set(edges.flatMap((e) => [e.a, e.b]))];
    const shared = new Map(found.shared.map((s) => [s.id, s.n]));
    const names = new Map((await studentNames(db, schoolId, ids, language)).map((s) => [s.id, s]));
    const { community, count } = communitiesOf(ids, edges);
    const nodes = ids
      .map((id) => ({
        id,
        name: names.get(id)?.name ?? "",
        group_label: names.get(id)?.groupLabel ?? null,
        incidents: shared.get(id) ?? 0,
        community: community.get(id) ?? 0,
      }))
      .sort((x, y) => x.community - y.community || y.incidents - x.incidents || x.id - y.id);
    return { ...empty(), nodes, edges, communities: count, truncated };
  }

  return { options, series, pairs };
}

export type IncidentGraphService = ReturnType<typeof createIncidentGraphService>;

function defaultRange(calendar: { today: string; year: { starts_on: string } | null }) {
  const { today, year } = calendar;
  const yearStart = year && year.starts_on <= today ? year.starts_on : null;
  const earliest = addDays(today, -(GRAPH_LIMITS.maxDailyDays - 1));
  const from = yearStart && yearStart >= earliest ? yearStart : addDays(today, -89);
  return { from, to: today };
}

/** The filters of a query that the archive reads under the same names. */
function baseFilters(q: {
  classification?: Classification;
  category_id?: number;
  section_id?: number;
  grade_id?: number;
  group_id?: number;
}) {
  const out: Partial<DrillFilters> = {};
  if (q.classification) out.classification = q.classification;
  if (q.category_id) out.category_id = q.category_id;
  if (q.section_id) out.section_id = q.section_id;
  if (q.grade_id) out.grade_id = q.grade_id;
  if (q.group_id) out.group_id = q.group_id;
  return out;
}

const kindOf = (ia: number, ii: number): PairKind =>
  ia > 0 ? "involved-affected" : ii > 0 ? "involved-involved" : "other";
