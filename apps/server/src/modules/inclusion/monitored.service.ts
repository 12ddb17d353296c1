import { incidentScope, type MonitoredList, type MonitoredQuery } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { labelledStudents, schoolToday, studentFilter } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { monitoredPage } from "./monitored.repository.ts";

/**
 * The school's students under inclusion monitoring, for the support screen (issue 28): readers with a school-wide
 * scope see the whole school; another profile the school made a reader sees none here (it opens its own students'
 * files instead), since the list is where counsellors work.
 */
export function createMonitoredList(deps: { db: Db }) {
  const { db } = deps;
  return async function list(viewer: Viewer, query: MonitoredQuery): Promise<{ list: MonitoredList; ids: number[] }> {
    const { schoolId, profileName, grants } = viewer.tenant;
    if (incidentScope(profileName, grants) !== "school") return { list: { items: [], total: 0 }, ids: [] };
    const [today, only] = await Promise.all([schoolToday(db, schoolId), studentFilter(db, schoolId, query)]);
    if (only !== null && only.length === 0) return { list: { items: [], total: 0 }, ids: [] };
    const rows = await monitoredPage(db, schoolId, {
      only,
      dueBy: query.due === "true" ? today : null,
      limit: query.limit,
      offset: query.offset,
    });
    const ids = rows.map((r) => r.student_id);
    const names = await labelledStudents(db, schoolId, ids, viewer.language);
    return {
      list: {
        items: rows.map((r) => ({
          student: names.get(r.student_id) ?? { id: r.student_id, name: "", group: null },
          conditions: viewer.language === "en" ? r.type_names_en : r.type_names,
          adjustments: r.adjustments,
          conditioned: r.conditioned,
          next_review_date: r.next_review_date,
          review_due: r.next_review_date !== null && r.next_review_date <= today,
        })),
        total: rows[0]?.total ?? 0,
      },
      ids,
    };
  };
}
