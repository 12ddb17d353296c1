import { ARCHIVE_SORTS, type ArchiveFilters } from "@convive/domain";
import {
  ACTION_STATES,
  type ActionState,
  CLASSIFICATIONS,
  type Classification,
  INCIDENT_STATUSES,
  type IncidentStatus,
} from "@convive/domain/core";

/**
 * The archive's state lives in the URL query string (shareable, the back button works). These pure functions
 * read it, write it and turn it into the API's query (ArchiveQuery); names match the API's parameters.
 */

export type ArchiveSort = (typeof ARCHIVE_SORTS)[number];
export const DEFAULT_SORT: ArchiveSort = "-occurred_at";
export const PAGE_SIZE = 25;

/** The id filters, in the order they appear on screen. */
export const ID_FILTERS = [
  "category_id",
  "type_id",
  "section_id",
  "grade_id",
  "group_id",
  "subject_id",
  "student_id",
  "recorded_by",
] as const;
export type IdFilter = (typeof ID_FILTERS)[number];

export interface ArchiveState {
  from?: string;
  to?: string;
  status?: IncidentStatus;
  classification?: Classification;
  category_id?: number;
  type_id?: number;
  section_id?: number;
  grade_id?: number;
  group_id?: number;
  subject_id?: number;
  student_id?: number;
  recorded_by?: number;
  /** Issue 14 (the strategic vision's drill-downs): weekday 1–7 and hour 0–23 on the school's clock, the place as
   * recorded, and a status left out (not_status=cancelled). */
  weekday?: number;
  hour?: number;
  place?: string;
  not_status?: IncidentStatus;
  q?: string;
  sort: ArchiveSort;
  page: number;
}

/** The keys that narrow the list (sort and page do not). */
export type FilterKey = Exclude<keyof ArchiveState, "sort" | "page">;
const FILTER_KEYS: readonly FilterKey[] = [
  "from",
  "to",
  "status",
  "classification",
  ...ID_FILTERS,
  ...(["weekday", "hour", "place", "not_status"] as const),
  "q",
];
/** The filters the dashboard's links set that the filters panel has no field for (shown as removable chips). */
export const LINK_FILTERS = ["weekday", "hour", "place", "not_status"] as const;
export type LinkFilter = (typeof LINK_FILTERS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ID = 2_147_483_647;
const MAX_PAGE = 100_000;
const Q_MAX = 100;
const PLACE_MAX = 120;

const validDay = (value: string | null) => {
  if (!value || !DAY.test(value)) return undefined;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : undefined;
};
const positiveInt = (value: string | null, max: number) => {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the archive's state from a query string; anything malformed is ignored (a stale or edited link). */
export function parseArchiveSearch(params: URLSearchParams): ArchiveState {
  const state: ArchiveState = {
    sort: oneOf(ARCHIVE_SORTS, params.get("sort")) ?? DEFAULT_SORT,
    page: positiveInt(params.get("page"), MAX_PAGE) ?? 1,
  };
  const from = validDay(params.get("from"));
  const to = validDay(params.get("to"));
  if (from) state.from = from;
  if (to) state.to = to;
  const status = oneOf(INCIDENT_STATUSES, params.get("status"));
  if (status) state.status = status;
  const classification = oneOf(CLASSIFICATIONS, params.get("classification"));
  if (classification) state.classification = classification;
  for (const key of ID_FILTERS) {
    const id = positiveInt(params.get(key), MAX_ID);
    if (id !== undefined) state[key] = id;
  }
  const weekday = positiveInt(params.get("weekday"), 7);
  if (weekday !== undefined) state.weekday = weekday;
  const hour = params.get("hour");
  if (hour !== null && /^\d{1,2}$/.test(hour) && Number(hour) <= 23) state.hour = Number(hour);
  const place = params.get("place")?.trim().slice(0, PLACE_MAX);
  if (place) state.place = place;
  const notStatus = oneOf(INCIDENT_STATUSES, params.get("not_status"));
  if (notStatus) state.not_status = notStatus;
  const q = params.get("q")?.trim().slice(0, Q_MAX);
  if (q) state.q = q;
  return state;
}

/** The filters (and sort, unless default) as query parameters, in a stable order. */
function filterEntries(state: ArchiveState): [string, string][] {
  const entries: [string, string][] = [];
  for (const key of FILTER_KEYS) {
    const value = state[key];
    if (value !== undefined && value !== "") entries.push([key, String(value)]);
  }
  if (state.sort !== DEFAULT_SORT) entries.push(["sort", state.sort]);
  return entries;
}

/**
 * Writes the state into a query string. Parameters that are not the archive's (`tab`, the formative actions'
 * own) are kept from `base`; defaults (page 1, newest first) are left out so links stay short.
 */
export function archiveSearch(state: ArchiveState, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (base) {
    for (const [key, value] of base) {
      if (!isArchiveKey(key)) out.append(key, value);
    }
  }
  for (const [key, value] of filterEntries(state)) out.set(key, value);
  if (state.page > 1) out.set("page", String(state.page));
  return out;
}

const ARCHIVE_KEYS = new Set<string>([...FILTER_KEYS, "sort", "page", "id"]);
const isArchiveKey = (key: string) => ARCHIVE_KEYS.has(key);

/** The API query for GET /api/incidents (with page) or /api/incidents/export (without). */
export function apiQuery(state: ArchiveState, withPage = true): string {
  const params = new URLSearchParams(filterEntries(state));
  if (!params.has("sort")) params.set("sort", state.sort);
  if (withPage) {
    params.set("page", String(state.page));
    params.set("per_page", String(PAGE_SIZE));
  }
  return params.toString();
}

/** The filters of an archive API query without page and order: what its count depends on. */
export function countQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const key of ["page", "per_page", "sort", "count"]) params.delete(key);
  return params.toString();
}

/** How many filters narrow the list (a date range counts once; sort and page never). */
export function activeFilterCount(state: ArchiveState): number {
  let count = state.from || state.to ? 1 : 0;
  for (const key of FILTER_KEYS) {
    if (key !== "from" && key !== "to" && state[key] !== undefined) count++;
  }
  return count;
}

/** Every filter off; the sort stays (it is a preference, not a filter). */
export const clearedFilters = (state: ArchiveState): ArchiveState => ({ sort: state.sort, page: 1 });

export type FilterPatch = Partial<Pick<ArchiveState, FilterKey | "sort">>;

/**
 * Applies a change of filters and goes back to the first page. Parents and children stay consistent: a new
 * category drops a type of another category, a new section drops grade and group outside it, and picking a type
 * (or a grade, or a group) sets its category (or section and grade) so the chain on screen reads true.
 */
export function withFilters(state: ArchiveState, patch: FilterPatch, catalogue?: ArchiveFilters): ArchiveState {
  const next: ArchiveState = { ...state, ...patch, page: 1 };
  for (const key of Object.keys(patch) as (keyof FilterPatch)[]) {
    const value = patch[key];
    if (key !== "sort" && (value === undefined || value === null || value === "")) delete next[key];
  }
  next.sort ??= DEFAULT_SORT;
  if (!catalogue) return next;

  // Category ⇄ type.
  if ("type_id" in patch && next.type_id !== undefined) {
    const category = catalogue.categories.find((c) => c.types.some((t) => t.id === next.type_id));
    if (category) next.category_id = category.id;
  } else if ("category_id" in patch && next.type_id !== undefined) {
    const type = catalogue.categories.flatMap((c) => c.types).find((t) => t.id === next.type_id);
    if (!type || (next.category_id !== undefined && type.category_id !== next.category_id)) delete next.type_id;
  }

  // Section ⇄ grade ⇄ group.
  const gradeOf = (id: number) => catalogue.grades.find((g) => g.id === id);
  const groupOf = (id: number) => catalogue.groups.find((g) => g.id === id);
  if ("group_id" in patch && next.group_id !== undefined) {
    const group = groupOf(next.group_id);
    const grade = group && gradeOf(group.grade_id);
    if (group) next.grade_id = group.grade_id;
    if (grade) next.section_id = grade.section_id;
  } else if ("grade_id" in patch && next.grade_id !== undefined) {
    const grade = gradeOf(next.grade_id);
    if (grade) next.section_id = grade.section_id;
  }
  if (next.grade_id !== undefined && next.section_id !== undefined) {
    const grade = gradeOf(next.grade_id);
    if (grade && grade.section_id !== next.section_id) delete next.grade_id;
  }
  if (next.group_id !== undefined) {
    const group = groupOf(next.group_id);
    const grade = group && gradeOf(group.grade_id);
    const outsideGrade = next.grade_id !== undefined && group && group.grade_id !== next.grade_id;
    const outsideSection = next.section_id !== undefined && grade && grade.section_id !== next.section_id;
    if (outsideGrade || outsideSection) delete next.group_id;
  }
  return next;
}

// ───────────────────────── tabs and the formative actions' own parameters ─────────────────────────

/** The archive's tabs: incidents, formative actions to follow, families that have not acknowledged (issue 30 §1). */
export const ARCHIVE_TABS = ["incidents", "actions", "acknowledgements"] as const;
export type ArchiveTab = (typeof ARCHIVE_TABS)[number];
export const parseTab = (params: URLSearchParams): ArchiveTab => {
  const tab = params.get("tab");
  return (ARCHIVE_TABS as readonly (string | null)[]).includes(tab) ? (tab as ArchiveTab) : "incidents";
};

/** "open" is the default view: overdue and pending together (what still needs doing). */
export type ActionsFilter = "open" | "all" | ActionState;
export const ACTIONS_FILTERS: readonly ActionsFilter[] = ["open", ...ACTION_STATES, "all"];
export type ActionsScope = "mine" | "all";

export interface ActionsState {
  scope: ActionsScope;
  state: ActionsFilter;
}

/** The formative actions' view: `scope` (mine/all, all only when allowed) and `state`. */
export function parseActionsSearch(params: URLSearchParams, mayViewAll: boolean, defaultScope: ActionsScope) {
  const scope = oneOf(["mine", "all"] as const, params.get("scope")) ?? defaultScope;
  return {
    scope: mayViewAll ? scope : "mine",
    state: oneOf(ACTIONS_FILTERS, params.get("state")) ?? "open",
  } satisfies ActionsState;
}

/** Moves to a tab; the other tab's parameters stay, so coming back finds the same filters. */
export function tabSearch(params: URLSearchParams, tab: ArchiveTab): URLSearchParams {
  const out = new URLSearchParams(params);
  out.delete("id");
  if (tab === "incidents") out.delete("tab");
  else out.set("tab", tab);
  return out;
}

/** The API's `state` values to ask for: the default view needs two calls (overdue, then pending). */
export function actionStatesToFetch(filter: ActionsFilter): (ActionState | undefined)[] {
  if (filter === "open") return ["overdue", "pending"];
  if (filter === "all") return [undefined];
  return [filter];
}

/** The incident the details view shows (`?id=N`), or null for the list. */
export const parseDetailsId = (params: URLSearchParams): number | null => positiveInt(params.get("id"), MAX_ID) ?? null;
