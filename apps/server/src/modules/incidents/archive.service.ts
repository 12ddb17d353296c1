import { type Archive, type ArchiveFilters, type ArchiveQuery, INCIDENT_LIMITS } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { archiveFilters } from "./archive.filters.ts";
import { pageOfIds } from "./archive.plan.ts";
import { listItem, loadIncidents } from "./archive.present.ts";
import { archiveSpec } from "./archive.query.ts";
import { schoolClock } from "./archive.repository.ts";
import { resolveScope, type Viewer } from "./scope.ts";

const DEFAULT_TIME_ZONE = "America/Mexico_City";

/** The archive (design §4): filtered, sorted, paged incidents in the viewer's scope, and its filter values. */
export function createArchiveService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * One page of the archive. The page's ids come first (filters, order, LIMIT/OFFSET), then names and students
   * for those ids only; the total is counted up to INCIDENT_LIMITS.countCap.
   */
  async function list(viewer: Viewer, query: ArchiveQuery): Promise<Archive> {
    const needsClock = query.from !== undefined || query.to !== undefined;
    const [scope, clock] = await Promise.all([
      resolveScope(db, viewer),
      needsClock ? schoolClock(db, viewer.tenant.schoolId) : undefined,
    ]);
    const spec = await archiveSpec(db, scope, query, clock?.timeZone ?? DEFAULT_TIME_ZONE);
    const offset = (query.page - 1) * query.per_page;
    const { ids, counted } = await pageOfIds(db, spec, query.sort, query.per_page, offset);
    const loaded = await loadIncidents(db, scope, ids);
    const cap = INCIDENT_LIMITS.countCap;
    return {
      incidents: loaded.map(listItem),
      total: Math.min(counted, cap),
      total_capped: counted > cap,
      page: query.page,
      per_page: query.per_page,
    };
  }

  async function filters(viewer: Viewer): Promise<ArchiveFilters> {
    return archiveFilters(db, await resolveScope(db, viewer));
  }

  return { list, filters };
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
