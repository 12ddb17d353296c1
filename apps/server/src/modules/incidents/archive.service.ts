import {
  type Archive,
  type ArchiveCount,
  type ArchiveFilters,
  type ArchiveQuery,
  type ExportQuery,
  INCIDENT_LIMITS,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { archiveFilters } from "./archive.filters.ts";
import { countMatches, pageOfIds } from "./archive.plan.ts";
import { listItem, loadIncidents } from "./archive.present.ts";
import { archiveSpec } from "./archive.query.ts";
import { schoolClock } from "./archive.repository.ts";
import { resolveScope, type Viewer } from "./scope.ts";

const DEFAULT_TIME_ZONE = "America/Mexico_City";

/** The archive (design §4): filtered, sorted, paged incidents in the viewer's scope, and its filter values. */
export function createArchiveService(deps: { db: Db }) {
  const { db } = deps;

  /** The viewer's scope and the query's conditions (the school's clock only when a date filter needs it). */
  async function specOf(viewer: Viewer, query: ExportQuery) {
    const needsClock =
      query.from !== undefined || query.to !== undefined || query.weekday !== undefined || query.hour !== undefined;
    const [scope, clock] = await Promise.all([
      resolveScope(db, viewer),
      needsClock ? schoolClock(db, viewer.tenant.schoolId) : undefined,
    ]);
    return { scope, spec: await archiveSpec(db, scope, query, clock?.timeZone ?? DEFAULT_TIME_ZONE) };
  }

  /**
   * One page of the archive. The page's ids come first (filters, order, LIMIT/OFFSET), then names and students
   * for those ids only; the total is counted up to INCIDENT_LIMITS.countCap, or left for count() (count "later").
   */
  async function list(viewer: Viewer, query: ArchiveQuery): Promise<Archive> {
    const { scope, spec } = await specOf(viewer, query);
    const offset = (query.page - 1) * query.per_page;
    const { ids, counted } = await pageOfIds(db, spec, query.sort, query.per_page, offset, query.count);
    const loaded = await loadIncidents(db, scope, ids, viewer.language);
    return {
      incidents: loaded.map(listItem),
      ...(counted === null ? { total: null, total_capped: false } : capped(counted)),
      page: query.page,
      per_page: query.per_page,
    };
  }

  /** The matches of the archive's filters, up to the cap (the page asked with count "later" comes first). */
  async function count(viewer: Viewer, query: ExportQuery): Promise<ArchiveCount> {
    const { spec } = await specOf(viewer, query);
    return capped(await countMatches(db, spec));
  }

  async function filters(viewer: Viewer): Promise<ArchiveFilters> {
    return archiveFilters(db, await resolveScope(db, viewer), viewer.language ?? "es");
  }

  return { list, count, filters };
}

const capped = (counted: number) => ({
  total: Math.min(counted, INCIDENT_LIMITS.countCap),
  total_capped: counted > INCIDENT_LIMITS.countCap,
});

export type ArchiveService = ReturnType<typeof createArchiveService>;
