import { z } from "zod";
import { CLASSIFICATIONS, type Classification, INCIDENT_STATUSES } from "../incidents.ts";
import { QueryId, QueryInt } from "./fields.ts";
import { Day } from "./students.ts";

/**
 * The incident graph (issue 14 §2, `/incident-graph`): incidents over time and the co-occurrence map. Days are
 * YYYY-MM-DD on the school's clock, `from` and `to` both included, as in the archive. Cancelled incidents are left
 * out everywhere (the drill-down links say so with the archive's `not_status=cancelled`).
 */

export const GRAPH_INTERVALS = ["day", "week", "month"] as const;
export type GraphInterval = (typeof GRAPH_INTERVALS)[number];
export const GRAPH_STACKS = ["classification", "category", "group"] as const;
export type GraphStack = (typeof GRAPH_STACKS)[number];
/** What a pair's shared incidents were, by the roles of the two: involved with affected is the bullying signal. */
export const PAIR_KINDS = ["involved-affected", "involved-involved", "other"] as const;
export type PairKind = (typeof PAIR_KINDS)[number];

/** The severity weights of a pair's score: each shared incident adds its classification's weight. */
export const SEVERITY_WEIGHTS: Readonly<Record<Classification, number>> = { minor: 1, serious: 2, "very-serious": 3 };

export const GRAPH_LIMITS = {
  /** Longest range of a series by day; by week or month, `maxDays`. */
  maxDailyDays: 366,
  maxDays: 5 * 366,
  /** Strongest pairs returned (by score, then count); `truncated` says there were more. */
  maxEdges: 1000,
  maxMinCount: 100,
} as const;

/** The filters the series and the map share. */
const shared = {
  from: Day.optional(),
  to: Day.optional(),
  classification: z.enum(CLASSIFICATIONS).optional(),
  section_id: QueryId.optional(),
  grade_id: QueryId.optional(),
  group_id: QueryId.optional(),
};
const toAfterFrom = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const GraphSeriesQuery = z
  .object({
    ...shared,
    category_id: QueryId.optional(),
    interval: z.enum(GRAPH_INTERVALS).default("week"),
    stack: z.enum(GRAPH_STACKS).default("classification"),
  })
  .refine(toAfterFrom, { message: "DATE_RANGE", path: ["to"] });
export type GraphSeriesQuery = z.infer<typeof GraphSeriesQuery>;

export const GraphPairsQuery = z
  .object({ ...shared, min_count: QueryInt(1, GRAPH_LIMITS.maxMinCount).default(2) })
  .refine(toAfterFrom, { message: "DATE_RANGE", path: ["to"] });
export type GraphPairsQuery = z.infer<typeof GraphPairsQuery>;

/** The archive's URL filters (ArchiveQuery names) that open exactly the incidents a figure counts. */
export const DrillFiltersSchema = z.object({
  from: z.string(),
  to: z.string(),
  not_status: z.enum(INCIDENT_STATUSES),
  classification: z.enum(CLASSIFICATIONS).optional(),
  category_id: z.number().optional(),
  section_id: z.number().optional(),
  grade_id: z.number().optional(),
  group_id: z.number().optional(),
});
export type DrillFilters = z.infer<typeof DrillFiltersSchema>;

export const GraphOptionsSchema = z.object({
  /** Today on the school's clock. */
  today: z.string(),
  school_year: z.object({ id: z.number(), name: z.string(), starts_on: z.string(), ends_on: z.string() }).nullable(),
  periods: z.array(
    z.object({ id: z.number(), name: z.string(), starts_on: z.string(), ends_on: z.string(), current: z.boolean() }),
  ),
  /** The range shown first: the current school year up to today (the last 90 days without one). */
  default_from: z.string(),
  default_to: z.string(),
});
export type GraphOptions = z.infer<typeof GraphOptionsSchema>;

export const GraphSeriesSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(GRAPH_INTERVALS),
  stack: z.enum(GRAPH_STACKS),
  /**
   * The stacks, in order, each with the archive filter it adds to a bucket's. By group, an incident counts in each
   * group it concerns (the archive's group filter), so the stacks may add up to more than the bucket's total.
   */
  series: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      filter: DrillFiltersSchema.partial().omit({ from: true, to: true }),
    }),
  ),
  buckets: z.array(
    z.object({
      /** First and last day of the bucket within the range. */
      start: z.string(),
      end: z.string(),
      total: z.number(),
      counts: z.record(z.string(), z.number()),
      filters: DrillFiltersSchema,
    }),
  ),
  total: z.number(),
});
export type GraphSeries = z.infer<typeof GraphSeriesSchema>;

export const GraphNodeSchema = z.object({
  id: z.number(),
  name: z.string(),
  group_label: z.string().nullable(),
  /** The incidents of the map's filters this student shares with at least one other student. */
  incidents: z.number(),
  /** Louvain community (0, 1, …: largest first), computed on the server. */
  community: z.number(),
});
export type GraphNode = z.infer<typeof GraphNodeSchema>;

export const GraphEdgeSchema = z.object({
  a: z.number(),
  b: z.number(),
  /** Incidents the two share. */
  count: z.number(),
  /** The sum of SEVERITY_WEIGHTS over those incidents. */
  score: z.number(),
  involved_affected: z.number(),
  involved_involved: z.number(),
  other: z.number(),
  /** The strongest signal among them: involved-affected when any, then involved-involved, else other. */
  kind: z.enum(PAIR_KINDS),
});
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;

export const GraphPairsSchema = z.object({
  from: z.string(),
  to: z.string(),
  min_count: z.number(),
  weights: z.object({ minor: z.number(), serious: z.number(), "very-serious": z.number() }),
  nodes: z.array(GraphNodeSchema),
  /** Strongest first (score, then count). */
  edges: z.array(GraphEdgeSchema),
  communities: z.number(),
  /** More pairs passed the filters than GRAPH_LIMITS.maxEdges. */
  truncated: z.boolean(),
  /** The archive filters of the map (a student's incidents add student_id). */
  filters: DrillFiltersSchema,
});
export type GraphPairs = z.infer<typeof GraphPairsSchema>;
