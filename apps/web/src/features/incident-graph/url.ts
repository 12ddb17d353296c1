import {
  CLASSIFICATIONS,
  type Classification,
  type DrillFilters,
  GRAPH_INTERVALS,
  GRAPH_LIMITS,
  GRAPH_STACKS,
  type GraphInterval,
  type GraphStack,
} from "@convive/domain";

/**
 * The incident graph's state lives in the URL (shareable, the back button works): the view, the shared filters
 * (dates, classification, grade, group), the series' interval, stack and category, and the map's minimum count.
 * These pure functions read it, write it and build the API's and the archive's query strings.
 */
export type GraphView = "time" | "map";

export interface GraphState {
  view: GraphView;
  from?: string;
  to?: string;
  classification?: Classification;
  grade_id?: number;
  group_id?: number;
  category_id?: number;
  interval: GraphInterval;
  stack: GraphStack;
  min: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;
const positive = (value: string | null, max = 2_147_483_647) => {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
};
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);

export const DEFAULT_MIN = 2;

/** Reads the state; anything malformed is ignored (a stale or edited link). */
export function parseGraphSearch(params: URLSearchParams): GraphState {
  const state: GraphState = {
    view: params.get("view") === "map" ? "map" : "time",
    interval: oneOf(GRAPH_INTERVALS, params.get("interval")) ?? "week",
    stack: oneOf(GRAPH_STACKS, params.get("stack")) ?? "classification",
    min: positive(params.get("min"), GRAPH_LIMITS.maxMinCount) ?? DEFAULT_MIN,
  };
  const from = day(params.get("from"));
  const to = day(params.get("to"));
  if (from) state.from = from;
  if (to) state.to = to;
  const classification = oneOf(CLASSIFICATIONS, params.get("classification"));
  if (classification) state.classification = classification;
  for (const key of ["grade_id", "group_id", "category_id"] as const) {
    const id = positive(params.get(key));
    if (id !== undefined) state[key] = id;
  }
  return state;
}

/** The state as query parameters; defaults are left out so links stay short. */
export function graphSearch(state: GraphState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.view !== "time") out.set("view", state.view);
  for (const key of ["from", "to", "classification", "grade_id", "group_id", "category_id"] as const) {
    const value = state[key];
    if (value !== undefined) out.set(key, String(value));
  }
  if (state.interval !== "week") out.set("interval", state.interval);
  if (state.stack !== "classification") out.set("stack", state.stack);
  if (state.min !== DEFAULT_MIN) out.set("min", String(state.min));
  return out;
}

/** Shared filters as the API reads them. */
function sharedQuery(state: GraphState) {
  const params = new URLSearchParams();
  for (const key of ["from", "to", "classification", "grade_id", "group_id"] as const) {
    const value = state[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

export function seriesQuery(state: GraphState): string {
  const params = sharedQuery(state);
  if (state.category_id) params.set("category_id", String(state.category_id));
  params.set("interval", state.interval);
  params.set("stack", state.stack);
  return params.toString();
}

export function pairsQuery(state: GraphState): string {
  const params = sharedQuery(state);
  params.set("min_count", String(state.min));
  return params.toString();
}

/** The archive opened on exactly the incidents of a figure (its filters, plus a stack's or a student's). */
export function archiveHref(
  filters: DrillFilters | Partial<DrillFilters>,
  extra: Record<string, string | number> = {},
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return `/incident-details?${params}`;
}
