import { incidentScope, type MonitoredList, type MonitoredQuery, perm } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { groupLabel } from "../external-support/index.ts";
import { myGroupIds, type Viewer } from "../incidents/index.ts";
import { type MonitoredFilter, monitoredPage } from "./monitored.repository.ts";

/** The reader's reach: the whole school (as the student file lets them in), or their groups and their own records. */
async function scopeOf(db: Db, viewer: Viewer): Promise<MonitoredFilter["scope"]> {
  const { schoolId, profileName, grants } = viewer.tenant;
  if (incidentScope(profileName, grants) === "school" || grants.has(perm("master-configuration-students", "read"))) {
    return null;
  }
  return { groupIds: await myGroupIds(db, schoolId, viewer.userId), userId: viewer.userId };
}

/**
 * The school's students under inclusion monitoring, for the support screen (issue 28): an active condition or an
 * open conditioned enrollment, earliest review first, in the reader's scope — the whole school for the Orientador
 * and the Director, the students of their groups (and the records they opened) for another profile the school made
 * a reader. Condition types and group levels in the reader's language. One statement for a school-wide reader.
 */
export function createMonitoredList(deps: { db: Db }) {
  const { db } = deps;
  return async function list(viewer: Viewer, query: MonitoredQuery): Promise<{ list: MonitoredList; ids: number[] }> {
    const rows = await monitoredPage(db, viewer.tenant.schoolId, {
      q: query.q || null,
      groupId: query.group_id ?? null,
      due: query.due === "true",
      scope: await scopeOf(db, viewer),
      limit: query.limit,
      offset: query.offset,
    });
    const en = viewer.language === "en";
    return {
      list: {
        items: rows.map((r) => ({
          student: { id: r.student_id, name: r.name, group: groupLabel(r, viewer.language) },
          conditions: en ? r.type_names_en : r.type_names,
          adjustments: r.adjustments,
          conditioned: r.conditioned,
          next_review_date: r.next_review_date,
          review_due: r.review_due,
        })),
        total: rows[0]?.total ?? 0,
      },
      ids: rows.map((r) => r.student_id),
    };
  };
}
